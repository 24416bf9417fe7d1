"""Raw HTML in content passes an allow-list: the checker reports what it refuses at its line, and the
web renderer leaves it out of the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from sacredwire.markup.allowlist import sanitize

from .conftest import PROSE, edit

# The payloads a contributor's pull request could carry, each with the code it must be refused with.
PAYLOADS = {
    "details ontoggle": ('<details open ontoggle="document.title=1">x</details>', "SAFE007"),
    "svg onload": ('<svg onload="document.title=1" viewBox="0 0 1 1"></svg>', "SAFE008"),
    "span onmouseover": ('<span onmouseover="document.title=1">x</span>', "SAFE008"),
    "animated link": ('<svg><a href="#a"><animate attributeName="href" values="#a;javascript:alert(1)"/>'
                      '<text>x</text></a></svg>', "SAFE007"),
    "unlisted attribute": ('<span id="searchIndex">x</span>', "SAFE008"),
    "data URL link": ('<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>', "SAFE002"),
    "image with onerror": ('<img src="x" onerror="document.title=1">', "SAFE003"),
}


@pytest.mark.parametrize("payload", PAYLOADS)
def test_each_payload_is_a_finding_at_its_line(project: Path, sw28, payload: str) -> None:
    html, code = PAYLOADS[payload]
    edit(project, PROSE, "Roll two dice.", f"Roll two dice. {html}")
    outcome = sw28("check", cwd=project)
    assert outcome.code == 1, outcome.lines
    assert any(line.startswith(f"{PROSE}:5: ") and code in line for line in outcome.lines), outcome.lines


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_renderer_leaves_out_what_the_allow_list_refuses(payload: str) -> None:
    clean = sanitize(PAYLOADS[payload][0]).lower()
    for refused in ("ontoggle", "onload", "onmouseover", "onerror", "<animate", "javascript:", "data:", "<img",
                    "<details", "id="):
        assert refused not in clean, (payload, clean)


def test_what_content_draws_is_kept() -> None:
    drawing = ('<svg viewBox="0 0 10 10" role="img" aria-label="board"><title>Board</title>'
               '<rect x="1" y="1" width="8" height="8" fill="#fff" stroke="#000" stroke-width="0.5"/>'
               '<text x="5" y="5" text-anchor="middle" font-size="2">A &amp; B</text></svg>')
    kept = sanitize(drawing)
    for part in ('<rect x="1" y="1" width="8" height="8" fill="#fff"', 'aria-label="board"', "<title>Board</title>",
                 'text-anchor="middle"', "A &amp; B</text></svg>"):
        assert part in kept, kept
    assert sanitize('<a href="https://example.org/?a=1&amp;b=2" class="x">site</a>') == \
        '<a href="https://example.org/?a=1&amp;b=2" class="x">site</a>'
    assert sanitize("<script>alert(1)</script>after") == "after"
