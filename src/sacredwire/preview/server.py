"""A preview of the web edition while the content is being edited.

The site is made in memory by :func:`~sacredwire.web.make_site` and served
from 127.0.0.1 only. A watcher thread re-loads and re-renders it whenever a
file under ``content/``, ``templates/`` or ``locales/`` changes; each served
page asks the server every few hundred milliseconds whether the site changed
and reloads itself. After every change the checker runs on the whole
content, both languages and every file, worked examples and template
catalogs included, and every current finding is shown in a banner on every
page and printed in the terminal, or a "clean" line when there is none;
content with errors keeps the last good pages on screen, under the banner
that says why.

Each good load also goes to :class:`~sacredwire.preview.booklets.BookletPdfs`,
which lays the booklets out again in the background and serves their screen
edition under ``/__preview/pdf/``, with the quick reference and the cards; the
banner links each edited section (or each section printing an edited table)
to the page of the PDF it now starts on, and marks the PDFs stale while they
are older than the content.
"""

from __future__ import annotations

import http.server
import json
import mimetypes
import signal
import sys
import threading
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from urllib.parse import quote, unquote, urlsplit

import jinja2
import watchfiles
from markupsafe import escape

from ..build import BUILD_CHECKS
from ..check import REGISTRY, errors_in, run_checks
from ..diagnostics import ContentError, Diagnostic
from ..load import load_rulebook
from ..model import Rulebook
from ..render import environment, translations
from ..web import make_site
from .booklets import PDF_PATH, BookletPdfs, PdfState

WATCHED = ("content", "templates", "locales")
STATUS_PATH = "/__preview/status"
# How often an open page asks whether the site changed.
POLL_MS = 300

# The pages' Content-Security-Policy allows scripts from the site only: the
# reload script is a file the server serves, told the version by its tag.
RELOAD_SCRIPT_PATH = "/__preview/reload.js"
_RELOAD_TAG = ('<script src="%(script)s" data-version="%(version)s" data-status="%(status)s" '
               'data-poll="%(poll)d"></script>\n')
_RELOAD_SCRIPT = b"""(function () {
  var tag = document.currentScript;
  var version = tag.dataset.version;
  setInterval(function () {
    fetch(tag.dataset.status).then(function (response) { return response.json(); }).then(function (status) {
      if (status.version !== version) { window.location.reload(); }
    }).catch(function () {});
  }, Number(tag.dataset.poll));
})();
"""
_BANNER_STYLE = ("position:sticky;top:0;z-index:100;margin:0;padding:0.6rem 1rem;background:#17181c;color:#ffffff;"
                 "font:600 0.9rem/1.4 sans-serif;border-bottom:4px solid #c2410c")


_CLEAN_STYLE = ("position:sticky;top:0;z-index:100;margin:0;padding:0.3rem 1rem;background:#e7f3e8;color:#17181c;"
                "font:500 0.85rem/1.4 sans-serif;border-bottom:1px solid #2f6b3a")


_PDF_BAR_STYLE = ("position:sticky;top:0;z-index:99;margin:0;padding:0.4rem 1rem;background:#f3f0e8;color:#17181c;"
                  "font:500 0.85rem/1.4 sans-serif;border-bottom:1px solid #17181c")


_EMPTY_PAGE = (b'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>sw28</title></head>'
               b"<body></body></html>")


@dataclass
class PreviewState:
    """The site as last made, and what the last change brought up."""

    files: dict[PurePosixPath, bytes] = field(default_factory=dict)
    version: int = 0
    problems: list[str] = field(default_factory=list)
    # The version whose content the PDFs were last asked for: older than ``version``, they are stale.
    pdf_version: int = 0


