"""A PDF opened for preflight: its pages' boxes, paints, fonts and resources, each read once."""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cached_property
from typing import cast

from pypdf import PdfReader
from pypdf.errors import PyPdfError
from pypdf.generic import DictionaryObject, PdfObject

from .content import ContentReader, Paint, PaintKind
from .findings import UnreadablePdf
from .geometry import Rect, format_mm, mm

BOX_NAMES = ("MediaBox", "CropBox", "BleedBox", "TrimBox", "ArtBox")


@dataclass(frozen=True)
class FontInfo:
    """A font resource: its name, type and whether its program travels with the file."""

    name: str
    subtype: str
    embedded: bool

    @property
    def type3(self) -> bool:
        return self.subtype == "Type3"


@dataclass(frozen=True)
class PageFacts:
    """What preflight reports about one page, findings aside (lengths in points)."""

    number: int
    boxes: dict[str, Rect]
    bleed: tuple[float, float, float, float] | None   # left, bottom, right, top: BleedBox − TrimBox
    colour_spaces: tuple[str, ...]
    image_colour_spaces: tuple[str, ...]
    max_ink: float | None
    max_ink_kind: str
    min_text_size: float | None
    fonts: tuple[FontInfo, ...]

    def as_dict(self) -> dict:
        return {
            "page": self.number,
            "boxes": {name: [round(value, 3) for value in box] for name, box in self.boxes.items()},
            "bleed_mm": None if self.bleed is None else [round(mm(side), 3) for side in self.bleed],
            "colour_spaces": list(self.colour_spaces), "image_colour_spaces": list(self.image_colour_spaces),
            "max_total_ink": self.max_ink, "max_total_ink_on": self.max_ink_kind,
            "min_text_size": None if self.min_text_size is None else round(self.min_text_size, 2),
            "fonts": [{"name": font.name, "type": font.subtype, "embedded": font.embedded} for font in self.fonts],
        }

    def summary(self) -> str:
        """One line: ``trim 148.0×210.0 mm, bleed 3 mm, DeviceCMYK, max ink 100% (text), text >= 7.5 pt``."""
        parts = []
        trim = self.boxes.get("TrimBox") or self.boxes["MediaBox"]
        parts.append(f"{'trim' if 'TrimBox' in self.boxes else 'page'} {mm(trim.width):.1f}×{mm(trim.height):.1f} mm")
        if self.bleed is not None:
            sides = sorted({format_mm(side) for side in self.bleed}, key=float)
            parts.append("bleed " + "/".join(sides) + " mm")
            media, bleed_box = self.boxes["MediaBox"], self.boxes["BleedBox"]
            slug = min(bleed_box.x0 - media.x0, bleed_box.y0 - media.y0, media.x1 - bleed_box.x1,
                       media.y1 - bleed_box.y1)
            parts.append(f"slug {format_mm(slug)} mm" if slug > 0.05 else "MediaBox = BleedBox"
                         if media.same_as(bleed_box, 0.05) else "MediaBox inside the BleedBox")
        parts.append(", ".join(self.colour_spaces) or "no paint")
        if self.image_colour_spaces:
            parts.append("images " + ", ".join(self.image_colour_spaces))
        if self.max_ink is not None:
            parts.append(f"max ink {self.max_ink:g}% ({self.max_ink_kind})")
        if self.min_text_size is not None:
            parts.append(f"text >= {self.min_text_size:.1f} pt")
        if self.fonts:
            unembedded = sum(1 for font in self.fonts if not font.embedded)
            type3 = sum(1 for font in self.fonts if font.type3)
            notes = ([f"{unembedded} not embedded"] if unembedded else []) + ([f"{type3} Type 3"] if type3 else [])
            parts.append(f"{len(self.fonts)} font(s)" + (f" ({', '.join(notes)})" if notes else ", all embedded"))
        return ", ".join(parts)


class PdfPage:
    """One page: explicit boxes, and its paints interpreted on first use."""

    def __init__(self, document: Document, number: int, page):
        self.document = document
        self.number = number
        self.page = page
        self.content_error = ""

    @cached_property
    def boxes(self) -> dict[str, Rect]:
        """The boxes the page declares (MediaBox inherited from the page tree); others are absent."""
        boxes = {"MediaBox": Rect.of(self.page.mediabox)}
        for name in BOX_NAMES[1:]:
            if f"/{name}" in self.page:
                boxes[name] = Rect.of(getattr(self.page, name.lower()))
        return boxes

    @property
    def trim(self) -> Rect:
        """The finished page: TrimBox, else CropBox, else MediaBox."""
        return self.boxes.get("TrimBox") or self.boxes.get("CropBox") or self.boxes["MediaBox"]

    @property
    def bleed_box(self) -> Rect:
        return self.boxes.get("BleedBox") or self.boxes.get("CropBox") or self.boxes["MediaBox"]

    @property
    def bleed(self) -> tuple[float, float, float, float] | None:
        """BleedBox − TrimBox on the left, bottom, right and top; None unless both are declared."""
        if "TrimBox" not in self.boxes or "BleedBox" not in self.boxes:
            return None
        trim, bleed = self.boxes["TrimBox"], self.boxes["BleedBox"]
        return (trim.x0 - bleed.x0, trim.y0 - bleed.y0, bleed.x1 - trim.x1, bleed.y1 - trim.y1)

    def position(self, box: Rect) -> str:
        """Where ``box`` starts, in mm from the trim's top left corner (as a reader measures a page)."""
        trim = self.trim
        return f"at {mm(box.x0 - trim.x0):.1f}, {mm(trim.y1 - box.y1):.1f} mm from the trim's top left"

    @cached_property
    def paints(self) -> list[Paint]:
        """Every paint of the page; empty, with :attr:`content_error` set, when its content is unreadable."""
        try:
            return self.document.content.page_paints(self.page, self.boxes["MediaBox"])
        except Exception as error:  # noqa: BLE001  (any damage in a foreign file is a finding, not a crash)
            self.content_error = f"{type(error).__name__}: {error}"
            return []

    @property
    def fonts(self) -> tuple[FontInfo, ...]:
        return self.document.fonts_of(self.page)

    def facts(self) -> PageFacts:
        painted = [paint for paint in self.paints if paint.kind is not PaintKind.IMAGE]
        inked = [paint for paint in self.paints if paint.ink is not None]
        worst = max(inked, key=lambda paint: paint.ink or 0.0, default=None)  # (every one inked)
        sizes = [paint.text_size for paint in self.paints if paint.kind is PaintKind.TEXT]
        return PageFacts(
            self.number, self.boxes, self.bleed,
            tuple(sorted({paint.space.name for paint in painted})),
            tuple(sorted({paint.space.name for paint in self.paints if paint.kind is PaintKind.IMAGE})),
            worst.ink if worst else None, worst.kind.value if worst else "",
            min(sizes, default=None), self.fonts)


