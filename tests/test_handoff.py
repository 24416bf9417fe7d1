"""Print hand-off: a note in each edition folder says what each file is for and where to send it, in both
languages; preflight says which profile it checked and what the default one leaves unchecked."""

from __future__ import annotations

from pathlib import Path

from conftest import PROJECT, copy_project, run_sw28

MINIMAL = PROJECT / "tests" / "roots" / "minimal" / "content"


def test_every_edition_folder_has_a_note_in_both_languages(tmp_path: Path) -> None:
    project = copy_project(tmp_path, MINIMAL)
    result = run_sw28("build", "core-rules", cwd=project)
    assert result.returncode == 0, result.stderr
    folders = sorted((project / "build" / "en").iterdir())
    assert [folder.name for folder in folders] == ["home", "pod", "press", "screen"]
    for folder in folders:
        note = (folder / "README.txt").read_text(encoding="utf-8")
        english, spanish = note.split("\nESPAÑOL\n")
        assert "ENGLISH" in english
        for pdf in folder.glob("*.pdf"):
            assert f"\n{pdf.name}\n" in english and f"\n{pdf.name}\n" in spanish, (folder.name, pdf.name)
    pod = (project / "build/en/pod/README.txt").read_text(encoding="utf-8")
    assert "INTERIOR" in pod and "COVER" in pod and "print-on-demand" in pod and "bajo demanda" in pod
    home = (project / "build/en/home/README.txt").read_text(encoding="utf-8")
    assert "SHORT edge" in home and "actual size" in home and "borde CORTO" in home and "tamaño real" in home
    assert "3 mm bleed" in (project / "build/en/press/README.txt").read_text(encoding="utf-8")
    assert "Not for printing" in (project / "build/en/screen/README.txt").read_text(encoding="utf-8")


def test_preflight_states_its_profile_and_what_the_default_leaves_unchecked(tmp_path: Path) -> None:
    project = copy_project(tmp_path, MINIMAL)
    assert run_sw28("build", "core-rules", "--edition", "press", cwd=project).returncode == 0
    pdf = "build/en/press/core-rules.pdf"
    default = run_sw28("preflight", pdf, cwd=project)
    assert default.returncode == 0
    last = default.stdout.splitlines()[-1]
    assert last.startswith("profile: any (no print or screen profile given)")
    assert "NOT checked: trim and bleed boxes" in last and "--edition pod, press" in last
    press = run_sw28("preflight", "--edition", "press", pdf, cwd=project)
    assert press.stdout.splitlines()[-1].startswith("profile: press: every requirement")
