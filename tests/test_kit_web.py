"""The squad builder and mission generator pages in headless Chromium: the same verdicts as the commands.

The browser side runs the site's own scripts (kit-data.js, kit-core.js) over every squad file of
tests/data/squads and content/squads, in both languages, and each verdict (unusable, or the
findings with line, rule and message) must equal ``sw28 squad``'s; the generator must roll what
``sw28 mission`` rolls for the same seed. An axe-core check runs when ``$SW28_AXE`` names axe.min.js.
"""

from __future__ import annotations

import html
import json
import os
import re
import urllib.parse
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

import pytest
from conftest import PROJECT
from test_web_browser import CHROMIUM, DESKTOP, chromium, dom

from sacredwire.diagnostics import ContentError
from sacredwire.engine_adapter import rules_from_tables
from sacredwire.kit.mission import MissionRoller
from sacredwire.kit.squad import SquadChecker, SquadReport
from sacredwire.load import load_rulebook

pytestmark = pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed")

SQUAD_FILES = sorted((PROJECT / "tests" / "data" / "squads").glob("*.yaml")) + \
    sorted((PROJECT / "content" / "squads").glob("*.yaml"))
# Files the command cannot read as squad files: the builder must say so too.
UNUSABLE = {
    "unknown-key.yaml": "squad: x\nmodels:\n  - name: a\n    colour: red\n",
    "not-a-list.yaml": "squad: x\nmodels: 3\n",
    "malformed.yaml": "squad: x\nmodels: [\n",
    "negative-evidence.yaml": "squad: x\ncampaign: {evidence: -1}\nmodels: []\n",
}
SEEDS = (0, 7, 42, 999, 123456)
PROBE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>kit probe</title></head><body>
<pre id="result"></pre>
<script src="kit-data.js"></script><script src="kit-core.js"></script>
<script>
var files = %(files)s, seeds = %(seeds)s, out = {squads: {}, missions: {}};
["en", "es"].forEach(function (lang) {
  Object.keys(files).forEach(function (name) {
    var verdict;
    try {
      var report = SW28Kit.checkSquad(files[name], lang, name);
      verdict = {findings: report.findings.map(function (f) { return [f.line, f.rule.id, f.message]; }),
                 spent: report.spent, models: report.models.map(function (m) {
                   return [m.name, m.cost, m.dice, m.move, m.health]; })};
    } catch (e) {
      if (!(e instanceof SW28Kit.Unusable)) { throw e; }
      verdict = {unusable: e.message.indexOf("malformed YAML") === 0 ? "syntax" : e.line};
    }
    out.squads[lang + ":" + name] = verdict;
  });
  seeds.forEach(function (seed) {
    var squads = seed %% 2 ? [{evidence: 4, leads: 1}, {evidence: 1, leads: 0}] : null;
    out.missions[lang + ":" + seed] = SW28Kit.rollMission(seed, lang, squads)
      .rolls.map(function (r) { return [r.table, r.faces, r.row]; });
  });
});
document.getElementById("result").textContent = JSON.stringify(out);
</script></body></html>
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, web_site: Mapping[PurePosixPath, bytes]) -> Path:
    root = tmp_path_factory.mktemp("kit-site")
    for path, data in web_site.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    return root


def _files() -> dict[str, str]:
    files = {path.name: path.read_text(encoding="utf-8") for path in SQUAD_FILES}
    files.update(UNUSABLE)
    return files


def _command_verdict(checker: SquadChecker, name: str, text: str) -> dict:
    try:
        report: SquadReport = checker.check_text(text, name)
    except ContentError as error:
        # Two YAML parsers may place a syntax error on neighbouring lines; every other error's line is the same.
        return {"unusable": "syntax" if error.message.startswith("malformed YAML") else error.location.line}
    return {"findings": [[finding.location.line, str(finding.rule.id), finding.message] for finding in report.findings],
            "spent": report.spent,
            "models": [[model.name, model.cost, model.dice, model.move, model.health] for model in report.models]}


