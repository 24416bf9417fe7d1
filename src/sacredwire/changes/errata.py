"""The errata sheet: an A5 PDF in the booklets' design listing every change by
rule ID, with the page each changed section now has, and its Markdown twin
for release notes, both in the sheet's language.

An added or changed section is given whole, as the new edition prints it
(references with title, ID and page), so a player can paste it over the old
one; a word diff of the source would clip it and leak its markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..layout import lay_out, pdf_bytes
from ..render import RenderContext
from ..render.pages import PageMap
from ._format import _markdown_escape, edit_text
from ._plain import plain_paragraphs
from .model import Change, ChangeSet, ExampleChange, Kind, SectionChange, TableChange, TranslationPending

TEMPLATE = "errata/errata.html.j2"


@dataclass(frozen=True)
class ErrataEntry:
    """One change as the sheet prints it: where to find it in the new edition, and what changed."""

    change: Change
    page: int | None
    # The full new text of an added or changed section, paragraph by paragraph.
    text: tuple[str, ...] = ()

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
    sections = context.rulebook.sections(lang)
    for booklet in sorted(meta.booklets, key=lambda item: item.volume):
        entries = tuple(ErrataEntry(change, _page(change, context.pages), _new_text(context, change, sections))
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
        f"{stem}.md": errata_markdown(context, change_set, booklets).encode("utf-8"),
    }


def _new_text(context: RenderContext, change: Change, sections) -> tuple[str, ...]:
    """The paragraphs of an added or changed section as the new edition prints them; () for other changes."""
    if not isinstance(change, SectionChange) or change.kind not in (Kind.ADDED, Kind.CHANGED):
        return ()
    section = sections.get(change.rule_id)
    if section is None:
        return ()
    return plain_paragraphs(str(context.prose(change.booklet).body(section)))


def _kind_label(context: RenderContext, entry: ErrataEntry) -> str:
    """What happened to the entry, in the sheet's language (the PDF's own words)."""
    change, _ = entry.change, context.gettext
    if isinstance(change, TranslationPending):
        return _("Not yet translated") if change.missing else _("Translation pending: the English text changed")
    if change.kind is Kind.ADDED:
        return _("Added")
    if change.kind is Kind.REMOVED:
        return _("Removed")
    if isinstance(change, SectionChange) and change.kind is Kind.MOVED:
        return _("Moved from %(id)s, same text") % {"id": change.old_id}
    return _("Changed")


def errata_markdown(context: RenderContext, change_set: ChangeSet, booklets: list[ErrataBooklet]) -> str:
    """The sheet as Markdown release notes, in its language: the same entries, labels and full new texts."""
    _ = context.gettext
    meta = context.rulebook.meta
    lines = [f"# {meta.title}: {_('Errata')}", "",
             _("Changes from %(old)s to %(new)s") % {"old": change_set.from_label, "new": change_set.to_label}, "",
             _("Every change to the rules, by rule ID. Pages are those of version %(version)s (%(date)s).")
             % {"version": meta.version, "date": context.format_date(meta.date)}]
    if not booklets and not change_set.only(context.lang).terms:
        lines += ["", _("No changes to the rules.")]
    strike = lambda words: f"~~{_markdown_escape(words)}~~"  # noqa: E731
    insert = lambda words: f"**{_markdown_escape(words)}**"  # noqa: E731
    page_label = _("p.\u00a0%(page)s")
    for booklet in booklets:
        lines += ["", f"## {booklet.letter} {_('Vol. %(volume)s') % {'volume': booklet.volume}} · "
                      f"{_markdown_escape(booklet.title)}", ""]
        for entry in booklet.entries:
            change = entry.change
            title = change.title
            if isinstance(change, TableChange):
                title = _("Table: %(title)s") % {"title": change.title}
            elif isinstance(change, ExampleChange):
                title = _("Example: %(title)s") % {"title": change.title}
            page = f" ({page_label % {'page': entry.page}})" if entry.page else ""
            lines.append(f"- **{change.rule_id}** {_markdown_escape(title)}: {_kind_label(context, entry)}{page}")
            if isinstance(change, SectionChange) and change.old_title:
                lines.append(f"  - {_markdown_escape(_('formerly “%(title)s”') % {'title': change.old_title})}")
            for paragraph in entry.text:
                lines += ["", f"  > {_markdown_escape(paragraph)}"]
            if entry.text:
                lines.append("")
            if isinstance(change, ExampleChange):
                lines += [f"  - {edit_text(edit, strike, insert)}" for edit in change.edits]
            if isinstance(change, TableChange):
                lines += [f"  - {_markdown_escape(_('Column added: %(name)s') % {'name': name})}"
                          for name in change.columns_added]
                lines += [f"  - {_markdown_escape(_('Column removed: %(name)s') % {'name': name})}"
                          for name in change.columns_removed]
                for row in change.rows:
                    if row.kind is Kind.ADDED:
                        what = _("row added")
                    elif row.kind is Kind.REMOVED:
                        what = _("row removed")
                    else:
                        what = "; ".join(f"{cell.column} ~~{_markdown_escape(str(cell.old))}~~ → "
                                         f"**{_markdown_escape(str(cell.new))}**" for cell in row.cells)
                    lines.append(f"  - {_markdown_escape(row.name)}: {what}")
                if change.note_changed:
                    lines.append(f"  - {_('The note under the table changed.')}")
    terms = change_set.only(context.lang).terms
    if terms:
        lines += ["", f"## {_('Glossary')}", ""]
        for term in terms:
            if term.kind.value == "renamed":
                text = _("Renamed: %(old)s → %(new)s") % {"old": term.old, "new": term.new}
            elif term.kind.value == "added":
                text = _("New term: %(word)s") % {"word": term.new}
            else:
                text = _("Term removed: %(word)s") % {"word": term.old}
            lines.append(f"- {_markdown_escape(text)}")
    return "\n".join(lines) + "\n"
