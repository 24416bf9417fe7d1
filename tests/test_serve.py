"""``sw28 serve``: the preview server in a copy of the project, edited while it runs."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import SAFETY_NET_S, copy_project, share_cache_entries, wait_until
from pypdf import PdfReader

COMBAT = "content/core-rules/en/04-combat.md"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=SAFETY_NET_S) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def wait_for(condition: Callable[[], bool], what: str) -> None:
    """Wait for an event the server causes; the safety net only turns a hang into a clear failure."""
    wait_until(condition, what)


class Server:
    def __init__(self, project: Path, *options: str):
        self.project = project
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sacredwire", "serve", "--port", str(self.port), *options], cwd=project,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "COLUMNS": "200"})

    def status(self) -> dict:
        return json.loads(get(f"{self.url}/__preview/status")[1])

    def up(self) -> bool:
        try:
            return get(f"{self.url}/__preview/status")[0] == 200
        except OSError:
            return False

    def edit(self, relative: str, old: str, new: str) -> int:
        """Replace ``old`` once; the 1-based line of the edit."""
        path = self.project / relative
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new, 1))
        return text[:text.index(old)].count("\n") + 1

    def stop(self) -> tuple[int, str]:
        self.process.send_signal(signal.SIGINT)
        _, stderr = self.process.communicate(timeout=SAFETY_NET_S)
        return self.process.returncode, stderr


@contextlib.contextmanager
def _serving(folder: Path, layout_cache: Path) -> Iterator[Server]:
    """``sw28 serve`` in a copy of the project made in ``folder``, once it answers and watches the files."""
    project = copy_project(folder)
    # The layouts the session's builds made, as a designer's build/ folder holds them: the PDFs the server
    # lays out beside the site come from them instead of taking the machine from the pages under test.
    share_cache_entries(layout_cache, project / "build" / ".cache")
    running = Server(project)
    try:
        wait_for(running.up, "the server answers")
        # The watcher starts beside the server: an edit before its watches are in place would go unseen.
        wait_for(lambda: running.status()["watching"], "the server says it is watching the files")
        yield running
    finally:
        if running.process.poll() is None:
            running.process.kill()
            running.process.communicate()


@pytest.fixture
def server(tmp_path: Path, layout_cache: Path) -> Iterator[Server]:
    """A server of its own, for a test that edits the project or stops the server."""
    with _serving(tmp_path, layout_cache) as running:
        yield running


@pytest.fixture(scope="module")
def unedited_server(tmp_path_factory: pytest.TempPathFactory, layout_cache: Path) -> Iterator[Server]:
    """One server for the tests that only send it requests (never an edit, never Ctrl-C)."""
    with _serving(tmp_path_factory.mktemp("unedited-serve"), layout_cache) as running:
        yield running


def _text(page: str) -> str:
    """A page's text as typed: the typography holds a paragraph's last two words together (a span and a
    no-break space, after a zero-width space)."""
    return re.sub(r"<[^>]+>", "", page).replace("\u00a0", " ").replace("\u200b", "")


def test_an_edit_shows_once_the_site_is_made_again_and_ctrl_c_stops(server):
    status, page = get(f"{server.url}/en/core-rules.html")
    assert status == 200 and 'id="C4.4"' in page and "/__preview/reload.js" in page
    assert "Measure from base edge." in _text(page) and "Measure from the edge of the base." not in _text(page)
    version = server.status()["version"]
    server.edit(COMBAT, "Measure from base edge.", "Measure from the edge of the base.")
    # How fast the edit shows is the benchmarks' business; here, that it shows.
    wait_for(lambda: "Measure from the edge of the base." in _text(get(f"{server.url}/en/core-rules.html")[1]),
             "the edited sentence shows on the page")
    assert server.status()["version"] != version
    # The short link of a rule ID and the site root are served as on a static host.
    assert get(f"{server.url}/en/C4.4/")[0] == 200
    assert 'lang="es"' in get(f"{server.url}/")[1]
    returncode, stderr = server.stop()
    assert returncode == 0, stderr
    assert "stopped" in stderr and "Traceback" not in stderr


def test_a_bad_edit_shows_the_finding_with_file_and_line(server):
    line = server.edit(COMBAT, "{I1}", "{I99}")
    finding = f"{COMBAT}:{line}: error: XREF001 reference to unknown section I99"
    wait_for(lambda: finding in get(f"{server.url}/en/core-rules.html")[1], "the finding shows in the banner")
    status, page = get(f"{server.url}/es/missions.html")
    assert status == 200 and finding in page and 'class="preview-findings"' in page
    # The last good page stays under the banner.
    assert 'id="C4.1"' in get(f"{server.url}/en/core-rules.html")[1]
    server.edit(COMBAT, "{I99}", "{I1}")
    wait_for(lambda: "preview-findings" not in get(f"{server.url}/en/core-rules.html")[1],
             "the banner goes once the edit is undone")
    assert finding in server.stop()[1]


def test_only_localhost_and_only_the_site(unedited_server):
    server = unedited_server
    assert get(f"{server.url}/../content/book.yaml")[0] == 404
    assert get(f"{server.url}/en/nothing.html")[0] == 404
    assert get(f"{server.url}/en/C4.7")[0] == 200  # forwarded to en/C4.7/
    listening = _listening_addresses(server.port)
    assert listening == {"127.0.0.1"}, listening


def _raw(port: int, request: bytes) -> bytes:
    """Send ``request`` as is and read the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=SAFETY_NET_S) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def test_only_loopback_names_and_redirects_that_stay(unedited_server):
    server = unedited_server
    for host in ("127.0.0.1", f"127.0.0.1:{server.port}", f"localhost:{server.port}", f"[::1]:{server.port}"):
        answer = _raw(server.port, f"GET /en/core-rules.html HTTP/1.0\r\nHost: {host}\r\n\r\n".encode())
        assert answer.startswith(b"HTTP/1.0 200"), host
    for host in ("attacker.example", f"attacker.example:{server.port}", "127.0.0.1.attacker.example"):
        answer = _raw(server.port, f"GET /en/core-rules.html HTTP/1.0\r\nHost: {host}\r\n\r\n".encode())
        assert answer.startswith(b"HTTP/1.0 403") and b"C4.4" not in answer, host
    assert _raw(server.port, b"GET /en/core-rules.html HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.0 403")
    # A doubled slash must not turn the redirect into a link to another host.
    for path in ("/%2Fen/C4.7", "//en/C4.7", "/en/C4.7"):
        answer = _raw(server.port, f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode())
        head = answer.split(b"\r\n\r\n")[0].decode()
        assert head.startswith("HTTP/1.0 301") and "\r\nLocation: /en/C4.7/" in head, (path, head)


