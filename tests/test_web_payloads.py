"""A contributor's script never runs on the site: planted in the content, each payload is left out of
the page by the allow-list, and the pages' Content-Security-Policy would stop it anyway."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project
from test_web_browser import CHROMIUM, dom

from sacredwire.load import load_rulebook
from sacredwire.web import make_site

pytestmark = pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed")

PROSE = "content/core-rules/en/01-basics.md"
MARK = "document.documentElement.setAttribute('data-pwned-{name}', '1')"
# Each runs on load in a browser that lets it: the page's own <html> element then carries the mark.
RUN_ON_LOAD = {
    "ontoggle": '<details open ontoggle="{mark}">x</details>',
    "onload": '<svg onload="{mark}" viewBox="0 0 1 1"></svg>',
    "onerror": '<img src="missing.png" onerror="{mark}">',
}
# These wait for the reader (a pointer, a click): the page must not carry them at all.
RUN_ON_USE = {
    "onmouseover": '<span onmouseover="{mark}">hover</span>',
    "animate": '<svg><a href="#C1.1"><animate attributeName="href" values="#C1.1;javascript:{mark}"/>'
               '<text y="10">click</text></a></svg>',
}


def _payloads() -> str:
    return "\n\n".join(html.format(mark=MARK.format(name=name))
                       for name, html in {**RUN_ON_LOAD, **RUN_ON_USE}.items())


def _pwned(page: str) -> list[str]:
    html_tag = re.search(r"<html[^>]*>", page)
    assert html_tag, page[:500]
    return re.findall(r'data-pwned-([a-z]+)="', html_tag.group(0))


def test_no_planted_payload_runs_or_reaches_the_page(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", PROJECT / "tests" / "roots" / "minimal" / "content")
    path = project / PROSE
    text = path.read_text()
    path.write_text(text.replace("Roll two dice.", "Roll two dice.\n\n" + _payloads() + "\n\n", 1))
    site = tmp_path / "site"
    for name, data in make_site(load_rulebook(project), ["en"]).items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(data)
    # The control: the same payloads on a page with neither guard run, so the probe can see them.
    (site / "control.html").write_text(f'<!DOCTYPE html><html lang="en"><title>control</title>{_payloads()}</html>')
    # And on a page with the site's policy but not its allow-list: the policy alone stops them.
    head = (site / "en" / "core-rules.html").read_text().split("<meta name=\"viewport\"")[0]
    assert "Content-Security-Policy" in head and "script-src 'self'" in head
    (site / "policy-only.html").write_text(f"{head}<title>policy</title></head><body>{_payloads()}</body></html>")

    control = dom(tmp_path, (site / "control.html").as_uri(), "1366,900", "--virtual-time-budget=5000",
                  check_console=False)
    assert sorted(_pwned(control)) == sorted(RUN_ON_LOAD), control[:800]
    policy_only = dom(tmp_path, (site / "policy-only.html").as_uri(), "1366,900", "--virtual-time-budget=5000",
                      check_console=False)
    assert _pwned(policy_only) == []
    page = dom(tmp_path, (site / "en" / "core-rules.html").as_uri(), "1366,900", "--virtual-time-budget=5000")
    assert _pwned(page) == []
    assert "hover" in page and "click" in page  # the text stays
    for name in [*RUN_ON_LOAD, *RUN_ON_USE]:
        assert name not in page.split("<main", 1)[1], name
