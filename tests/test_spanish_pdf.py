"""The built Spanish PDFs read as a Spanish publisher prints: measured on the pages.

Lines and word boxes come from ``pdftotext -bbox-layout``: a line ending in a
one-letter word, a number whose noun starts the next line, a game term of the
keep-list broken by a hyphen, and two words printed over each other (a table
header wider than its column) are each reported with their page.
"""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from conftest import PROJECT

from sacredwire.load import load_rulebook

BOOKLETS = ["core-rules", "requisitions", "inhuman-resources", "campaign", "missions"]
NAMES = [*BOOKLETS, "quick-reference"]
ONE_LETTER = {"y", "e", "o", "u", "a"}
HYPHENS = ("\u2010", "-", "\u00ad")
_NS = "{http://www.w3.org/1999/xhtml}"


@dataclass(frozen=True)
class Word:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    def overprints(self, other: Word) -> bool:
        """Whether the two words share ink: side by side on one line (more than half the
        height of the smaller in common: the boxes of two lines set close overlap a little)
        and over each other by more than half a point."""
        width = min(self.x1, other.x1) - max(self.x0, other.x0)
        height = min(self.y1, other.y1) - max(self.y0, other.y0)
        return width > 0.5 and height > 0.5 * min(self.y1 - self.y0, other.y1 - other.y0)


@dataclass(frozen=True)
class Page:
    number: int
    # Each block's lines, each line its words, in reading order.
    blocks: tuple[tuple[tuple[Word, ...], ...], ...]

    def words(self) -> list[tuple[int, Word]]:
        """Every word with the number of the line pdftotext put it on."""
        lines = [line for block in self.blocks for line in block]
        return [(number, word) for number, line in enumerate(lines) for word in line]


@cache
def pages(path: Path) -> tuple[Page, ...]:
    """Every page of ``path``, as pdftotext lays out its words."""
    xml = subprocess.run(["pdftotext", "-bbox-layout", "-enc", "UTF-8", str(path), "-"],
                         capture_output=True, text=True, check=True).stdout
    root = ET.fromstring(xml)
    result = []
    for number, page in enumerate(root.iter(f"{_NS}page"), start=1):
        blocks = []
        for block in page.iter(f"{_NS}block"):
            lines = []
            for line in block.iter(f"{_NS}line"):
                words = tuple(Word(word.text or "", *(float(word.get(k, 0)) for k in ("xMin", "yMin", "xMax", "yMax")))
                              for word in line.iter(f"{_NS}word"))
                if words:
                    lines.append(words)
            blocks.append(tuple(lines))
        result.append(Page(number, tuple(blocks)))
    return tuple(result)


def spanish_pdfs(build_dir: Path) -> list[Path]:
    found = [path for name in NAMES for path in [build_dir / "es" / "screen" / f"{name}.pdf"] if path.is_file()]
    found += [path for path in [build_dir / "es" / "press" / "cards-single.pdf"] if path.is_file()]
    return found


def line_pairs(path: Path):
    """(page, line, next line in the same block) for every line of ``path``."""
    for page in pages(path):
        for block in page.blocks:
            for index, line in enumerate(block):
                yield page.number, line, block[index + 1] if index + 1 < len(block) else None


def lines_ending_in_one_letter_word(path: Path) -> list[str]:
    return [f"{path.name} p.{page}: {' '.join(w.text for w in line)[-50:]!r}"
            for page, line, following in line_pairs(path)
            if following is not None and line[-1].text in ONE_LETTER and len(line) > 1]


_NUMBER = re.compile(r"[+\u2212-]?\d+(?:,\d+)?")


def numbers_split_from_their_noun(path: Path) -> list[str]:
    return [f"{path.name} p.{page}: {' '.join(w.text for w in line)[-40:]!r} / {following[0].text!r}"
            for page, line, following in line_pairs(path)
            if following is not None and _NUMBER.fullmatch(line[-1].text) and len(line) > 1
            and re.match(r"[a-záéíóúüñ]{2,}", following[0].text)]