@pytest.fixture(scope="module")
def probe(site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    (site / "kit-probe.html").write_text(PROBE % {"files": json.dumps(_files()), "seeds": json.dumps(SEEDS)},
                                         encoding="utf-8")
    result = chromium(tmp_path_factory.mktemp("chromium"), "--dump-dom", (site / "kit-probe.html").as_uri())
    found = re.search(r'<pre id="result">(.*)</pre>', result.stdout, re.S)
    assert found and found.group(1), result.stderr[-2000:]
    assert "CONSOLE" not in result.stderr
    return json.loads(html.unescape(found.group(1)))


def test_the_builder_gives_the_commands_verdicts(probe: dict) -> None:
    rulebook = load_rulebook(PROJECT)
    rules = rules_from_tables(rulebook)
    files = _files()
    assert len(files) >= 30
    compared = 0
    verdicts = set()
    for lang in ("en", "es"):
        checker = SquadChecker(rulebook, rules, lang)
        for name, text in files.items():
            expected = _command_verdict(checker, name, text)
            assert probe["squads"][f"{lang}:{name}"] == expected, (lang, name)
            verdicts.add("unusable" if "unusable" in expected else "findings" if expected["findings"] else "ok")
            compared += 1
    kinds = len(verdicts)
    assert compared == 2 * len(files) and kinds == 3


def test_the_generator_rolls_what_the_command_rolls(probe: dict) -> None:
    from sacredwire.engine.campaign import SquadProgress

    rulebook = load_rulebook(PROJECT)
    for lang in ("en", "es"):
        roller = MissionRoller(rulebook, rules_from_tables(rulebook), lang)
        for seed in SEEDS:
            squads = (SquadProgress(4, 1), SquadProgress(1, 0)) if seed % 2 else None
            expected = [[roll.table, list(roll.faces), roll.row] for roll in roller.roll(seed, squads).rolls]
            assert probe["missions"][f"{lang}:{seed}"] == expected, (lang, seed)


def test_the_builder_page_checks_a_loaded_squad(site: Path, tmp_path: Path) -> None:
    text = (PROJECT / "tests" / "data" / "squads" / "brute-carbine.yaml").read_text(encoding="utf-8")
    url = (site / "es" / "squad.html").as_uri() + "#yaml=" + urllib.parse.quote(text)
    page = dom(tmp_path, url, DESKTOP)
    assert 'data-verdict="findings"' in page
    assert re.findall(r'<li data-rule="([^"]+)">', page) == ["C2.3", "C2.3"]
    # Each problem links to its rule's section, in the page's language.
    assert 'href="core-rules.html#C2.3"' in page
    assert "<textarea" in page and "Tobias Valdez" in page
    valid = (PROJECT / "content" / "squads" / "sample-roster-a.yaml").read_text(encoding="utf-8")
    page = dom(tmp_path, (site / "en" / "squad.html").as_uri() + "#yaml=" + urllib.parse.quote(valid), DESKTOP)
    assert 'data-verdict="ok"' in page and "59 of 60 subs spent, 1 left" in page
    assert page.count('class="kit-card"') == 5


def test_the_generator_page_shares_a_mission_by_url(site: Path, tmp_path: Path) -> None:
    rulebook = load_rulebook(PROJECT)
    expected = [roll.row for roll in MissionRoller(rulebook, rules_from_tables(rulebook), "es").roll(7).rolls]
    page = dom(tmp_path, (site / "es" / "mission.html").as_uri() + "?seed=7", DESKTOP)
    assert re.findall(r'<tr data-row="([^"]+)"', page) == expected
    assert "Semilla 7" in page and "<svg" in page
    # The language switch keeps the seed.
    assert re.search(r'<a class="lang-switch" href="\.\./en/mission\.html\?seed=7"', page)


def test_no_inline_scripts_or_handlers(site: Path) -> None:
    for name in ("squad.html", "mission.html"):
        for lang in ("en", "es"):
            text = (site / lang / name).read_text(encoding="utf-8")
            assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", text) == []
            assert not re.search(r"\son[a-z]+\s*=", text)


AXE = os.environ.get("SW28_AXE", "")
AXE_PROBE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>axe</title></head><body>
<iframe id="frame" title="page" style="width:1200px;height:900px" src="%(page)s"></iframe><pre id="result"></pre>
<script src="axe.min.js"></script>
<script>
document.getElementById("frame").onload = function () {
  var win = document.getElementById("frame").contentWindow;
  var script = win.document.createElement("script");
  script.src = "../axe.min.js";
  script.onload = function () {
    win.axe.run(win.document, {runOnly: ["wcag2a", "wcag2aa"]}).then(function (r) {
      document.getElementById("result").textContent = JSON.stringify(r.violations.map(function (v) {
        return {id: v.id, impact: v.impact, nodes: v.nodes.length}; }));
    });
  };
  win.document.head.appendChild(script);
};
</script></body></html>
"""


@pytest.mark.skipif(not AXE or not Path(AXE).is_file(), reason="set $SW28_AXE to axe-core's axe.min.js")
@pytest.mark.parametrize("page", ["en/squad.html", "es/squad.html", "en/mission.html?seed=7",
                                  "es/mission.html?seed=3&squads=4:1,0:0"])
def test_axe_finds_no_serious_violations(site: Path, tmp_path: Path, page: str) -> None:
    (site / "axe.min.js").write_bytes(Path(AXE).read_bytes())
    (site / "axe-probe.html").write_text(AXE_PROBE % {"page": page}, encoding="utf-8")
    result = chromium(tmp_path, "--allow-file-access-from-files", "--virtual-time-budget=20000", "--dump-dom",
                      (site / "axe-probe.html").as_uri())
    found = re.search(r'<pre id="result">(.*)</pre>', result.stdout, re.S)
    assert found and found.group(1), result.stderr[-2000:]
    violations = json.loads(html.unescape(found.group(1)))
    assert [v for v in violations if v["impact"] in ("serious", "critical")] == [], violations
