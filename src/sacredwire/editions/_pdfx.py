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

import pikepdf
from pikepdf import Array, Dictionary, Name, Pdf, String

from ..pdf.streams import first_look, identity, painters, resources_of
from . import _pdf
from ._images import images_in_inks
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
PDFX_PDF_VERSION = "1.4"


def _drop_keys(dictionary: pikepdf.Object, keys: tuple[str, ...]) -> None:
    for key in keys:
        if key in dictionary:
            del dictionary[key]


def drop_screen_parts(document: Pdf) -> None:
    """Remove what only a screen reads from the document (its structure tree, links, reading preferences).

    The structure tree is most of a tagged file's objects; once nothing
    refers to it, qpdf neither copies nor writes it.
    """
    _drop_keys(document.Root, SCREEN_ONLY_CATALOG_KEYS)
    for page in document.pages:
        _drop_keys(page.obj, SCREEN_ONLY_PAGE_KEYS)


def make_pdfx(document: Pdf, title: str, settings: EditionSettings, what: str) -> None:
    """Turn the document into a PDF/X-1a:2003 print file (in place), its greys in black ink, its images in inks.

    Write it with :data:`PDFX_PDF_VERSION`.
    """
    info = document.trailer.get("/Info")
    missing = [key for key in ("/CreationDate", "/ModDate") if not isinstance(info, Dictionary) or key not in info]
    if missing:
        raise EditionError(f"{what}: PDF/X needs {' and '.join(missing)}; the laid-out document has none")
    drop_screen_parts(document)
    images_in_inks(document, settings.ink_limit, what)
    seen: set[tuple[int, int]] = set()
    # Resource dictionaries whose graphics states and fonts were seen to: the pages and forms of a
    # laid-out document share one.
    looked: set[tuple[int, int]] = set()
    spaces = _NamedSpaces()
    for number, page in enumerate(_pdf.pages(document), start=1):
        for owner in painters(page, seen):
            resources = resources_of(owner)
            first = resources is not None and first_look(resources, looked)
            _drop_transparency(owner, f"{what}: page {number}", first)
            spaces.note(owner, resources)
            if first:
                _bare_cff_fonts(owner, seen, f"{what}: page {number}")
    spaces.drop_unused()
    black_ink_greys(document, what)
    document.Root["/OutputIntents"] = Array([Dictionary({
        "/Type": Name.OutputIntent,
        "/S": Name.GTS_PDFX,
        "/OutputConditionIdentifier": String(settings.output_condition_identifier),
        "/OutputCondition": String(settings.output_condition),
        "/RegistryName": String(settings.output_registry),
        "/Info": String(settings.output_info),
    })])
    info = document.docinfo
    info["/Title"] = String(title)
    info["/GTS_PDFXVersion"] = String(PDFX_VERSION)
    info["/GTS_PDFXConformance"] = String(PDFX_CONFORMANCE)
    info["/Trapped"] = Name("/False")


def _drop_transparency(owner: pikepdf.Object, where: str, check_states: bool = True) -> None:
    """Remove a transparency group that changes nothing; refuse real transparency.

    ``check_states`` False: the owner's graphics states were checked with another owner's (they share
    their resources).
    """
    if "/Group" in owner:
        del owner["/Group"]
    resources = resources_of(owner)
    if resources is None:
        return
    states = resources.get("/ExtGState") if check_states else None
    for name, state in (states.items() if isinstance(states, Dictionary) else ()):
        alpha = min(float(state.get("/ca", 1)), float(state.get("/CA", 1)))
        soft_mask = state.get("/SMask", Name("/None"))
        blend = state.get("/BM", Name("/Normal"))
        if alpha < 1 or soft_mask != "/None" or blend not in ("/Normal", "/Compatible"):
            raise EditionError(f"{where}: transparency ({name}: opacity {alpha}, soft mask {soft_mask}, "
                               f"blend {blend}) is not allowed in PDF/X-1a; make the style opaque")


class _NamedSpaces:
    """The non-print colour spaces of a document's resource dictionaries, and which of them a stream names.

    The pages and forms of a laid-out document share one resource
    dictionary, so a space is unused only when no painter sharing it names
    it; a form without resources of its own names its parent's, so what it
    names is kept in every dictionary. A used space is left for the preflight
    to report: removing it would change the page.
    """

    def __init__(self) -> None:
        self._spaces: dict[tuple[int, int], Dictionary] = {}
        self._named: dict[tuple[int, int], set[str]] = {}
        self._borrowers: list[bytes] = []

    def note(self, owner: pikepdf.Object, resources: Dictionary | None) -> None:
        """Take in one painter (page, form or tiling pattern) and the resources it names its spaces in."""
        if resources is None:
            self._borrowers.append(_content(owner))
            return
        spaces = resources.get("/ColorSpace")
        if not isinstance(spaces, Dictionary):
            return
        # A direct dictionary belongs to its one owner.
        key = identity(resources) if resources.is_indirect else identity(owner)
        self._spaces[key] = spaces
        named = self._named.setdefault(key, set())
        unnamed = [name for name in _non_print(spaces) if name not in named]
        if unnamed:  # the stream is read only when it could name a space not yet seen named
            data = _content(owner)
            named.update(name for name in unnamed if _names(data, name))

    def drop_unused(self) -> None:
        """Remove every non-print space that no painter sharing its dictionary names."""
        for key, spaces in self._spaces.items():
            for name in _non_print(spaces):
                if name not in self._named[key] and not any(_names(data, name) for data in self._borrowers):
                    del spaces[name]


def _content(owner: pikepdf.Object) -> bytes:
    """What a painter paints: a form's or pattern's own stream, a page's content streams joined."""
    return owner.read_bytes() if isinstance(owner, pikepdf.Stream) else _pdf.content(owner)


def _non_print(spaces: Dictionary) -> list[str]:
    names = []
    for name in spaces.keys():
        family = spaces[name]
        family = family[0] if isinstance(family, Array) else family
        if str(family) not in PRINT_COLOUR_SPACES:
            names.append(name)
    return names


def _names(data: bytes, name: str) -> bool:
    """Whether a content stream names ``name`` (a whole name, not the start of a longer one)."""
    return re.search(re.escape(name.encode("latin-1")) + rb"(?![^\s/\[\]<>()%])", data) is not None


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


def _bare_cff_fonts(owner: pikepdf.Object, seen: set[tuple[int, int]], where: str) -> None:
    """Store each OpenType CFF font program as the bare CFF program it wraps (PDF 1.4's CIDFontType0C).

    WeasyPrint's subsets are name-keyed CFF, so a CID is used as the glyph
    index, exactly as with the OpenType wrapper: the glyphs do not change.
    """
    resources = resources_of(owner)
    fonts = resources.get("/Font") if resources is not None else None
    for font in (fonts.values() if isinstance(fonts, Dictionary) else ()):
        for descendant in font.get("/DescendantFonts", Array()):
            descriptor = descendant.get("/FontDescriptor")
            program = descriptor.get("/FontFile3") if isinstance(descriptor, Dictionary) else None
            if not isinstance(program, pikepdf.Stream) or identity(program) in seen:
                continue
            seen.add(identity(program))
            if program.get("/Subtype") != "/OpenType":
                continue
            try:
                bare = cff_table(program.read_bytes())
            except (ValueError, struct.error) as error:
                raise EditionError(f"{where}: font {font.get('/BaseFont')}: {error}") from None
            program.write(bare)
            program["/Subtype"] = Name("/CIDFontType0C")
