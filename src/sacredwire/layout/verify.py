"""Proof that every printed page reference is right, read back from the PDF files."""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from dataclasses import dataclass

import pikepdf

from ..ids import RuleId
from ..model import BookMeta
from ..pdf.text import page_text

# "(C2.4, p. 7)", "(A3.2, Vol. 2, p. 5)", "(A3.2, vol. 2, pág. 5)", "(C4.7, pág. 14)"; the title before
# it may wrap, the parenthesis itself never holds a line break we cannot match.
PRINTED_REFERENCE = re.compile(
    r"\((?P<id>[A-Z]\d+(?:\.\d+)?),\s+(?:[Vv]ol\.\s+(?P<volume>\d+),\s+)?(?:p\.|pág\.)\s+(?P<page>\d+)\)"
)


@dataclass(frozen=True)
class PrintedReference:
    booklet: str
    page: int
    target: RuleId
    target_booklet: str
    printed_page: int


def printed_references(pdf: pikepdf.Pdf, booklet: str, meta: BookMeta) -> list[PrintedReference]:
    """Every page reference printed in the PDF's text."""
    found = []
    fonts: dict = {}
    for number, page in enumerate(pdf.pages, start=1):
        for match in PRINTED_REFERENCE.finditer(page_text(page, fonts)):
            target = RuleId.parse(match["id"])
            target_booklet = booklet
            if match["volume"]:
                target_booklet = next(b.key for b in meta.booklets if b.volume == int(match["volume"]))
            found.append(PrintedReference(booklet, number, target, target_booklet, int(match["page"])))
    return found


def wrong_references(pdfs: Mapping[str, bytes], targets: Mapping[str, Mapping[str, int]], meta: BookMeta,
                     expected_counts: Mapping[str, int]) -> list[str]:
    """Problems with the references printed in ``pdfs``: wrong pages, or references the text does not show.

    ``targets`` holds every booklet's anchors (name -> page) as laid out,
    which are the named destinations the layout wrote into each file; the
    printed text is read from the files themselves.
    """
    problems = []
    for key, pdf in pdfs.items():
        with pikepdf.open(io.BytesIO(pdf)) as document:
            references = printed_references(document, key, meta)
        if len(references) < expected_counts.get(key, 0):
            problems.append(f"{key}: {expected_counts[key]} references rendered but only "
                            f"{len(references)} readable in the PDF text")
        for ref in references:
            if ref.target_booklet not in targets:
                continue
            actual = targets[ref.target_booklet].get(ref.target.anchor)
            if actual != ref.printed_page:
                problems.append(f"{key} p. {ref.page}: {ref.target} printed as p. {ref.printed_page}, "
                                f"but it starts on p. {actual} of {ref.target_booklet}.pdf")
    return problems
