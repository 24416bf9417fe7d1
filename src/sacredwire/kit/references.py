"""A rule as a player looks it up: its ID, title, volume and, where the pages cited have it, its page."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..build_record import BUILD_FOLDER, BuildRecord
from ..ids import RuleId, TableId
from ..model import Rulebook
from ..render import translations


@dataclass(frozen=True)
class RuleRef:
    """One rule: ``C2.3`` with its title, booklet volume and page (None when the pages cited lack it)."""

    id: RuleId
    title: str
    volume: int
    booklet: str
    page: int | None

    def cite(self, lang: str, locales: str) -> str:
        """``(C2.3, Vol. 1, p. 9)``, in ``lang``; without a page when it has none."""
        fields = {"id": str(self.id), "volume": self.volume, "page": self.page}
        gettext = translations(locales, lang).gettext
        if self.page is None:
            cited = gettext("(%(id)s, Vol.\u00a0%(volume)s)") % fields
        else:
            cited = gettext("(%(id)s, Vol.\u00a0%(volume)s, p.\u00a0%(page)s)") % fields
        # The booklets' no-break spaces; a terminal line or a form field wraps where it must.
        return cited.replace("\u00a0", " ")

    def as_json(self) -> dict[str, object]:
        return {"id": str(self.id), "title": self.title, "volume": self.volume, "booklet": self.booklet,
                "page": self.page, "anchor": self.id.anchor}


def last_build_pages(rulebook: Rulebook, lang: str) -> dict[str, dict[str, int]]:
    """The pages the last ``sw28 build`` into the project's build folder measured in ``lang`` (booklet ->
    anchor -> page), none before any build: what the player's commands cite."""
    record = BuildRecord.read(Path(rulebook.root) / BUILD_FOLDER)
    return {booklet: dict(anchors) for booklet, anchors in (record.pages.get(lang, {}) if record else {}).items()}


class RuleIndex:
    """Rule IDs to :class:`RuleRef`, and which section prints each table, in one language.

    ``pages`` (booklet -> anchor -> page) are the printed pages cited; a rule
    they do not have is cited without a page.
    """

    def __init__(self, rulebook: Rulebook, lang: str, pages: Mapping[str, Mapping[str, int]]):
        self.rulebook = rulebook
        self.lang = lang
        self.locales = str(Path(rulebook.root) / "locales")
        self._sections = rulebook.sections(lang)
        self._pages = pages
        self._table_sections: dict[TableId, RuleId] = {}
        for (_, booklet_lang), booklet in sorted(rulebook.booklets.items()):
            if booklet_lang != lang:
                continue
            for section in booklet.all_sections():
                for placement in section.tables:
                    if not placement.in_summary:
                        self._table_sections.setdefault(placement.table, section.id)

    def rule(self, rule_id: RuleId | str) -> RuleRef:
        """The rule ``rule_id``; ValueError when no booklet of the language has it."""
        target = rule_id if isinstance(rule_id, RuleId) else RuleId.parse(rule_id)
        section = self._sections.get(target)
        meta = self.rulebook.meta.booklet_for_letter(target.letter)
        if section is None or meta is None:
            raise ValueError(f"no rule {target} in the {self.lang} booklets")
        page = self._pages.get(meta.key, {}).get(target.anchor)
        return RuleRef(target, section.title, meta.volume, meta.key, page)

    def for_table(self, table: str) -> RuleRef:
        """The rule whose section prints ``table``."""
        section = self._table_sections.get(TableId(table))
        if section is None:
            raise ValueError(f"no section of the {self.lang} booklets prints the table {table!r}")
        return self.rule(section)

    def cite(self, rule: RuleRef) -> str:
        return rule.cite(self.lang, self.locales)
