"""The site's fonts: the print editions' fonts cut down to the characters the site shows, as WOFF2.

The shipped fonts weigh about 3.4 MB; a page needs a few hundred glyphs of
them. Each font is subset (fontTools) to the characters of every page and of
the search index, plus printable ASCII for what a reader types into the search
box, without hinting (screens today smooth outlines themselves), and
compressed as WOFF2 (Brotli, which ``fonttools[woff]`` brings).

A page shows its text before its fonts arrive (``font-display: swap``), in a
fallback the machine has. Each face has a fallback face made to take the same
width (``size-adjust``), so that text set in it wraps where the shipped face
will wrap it and nothing moves when the face arrives. A fallback face covers
only the characters its shipped face covers (``unicode-range``): once the fonts
are in, every character is drawn by a shipped font, as before.

Subsetting costs seconds, so each result is kept by the digest of everything
that shapes it (font bytes, characters, options, fontTools version): in memory
for ``sw28 serve``, and in the build cache folder for ``sw28 build``. The same
inputs give the same bytes: the font's own timestamp is kept, never set to now.
"""

from __future__ import annotations

import hashlib
import io
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import fontTools
from fontTools import subset
from fontTools.ttLib import TTFont

from ..layout import write_atomically
from ..runs import runs

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

    ``size_adjust``: the size, in percent, at which the family's fallback
    (:data:`FALLBACKS`, in this face's weight and style) sets the site's text as
    wide as this face sets it, as measured in Chromium
    (``tests/test_web_table.py`` measures it again).
    """

    source: str
    family: str
    weight: str
    style: str
    size_adjust: float
    preload_on: frozenset[str] = frozenset()

    @property
    def file(self) -> str:
        """The WOFF2 file's name under ``fonts/``."""
        return Path(self.source).with_suffix(".woff2").name

    def fallback_names(self) -> tuple[str, ...]:
        """The full names of the machine's faces that may stand in for this one, most likely first."""
        bold = int(self.weight.split()[0]) >= 600
        suffix = " ".join(word for word, wanted in (("Bold", bold), ("Italic", self.style == "italic")) if wanted)
        return tuple(f"{name} {suffix}".rstrip() for name in FALLBACKS[self.family])


def fallback_family(family: str) -> str:
    """The family of the faces that stand in for ``family``'s until they arrive."""
    return f"{family} fallback"


# The kinds of page, as their heads are made.
HOME, BOOKLET, QUICK_REFERENCE, CARDS, SEARCH, SQUAD, MISSION = (
    "home", "booklet", "quick-reference", "cards", "search", "squad", "mission")
EVERY_PAGE = frozenset({HOME, BOOKLET, QUICK_REFERENCE, CARDS, SEARCH, SQUAD, MISSION})
READING = frozenset({BOOKLET, QUICK_REFERENCE, SEARCH, SQUAD, MISSION})

# The machine's families that stand in for each shipped family until its faces arrive, by the
# platforms that have them: Linux (Liberation, metric twins of Arial and Times New Roman), Windows
# and Apple (Arial, Times New Roman, Helvetica, Times), Android (Roboto; its serif is Noto Serif, the
# shipped face itself, so none is named). The display face, a condensed capital face no platform
# has, stands in as a sans set smaller.
_SANS = ("Liberation Sans", "Arial", "Helvetica", "Roboto")
FALLBACKS = {
    "SW Serif": ("Liberation Serif", "Times New Roman", "Times"),
    "SW Sans": _SANS,
    "SW Display": _SANS,
}

# The faces the site's styles use (the print editions' extra-bold weight is not), each with the
# size of its fallback and the kinds of page whose text uses it.
WEB_FONTS = (
    WebFont("NotoSerif-Regular.ttf", "SW Serif", "400", "normal", 117.1, preload_on=READING),
    WebFont("NotoSerif-Italic.ttf", "SW Serif", "400", "italic", 113.7, preload_on=frozenset({BOOKLET})),
    WebFont("NotoSerif-Bold.ttf", "SW Serif", "700", "normal", 117.1, preload_on=frozenset({BOOKLET, SQUAD})),
    WebFont("NotoSerif-BoldItalic.ttf", "SW Serif", "700", "italic", 122.2),
    WebFont("Inter-Regular.otf", "SW Sans", "400", "normal", 105.8, preload_on=EVERY_PAGE),
    WebFont("Inter-Italic.otf", "SW Sans", "400", "italic", 105.8),
    WebFont("Inter-SemiBold.otf", "SW Sans", "600", "normal", 100.9, preload_on=EVERY_PAGE - {HOME}),
    WebFont("Inter-Bold.otf", "SW Sans", "700 800", "normal", 101.8, preload_on=EVERY_PAGE),
    WebFont("BebasNeue-Regular.otf", "SW Display", "400", "normal", 73.1, preload_on=EVERY_PAGE),
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


def coverage(subsets: dict[str, bytes]) -> dict[str, str]:
    """The characters each subset (:func:`web_fonts`, by file name) has a glyph for."""
    covered = {}
    for name, data in subsets.items():
        with TTFont(io.BytesIO(data)) as font:
            covered[name] = "".join(map(chr, sorted(font.getBestCmap())))
    return covered


def unicode_range(chars: str) -> str:
    """``chars`` as a CSS ``unicode-range`` value, runs of code points joined.

    >>> unicode_range("abcx é")
    'U+20,U+61-63,U+78,U+E9'
    """
    return ",".join(f"U+{low:X}" if low == high else f"U+{low:X}-{high:X}"
                    for low, high in runs(sorted(set(map(ord, chars)))))


def font_faces(covered: dict[str, str], prefix: str = "fonts/") -> str:
    """The ``@font-face`` rules of every face, ``font-display: swap`` so text shows before its font, and of
    its fallback: the machine's face at the size that takes the same width, for the characters the face
    has (``covered``, from :func:`coverage`)."""
    rules = []
    for face in WEB_FONTS:
        descriptors = f"font-weight: {face.weight}; font-style: {face.style};"
        rules.append(f'@font-face {{ font-family: "{face.family}"; src: url({prefix}{face.file}) format("woff2"); '
                     f"{descriptors} font-display: swap; }}\n")
        local = ", ".join(f'local("{name}")' for name in face.fallback_names())
        rules.append(f'@font-face {{ font-family: "{fallback_family(face.family)}"; src: {local}; {descriptors} '
                     f"size-adjust: {face.size_adjust:g}%; unicode-range: {unicode_range(covered[face.file])}; }}\n")
    return "".join(rules)


_FAMILY_STACK = re.compile(r"(--font-[a-z-]+:)([^;]*);")


def with_fallbacks(tokens_css: str) -> str:
    """The design tokens' font stacks with each shipped family followed by its fallback family.

    >>> with_fallbacks('--font-body: "SW Serif", "SW Sans";')
    '--font-body: "SW Serif", "SW Serif fallback", "SW Sans", "SW Sans fallback";'
    """
    def stack(match: re.Match[str]) -> str:
        families = match[2]
        for family in FALLBACKS:
            families = families.replace(f'"{family}"', f'"{family}", "{fallback_family(family)}"')
        return f"{match[1]}{families};"

    return _FAMILY_STACK.sub(stack, tokens_css)
