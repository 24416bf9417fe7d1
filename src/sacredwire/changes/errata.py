"""The errata sheet: an A5 PDF in the booklets' design listing every change by
rule ID, with the page each changed section now has, and its Markdown twin
for release notes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..layout import lay_out, pdf_bytes
from ..render import RenderContext
from ..render.pages import PageMap
from ._format import as_markdown
from .model import Change, ChangeSet, ExampleChange, Kind, SectionChange, TableChange, TranslationPending

TEMPLATE = "errata/errata.html.j2"


@dataclass(frozen=True)
class ErrataEntry:
    """One change as the sheet prints it: where to find it in the new edition, and what changed."""

    change: Change
    page: int | None

    @property
    def type(self) -> str:
        return {SectionChange: "section", TableChange: "table", ExampleChange: "example",
                TranslationPending: "pending"}[type(self.change)]


@dataclass(frozen=True)
class ErrataBooklet:
    volume: int
    letter: str
    title: str
    entries: tuple[ErrataEntry, ...]


def _page(change: Change, pages: PageMap) -> int | None:
    """The change's page in the new edition: its table's or example's own, else its section's."""
    if isinstance(change, SectionChange) and change.kind is Kind.REMOVED:
        return None
    if isinstance(change, TableChange) and change.kind is not Kind.REMOVED:
        found = pages.page(change.booklet, change.table.anchor)
        if found is not None:
            return found
    if isinstance(change, ExampleChange) and change.kind is not Kind.REMOVED:
        found = pages.page(change.booklet, change.example.anchor)
        if found is not None:
            return found
    return pages.page(change.booklet, change.rule_id.anchor)


def file_label(revision: str) -> str:
    """A revision as a file-name part: ``v0.8.0`` stays, ``origin/main`` becomes ``origin-main``."""
    return re.sub(r"[^A-Za-z0-9._-]+", "-", revision).strip("-") or "revision"


def errata_documents(context: RenderContext, change_set: ChangeSet) -> dict[str, bytes]:
    """``errata-<from>-<to>.pdf`` and ``.md`` for the context's language.

    ``context.pages`` must be the new edition's page map (booklet -> anchor ->
    page), as the build measured it; ``change_set`` is compared against the
    content in ``context.rulebook``.
    """
    lang = context.lang
    changes = change_set.only(lang)
    meta = context.rulebook.meta
    booklets = []
    for booklet in sorted(meta.booklets, key=lambda item: item.volume):
        entries = tuple(ErrataEntry(change, _page(change, context.pages))
                        for change in changes.changes if change.booklet == booklet.key)
        if entries:
            booklets.append(ErrataBooklet(booklet.volume, booklet.letter, booklet.title[lang], entries))
    template = context.env.get_template(TEMPLATE)
    title = context.gettext("Errata")
    html = template.render(
        book=meta, lang=lang, kind="errata", booklets=booklets, terms=changes.terms,
        from_label=change_set.from_label, to_label=change_set.to_label,
        release_date=context.format_date(meta.date),
        document_title=f"{meta.title} · {title} {change_set.from_label} → {change_set.to_label}",
        description=context.gettext("Changes from %(old)s to %(new)s") % {
            "old": change_set.from_label, "new": change_set.to_label},
    )
    root = Path(context.rulebook.root)
    what = f"{lang}/errata"
    document = lay_out(html, root / "templates", root, what)
    stem = f"errata-{file_label(change_set.from_label)}-{file_label(change_set.to_label)}"
    return {
        f"{stem}.pdf": pdf_bytes(document, html, what),
        f"{stem}.md": as_markdown(changes, meta).encode("utf-8"),
    }
