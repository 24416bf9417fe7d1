"""The squad files in ``content/squads/``: each a legal squad, and the Sample Models table prints what they cost.

The Sample Models of Vol. 2 print each model's cost, Health, Move and dice;
the sample rosters are the same models as squad files. The engine computes
those values from the rosters, and any value the table prints differently is
a finding: the printed costs come from the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..diagnostics import ContentError, Diagnostic, Severity
from ..engine_adapter import RulesTableError, rules_from_tables
from ..ids import TableId
from ..kit.squad import SquadChecker, read_squad
from ..model import Rulebook
from . import check

SQUAD_FOLDER = "content/squads"
SAMPLE_TABLE = "sample-models"
# What the table prints and what the engine computes for the model of the same contract.
SAMPLE_COLUMNS = ("cost", "health", "move", "combat", "defense", "wits")


def _check_files(rulebook: Rulebook, files: list[Path]) -> tuple[list[Diagnostic], dict]:
    """The findings of every squad file, and the first model of each contract the files hold."""
    checker = SquadChecker(rulebook, rules_from_tables(rulebook), rulebook.meta.languages[0])
    findings: list[Diagnostic] = []
    computed: dict = {}
    for path in files:
        rel = f"{SQUAD_FOLDER}/{path.name}"
        try:
            report = read_squad(path, rel, checker)
        except ContentError as error:
            findings.append(Diagnostic("SQUAD001", Severity.ERROR, error.location, error.message,
                                       "see 'Squad files' in README.md"))
            continue
        findings += [Diagnostic("SQUAD001", Severity.ERROR, finding.location, f"{finding.message} ({finding.rule.id})",
                                "a sample squad must be legal") for finding in report.findings]
        for model in report.models:
            computed.setdefault(model.contract, (model, rel))
    return findings, computed


@check("squads")
def squad_files(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """Every squad file passes ``sw28 squad``; every Sample Models value is the engine's."""
    folder = Path(rulebook.root) / SQUAD_FOLDER
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if not files:
        return
    try:
        findings, computed = _check_files(rulebook, files)
    except (RulesTableError, ValueError, KeyError, StopIteration):
        # The tables or rule sections the squad rules name are missing or renamed: the
        # table, ID and metadata checks report that, and no squad can be checked meanwhile.
        return
    yield from findings
    table = rulebook.tables.get(TableId(SAMPLE_TABLE))
    if table is None:
        return
    for row in table.rows:
        if row.key not in computed:
            yield Diagnostic("SQUAD002", Severity.ERROR, row.location,
                             f"sample model {row.key} is in no squad file of {SQUAD_FOLDER}",
                             "add it to a sample roster, so the engine computes what the table prints")
            continue
        model, rel = computed[row.key]
        engine = {"cost": model.cost, "health": model.health, "move": model.move, **model.dice}
        for column in SAMPLE_COLUMNS:
            if column in row.cells and row.cells[column] != engine.get(column):
                yield Diagnostic("SQUAD002", Severity.ERROR, row.location,
                                 f"table {SAMPLE_TABLE}, row {row.key}: {column} is {row.cells[column]}, but the "
                                 f"engine computes {engine.get(column)} for {model.name} in {rel}",
                                 "print the engine's value, or change the squad file")
