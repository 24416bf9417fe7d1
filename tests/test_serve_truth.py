"""``sw28 serve`` tells the designer the whole truth: every finding of the whole content after every
change, a clean line when there is none, stale PDFs marked, table edits linked to their pages, and
previews of the quick reference and the cards. A real server on a free port, waited on by its status."""

from __future__ import annotations

import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project, share_cache_entries
from test_serve import Server, get, wait_for

TABLE = "content/tables/core.yaml"
SPANISH = "content/requisitions/es/03-equipment.md"
# Waits are generous: they bound a hang, they do not measure speed.
LONG = 600


@pytest.fixture
def running(request: pytest.FixtureRequest) -> Iterator[list[Server]]:
    servers: list[Server] = []
    yield servers
    for server in servers:
        if server.process.poll() is None:
            server.process.kill()
            server.process.communicate()


def _problems(server: Server) -> list[str]:
    return server.status()["problems"]


def test_every_finding_of_both_languages_shows_until_fixed_then_a_clean_line(tmp_path: Path, running,
                                                                            layout_cache: Path) -> None:
    project = copy_project(tmp_path)
    # The session's layouts (see test_serve.server): the PDFs laid out beside the findings come from them.
    share_cache_entries(layout_cache, project / "build" / ".cache")
    server = Server(project)
    running.append(server)
    wait_for(server.up, LONG)
    # Clean, and the watches in place: an edit saved before them would go unseen.
    wait_for(lambda: server.status()["clean"] and server.status()["watching"], LONG)
    assert 'class="preview-clean"' in get(f"{server.url}/en/core-rules.html")[1]
    # A finding in the other language than the page read.
    line = server.edit(SPANISH, "{C4.7}", "{C4.77}")
    spanish = f"{SPANISH}:{line}: error: XREF001 reference to unknown section C4.77 (did you mean C4.7?)"
    wait_for(lambda: spanish in _problems(server), LONG)
    # A table edit that breaks a worked example elsewhere; the Spanish finding still stands.
    server.edit(TABLE, "        health: 14\n        move: 3\n        weapons: {en: Melee",
                "        health: 15\n        move: 3\n        weapons: {en: Melee")
    wait_for(lambda: any(problem.startswith("content/examples/core-rules.yaml:") and " EX001 " in problem
                         for problem in _problems(server)), LONG)
    assert spanish in _problems(server)
    page = get(f"{server.url}/en/core-rules.html")[1]
    assert 'class="preview-findings"' in page and "C4.77" in page and "EX001" in page
    assert not server.status()["clean"]
    server.edit(TABLE, "        health: 15\n", "        health: 14\n")
    server.edit(SPANISH, "{C4.77}", "{C4.7}")
    wait_for(lambda: server.status()["clean"], LONG)
    page = get(f"{server.url}/es/requisitions.html")[1]
    assert 'class="preview-clean"' in page and 'class="preview-findings"' not in page
    code, terminal = server.stop()
    assert code == 0, terminal
    lines = terminal.splitlines()
    assert spanish in lines and any(" EX001 " in line for line in lines)
    # The terminal's last word on the content is that it is clean again.
    verdicts = [line for line in lines if line.startswith("clean:") or line.endswith("finding(s) in the content")]
    assert verdicts[-1].startswith("clean: no findings in the content") and len(verdicts) >= 3


def test_pdfs_older_than_the_content_are_marked_stale(tmp_path: Path, running) -> None:
    server = Server(copy_project(tmp_path, PROJECT / "tests" / "roots" / "minimal" / "content"))
    running.append(server)
    wait_for(server.up, LONG)
    wait_for(lambda: server.status()["pdf"]["files"] == ["en/core-rules.pdf"] and not server.status()["pdf"]["busy"],
             LONG)
    assert not server.status()["pdf"]["stale"]
    wait_for(lambda: server.status()["watching"], LONG)
    server.edit("content/core-rules/en/01-basics.md", "See {C1.2}.", "See {C1.9}.")
    wait_for(lambda: bool(_problems(server)), LONG)
    assert server.status()["pdf"]["stale"]
    page = get(f"{server.url}/en/core-rules.html")[1]
    assert 'class="preview-stale"' in page
    assert "stale" in get(f"{server.url}/__preview/pdf/")[1]
    server.edit("content/core-rules/en/01-basics.md", "See {C1.9}.", "See {C1.2}.")
    wait_for(lambda: server.status()["clean"] and not server.status()["pdf"]["stale"], LONG)
    assert 'class="preview-stale"' not in get(f"{server.url}/en/core-rules.html")[1]
    assert server.stop()[0] == 0


def test_a_table_edit_links_the_pages_it_changed_and_the_quick_reference_and_cards_are_previewed(
        build_dir: Path, tmp_path: Path, running) -> None:
    project = copy_project(tmp_path)
    shutil.copytree(build_dir / ".cache", project / "build" / ".cache")
    server = Server(project, "--lang", "en")
    running.append(server)
    wait_for(server.up, LONG)

    def settled() -> dict:
        pdf = server.status()["pdf"]
        return {} if pdf["busy"] else pdf

    wait_for(lambda: {"en/quick-reference.pdf", "en/cards.pdf"} <= set(settled().get("files", [])), LONG)
    for name in ("quick-reference", "cards"):
        with urllib.request.urlopen(f"{server.url}/__preview/pdf/en/{name}.pdf", timeout=10) as response:
            assert response.headers["Content-Type"] == "application/pdf" and response.read(5) == b"%PDF-"
    wait_for(lambda: server.status()["watching"], LONG)
    server.edit(TABLE, "        health: 14\n        move: 3\n        weapons: {en: Melee",
                "        health: 15\n        move: 3\n        weapons: {en: Melee")
    wait_for(lambda: bool(settled().get("edited")), LONG)
    edited = settled()["edited"]
    # The contract table is placed in C2 (Personnel): the sections that print it are linked at their page.
    assert edited and all(section["booklet"] == "core-rules" and section["id"].startswith("C2") for section in edited)
    page = get(f"{server.url}/en/core-rules.html")[1]
    assert all(section["href"] in page for section in edited)
    assert server.stop()[0] == 0