class Document:
    """A PDF file opened once, with caches shared by every check."""

    def __init__(self, data: bytes, name: str):
        self.name = name
        try:
            self.reader = PdfReader(io.BytesIO(data), strict=False)
            self.encrypted = self.reader.is_encrypted
            if self.encrypted and not self.reader.decrypt(""):
                raise UnreadablePdf(name, "encrypted with a password")
            self.pages = [PdfPage(self, number, page) for number, page in enumerate(self.reader.pages, start=1)]
        except UnreadablePdf:
            raise
        except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, IndexError, OSError,
                NotImplementedError) as error:
            raise UnreadablePdf(name, f"not a readable PDF ({error})") from None
        self.content = ContentReader(self.reader)
        self._closures: dict[int, tuple[DictionaryObject, ...]] = {}
        self._fonts: dict[int, tuple[FontInfo, ...]] = {}
        self._font_infos: dict[int, FontInfo] = {}
        self._xobjects: dict[int, tuple[DictionaryObject, ...]] = {}

    @cached_property
    def catalog(self) -> DictionaryObject:
        return cast(DictionaryObject, self.reader.trailer["/Root"].get_object())

    @cached_property
    def info(self) -> DictionaryObject:
        info = self.reader.trailer.get("/Info")
        return info.get_object() if info is not None else DictionaryObject()

    def resources_of(self, page) -> tuple[DictionaryObject, ...]:
        """The page's resources and those of every form and tiling pattern it can draw, each once.

        Pages usually share resource dictionaries, so the walk is made once per dictionary.
        """
        top = page.get("/Resources")
        top = top.get_object() if top is not None else None
        if not isinstance(top, DictionaryObject):
            return ()
        known = self._closures.get(id(top))
        if known is not None:
            return known
        seen: dict[int, DictionaryObject] = {}
        pending: list[PdfObject | None] = [top]
        while pending:
            resources = pending.pop()
            resources = resources.get_object() if resources is not None else None
            if not isinstance(resources, DictionaryObject) or id(resources) in seen:
                continue
            seen[id(resources)] = resources
            for kind in ("/XObject", "/Pattern"):
                category = resources.get(kind)
                for reference in (category.get_object().values() if category is not None else ()):
                    child = reference.get_object()
                    if child.get("/Subtype") == "/Form" or child.get("/PatternType") == 1:
                        pending.append(child.get("/Resources"))
        closure = tuple(seen.values())
        self._closures[id(top)] = closure
        return closure

    def fonts_of(self, page) -> tuple[FontInfo, ...]:
        """The fonts the page's resources (and its forms') hold, by name."""
        closure = self.resources_of(page)
        key = id(closure[0]) if closure else 0
        if key not in self._fonts:
            fonts: dict[int, FontInfo] = {}
            for resources in closure:
                category = resources.get("/Font")
                for reference in (category.get_object().values() if category is not None else ()):
                    font = reference.get_object()
                    if id(font) not in fonts:
                        fonts[id(font)] = self._font_infos.get(id(font)) or _font_info(font)
                        self._font_infos[id(font)] = fonts[id(font)]
            self._fonts[key] = tuple(sorted(fonts.values(), key=lambda font: font.name))
        return self._fonts[key]

    def xobjects_of(self, page) -> tuple[DictionaryObject, ...]:
        """Every XObject the page can draw (images and forms), each once."""
        closure = self.resources_of(page)
        key = id(closure[0]) if closure else 0
        if key not in self._xobjects:
            found: dict[int, DictionaryObject] = {}
            for resources in closure:
                category = resources.get("/XObject")
                for reference in (category.get_object().values() if category is not None else ()):
                    xobject = reference.get_object()
                    found.setdefault(id(xobject), xobject)
            self._xobjects[key] = tuple(found.values())
        return self._xobjects[key]


def _font_info(font) -> FontInfo:
    subtype = str(font.get("/Subtype", "/Unknown")).lstrip("/")
    name = str(font.get("/BaseFont", font.get("/Name", "(unnamed)"))).lstrip("/")
    if subtype == "Type3":
        return FontInfo(name, subtype, True)
    described = font
    if subtype == "Type0":
        descendants = font.get("/DescendantFonts")
        described = descendants.get_object()[0].get_object() if descendants else DictionaryObject()
    descriptor = described.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else DictionaryObject()
    embedded = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
    return FontInfo(name, subtype, embedded)