class Preview:
    """The site in memory, made again on every change to the project's sources."""

    def __init__(self, root: Path, langs: Sequence[str], announce: Callable[[str], None], pdfs: bool = True):
        self.root = root
        self.langs = list(langs)
        self.announce = announce
        self._lock = threading.Lock()
        self._state = PreviewState()
        self._rulebook: Rulebook | None = None
        # Set while the watcher's file watches are in place (the status says so).
        self.watching = threading.Event()
        self.pdfs = BookletPdfs(root, langs, announce) if pdfs else None

    def state(self) -> PreviewState:
        with self._lock:
            return self._state

    def rebuild(self, changed: Collection[Path] = ()) -> None:
        """Load, check and render again after ``changed`` files; every current finding goes into the banner."""
        for name in sorted(filter(None, map(self._relative, changed))):
            self.announce(f"changed {name}")
        files = self.state().files
        pdf_version = self.state().pdf_version
        # Template environments and catalogs are kept per process; a preview must see edits to them.
        environment.cache_clear()
        translations.cache_clear()
        try:
            rulebook = load_rulebook(self.root)
            # The same gate as the build: the renderer cannot place a reference to nothing.
            gate = run_checks(rulebook, families=BUILD_CHECKS)
            others = run_checks(rulebook, families=REGISTRY.families() - set(BUILD_CHECKS))
            # The whole truth: every finding of the content, not only those in the files just saved.
            shown = sorted([*gate, *others], key=Diagnostic.sort_key)
            if not errors_in(gate):
                # Otherwise the last good pages stay on screen, under the findings.
                files = make_site(rulebook, self.langs)
                if self.pdfs is not None:
                    self.pdfs.submit(rulebook, self._rulebook)
                    pdf_version = self.state().version + 1
                self._rulebook = rulebook
            problems = [f"{finding.location}: {finding.severity.value}: {finding.code} {finding.message}"
                        for finding in shown]
        except ContentError as error:
            problems = [f"{error.location}: error: {error.message}"]
        except jinja2.TemplateSyntaxError as error:
            where = (self._relative(Path(error.filename)) if error.filename else None) or "templates"
            problems = [f"{where}:{error.lineno}: error: {error.message}"]
        except OSError as error:
            # A file that cannot be read (no permission, a folder removed mid-load): said, and the
            # next change is watched for as before.
            where = (self._relative(Path(error.filename)) if error.filename else None) or "content"
            problems = [f"{where}: error: cannot read: {error.strerror or error}"]
        except Exception as error:  # noqa: BLE001  (the preview keeps running whatever an edit brings)
            problems = [f"internal error: {type(error).__name__}: {error} (a fault in sw28, not in the content)"]
        with self._lock:
            self._state = PreviewState(files, self._state.version + 1, problems, pdf_version)
        for problem in problems:
            self.announce(problem)
        self.announce(f"{len(problems)} finding(s) in the content" if problems
                      else f"clean: no findings in the content ({', '.join(self.langs)})")

    def _relative(self, path: Path) -> str | None:
        """``path`` relative to the project, its last part not followed (it may be a symbolic link to
        anywhere, or gone); ``None`` outside the project."""
        try:
            return (path.parent.resolve() / path.name).relative_to(self.root.resolve()).as_posix()
        except (ValueError, OSError):
            return None

    def watch(self, stop: threading.Event) -> None:
        """Rebuild on every change until ``stop`` is set (run in a thread).

        No file event ends the watching: a rebuild reports what went wrong in
        the banner, and should watching itself fail (a watched folder gone),
        that is reported too and watching starts again.
        """
        while not stop.is_set():
            paths = [self.root / name for name in WATCHED if (self.root / name).is_dir()] or [self.root]
            try:
                # A timeout yields an empty set: from the first, the watches are in place.
                for changes in watchfiles.watch(*paths, stop_event=stop, debounce=400, step=50, rust_timeout=200,
                                                yield_on_timeout=True, raise_interrupt=False):
                    self.watching.set()
                    if changes:
                        self.rebuild({Path(path) for _, path in changes})
            except Exception as error:  # noqa: BLE001  (reported; the watcher must outlive any event)
                self.watching.clear()
                self._report(f"watching the files stopped ({type(error).__name__}: {error}); watching again")
                stop.wait(1.0)  # do not spin if the fault persists

    def _report(self, problem: str) -> None:
        """Show ``problem`` in the banner of every page (and on the terminal)."""
        with self._lock:
            state = self._state
            self._state = PreviewState(state.files, state.version + 1, [*state.problems, problem])
        self.announce(problem)

    def response(self, url: str) -> tuple[int, str, bytes, dict[str, str]]:
        """Status, content type, body and extra headers for a GET of ``url``."""
        state = self.state()
        pdfs = self.pdfs.state() if self.pdfs is not None else PdfState()
        path = unquote(urlsplit(url).path)
        stale = _stale(state, pdfs)
        if path == STATUS_PATH:
            body = json.dumps({
                "version": _version(state, pdfs), "problems": state.problems, "clean": not state.problems,
                "watching": self.watching.is_set(),
                "pdf": {"busy": pdfs.busy, "problem": pdfs.problem, "files": sorted(map(str, pdfs.files)),
                        "stale": stale,
                        "edited": [{"lang": section.lang, "booklet": section.booklet, "id": section.rule_id,
                                    "title": section.title, "page": section.page, "href": section.href}
                                   for section in pdfs.edited]},
            }).encode()
            return 200, "application/json", body, {}
        if path == RELOAD_SCRIPT_PATH:
            return 200, "text/javascript; charset=utf-8", _RELOAD_SCRIPT, {}
        if self.pdfs is not None:
            pdf = self.pdfs.response(path, stale)
            if pdf is not None:
                return (*pdf, {})
        relative = path.lstrip("/")
        if ".." in PurePosixPath(relative).parts:
            return 404, "text/plain; charset=utf-8", b"not found", {}
        if relative == "" or relative.endswith("/"):
            relative += "index.html"
        target = PurePosixPath(relative)
        if target not in state.files and target / "index.html" in state.files:
            # Built from the page's own path, never from what the client sent (``//host/…`` leaves the server).
            return 301, "text/plain; charset=utf-8", b"", {"Location": quote(f"/{target}/")}
        if not state.files and state.problems:
            # Nothing could be made yet: the findings are the page.
            return 503, "text/html; charset=utf-8", _decorate(_EMPTY_PAGE, state, pdfs), {}
        if target not in state.files:
            return 404, "text/plain; charset=utf-8", f"no page {path}".encode(), {}
        body = state.files[target]
        if target.suffix == ".html":
            body = _decorate(body, state, pdfs)
        return 200, _content_type(target), body, {}


