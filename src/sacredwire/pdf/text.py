"""The text a page shows, read from its content stream through its fonts' ToUnicode maps.

Enough to find printed words and numbers again (the build reads every page
reference back this way): the text of each show operation, in the order it
is painted, with a line break wherever the text position is set anew. It
does not place text on the page; a gap wider than a third of an em inside a
``TJ`` array reads as a space.
"""

from __future__ import annotations

import re

import pikepdf
from pikepdf import Dictionary

from .operations import parse_operations
from .streams import identity, resources_of, streams_of

# Operators that start a new line of text, and those that show text.
NEW_LINE = {b"BT", b"Td", b"TD", b"Tm", b"T*", b"'", b'"'}
SHOW = {b"Tj", b"TJ", b"'", b'"'}
# Thousandths of an em: a gap this wide between glyphs is a word space.
SPACE_GAP = 333
_HEX = rb"<([0-9A-Fa-f]+)>"
_CODE_SPACE = re.compile(rb"begincodespacerange\s*" + _HEX)
_BF_CHAR = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
_BF_RANGE = re.compile(rb"beginbfrange(.*?)endbfrange", re.S)
_PAIR = re.compile(_HEX + rb"\s*" + _HEX)
_RANGE = re.compile(_HEX + rb"\s*" + _HEX + rb"\s*(?:" + _HEX + rb"|\[([^\]]*)\])")


class FontText:
    """How one font's character codes read as Unicode (from its /ToUnicode CMap)."""

    def __init__(self, font: Dictionary):
        self.width = 2 if font.get("/Subtype") == "/Type0" else 1
        self.text: dict[int, str] = {}
        cmap = font.get("/ToUnicode")
        if not isinstance(cmap, pikepdf.Stream):
            return
        data = cmap.read_bytes()
        space = _CODE_SPACE.search(data)
        if space:
            self.width = len(space.group(1)) // 2
        for block in _BF_CHAR.findall(data):
            for code, unicode in _PAIR.findall(block):
                self.text[int(code, 16)] = _utf16(unicode)
        for block in _BF_RANGE.findall(data):
            for low, high, start, listed in _RANGE.findall(block):
                low, high = int(low, 16), int(high, 16)
                if start:
                    first = int(start, 16)
                    for offset in range(high - low + 1):
                        self.text[low + offset] = _utf16(b"%0*X" % (len(start), first + offset))
                else:
                    for offset, unicode in enumerate(re.findall(_HEX, listed)):
                        self.text[low + offset] = _utf16(unicode)

    def decode(self, data: bytes) -> str:
        width = self.width
        codes = (int.from_bytes(data[i:i + width], "big") for i in range(0, len(data) - width + 1, width))
        return "".join(self.text.get(code, "\ufffd") for code in codes)


def _utf16(hex_digits: bytes) -> str:
    return bytes.fromhex(hex_digits.decode("ascii")).decode("utf-16-be", errors="replace")


def page_text(page: pikepdf.Page | Dictionary, fonts: dict[tuple[int, int], FontText] | None = None) -> str:
    """The page's text, line by line; ``fonts`` keeps the decoded fonts between pages of one file."""
    fonts = {} if fonts is None else fonts
    owner = page.obj if isinstance(page, pikepdf.Page) else page
    resources = resources_of(owner)
    font_resources = resources.get("/Font") if resources is not None else None
    if not isinstance(font_resources, Dictionary):
        font_resources = Dictionary()
    streams = streams_of(owner)
    if not streams:
        return ""
    lines: list[str] = []
    line: list[str] = []
    font: FontText | None = None
    # A page's streams are one stream cut in pieces: a token never spans two, so a line break joins them.
    for operands, operator in parse_operations(b"\n".join(stream.read_bytes() for stream in streams)):
        if operator in NEW_LINE and line:
            lines.append("".join(line))
            line = []
        if operator == b"Tf" and operands:
            dictionary = font_resources.get(str(operands[0]))
            if not isinstance(dictionary, Dictionary):
                font = None
                continue
            font = fonts.get(identity(dictionary))
            if font is None:
                font = fonts[identity(dictionary)] = FontText(dictionary)
        elif operator in SHOW and font is not None and operands:
            shown = operands[-1]
            for item in shown if isinstance(shown, list) else [shown]:
                if isinstance(item, bytes):
                    line.append(font.decode(item))
                elif isinstance(item, float) and item <= -SPACE_GAP:
                    line.append(" ")
    if line:
        lines.append("".join(line))
    return "\n".join(lines)
