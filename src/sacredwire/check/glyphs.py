"""Every printed character must be in a shipped font.

The PDFs may only use the fonts in ``templates/fonts/``. A character none of
them has would otherwise be drawn from whatever system font has it (and
embedded in the print file), or silently dropped. This check reads the
character map of every shipped font and reports each character of content
text that no font covers, at its file and line, before anything is laid out.
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import yaml
from fontTools.ttLib import TTFont, TTLibError

from ..diagnostics import Diagnostic, Location, Severity
from ..fontsetup import FONTS_DIR
from ..load import CONTENT_DIR, content_files, read_content_text
from ..model import Rulebook
from . import check

FONT_SUFFIXES = (".otf", ".ttf", ".woff", ".woff2")
CATALOGS = "locales"
# Layout characters that are never drawn with a glyph.
_NOT_DRAWN = frozenset("\t\n\r\u00ad\u200b\u200c\u200d\u2060\ufeff")


@cache
def covered_characters(fonts_dir: str) -> frozenset[str]:
    """Every character some font in ``fonts_dir`` has a glyph for."""
    covered: set[int] = set()
    for path in sorted(Path(fonts_dir).iterdir()):
        if path.suffix.lower() not in FONT_SUFFIXES or not path.is_file():
            continue
        try:
            with TTFont(path, lazy=True) as font:
                covered.update(font.getBestCmap() or {})
        except (TTLibError, OSError, KeyError):
            continue  # not a font WeasyPrint could use either
    return frozenset(map(chr, covered))


def _missing(text: str, covered: frozenset[str]) -> Iterator[str]:
    for character in dict.fromkeys(text):
        if character not in covered and character not in _NOT_DRAWN and character != " ":
            yield character


def _describe(character: str) -> str:
    name = unicodedata.name(character, "unnamed character")
    shown = character if character.isprintable() else ""
    return f"{shown!r} (U+{ord(character):04X} {name})" if shown else f"U+{ord(character):04X} {name}"


def _yaml_scalars(text: str, rel: str) -> Iterator[tuple[int, str]]:
    """``(line, value)`` of every scalar of a YAML file (comments are not printed)."""
    try:
        for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            if isinstance(event, yaml.ScalarEvent):
                yield (event.start_mark.line + 1 if event.start_mark else 1), event.value
    except yaml.YAMLError:
        return  # the loader reports malformed files


def _po_strings(text: str) -> Iterator[tuple[int, str]]:
    """``(line, text)`` of the translated lines of a gettext catalog."""
    translated = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("msgstr"):
            translated = True
        elif line.startswith(("msgid", "#")):
            translated = False
        if translated:
            yield number, line


def _content_texts(rulebook: Rulebook) -> Iterator[tuple[str, int, str]]:
    root = Path(rulebook.root)
    content = root / CONTENT_DIR
    yaml_files = [content / name for name in ("book.yaml", "glossary.yaml", "quick-reference.yaml")
                  if (content / name).exists()]
    for folder in ("tables", "examples"):
        yaml_files += content_files(content / folder, root, ".yaml")
    for path in yaml_files:
        rel = path.relative_to(root).as_posix()
        for number, value in _yaml_scalars(read_content_text(path, rel), rel):
            yield rel, number, value
    for booklet in rulebook.meta.booklets:
        for lang in rulebook.meta.languages:
            for path in content_files(content / booklet.key / lang, root, ".md"):
                rel = path.relative_to(root).as_posix()
                for number, line in enumerate(read_content_text(path, rel).splitlines(), start=1):
                    yield rel, number, line
    for path in sorted((root / CATALOGS).glob("*/LC_MESSAGES/*.po")):
        rel = path.relative_to(root).as_posix()
        for number, text in _po_strings(read_content_text(path, rel)):
            yield rel, number, text


@check("glyphs")
def missing_glyph(rulebook: Rulebook) -> Iterator[Diagnostic]:
    fonts_dir = Path(rulebook.root) / FONTS_DIR
    if not fonts_dir.is_dir():
        return  # a content tree checked on its own, without templates: nothing is printed from it
    covered = covered_characters(str(fonts_dir))
    fonts = f"{FONTS_DIR.as_posix()}/"
    for rel, line, text in _content_texts(rulebook):
        # "&#x1F3B2;" prints the character it names: check that character.
        for character in _missing(html.unescape(text), covered):
            yield Diagnostic("GLYPH001", Severity.ERROR, Location(rel, line),
                             f"no shipped font has the character {_describe(character)}",
                             f"use another character, or add a font that has it to {fonts}")