def hyphenated_key_terms(path: Path, keep: frozenset[str]) -> list[str]:
    found = []
    for page, line, following in line_pairs(path):
        last = line[-1].text
        if following is not None and last.endswith(HYPHENS) and len(last) > 1:
            word = re.sub(r"\W+$", "", last[:-1] + following[0].text).lower()
            if word in keep:
                found.append(f"{path.name} p.{page}: {last!r} / {following[0].text!r}")
    return found


_HEADER_WORD = re.compile(r"[A-ZÁÉÍÓÚÑ/]{2,}")


def overprinted_words(path: Path) -> list[str]:
    """Words printed over each other, and table header words that run into the next column.

    A header cell's text starts one padding inside its column and must end one
    padding before the next column's text: two header words in a band closer
    than a space (a fifth of their height), and set as two lines (two cells),
    mean the first cell is wider than its column.
    """
    found = []
    for page in pages(path):
        words = sorted(page.words(), key=lambda item: item[1].x0)
        for index, (line, word) in enumerate(words):
            for other_line, other in words[index + 1:]:
                if other.x0 >= word.x1 + (word.y1 - word.y0):
                    break
                if word.overprints(other):
                    found.append(f"{path.name} p.{page.number}: {word.text!r} over {other.text!r}")
                elif (line != other_line and _HEADER_WORD.fullmatch(word.text)
                      and _HEADER_WORD.fullmatch(other.text) and header_run_on(word, other)):
                    found.append(f"{path.name} p.{page.number}: header {word.text!r} runs into {other.text!r}")
    return found


def header_run_on(word: Word, other: Word) -> bool:
    """Two upper-case words side by side in one band, closer than a space."""
    height = word.y1 - word.y0
    same_band = min(word.y1, other.y1) - max(word.y0, other.y0) > 0.5 * height
    gap = other.x0 - word.x1
    return same_band and -height < gap < 0.2 * height


@pytest.fixture(scope="module")
def built(build_dir: Path) -> list[Path]:
    paths = spanish_pdfs(build_dir)
    assert len(paths) == len(NAMES) + 1, paths
    return paths


def test_no_line_ends_in_a_one_letter_word(built: list[Path]) -> None:
    found = [finding for path in built for finding in lines_ending_in_one_letter_word(path)]
    assert not found, "\n".join(found[:30])


def test_no_number_is_split_from_its_noun(built: list[Path]) -> None:
    found = [finding for path in built for finding in numbers_split_from_their_noun(path)]
    assert not found, "\n".join(found[:30])


def test_no_key_term_is_hyphenated(built: list[Path]) -> None:
    keep = load_rulebook(PROJECT).hyphenation_rules("es").keep
    assert "destrabarse" in keep and "trabado" in keep
    found = [finding for path in built for finding in hyphenated_key_terms(path, keep)]
    assert not found, "\n".join(found[:30])


def test_no_text_overprints_other_text(built: list[Path]) -> None:
    found = [finding for path in built for finding in overprinted_words(path)]
    assert not found, "\n".join(found[:30])


def test_the_measures_see_what_they_look_for() -> None:
    # The measures above would pass on nothing: each finds its fault in a page made for it.
    line = (Word("gana", 0, 0, 10, 5), Word("+1", 11, 0, 15, 5))
    header = Word("CONTRATO", 0, 0, 30, 9)
    assert header.overprints(Word("COMBATE", 20, 0, 45, 9))
    assert not header.overprints(Word("COMBATE", 31, 0, 55, 9))
    assert not header.overprints(Word("inferior", 0, 8, 30, 17))        # the line below, set close
    assert header_run_on(header, Word("COMBATE", 31.5, 1, 55, 9))      # 1.5 pt: one cell into the next
    assert not header_run_on(header, Word("DE", 32.3, 0, 40, 9))        # a space between two words
    assert _NUMBER.fullmatch(line[-1].text)
