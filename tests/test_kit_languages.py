"""The player's kit prints a table's words in the language asked for, never another language's."""

from __future__ import annotations

from pathlib import Path

from conftest import copy_project, replace_once, run_sw28

from sacredwire.diagnostics import ContentError
from sacredwire.kit.catalogue import Catalogue, Kind
from sacredwire.load import load_rulebook


def test_a_name_a_language_lacks_is_refused_where_the_table_gives_it(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    tables = project / "content" / "tables" / "core.yaml"
    replace_once(tables, "name: {en: Boss, es: Jefe}", "name: {en: Boss}")
    line = tables.read_text(encoding="utf-8").splitlines().index("        name: {en: Boss}") + 1
    catalogue = Catalogue(load_rulebook(project))
    boss = catalogue.find(Kind.CONTRACT, "Boss")
    assert boss is not None and boss.name("en") == "Boss"
    try:
        boss.name("es")
    except ContentError as error:
        assert error.message == "table contract-types, row boss, cell 'name' has no es text"
        # The row's own line, as the check's TBL007 gives it.
        assert (error.location.file, error.location.line) == ("content/tables/core.yaml", line - 1)
    else:
        raise AssertionError("the Spanish name fell back to another language")

    # The command says where, as every content error, and prints no English in its place.
    squad = project / "content" / "squads" / "sample-roster-a.yaml"
    result = run_sw28("squad", "--lang", "es", str(squad), cwd=project)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert f"content/tables/core.yaml:{line - 1}: error: table contract-types, row boss, cell 'name' has no es text" \
        in result.stderr + result.stdout, result.stdout + result.stderr
    assert "Boss" not in result.stdout
