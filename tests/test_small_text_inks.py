"""Small type on the press files: coloured text under 9 pt in at most two inks.

A letter a few tenths of a millimetre thick printed from three or four
plates fills in or fringes as soon as the plates drift; under 9 pt the book
sets coloured text in two inks at most.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from sacredwire.pdf.operations import parse_operations

BOOKLETS = ["core-rules", "requisitions", "inhuman-resources", "campaign", "missions"]
SMALL_PT = 9.0


def _multiply(a: list[float], b: list[float]) -> list[float]:
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def small_coloured_text(data: bytes, resources: DictionaryObject | None, seen: set[int]) -> list[tuple[float, tuple]]:
    """(size in pt, CMYK fill) of each text shown under SMALL_PT in more than two inks."""
    found: list[tuple[float, tuple]] = []
    ctm, stack = [1.0, 0, 0, 1.0, 0, 0], []
    fill: tuple = (0, 0, 0, 1)
    size, tm = 0.0, [1.0, 0, 0, 1.0, 0, 0]
    xobjects = (resources or {}).get("/XObject") if resources is not None else None
    for operands, operator in parse_operations(data):
        if operator == b"q":
            stack.append((ctm, fill))
        elif operator == b"Q" and stack:
            ctm, fill = stack.pop()
        elif operator == b"cm":
            ctm = _multiply([float(x) for x in operands], ctm)
        elif operator in (b"scn", b"sc", b"k") and len(operands) == 4:
            fill = tuple(float(x) for x in operands)
        elif operator in (b"g", b"rg"):
            fill = ()
        elif operator == b"Tf":
            size = float(operands[1])
        elif operator == b"Tm":
            tm = [float(x) for x in operands]
        elif operator in (b"Tj", b"TJ", b"'", b'"'):
            scale = abs(_multiply(tm, ctm)[3])
            points = size * scale
            inks = sum(1 for value in fill if value > 0.005)
            if fill and points < SMALL_PT - 0.01 and inks > 2:
                found.append((round(points, 1), fill))
        elif operator == b"Do" and xobjects is not None:
            xobject = xobjects.get(str(operands[0]))
            if xobject is None:
                continue
            form = xobject.get_object()
            if form.get("/Subtype") != "/Form" or id(form) in seen:
                continue
            seen.add(id(form))
            found += small_coloured_text(form.get_data(), form.get("/Resources"), seen)
    return found


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", BOOKLETS)
def test_small_coloured_text_prints_in_two_inks_at_most(build_dir: Path, lang: str, name: str) -> None:
    reader = PdfReader(build_dir / lang / "press" / f"{name}.pdf")
    texts = 0
    faults = []
    for number, page in enumerate(reader.pages, start=1):
        contents = page.get_contents()
        if contents is None:
            continue
        data = contents.get_data()
        texts += data.count(b"Tj") + data.count(b"TJ")
        resources = page.get("/Resources")
        faults += [(number, *fault) for fault in small_coloured_text(
            data, resources.get_object() if resources is not None else None, set())]
    assert texts > 100, "the pages' text was read"
    assert not faults, faults[:10]
