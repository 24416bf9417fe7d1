"""DeviceCMYK colour operators rewritten as DeviceRGB, for files read on screen.

The styles give print colours as ``device-cmyk``; a screen shows RGB, derived
with :func:`sacredwire.colour.cmyk_to_rgb`, the same conversion the web
edition's styles use, so the screen file matches the site. Page contents, Form XObjects and tiling patterns are converted; the
marked-content operators that tie the content to the structure tree are
kept as they are.
"""

from __future__ import annotations

from pypdf import PdfWriter
from pypdf.generic import ContentStream, DecodedStreamObject, DictionaryObject, FloatObject, NameObject

from ..colour import Cmyk, cmyk_to_rgb
from . import _pdf

CMYK = "/DeviceCMYK"
RGB = NameObject("/DeviceRGB")
# Operator -> (its RGB replacement, whether it sets the stroke colour).
SET_CMYK = {b"k": (b"rg", False), b"K": (b"RG", True)}
SET_SPACE = {b"cs": False, b"CS": True}
SET_COLOUR = {b"sc": False, b"scn": False, b"SC": True, b"SCN": True}


def _rgb_operands(operands: list) -> list[FloatObject]:
    return [FloatObject(round(value, 6)) for value in cmyk_to_rgb(Cmyk(*(float(value) for value in operands)))]


def _is_cmyk(name, resources: DictionaryObject | None) -> bool:
    if name == CMYK:
        return True
    spaces = (resources or {}).get("/ColorSpace")
    space = spaces.get_object().get(name) if spaces is not None else None
    return space is not None and space.get_object() == CMYK


def convert_operations(operations: list, resources: DictionaryObject | None) -> bool:
    """Rewrite the CMYK colour operators in ``operations`` in place; True if any changed."""
    changed = False
    cmyk = [False, False]  # the current fill and stroke colour spaces are CMYK
    saved: list[list[bool]] = []
    for index, (operands, operator) in enumerate(operations):
        if operator == b"q":
            saved.append(list(cmyk))
        elif operator == b"Q":
            cmyk = saved.pop() if saved else [False, False]
        elif operator in SET_CMYK:
            replacement, stroke = SET_CMYK[operator]
            operations[index] = (_rgb_operands(operands), replacement)
            cmyk[stroke] = False
            changed = True
        elif operator in SET_SPACE:
            stroke = SET_SPACE[operator]
            cmyk[stroke] = _is_cmyk(operands[0], resources)
            if cmyk[stroke]:
                operations[index] = ([RGB], operator)
                changed = True
        elif operator in SET_COLOUR and cmyk[SET_COLOUR[operator]] and len(operands) == 4:
            operations[index] = (_rgb_operands(operands), operator)
            changed = True
    return changed


def _convert(writer: PdfWriter, owner, seen: set[int]) -> None:
    """Convert one content owner (page, form or pattern), then everything its resources paint."""
    resources = owner.get("/Resources")
    resources = resources.get_object() if resources is not None else None
    is_page = owner.get("/Type") == "/Page"
    data = _pdf.content(owner) if is_page else owner.get_data()
    source = DecodedStreamObject()
    source.set_data(data)
    parsed = ContentStream(source, writer)
    operations = parsed.operations
    if convert_operations(operations, resources):
        parsed.operations = operations
        if is_page:
            _pdf.replace_content(writer, owner, parsed.get_data())
        else:
            owner.set_data(parsed.get_data())
    for category in ("/XObject", "/Pattern"):
        for child in ((resources or {}).get(category) or {}).values():
            child = child.get_object()
            # Images and shading patterns have no content stream; WeasyPrint writes their colours in RGB.
            painted = child.get("/Subtype") == "/Form" or child.get("/PatternType") == 1
            if painted and id(child) not in seen:
                seen.add(id(child))
                _convert(writer, child, seen)


def convert_to_rgb(writer: PdfWriter) -> None:
    """Every page of the writer's document painted in DeviceRGB instead of DeviceCMYK."""
    seen: set[int] = set()
    for page in writer.pages:
        _convert(writer, page, seen)
