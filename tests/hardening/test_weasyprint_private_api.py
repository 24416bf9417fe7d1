"""The one place that reaches into WeasyPrint's internals (layout/_boxes.py) still works.

WeasyPrint is pinned to one major version because layout must not shift under
us; these internals may change even within it. If this test fails after a
WeasyPrint upgrade, adapt src/sacredwire/layout/_boxes.py before anything else.
"""

from __future__ import annotations

from importlib.metadata import version

import weasyprint
from weasyprint.formatting_structure import boxes
from weasyprint.layout.absolute import AbsolutePlaceholder

from sacredwire.layout import _boxes

HTML = ('<p style="font-size: 12pt">Plain text.</p>'
        '<div style="position: absolute; top: 1cm; left: 1cm">Placed text.</div>')


def test_weasyprint_is_the_pinned_major_version() -> None:
    assert version("weasyprint").split(".")[0] == "70", "WeasyPrint upgraded: re-check layout/_boxes.py"


def test_page_boxes_and_placeholders_are_still_reachable() -> None:
    document = weasyprint.HTML(string=HTML).render()
    pages = list(_boxes._page_boxes(document))
    assert [number for number, _ in pages] == [1]
    assert isinstance(pages[0][1], boxes.PageBox), "Page._page_box is no longer the page's PageBox"
    found = list(_boxes._descendants(pages[0][1]))
    texts = [box.text for box in found if isinstance(box, boxes.TextBox)]
    assert "Plain text." in texts and "Placed text." in texts, "absolutely placed boxes are no longer reached"
    placeholders = [box for box in _all_children(pages[0][1]) if isinstance(box, AbsolutePlaceholder)]
    assert placeholders and all(isinstance(box._box, boxes.Box) for box in placeholders)


def _all_children(box):
    yield box
    for child in getattr(box, "children", ()):
        yield from _all_children(child)
