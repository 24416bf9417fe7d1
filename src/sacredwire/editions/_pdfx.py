"""The PDF/X-1a:2003 keys and clean-up shared by the print editions (pod, press).

The colours themselves are CMYK already (the styles use ``device-cmyk``).
This makes the file say what it is, and removes what PDF/X-1a forbids where
that changes no pixel: annotations (links inside the BleedBox), the
structure tree that points at them, transparency groups with nothing
transparent in them, and unused non-CMYK colour spaces (WeasyPrint declares
Lab on every page). OpenType-wrapped CFF fonts (PDF 1.6) are stored as the
bare CFF programs they wrap (PDF 1.4), so the file is the PDF 1.4 that
X-1a:2003 requires. Real transparency (opacity below 1, soft masks, blend
modes) cannot be removed without changing the print, so it stops the edition
with the page it is on.
"""

from __future__ import annotations

import re
import struct

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

from ..pdf.streams import painters, resources_of
from ._inks import black_ink_greys
from .base import EditionError, EditionSettings

PDFX_VERSION = "PDF/X-1:2003"
# PDF/X-1 names its conformance level (1a) in a key of its own.
PDFX_CONFORMANCE = "PDF/X-1a:2003"
# Colour spaces PDF/X-1a allows: CMYK, grey and spot colours.
PRINT_COLOUR_SPACES = {"/DeviceCMYK", "/DeviceGray", "/Separation", "/DeviceN", "/Pattern", "/Indexed"}
# The catalog and page keys that only serve a reader on screen.
SCREEN_ONLY_CATALOG_KEYS = ("/StructTreeRoot", "/MarkInfo", "/ViewerPreferences", "/OpenAction")
SCREEN_ONLY_PAGE_KEYS = ("/Annots", "/StructParents", "/Tabs")
PDFX_HEADER = "%PDF-1.4"


def print_writer(reader: PdfReader) -> PdfWriter:
    """A writer holding the reader's document without the parts only a screen reads."""
    drop_screen_parts(reader)
    return PdfWriter(clone_from=reader)


def drop_screen_parts(reader: PdfReader) -> None:
    """Remove what only a screen reads from the reader's document, before any of it is copied.

    The structure tree is most of a tagged file's objects; leaving it (and the
    annotations it points at) behind before the copy, not after, saves
    copying them at all.
    """
    root = reader.root_object
    for key in SCREEN_ONLY_CATALOG_KEYS:
        root.pop(NameObject(key), None)
    for page in reader.pages:
        # The reader hands out a copy of each page's dictionary; the copy that is
        # made follows the page tree to the dictionary itself.
        original = page.indirect_reference.get_object() if page.indirect_reference is not None else page
        for key in SCREEN_ONLY_PAGE_KEYS:
            original.pop(NameObject(key), None)


def make_pdfx(writer: PdfWriter, title: str, settings: EditionSettings, what: str) -> None:
    """Turn the writer's document into a PDF/X-1a:2003 print file (in place), its greys in black ink."""
    info = writer.metadata or {}
    missing = [key for key in ("/CreationDate", "/ModDate") if key not in info]
    if missing:
        raise EditionError(f"{what}: PDF/X needs {' and '.join(missing)}; the laid-out document has none")
    root = writer.root_object
    for key in SCREEN_ONLY_CATALOG_KEYS:
        root.pop(NameObject(key), None)
    seen: set[int] = set()
    for number, page in enumerate(writer.pages, start=1):
        for key in SCREEN_ONLY_PAGE_KEYS:
            page.pop(NameObject(key), None)
        for owner in painters(page, seen):
            _drop_transparency(owner, f"{what}: page {number}")
            _bare_cff_fonts(owner, seen, f"{what}: page {number}")
    black_ink_greys(writer, what)
    root[NameObject("/OutputIntents")] = ArrayObject([DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"),
        NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(settings.output_condition_identifier),
        NameObject("/OutputCondition"): TextStringObject(settings.output_condition),
        NameObject("/RegistryName"): TextStringObject(settings.output_registry),
        NameObject("/Info"): TextStringObject(settings.output_info),
    })])
    writer.add_metadata({"/Title": title, "/GTS_PDFXVersion": PDFX_VERSION,
                         "/GTS_PDFXConformance": PDFX_CONFORMANCE})
    # /Trapped is a name; pypdf's public metadata calls write every value as a string.
    writer._info[NameObject("/Trapped")] = NameObject("/False")
    writer.pdf_header = PDFX_HEADER