def _content_type(path: PurePosixPath) -> str:
    types = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".otf": "font/otf",
             ".ttf": "font/ttf", ".html": "text/html; charset=utf-8", ".txt": "text/plain; charset=utf-8"}
    return types.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def _stale(state: PreviewState, pdfs: PdfState) -> bool:
    """Whether the PDFs on offer are older than the content: it changed since they were asked for (it has
    errors, so they were not), or they are being laid out again."""
    return bool(pdfs.files) and (state.pdf_version != state.version or pdfs.busy)


def _version(state: PreviewState, pdfs: PdfState) -> str:
    """What an open page compares to know it is out of date: the site's and the PDFs' versions."""
    return f"{state.version}.{pdfs.version}"


def _decorate(page: bytes, state: PreviewState, pdfs: PdfState) -> bytes:
    """The page with the banners at the top of its body and the reload script at its end.

    The findings banner lists the checker's findings in the files just
    changed; the PDF bar links each section just edited to its page in the
    booklet's PDF, or says the booklets are being laid out.
    """
    script = _RELOAD_TAG % {"script": RELOAD_SCRIPT_PATH, "version": _version(state, pdfs), "status": STATUS_PATH,
                            "poll": POLL_MS}
    text = page.decode("utf-8").replace("</body>", script + "</body>", 1)
    banners = ""
    if state.problems:
        items = "".join(f"<li>{escape(problem)}</li>" for problem in state.problems)
        banners += (f'<div class="preview-findings" role="alert" style="{_BANNER_STYLE}">'
                    f'<ul style="margin:0;padding-left:1.2rem">{items}</ul></div>')
    elif state.version:
        banners += (f'<div class="preview-clean" role="status" style="{_CLEAN_STYLE}">'
                    f"clean: no findings in the content</div>")
    links = [f'<a style="color:inherit" href="{escape(section.href)}">{escape(section.lang)}/'
             f'{escape(section.booklet)}.pdf p.&nbsp;{section.page}: {escape(section.rule_id)} '
             f'{escape(section.title)}</a>' for section in pdfs.edited]
    if pdfs.problem:
        links.append(escape(f"PDF not updated: {pdfs.problem}"))
    if _stale(state, pdfs):
        links.append('<strong class="preview-stale">stale: the PDFs are older than the content'
                     + ("</strong>" if pdfs.busy else " (fix the findings above to lay them out again)</strong>"))
    if pdfs.busy:
        links.append("laying out the booklets&hellip;")
    if links:
        banners += (f'<div class="preview-pdfs" role="status" style="{_PDF_BAR_STYLE}">'
                    f'<a style="color:inherit" href="{PDF_PATH}">PDF</a>: {" · ".join(links)}</div>')
    if banners:
        body_start = text.index(">", text.index("<body")) + 1
        text = text[:body_start] + banners + text[body_start:]
    return text.encode("utf-8")


