"""Designer-supplied art: an image without its licence, or too few pixels for print, is a finding."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import copy_project, run_sw28
from PIL import Image

from sacredwire.check import run_checks
from sacredwire.load import load_rulebook

# 50.8 mm (2 in) wide: 200, 400 and 600 pixels print at 100, 200 and 300 ppi.
WIDTH_MM = 50.8


def _project(tmp_path: Path, entries: str, images: dict[str, int]) -> Path:
    root = copy_project(tmp_path / "project")
    art = root / "content" / "art"
    art.mkdir()
    for name, pixels in images.items():
        Image.new("RGB", (pixels, pixels // 2), (120, 90, 60)).save(art / name)
    (art / "art.yaml").write_text("images:\n" + entries, encoding="utf-8")
    return root


def _entry(name: str, licence: bool = True) -> str:
    text = f"  - file: {name}\n    source: https://example.org/{name}\n    author: A. Painter\n"
    if licence:
        text += "    licence: CC BY 4.0\n"
    return text + f"    width: {WIDTH_MM}mm\n"


def _art_findings(root: Path) -> list[tuple[str, str, str]]:
    findings = run_checks(load_rulebook(root), families={"art"})
    return [(finding.code, finding.severity.name, finding.message) for finding in findings]


@pytest.mark.parametrize(("pixels", "expected"), [
    (200, [("ART003", "ERROR", "ppi.png prints at 100 ppi")]),
    (400, [("ART004", "WARNING", "ppi.png prints at 200 ppi")]),
    (600, []),
])
def test_resolution_at_printed_size(tmp_path: Path, pixels: int, expected: list) -> None:
    root = _project(tmp_path, _entry("ppi.png"), {"ppi.png": pixels})
    found = [(code, severity, message.split(" at 50.8")[0]) for code, severity, message in _art_findings(root)]
    assert found == expected


def test_licence_missing_or_unrecorded(tmp_path: Path) -> None:
    root = _project(tmp_path, _entry("recorded.png", licence=False), {"recorded.png": 600, "unknown.png": 600})
    found = _art_findings(root)
    assert ("ART001", "ERROR", "recorded.png has no licence recorded") in found
    assert ("ART001", "ERROR", "unknown.png has no source, author or licence recorded") in found
    assert len(found) == 2


def test_width_missing_file_missing_and_not_an_image(tmp_path: Path) -> None:
    entries = (_entry("broken.png") + _entry("gone.png")
               + "  - file: narrow.png\n    source: s\n    author: a\n    licence: l\n")
    root = _project(tmp_path, entries, {"narrow.png": 600})
    (root / "content" / "art" / "broken.png").write_text("not an image", encoding="utf-8")
    found = {(code, message) for code, _, message in _art_findings(root)}
    assert found == {("ART000", "broken.png is not a readable image"),
                     ("ART005", "gone.png is recorded but not in art/"),
                     ("ART002", "narrow.png gives no printed width")}


def test_check_command_reports_art_findings_with_file_and_line(tmp_path: Path) -> None:
    root = _project(tmp_path, _entry("soft.png"), {"soft.png": 200})
    result = run_sw28("check", cwd=root)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "content/art/art.yaml:2: ART003 soft.png prints at 100 ppi" in result.stdout + result.stderr


def test_placed_but_unrecorded_image_is_a_finding_at_its_line(tmp_path: Path) -> None:
    root = _project(tmp_path, _entry("recorded.png"), {"recorded.png": 600})
    path = root / "content" / "campaign" / "en" / "k1-setting-up.md"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    heading = next(index for index, line in enumerate(lines) if line.startswith("## K1.1 "))
    lines[heading + 1:heading + 1] = ["\n", "{art: recorded.png | Recorded}\n", "\n", "{art: stray.png | Stray}\n"]
    path.write_text("".join(lines), encoding="utf-8")
    found = [(finding.code, finding.location.file, finding.location.line, finding.message)
             for finding in run_checks(load_rulebook(root), families={"art"})]
    assert found == [("ART006", "content/campaign/en/k1-setting-up.md", heading + 5,
                      "{art: stray.png} places an image that art/art.yaml does not record")]


def test_a_placement_must_name_a_file_of_the_art_folder(tmp_path: Path) -> None:
    root = _project(tmp_path, _entry("recorded.png"), {"recorded.png": 600})
    path = root / "content" / "campaign" / "en" / "k1-setting-up.md"
    path.write_text(path.read_text(encoding="utf-8") + "\n{art: ../../book.yaml | Escape}\n", encoding="utf-8")
    result = run_sw28("check", cwd=root)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "k1-setting-up.md:" in result.stderr + result.stdout
    assert "must name an image file of content/art/" in result.stderr + result.stdout


def test_an_image_wider_than_the_text_column_is_a_finding(tmp_path: Path) -> None:
    entry = _entry("wide.png").replace(f"width: {WIDTH_MM}mm", "width: 5in")
    root = _project(tmp_path, entry, {"wide.png": 1500})
    found = [(code, message) for code, _, message in _art_findings(root)]
    assert found == [("ART007", "wide.png prints 127 mm wide, wider than the text column (119 mm)")]
