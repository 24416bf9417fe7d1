"""``content/rules.yaml``: the numbers rules state that no table holds, by section."""

from __future__ import annotations

import re
from pathlib import Path

from ..diagnostics import ContentError
from ..ids import RuleId
from ..model import PARAMETER_UNITS, RuleParameter
from ._yaml import Fields, read_yaml

RULES_FILE = "content/rules.yaml"

# Lower-case words joined by underscores: ``fall_step``, ``blessing_rolls``.
_NAME = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$", re.ASCII)
# What a ``dice`` parameter may hold: ``2d6``, ``d8``, ``1d6``.
_DICE = re.compile(r"^\d{0,2}d\d{1,2}$", re.ASCII)


def read_parameters(root: Path, booklet_keys: tuple[str, ...], table_files: tuple[str, ...] = ()
                    ) -> tuple[dict[tuple[RuleId, str], RuleParameter], tuple[str, ...], tuple[str, ...]]:
    """Every rule parameter of ``content/rules.yaml``, the booklets whose prose is checked for numbers
    typed by hand, and the table files (``core`` for ``tables/core.yaml``, of ``table_files``) whose
    words are (none of any when the file is absent)."""
    path = root / RULES_FILE
    if not path.is_file():
        return {}, (), ()
    fields = Fields(read_yaml(path, RULES_FILE), RULES_FILE, "rule parameters file")
    fields.only("checked_booklets", "checked_tables", "parameters")
    checked = fields.get("checked_booklets", list, [])
    for key in checked:
        if key not in booklet_keys:
            raise fields.error(f"checked_booklets: {key!r} is not a booklet of content/book.yaml "
                               f"({', '.join(booklet_keys)})")
    checked_tables = fields.get("checked_tables", list, [])
    for name in checked_tables:
        if name not in table_files:
            raise fields.error(f"checked_tables: {name!r} is not a file of content/tables/ "
                               f"({', '.join(sorted(table_files))})")
    sections = fields.require("parameters", dict)
    found: dict[tuple[RuleId, str], RuleParameter] = {}
    for section_key, entries in sections.items():
        try:
            section = RuleId.parse(str(section_key))
        except ValueError as exc:
            raise ContentError(fields.location, f"{RULES_FILE}: {exc}") from None
        group = Fields(entries, RULES_FILE, f"the parameters of {section}", fields.location.line)
        for name, raw in entries.items():
            if not isinstance(name, str) or not _NAME.match(name):
                raise group.error(f"parameter name {name!r} of {section}: lower-case words joined by "
                                  f"underscores, e.g. fall_step")
            entry = Fields(raw, RULES_FILE, f"parameter {section} {name}", group.location.line)
            entry.only("value", "unit", "about")
            unit = entry.require("unit", str)
            if unit not in PARAMETER_UNITS:
                raise entry.error(f"parameter {section} {name}: unknown unit {unit!r} "
                                  f"(units: {', '.join(PARAMETER_UNITS)})")
            value = entry.require("value", (int, str))
            if unit == "dice":
                if not isinstance(value, str) or not _DICE.match(value):
                    raise entry.error(f"parameter {section} {name}: a dice value is written like 2d6 or d8, "
                                      f"not {value!r}")
            elif not isinstance(value, int):
                raise entry.error(f"parameter {section} {name}: a value in {unit} is a whole number, "
                                  f"not {value!r}")
            found[(section, name)] = RuleParameter(section, name, value, unit, entry.location)
    return found, tuple(checked), tuple(checked_tables)