def test_clients_that_go_away_are_quiet_and_the_watcher_survives_any_event(server):
    # Half-open and abandoned requests: a request sent, then the connection reset before the answer.
    for _ in range(30):
        connection = socket.create_connection(("127.0.0.1", server.port))
        connection.sendall(b"GET /search-index.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        connection.close()
    # A symbolic link to outside, and a folder removed: the watcher says so in the banner and goes on.
    link = server.project / "content" / "core-rules" / "en" / "99-link.md"
    link.symlink_to("/etc/hostname")
    wait_for(lambda: "99-link.md" in "".join(server.status()["problems"]),
             "the symbolic link is reported in the banner")
    assert server.status()["watching"]
    link.unlink()
    wait_for(lambda: not server.status()["problems"], "the banner clears once the link is gone")
    # A folder made and removed at once, events for paths that no longer exist among them.
    folder = server.project / "content" / "core-rules" / "drafts"
    (folder / "deeper").mkdir(parents=True)
    (folder / "deeper" / "note.txt").write_text("x")
    shutil.rmtree(folder)
    server.edit(COMBAT, "Measure from base edge.", "Measure from the edge of the base.")
    wait_for(lambda: "Measure from the edge of the base." in _text(get(f"{server.url}/en/core-rules.html")[1]),
             "an edit after all that still shows")
    returncode, stderr = server.stop()
    assert returncode == 0 and "Traceback" not in stderr, stderr
    assert "internal error" not in stderr and "Error" not in stderr.replace("error:", ""), stderr


def _listening_addresses(port: int) -> set[str]:
    """The IPv4 and IPv6 addresses listening on ``port``, from the kernel's socket tables."""
    tables = [Path("/proc/net/tcp"), Path("/proc/net/tcp6")]
    if not tables[0].is_file():
        pytest.skip("no /proc/net/tcp to read listening sockets from")
    found = set()
    for table in tables:
        if not table.is_file():
            continue
        for line in table.read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, _, hex_port = local.partition(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                found.add(socket.inet_ntoa(bytes.fromhex(address)[::-1]) if len(address) == 8 else address)
    return found


def test_the_edited_booklet_pdf_is_laid_out_again_and_linked_at_the_edited_page(build_dir: Path, tmp_path: Path):
    project = copy_project(tmp_path)
    # The full build's layout cache and page map, as a designer's build/ folder holds them.
    shutil.copytree(build_dir / ".cache", project / "build" / ".cache")
    server = Server(project, "--lang", "en")
    try:
        wait_for(server.up, "the server answers")
        # The five booklets, then the quick reference and the cards.
        wait_for(lambda: len(server.status()["pdf"]["files"]) == 7 and not server.status()["pdf"]["busy"],
                 "the booklets', the quick reference's and the cards' PDFs are laid out")
        wait_for(lambda: server.status()["watching"], "the server says it is watching the files")
        status, page = get(f"{server.url}/__preview/pdf/")
        assert status == 200 and "en/core-rules.pdf" in page
        server.edit(COMBAT, "Measure from base edge.", "Measure from the edge of the base, always.")

        def edited() -> list[dict]:
            pdf = server.status()["pdf"]
            return [] if pdf["busy"] else pdf["edited"]

        wait_for(lambda: edited(), "the edited section is linked to its page")
        (section,) = edited()
        assert section["id"] == "C4.4" and section["booklet"] == "core-rules"
        # The banner links the section to its page; the PDF there holds the new sentence.
        page_html = get(f"{server.url}/en/core-rules.html")[1]
        assert 'class="preview-pdfs"' in page_html and section["href"] in page_html
        path, fragment = section["href"].split("#")
        with urllib.request.urlopen(server.url + path, timeout=SAFETY_NET_S) as response:
            assert response.headers["Content-Type"] == "application/pdf"
            reader = PdfReader(io.BytesIO(response.read()))
        number = int(fragment.removeprefix("page="))
        assert "C4.4" in reader.pages[number - 1].extract_text()
        text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages[number - 1:number + 1])
        assert "Measure from the edge of the base, always." in text
        assert server.stop()[0] == 0
    finally:
        if server.process.poll() is None:
            server.process.kill()
            server.process.communicate()


def test_content_that_cannot_load_is_shown_instead_of_pages(tmp_path):
    from markupsafe import escape

    from sacredwire.preview import Preview

    project = copy_project(tmp_path)
    book = project / "content" / "book.yaml"
    text = book.read_text()
    line = text[:text.index("version: 0.9.0-beta")].count("\n") + 1
    book.write_text(text.replace("version: 0.9.0-beta", "version: [0.9"))
    messages: list[str] = []
    preview = Preview(project, ["en"], messages.append)
    preview.rebuild()
    status, content_type, body, _ = preview.response("/en/core-rules.html")
    assert status == 503 and content_type.startswith("text/html")
    # YAML notices the unclosed list at the version's line or the next.
    assert messages and re.match(rf"content/book\.yaml:({line}|{line + 1}): error:", messages[0])
    assert str(escape(messages[0])) in body.decode()
