"""What ``sw28`` imports before it knows it has work to do.

A command imports its own module only, and ``sw28 build`` reads the
registries behind its choices and help (targets, editions) only when a value
is checked or the help printed: a build whose record is current never
imports the typesetter, the templates, the Markdown parser or the rules engine.
"""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import PROJECT

HEAVY = ("weasyprint", "jinja2", "markdown_it", "pikepdf", "pypdf", "sacredwire.engine", "sacredwire.load",
         "sacredwire.editions", "sacredwire.outputs")


def _imported_after(code: str) -> dict:
    """Run ``code`` in a fresh interpreter; the JSON it prints last."""
    result = subprocess.run([sys.executable, "-c", code], cwd=PROJECT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def _parse_build(*line: str) -> dict:
    return _imported_after(
        "import json, sys\n"
        "from sacredwire.cli import _parser\n"
        "from sacredwire.commands import register\n"
        "register('build')\n"
        f"args = _parser().parse_args({['build', *line]!r})\n"
        f"print(json.dumps({{'edition': args.edition, 'heavy': [m for m in {HEAVY!r} if m in sys.modules],\n"
        "                   'commands': sorted(m for m in sys.modules if m.startswith('sacredwire.commands.'))}))\n")


def test_parsing_a_build_line_imports_no_typesetter_nor_registry() -> None:
    found = _parse_build("core-rules", "--lang", "en", "--out", "elsewhere")
    assert found == {"edition": "all", "heavy": [], "commands": ["sacredwire.commands.build"]}


def test_an_edition_named_is_checked_against_the_registry() -> None:
    found = _parse_build("core-rules", "--edition", "screen")
    assert found["edition"] == "screen"
    assert "sacredwire.editions" in found["heavy"]


def test_a_line_naming_no_command_registers_every_command() -> None:
    found = _imported_after(
        "import json\n"
        "from sacredwire.cli import COMMANDS\n"
        "from sacredwire.commands import MODULES, register\n"
        "register(None)\n"
        "print(json.dumps({'commands': sorted(COMMANDS), 'modules': sorted(MODULES)}))\n")
    assert found["commands"] == found["modules"]
    assert "build" in found["commands"]


def test_the_help_of_build_names_every_target_and_edition() -> None:
    from sacredwire.editions import EDITIONS

    result = subprocess.run([sys.executable, "-m", "sacredwire", "build", "--help"], cwd=PROJECT,
                            capture_output=True, text=True, env={"COLUMNS": "400", "PATH": ""})
    assert result.returncode == 0, result.stderr
    assert "quick-reference" in result.stdout
    assert len(EDITIONS) == 4
    for name, edition in EDITIONS.items():
        assert f"{name}: {edition.description}" in result.stdout