# The names a browser uses for this machine's loopback address. A page elsewhere that gets its own
# name resolved to 127.0.0.1 (DNS rebinding) sends its own name as Host, and is refused.
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]"})


def is_loopback_host(host: str | None) -> bool:
    """Whether a request's Host header names this machine's loopback address (any port)."""
    if not host:
        return False
    name = host[:host.find("]") + 1] if host.startswith("[") else host.partition(":")[0]
    return name.lower().rstrip(".") in LOOPBACK_HOSTS


class PreviewServer(http.server.ThreadingHTTPServer):
    """The preview's HTTP server: a client that goes away mid-request is no one's fault and is not
    reported; any other fault in a request is one line on the terminal, never a traceback."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type[http.server.BaseHTTPRequestHandler],
                 announce: Callable[[str], None]):
        super().__init__(address, handler)
        self.announce = announce

    def handle_error(self, request: object, client_address: object) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        self.announce(f"internal error serving a request: {type(error).__name__}: {error}")


def make_handler(preview: Preview) -> type[http.server.BaseHTTPRequestHandler]:
    """A request handler class serving ``preview``."""

    class Handler(http.server.BaseHTTPRequestHandler):
        # A connection that sends no request in this many seconds is closed, not held for ever.
        timeout = 60

        def do_GET(self) -> None:
            headers: dict[str, str]
            if not is_loopback_host(self.headers.get("Host")):
                status, content_type, body, headers = (
                    403, "text/plain; charset=utf-8",
                    b"refused: this preview answers only to 127.0.0.1, localhost and [::1]", {})
            else:
                status, content_type, body, headers = preview.response(self.path)
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args) -> None:
            # Every poll would be logged: keep the terminal for findings.
            pass

    return Handler


def _interrupt(number: int, frame: object) -> None:
    raise KeyboardInterrupt


def serve(root: Path, langs: Sequence[str], port: int, announce: Callable[[str], None]) -> None:
    """Serve the preview on 127.0.0.1:``port`` until interrupted (Ctrl-C), then stop cleanly."""
    preview = Preview(root, langs, announce)
    preview.rebuild()
    server = PreviewServer(("127.0.0.1", port), make_handler(preview), announce)
    stop = threading.Event()
    watcher = threading.Thread(target=preview.watch, args=(stop,), name="watch", daemon=True)
    watcher.start()
    announce(f"serving the web edition at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C to stop)")
    # Ctrl-C (and a plain kill) stop the server cleanly, even when started from
    # a shell that ignores interrupts for background jobs.
    previous = {number: signal.signal(number, _interrupt) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        stop.set()
        server.server_close()
        watcher.join(timeout=2)
        if preview.pdfs is not None:
            preview.pdfs.stop()
        announce("stopped")
