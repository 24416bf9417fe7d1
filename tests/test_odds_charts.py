"""The odds charts the booklets print come from the engine: cells read back from the PDFs match ``sw28 odds``."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from sacredwire.cli import main

TITLES = {"en": "Chance that the attacker wins", "es": "Probabilidad de que gane el atacante"}
EXAMPLE_LINES = {"en": "tokens in the bag", "es": "fichas en la bolsa"}
_ROW = re.compile(r"(?:^|\s)(2d(?:4|6|8|10|12))\s+((?:\d+\s?%\s+){4}\d+\s?%)")


def chart_rows(pdf: Path, title: str) -> dict[str, list[int]]:
    """Attacker tier -> the five percentages printed after the chart's title."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert title in text, f"{title!r} is not printed in {pdf.name}"
    rows: dict[str, list[int]] = {}
    # On a page of several columns the chart's rows share lines with its neighbours: look further down.
    for line in text[text.index(title):].splitlines()[1:40]:
        match = _ROW.search(line)
        if match and match[1] not in rows:
            rows[match[1]] = [int(value) for value in re.findall(r"(\d+)\s?%", match[2])]
        if len(rows) == 5:
            break
    return rows


def engine_percent(attacker: str, defender: str, capsys) -> int:
    assert main(["odds", attacker, defender, "--json"]) == 0
    return round(100 * json.loads(capsys.readouterr().out)["p_win"])


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("target", ["core-rules", "quick-reference"])
def test_the_printed_chart_is_the_engines(build_dir: Path, lang: str, target: str, capsys):
    rows = chart_rows(build_dir / lang / "screen" / f"{target}.pdf", TITLES[lang])
    tiers = ["2d4", "2d6", "2d8", "2d10", "2d12"]
    assert list(rows) == tiers
    for attacker, defender in (("2d4", "2d6"), ("2d6", "2d4"), ("2d8", "2d12"), ("2d12", "2d10"), ("2d6", "2d6")):
        assert rows[attacker][tiers.index(defender)] == engine_percent(attacker, defender, capsys), \
            (attacker, defender)


@pytest.mark.parametrize("lang, words", [("en", "Nine tokens remain."), ("es", "Quedan nueve fichas.")])
def test_example_fields_print_their_values(build_dir: Path, lang: str, words: str):
    text = subprocess.run(["pdftotext", str(build_dir / lang / "screen" / "core-rules.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    flat = " ".join(text.split())
    assert words in flat and "{$" not in flat
    assert "12 " + EXAMPLE_LINES[lang] in flat
