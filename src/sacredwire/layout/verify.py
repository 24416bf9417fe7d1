"""Proof that every printed page reference is right, read back from the PDF files."""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass

import pikepdf

from ..ids import RuleId
from ..languages import UnknownLanguage, every_language
from ..model import BookMeta, Language
from ..pdf.text import page_text


@dataclass(frozen=True)
class PrintedReference:
    booklet: str
    page: int
    target: RuleId
    target_booklet: str
    printed_page: int


def document_language(pdf: pikepdf.Pdf) -> Language:
    """The language the PDF declares (``/Lang``, the tag of its language's entry)."""
    tag = str(pdf.Root.get("/Lang", ""))
    found = next((entry for entry in every_language() if entry.tag == tag), None)
    if found is None:
        raise UnknownLanguage(f"the PDF's language {tag!r} is the tag of no language entry")
    return found


def printed_references(pdf: pikepdf.Pdf, booklet: str, meta: BookMeta) -> list[PrintedReference]:
    """Every page reference printed in the PDF's text, in the abbreviations of the language it declares."""
    pattern = document_language(pdf).references.pattern()
    found = []
    fonts: dict = {}
    for number, page in enumerate(pdf.pages, start=1):
        for match in pattern.finditer(page_text(page, fonts)):
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
