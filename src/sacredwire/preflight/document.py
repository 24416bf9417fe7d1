"""A PDF opened for preflight: its pages' boxes, paints, fonts and resources, each read once."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar, cast

import pikepdf
from pikepdf import Dictionary

from ..pdf.streams import identity
from .content import ContentReader, Paint, PaintKind
from .findings import UnreadablePdf
from .geometry import Rect, format_mm, mm

# What a page's resources give (its fonts, its XObjects), kept per resource dictionary.
_Found = TypeVar("_Found")

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

    def __init__(self, document: Document, number: int, page: Dictionary):
        self.document = document
        self.number = number
        self.page = page
        self.content_error = ""

    @cached_property
    def boxes(self) -> dict[str, Rect]:
        """The boxes the page declares (MediaBox inherited from the page tree); others are absent."""
        media = self.page.get("/MediaBox")
        boxes = {"MediaBox": Rect.of(media if media is not None else pikepdf.Page(self.page).mediabox)}
        for name in BOX_NAMES[1:]:
            if f"/{name}" in self.page:
                boxes[name] = Rect.of(self.page[f"/{name}"])
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
            self.pdf = pikepdf.open(io.BytesIO(data))
            self.encrypted = self.pdf.is_encrypted
            self.pages = [PdfPage(self, number, page.obj) for number, page in enumerate(self.pdf.pages, start=1)]
        except pikepdf.PasswordError:
            raise UnreadablePdf(name, "encrypted with a password") from None
        except (pikepdf.PdfError, ValueError, KeyError, TypeError, AttributeError, IndexError, OSError,
                NotImplementedError) as error:
            raise UnreadablePdf(name, f"not a readable PDF ({error})") from None
        self.content = ContentReader(self.pdf)
        self._closures: dict[tuple[int, int], tuple[Dictionary, ...]] = {}
        self._fonts: dict[tuple[tuple[int, int], ...], tuple[FontInfo, ...]] = {}
        self._font_infos: dict[tuple[int, int], FontInfo] = {}
        self._xobjects: dict[tuple[tuple[int, int], ...], tuple[pikepdf.Object, ...]] = {}
        self._fonts_by_resources: dict[tuple[int, int], tuple[FontInfo, ...]] = {}
        self._xobjects_by_resources: dict[tuple[int, int], tuple[pikepdf.Object, ...]] = {}
        # qpdf hands out a new Python object on every access: a direct object, known by its id(), is
        # kept for as long as the document, so that its id is never another object's.
        self._kept: list[pikepdf.Object] = []

    def key(self, obj: pikepdf.Object) -> tuple[int, int]:
        """What tells ``obj`` from any other object of this document (its object number when it has one)."""
        if not obj.is_indirect:
            self._kept.append(obj)
        return identity(obj)

    @cached_property
    def catalog(self) -> Dictionary:
        return cast(Dictionary, self.pdf.Root)

    @cached_property
    def info(self) -> Dictionary:
        info = self.pdf.trailer.get("/Info")
        return info if isinstance(info, Dictionary) else Dictionary()

    def resources_of(self, page) -> tuple[Dictionary, ...]:
        """The page's resources and those of every form and tiling pattern it can draw, each once.

        Pages usually share resource dictionaries (or draw forms that do), so the walk is made once
        per dictionary.
        """
        top = page.get("/Resources")
        if not isinstance(top, Dictionary):
            return ()
        return self._closure(top, set())[0]

    def _closure(self, resources: Dictionary, walking: set[tuple[int, int]]
                 ) -> tuple[tuple[Dictionary, ...], set[tuple[int, int]]]:
        """``resources`` and what its forms and patterns reach; and the dictionaries still being walked it met.

        A dictionary that reaches one still being walked (a loop) reaches less than that one does: its
        closure is kept only once every dictionary it met is finished.
        """
        key = self.key(resources)
        known = self._closures.get(key)
        if known is not None:
            return known, set()
        walking.add(key)
        found: dict[tuple[int, int], Dictionary] = {key: resources}
        unfinished: set[tuple[int, int]] = set()
        for kind in ("/XObject", "/Pattern"):
            category = resources.get(kind)
            for child in (category.values() if category is not None else ()):
                if child.get("/Subtype") != "/Form" and child.get("/PatternType") != 1:
                    continue
                inner = child.get("/Resources")
                if not isinstance(inner, Dictionary):
                    continue
                inner_key = self.key(inner)
                if inner_key in walking:
                    unfinished.add(inner_key)
                    continue
                closure, met = self._closure(inner, walking)
                unfinished |= met
                for reached in closure:
                    found.setdefault(self.key(reached), reached)
        walking.discard(key)
        unfinished.discard(key)
        result = tuple(found.values())
        if not unfinished:
            self._closures[key] = result
        return result, unfinished

    def fonts_of(self, page) -> tuple[FontInfo, ...]:
        """The fonts the page's resources (and its forms') hold, by name."""
        return per_resources(page, self._fonts_by_resources, self._fonts_of)

    def _fonts_of(self, page) -> tuple[FontInfo, ...]:
        closure = self.resources_of(page)
        # Pages that reach the same font dictionaries (whatever else they hold) have the same fonts.
        key = tuple(self.key(resources) for resources in closure if "/Font" in resources)
        if key not in self._fonts:
            fonts: dict[tuple[int, int], FontInfo] = {}
            for resources in closure:
                category = resources.get("/Font")
                for font in (category.values() if category is not None else ()):
                    font_key = self.key(font)
                    if font_key not in fonts:
                        fonts[font_key] = self._font_infos.get(font_key) or _font_info(font)
                        self._font_infos[font_key] = fonts[font_key]
            self._fonts[key] = tuple(sorted(fonts.values(), key=lambda font: font.name))
        return self._fonts[key]

    def xobjects_of(self, page) -> tuple[pikepdf.Object, ...]:
        """Every XObject the page can draw (images and forms), each once."""
        return per_resources(page, self._xobjects_by_resources, self._xobjects_of)

    def _xobjects_of(self, page) -> tuple[pikepdf.Object, ...]:
        closure = self.resources_of(page)
        key = tuple(self.key(resources) for resources in closure if "/XObject" in resources)
        if key not in self._xobjects:
            found: dict[tuple[int, int], pikepdf.Object] = {}
            for resources in closure:
                category = resources.get("/XObject")
                for xobject in (category.values() if category is not None else ()):
                    found.setdefault(self.key(xobject), xobject)
            self._xobjects[key] = tuple(found.values())
        return self._xobjects[key]


def per_resources(page, known: dict[tuple[int, int], _Found], find: Callable[[Any], _Found]) -> _Found:
    """``find(page)``, kept in ``known`` for every page with the same (indirect) resource dictionary.

    Pages usually share one (every page of a laid-out document does), whose
    closure holds the resources of every form: looked at once, not per page.
    A direct dictionary has no identity that lasts: its page is looked at alone.
    """
    top = page.get("/Resources")
    if not isinstance(top, Dictionary) or not top.is_indirect:
        return find(page)
    if top.objgen not in known:
        known[top.objgen] = find(page)
    return known[top.objgen]


def _font_info(font) -> FontInfo:
    subtype = str(font.get("/Subtype", "/Unknown")).lstrip("/")
    name = str(font.get("/BaseFont", font.get("/Name", "(unnamed)"))).lstrip("/")
    if subtype == "Type3":
        return FontInfo(name, subtype, True)
    described = font
    if subtype == "Type0":
        descendants = font.get("/DescendantFonts")
        described = descendants[0] if descendants else Dictionary()
    descriptor = described.get("/FontDescriptor")
    descriptor = descriptor if descriptor is not None else Dictionary()
    embedded = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
    return FontInfo(name, subtype, embedded)
