"""The site's fonts: the print editions' fonts cut down to the characters the site shows, as WOFF2.

The shipped fonts weigh about 3.4 MB; a page needs a few hundred glyphs of
them. Each font is subset (fontTools) to the characters of every page and of
the search index, plus printable ASCII for what a reader types into the search
box, without hinting (screens today smooth outlines themselves), and
compressed as WOFF2 (Brotli, which ``fonttools[woff]`` brings).

Subsetting costs seconds, so each result is kept by the digest of everything
that shapes it (font bytes, characters, options, fontTools version): in memory
for ``sw28 serve``, and in the build cache folder for ``sw28 build``. The same
inputs give the same bytes: the font's own timestamp is kept, never set to now.
"""

from __future__ import annotations

import hashlib
import io
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import fontTools
from fontTools import subset
from fontTools.ttLib import TTFont

from ..layout import write_atomically

# Bump when the subsetting options change: entries of the old options are not reused.
_RECIPE = "woff2-nohint-1"
# What a reader may type into the search box.
ASCII = "".join(chr(code) for code in range(0x20, 0x7F))
# The folder under the build cache that holds the subsets.
CACHE_FOLDER = "web-fonts"


@dataclass(frozen=True)
class WebFont:
    """One face of a family as style.css declares it; ``preload_on``: the kinds of page that use it.

    A face a page uses but does not preload is found only once the page is laid
    out, and arrives after the first paint: its text then re-flows under the
    reader's eyes (a layout shift). A face preloaded where it is not used costs
    bytes for nothing. So each face names the kinds of page that show it, as
    measured in a browser (``tests/test_web_table.py`` checks both ways).
    """

    source: str
    family: str
    weight: str
    style: str
    preload_on: frozenset[str] = frozenset()

    @property
    def file(self) -> str:
        """The WOFF2 file's name under ``fonts/``."""
        return Path(self.source).with_suffix(".woff2").name


# The kinds of page, as their heads are made.
HOME, BOOKLET, QUICK_REFERENCE, CARDS, SEARCH, SQUAD, MISSION = (
    "home", "booklet", "quick-reference", "cards", "search", "squad", "mission")
EVERY_PAGE = frozenset({HOME, BOOKLET, QUICK_REFERENCE, CARDS, SEARCH, SQUAD, MISSION})
READING = frozenset({BOOKLET, QUICK_REFERENCE, SEARCH, SQUAD, MISSION})

# The faces the site's styles use (the print editions' extra-bold weight is not), each with the
# kinds of page whose text uses it.
WEB_FONTS = (
    WebFont("NotoSerif-Regular.ttf", "SW Serif", "400", "normal", preload_on=READING),
    WebFont("NotoSerif-Italic.ttf", "SW Serif", "400", "italic", preload_on=frozenset({BOOKLET})),
    WebFont("NotoSerif-Bold.ttf", "SW Serif", "700", "normal", preload_on=frozenset({BOOKLET, SQUAD})),
    WebFont("NotoSerif-BoldItalic.ttf", "SW Serif", "700", "italic"),
    WebFont("Inter-Regular.otf", "SW Sans", "400", "normal", preload_on=EVERY_PAGE),
    WebFont("Inter-Italic.otf", "SW Sans", "400", "italic"),
    WebFont("Inter-SemiBold.otf", "SW Sans", "600", "normal", preload_on=EVERY_PAGE - {HOME}),
    WebFont("Inter-Bold.otf", "SW Sans", "700 800", "normal", preload_on=EVERY_PAGE),
    WebFont("BebasNeue-Regular.otf", "SW Display", "400", "normal", preload_on=EVERY_PAGE),
)


def preloads(page_kind: str) -> tuple[str, ...]:
    """The WOFF2 files a page of this kind preloads, in the order style.css declares them."""
    if page_kind not in EVERY_PAGE:
        raise ValueError(f"unknown kind of page: {page_kind}")
    return tuple(face.file for face in WEB_FONTS if page_kind in face.preload_on)

_MEMORY: dict[str, bytes] = {}


def characters(texts: list[str]) -> str:
    """Every character the texts use, with printable ASCII, sorted: the subset's input.

    >>> characters(["ña\\u00a0", "b\\n"])[-3:]
    '~\\xa0ñ'
    """
    # Not control or format characters (line breaks, zero-width marks): they have no glyph.
    used = {char for char in set().union(*map(set, texts)) if unicodedata.category(char)[0] != "C"}
    return "".join(sorted(used | set(ASCII)))


def subset_woff2(font: bytes, text: str) -> bytes:
    """``font`` cut down to the glyphs of ``text`` (and what they need), as WOFF2 bytes."""
    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False
    options.desubroutinize = True
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.name_legacy = True
    options.name_languages = ["*"]
    # Lazily read: the subsetter decompiles only the parts of each table it touches (the same bytes, a
    # fifth less time).
    with TTFont(io.BytesIO(font), recalcTimestamp=False, lazy=True) as face:
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(face)
        face.flavor = "woff2"
        out = io.BytesIO()
        face.save(out, reorderTables=False)
    return out.getvalue()


def cache_key(font: bytes, text: str) -> str:
    """The digest of everything that shapes a subset."""
    digest = hashlib.sha256()
    for part in (_RECIPE.encode(), fontTools.version.encode(), hashlib.sha256(font).digest(), text.encode()):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


def web_fonts(fonts_dir: Path, text: str, cache_dir: Path | None = None) -> dict[str, bytes]:
    """Every face of :data:`WEB_FONTS` subset to ``text``, by WOFF2 file name.

    A subset made before (same font, same characters) is read back from memory
    or from ``cache_dir``; a cache file that is not WOFF2 is made again.
    """
    made = {}
    for face in WEB_FONTS:
        font = (fonts_dir / face.source).read_bytes()
        key = cache_key(font, text)
        data = _MEMORY.get(key)
        path = cache_dir / CACHE_FOLDER / f"{key}.woff2" if cache_dir else None
        if data is None and path is not None and path.is_file():
            stored = path.read_bytes()
            data = stored if stored[:4] == b"wOF2" else None
        if data is None:
            data = subset_woff2(font, text)
            if path is not None:
                # Atomic: a parallel build reads a whole file or none.
                write_atomically(path, data)
        _MEMORY[key] = data
        made[face.file] = data
    return made


def font_faces(prefix: str = "fonts/") -> str:
    """The ``@font-face`` rules of every face, ``font-display: swap`` so text shows before its font."""
    return "".join(
        f'@font-face {{ font-family: "{face.family}"; src: url({prefix}{face.file}) format("woff2"); '
        f"font-weight: {face.weight}; font-style: {face.style}; font-display: swap; }}\n"
        for face in WEB_FONTS)
