"""``sw28 squad``: squad files checked against the rules, each broken rule named by its ID."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from conftest import PROJECT, run_sw28

from sacredwire.engine.gear import WeaponClass
from sacredwire.engine.squad import WeaponAccess
from sacredwire.engine_adapter import rules_from_tables
from sacredwire.ids import TableId
from sacredwire.kit.catalogue import Kind
from sacredwire.kit.findings import finding_words
from sacredwire.kit.squad import SquadChecker, SquadReport, read_squad
from sacredwire.load import load_rulebook
from sacredwire.model import Text
from sacredwire.rule_fields import table_words

SQUADS = PROJECT / "tests" / "data" / "squads"
SAMPLES = sorted((PROJECT / "content" / "squads").glob("sample-*.yaml"))
CASES = sorted(SQUADS.glob("*.yaml"))


@pytest.fixture(scope="module")
def checker() -> SquadChecker:
    rulebook = load_rulebook(PROJECT)
    return SquadChecker(rulebook, rules_from_tables(rulebook), "en")


def _check(checker: SquadChecker, path: Path) -> SquadReport:
    return read_squad(path, str(path.relative_to(PROJECT)), checker)


def _expected(path: Path) -> set[str]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = re.match(r"# expect:(.*)$", first)
    assert match, f"{path.name} starts with '# expect: RULE-IDS'"
    return set(match[1].split())


def test_there_are_enough_cases() -> None:
    assert len(CASES) >= 30
    assert sum(1 for path in CASES if not _expected(path)) >= 3


@pytest.mark.parametrize("path", CASES, ids=[path.stem for path in CASES])
def test_each_squad_breaks_exactly_the_rules_it_names(checker: SquadChecker, path: Path) -> None:
    report = _check(checker, path)
    assert {str(finding.rule.id) for finding in report.findings} == _expected(path), \
        [finding.message for finding in report.findings]
    for finding in report.findings:
        assert finding.location.file.endswith(path.name) and finding.location.line >= 1


def test_the_brute_with_a_carbine_reads_like_the_rules(checker: SquadChecker) -> None:
    report = _check(checker, SQUADS / "brute-carbine.yaml")
    texts = [finding.text(checker.index) for finding in report.findings]
    assert any(re.search(r"brute-carbine\.yaml:11: Tobias Valdez: a Carbine is a ranged weapon; a Brute \(Melee\) "
                         r"takes melee weapons only; see Equipment \(C2\.3, Vol\. 1(, p\. \d+)?\)", text)
               for text in texts), texts


def test_a_campaign_squad_applies_promotions_injuries_and_implants(checker: SquadChecker) -> None:
    report = _check(checker, SQUADS / "valid-campaign.yaml")
    assert report.findings == []
    models = {model.name: model for model in report.models}
    # Fast-track chosen on Combat: 2d8 one tier up.
    assert models["Tobias Valdez"].dice["combat"] == "2d10"
    # Coverage +1 Defense and Exposed -1 cancel; Hobbled is repaired by the Leg, Transfer adds 1".
    sunita = models["Sunita Roche"]
    assert sunita.dice == {"combat": "2d6", "defense": "2d6", "wits": "2d8"}
    assert sunita.move == 5 and sunita.cost == 20
    # Benefits +2 max Health; Diminished -1 DT Combat.
    assert models["Dmitri Osei"].health == 16 and models["Dmitri Osei"].dice["combat"] == "2d6"
    # The subs earned in play add to the starting budget.
    assert report.budget == 68 and report.spent == 67


@pytest.mark.parametrize("path", SAMPLES, ids=[path.stem for path in SAMPLES])
def test_every_sample_roster_passes(checker: SquadChecker, path: Path) -> None:
    assert _check(checker, path).findings == []


def test_the_sample_models_table_prints_what_the_engine_computes(checker: SquadChecker) -> None:
    assert len(SAMPLES) >= 2
    table = next(table for key, table in checker.rulebook.tables.items() if str(key) == "sample-models")
    computed = {model.contract: model for path in SAMPLES for model in _check(checker, path).models}
    assert {row.key for row in table.rows} == set(computed), "every sample model is in a sample roster"
    for row in table.rows:
        model = computed[row.key]
        assert row["cost"] == model.cost, row.key
        assert (row["health"], row["move"]) == (model.health, model.move), row.key
        assert {attribute: row[attribute] for attribute in ("combat", "defense", "wits")} == model.dice, row.key
        # Each price the Gear column prints in brackets is the item's own.
        gear = row["gear"]
        assert isinstance(gear, Text)
        assert gear.values
        for lang in gear.values:
            printed = table_words(gear, checker.rulebook, lang)
            prices = [int(price) for price in re.findall(r"\((\d+)\)", printed)]
            assert sum(prices) == model.cost, (row.key, lang, printed)


def test_cli_exit_codes_and_json(tmp_path: Path) -> None:
    valid = run_sw28("squad", str(SAMPLES[0]), cwd=PROJECT)
    assert valid.returncode == 0, valid.stderr
    assert re.search(r"59 of 60 subs spent, 1 left", valid.stdout)
    assert 'Scout (Scout): 12 subs, 1 left after; Combat 2d6, Defense 2d4, Wits 2d8; Move 6", Health 12' \
        in valid.stdout
    broken = run_sw28("squad", str(SQUADS / "two-bosses.yaml"), cwd=PROJECT)
    assert broken.returncode == 1 and "(C2, Vol. 1" in broken.stdout
    as_json = run_sw28("squad", "--format", "json", "--lang", "es", str(SQUADS / "valid-spanish-names.yaml"),
                       cwd=PROJECT)
    assert as_json.returncode == 0, as_json.stderr
    report = json.loads(as_json.stdout)[0]
    assert report["valid"] and report["spent"] == 59 and report["remaining"] == 1
    assert report["models"][0]["contract_name"] == "Jefe"
    assert report["models"][0]["weapons"][0]["name"] == "Aguja"
    unusable = tmp_path / "broken.yaml"
    unusable.write_text("squad: x\nmodels:\n  - name: a\n    colour: red\n", encoding="utf-8")
    result = run_sw28("squad", str(unusable), cwd=PROJECT)
    assert result.returncode == 2 and re.search(r"broken\.yaml:3: .*unknown key 'colour'", result.stderr), \
        result.stderr
    assert "Traceback" not in result.stderr


def test_a_printed_squad_has_a_roster_and_a_card_per_model(tmp_path: Path) -> None:
    out = tmp_path / "squad.pdf"
    result = run_sw28("squad", "--lang", "es", "--pdf", str(out), str(SAMPLES[-1]), cwd=PROJECT)
    assert result.returncode == 0, result.stderr
    cards, sheets = tmp_path / "squad-cards.pdf", tmp_path / "squad-sheets.pdf"

    def text(path: Path) -> str:
        return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                              check=True).stdout

    roster = text(out)
    assert "Hoja de plantilla" in roster and "60 de 60 subs gastados" in roster
    printed = json.loads(run_sw28("squad", "--format", "json", "--lang", "es", str(SAMPLES[-1]), cwd=PROJECT).stdout)
    models = printed[0]["models"]
    assert len(models) == 5
    for model in models:
        assert model["name"] in roster
    # Front and back per model; the print-shop file has bleed and passes the press preflight.
    card_text = text(cards)
    assert len(card_text.split("\f")) - 1 == 2 * len(models)
    for model in models:
        assert model["contract_name"].upper() in card_text.upper()
        assert model["dice"]["wits"] in card_text
    assert "Aguja d4" in card_text and "C2.4" in card_text
    assert run_sw28("preflight", "--edition", "press", str(cards), cwd=PROJECT).returncode == 0
    assert run_sw28("preflight", "--edition", "home", str(sheets), cwd=PROJECT).returncode == 0
    assert run_sw28("preflight", str(out), cwd=PROJECT).returncode == 0
    # Five cards fit one 3 x 3 sheet: its front and its back.
    assert len(text(sheets).split("\f")) - 1 == 2


def test_check_reports_a_sample_cost_the_engine_does_not_compute(tmp_path: Path) -> None:
    from conftest import copy_project

    project = copy_project(tmp_path)
    samples = project / "content" / "tables" / "requisitions-samples.yaml"
    text = samples.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    # The Boss row's cost: 12 printed, 12 computed; printing 13 is a finding on the Boss row.
    boss = next(number for number, line in enumerate(lines, start=1) if line.strip() == "- key: boss")
    cost = next(number for number in range(boss, len(lines)) if lines[number].strip() == "cost: 12")
    lines[cost] = lines[cost].replace("12", "13")
    samples.write_text("".join(lines), encoding="utf-8")
    # A squad file of the content that breaks a rule is a finding too.
    (project / "content" / "squads" / "short.yaml").write_text(
        "\n".join((SQUADS / "too-few-models.yaml").read_text(encoding="utf-8").splitlines()[1:]) + "\n",
        encoding="utf-8")
    result = run_sw28("check", cwd=project)
    assert re.search(r"content/squads/short\.yaml:1: SQUAD001 a squad has 5 models, not 4 \(C2\)", result.stdout), \
        result.stdout
    assert result.returncode == 1
    assert re.search(rf"content/tables/requisitions-samples\.yaml:{boss}: SQUAD002 table sample-models, row boss: "
                     r"cost is 13, but the engine computes 12", result.stdout), result.stdout
    clean = run_sw28("check", cwd=PROJECT)
    assert clean.returncode == 0 and "SQUAD" not in clean.stdout


def test_a_spanish_squad_check_prints_spanish_findings() -> None:
    # The command's own output: the finding's sentence, the words it names and the line around it, in Spanish.
    armor = run_sw28("squad", "--lang", "es", str(SQUADS / "scout-medium-armor.yaml"), cwd=PROJECT)
    assert armor.returncode == 1, armor.stderr
    # The reference gives the page when the page map is current for these sources (as after a build).
    assert re.search(r"scout-medium-armor\.yaml:28: Scout: Coraza Estándar es armadura de categoría media; "
                     r"un Explorador lleva como máximo armadura de categoría ligera; véase Tipos de contrato "
                     r"\(C2\.4, vol\.\u00a0?\s?1(, pág\.\u00a0?\s?\d+)?\)", armor.stdout), armor.stdout
    bosses = run_sw28("squad", "--lang", "es", str(SQUADS / "two-bosses.yaml"), cwd=PROJECT)
    assert bosses.returncode == 1, bosses.stderr
    assert "two-bosses.yaml:2: una plantilla tiene exactamente un Jefe, no 2; véase" in bosses.stdout
    english = run_sw28("squad", str(SQUADS / "two-bosses.yaml"), cwd=PROJECT)
    assert "two-bosses.yaml:2: a squad has exactly one Boss, not 2; see" in english.stdout


def test_every_key_a_finding_names_has_its_words() -> None:
    # The kinds of entry, weapon classes, contracts' weapon access and the armor tiers of the tables.
    rulebook = load_rulebook(PROJECT)
    tiers = [row.key for row in rulebook.tables[TableId("armor-tiers")].rows]
    keys = {*tiers, *(kind.noun for kind in Kind), *(cls.value for cls in WeaponClass),
            *(access.value for access in WeaponAccess)}
    assert tiers and set(finding_words(rulebook, "en")) >= keys
    spanish = finding_words(rulebook, "es")
    assert [key for key in keys if spanish[key] == key] == []