def _drop_transparency(owner: DictionaryObject, where: str) -> None:
    """Remove a transparency group that changes nothing; refuse real transparency."""
    owner.pop(NameObject("/Group"), None)
    resources = resources_of(owner)
    if resources is None:
        return
    for name, state in (resources.get("/ExtGState") or {}).items():
        state = state.get_object()
        alpha = min(float(state.get("/ca", 1)), float(state.get("/CA", 1)))
        soft_mask = state.get("/SMask", NameObject("/None"))
        blend = state.get("/BM", NameObject("/Normal"))
        if alpha < 1 or soft_mask != "/None" or blend not in ("/Normal", "/Compatible"):
            raise EditionError(f"{where}: transparency ({name}: opacity {alpha}, soft mask {soft_mask}, "
                               f"blend {blend}) is not allowed in PDF/X-1a; make the style opaque")
    _drop_unused_colour_spaces(owner, resources)


def _drop_unused_colour_spaces(owner: DictionaryObject, resources: DictionaryObject) -> None:
    spaces = resources.get("/ColorSpace")
    if spaces is None:
        return
    spaces = spaces.get_object()
    data = owner.get_contents().get_data() if hasattr(owner, "get_contents") else owner.get_data()
    for name in list(spaces):
        family = spaces[name].get_object()
        family = family[0] if isinstance(family, ArrayObject) else family
        # A used one is left for the preflight to report: removing it would change the page.
        if family in PRINT_COLOUR_SPACES or re.search(re.escape(name.encode("latin-1")) + rb"(?![^\s/\[\]<>()%])",
                                                      data):
            continue
        del spaces[name]


def cff_table(font: bytes) -> bytes:
    """The ``CFF `` table of an OpenType font program (its table directory is read directly)."""
    if font[:4] != b"OTTO":
        raise ValueError("not an OpenType font with CFF outlines")
    (tables,) = struct.unpack(">H", font[4:6])
    for record in range(tables):
        tag, _checksum, offset, length = struct.unpack(">4sIII", font[12 + 16 * record:28 + 16 * record])
        if tag == b"CFF ":
            return font[offset:offset + length]
    raise ValueError("no CFF table")


def _bare_cff_fonts(owner: DictionaryObject, seen: set[int], where: str) -> None:
    """Store each OpenType CFF font program as the bare CFF program it wraps (PDF 1.4's CIDFontType0C).

    WeasyPrint's subsets are name-keyed CFF, so a CID is used as the glyph
    index, exactly as with the OpenType wrapper: the glyphs do not change.
    """
    for font in ((resources_of(owner) or {}).get("/Font") or {}).values():
        for descendant in font.get_object().get("/DescendantFonts", []):
            descriptor = descendant.get_object().get("/FontDescriptor")
            program = descriptor.get_object().get("/FontFile3") if descriptor is not None else None
            if program is None or id(program.get_object()) in seen:
                continue
            program = program.get_object()
            seen.add(id(program))
            if program.get("/Subtype") != "/OpenType":
                continue
            try:
                bare = cff_table(program.get_data())
            except (ValueError, struct.error) as error:
                raise EditionError(f"{where}: font {font.get_object().get('/BaseFont')}: {error}") from None
            program.set_data(bare)
            program[NameObject("/Subtype")] = NameObject("/CIDFontType0C")
