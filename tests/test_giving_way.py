"""A box that gives way is set only where it leaves the element it gives way to on its spread."""

from __future__ import annotations

from conftest import PROJECT

from sacredwire.layout import anchors, lay_out

PAGE = "<style>@page { size: 100mm 100mm; margin: 10mm; } body { margin: 0; } div { margin: 0; }</style>"


def _pages(rules_mm: int) -> dict[str, int]:
    rule = '<div style="height: 10mm"></div>'
    html = (PAGE + f'<div style="break-before: left" id="open">{rule * (rules_mm // 10)}'
            '<div id="box" data-gives-way-to="target" style="height: 30mm; break-inside: avoid"></div>'
            '<div id="target" data-faces="open" style="height: 50mm; break-inside: avoid"></div></div>')
    return anchors(lay_out(html, PROJECT / "templates", PROJECT, "giving way"))


def test_a_box_that_fits_stays() -> None:
    # Rules on the left page with room for the box; the target faces them.
    pages = _pages(40)
    assert pages["box"] == pages["open"] and pages["target"] == pages["open"] + 1


def test_a_box_that_would_push_its_target_overleaf_goes() -> None:
    # The rules run 20 mm onto the facing page: with the box, the target would go overleaf.
    with_box = _pages(100)
    assert "box" not in with_box
    assert with_box["target"] == with_box["open"] + 1
