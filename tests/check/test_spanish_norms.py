"""The Spanish norms and the glossary's forms: one planted fault of each kind is reported.

A copy of the real content gets one paragraph of faults in a Spanish section,
faults in the ``es:`` words of a table and of the catalog, and an English
word the glossary forbids; each must come back with its code, file and line,
and the real content must stay clean.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import PROJECT, copy_project

from sacredwire.check import run_checks
from sacredwire.load import load_rulebook

SECTION = "content/requisitions/es/06-fumbles.md"
ENGLISH = "content/requisitions/en/06-fumbles.md"
TABLE = "content/tables/requisitions-weapons.yaml"
CATALOG = "locales/es/LC_MESSAGES/messages.po"
FAMILIES = {"spanish", "glossary"}

# One fault per line, each after the section's last line: (code, text of the line).
MARKDOWN_FAULTS = [
    ("ES001", "Lo explica el Vol. 2 entero."),
    ("ES002", "Si dudas, ver {C4.17} antes de tirar."),
    ("ES003", "El atacante pifia (como indica {C4.17}) y tira."),
    ("ES004", "Falla el 50% de las veces."),
    ("ES005", "El total es 5 + 2 - 2 = 5."),
    ("ES006", "Hay una regla: Todo ataque cuenta."),
    ("ES007", "Después tiráis los dados."),
    ("ES007", "Usted elige el arma."),
    ("ES008", "Tira el d6 de la tabla y"),
    ("", "consulta el resultado."),
    ("ES009", "El atacante pierde 2"),
    ("", "miniaturas de su plantilla."),
    ("ES010", "El atacante pifia, véase {C4.17}."),
    ("GLOSS001", "Lo explica este libreto."),
    ("GLOSS002", "Al final de la Ronda 3 termina."),
]


def _append(path: Path, lines: list[str]) -> int:
    """Append ``lines`` as one paragraph; the line number of the first."""
    text = path.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    first = text.count("\n") + 1
    path.write_text(text + "\n".join(lines) + "\n", encoding="utf-8")
    return first


def _replace(path: Path, old: str, new: str) -> int:
    """Replace ``old`` (once) in ``path``; the line it is on."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[set, set]:
    """(what the checks report, what was planted), each as (code, file, line)."""
    root = copy_project(tmp_path_factory.mktemp("spanish"))
    first = _append(root / SECTION, [text for _, text in MARKDOWN_FAULTS])
    planted = {(code, SECTION, first + index) for index, (code, _) in enumerate(MARKDOWN_FAULTS) if code}
    line = _replace(root / TABLE, "es: Sin armas}", "es: 'Sin armas según el Vol. 2 (ver {A3.1})'}")
    planted |= {("ES001", TABLE, line), ("ES002", TABLE, line), ("ES003", TABLE, line)}
    line = _replace(root / ENGLISH, "it turns on its user.", "it turns on its user this turn.")
    planted.add(("GLOSS001", ENGLISH, line))
    # The catalog reports a message at its msgid, the line before its msgstr.
    # The reference with a page (the one without has its own message); a no-break space after "vol.".
    line = _replace(root / CATALOG, "msgstr \"(%(id)s, vol.\u00a0%(volume)s, pág.",
                    "msgstr \"(%(id)s, Vol.\u00a0%(volume)s, pág.")
    planted.add(("ES001", CATALOG, line - 1))
    results = run_checks(load_rulebook(root), FAMILIES)
    return {(finding.code, finding.location.file, finding.location.line) for finding in results}, planted


def test_each_planted_fault_is_reported_at_its_line(checked: tuple[set, set]) -> None:
    found, planted = checked
    assert len(planted) == len([code for code, _ in MARKDOWN_FAULTS if code]) + 5
    assert sorted(planted - found) == []


def test_every_code_is_planted() -> None:
    codes = {code for code, _ in MARKDOWN_FAULTS if code}
    assert codes == {f"ES{n:03}" for n in range(1, 11)} | {"GLOSS001", "GLOSS002"}


def test_real_content_is_clean() -> None:
    results = run_checks(load_rulebook(PROJECT), FAMILIES)
    assert not results, "\n".join(str(finding) for finding in results)
