"""Untrusted content is refused at its file and line: exit 2 when it cannot be
loaded, exit 1 for findings, never a traceback, a hang or a file outside the project."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import BOOK, GLOSSARY, LOCATED, PROSE, TABLES, edit

# (what, file, old, new, expected exit code, expected start of an error line)
BROKEN = [
    ("traversal key", BOOK, "key: core-rules", "key: ../../escape/missions", 2,
     f"{BOOK}:8: error: booklet key '../../escape/missions' is not a slug"),
    ("absolute key", BOOK, "key: core-rules", "key: /tmp/x", 2, f"{BOOK}:8: error: booklet key"),
    ("NUL byte in YAML", TABLES, "title: {en: Armor", "title: {en: Ar\0mor", 2,
     f"{TABLES}:3: error: NUL byte"),
    ("control character in YAML", TABLES, "title: {en: Armor", "title: {en: Ar\x07mor", 2,
     f"{TABLES}:3: error: malformed YAML: unacceptable character"),
    ("integer of 5000 digits", TABLES, "roll: 1,", "roll: " + "9" * 5000 + ",", 2,
     f"{TABLES}:9: error: number too long"),
    ("languages es only", BOOK, "languages: [en]", "languages: [es]", 2,
     f"{BOOK}:1: error: languages must include 'en'"),
    ("no languages", BOOK, "languages: [en]", "languages: []", 2, f"{BOOK}:1: error: languages must include"),
    ("language twice", BOOK, "languages: [en]", "languages: [en, en]", 2, f"{BOOK}:1: error: languages lists"),
    ("language not a word", BOOK, "languages: [en]", "languages: [en, [es]]", 2,
     f"{BOOK}:1: error: languages must list language codes"),
    ("invalid date", BOOK, "date: 2026-11-30", "date: 2026-13-45", 2, f"{BOOK}:1: error: date '2026-13-45'"),
    ("date and time", BOOK, "date: 2026-11-30", "date: 2026-11-30 10:00:00", 2, f"{BOOK}:1: error: date"),
    ("alias", GLOSSARY, "terms:\n", "x: &a [1]\nterms:\n", 2, f"{GLOSSARY}:1: error: YAML anchors and aliases"),
    ("unhashable key", GLOSSARY, "terms:\n", "? [a, b]\n: 1\nterms:\n", 2, f"{GLOSSARY}:1: error: a key must be"),
    ("number as unknown key", GLOSSARY, "terms:\n", "1: x\nterms:\n", 2, f"{GLOSSARY}:1: error: unknown key '1'"),
    ("deep YAML", GLOSSARY, "terms:\n", "x: " + "[" * 3000 + "]" * 3000 + "\nterms:\n", 2, f"{GLOSSARY}:"),
    ("letter of two letters", BOOK, "letter: C", "letter: CA", 1, f"{BOOK}:8: META002"),
    ("roll beyond any die", TABLES, 'roll: "2-4"', 'roll: "2-999999999999"', 1, f"{TABLES}:10: TBL004"),
    ("Arabic-Indic digit in roll", TABLES, 'roll: "2-4"', 'roll: "2-\u0664"', 1, f"{TABLES}:10: TBL004"),
    ("Arabic-Indic digit as a roll", TABLES, "roll: 1,", 'roll: "\u0661",', 1, f"{TABLES}:9: TBL004"),
    ("lower-case reference", PROSE, "See {C1.2}.", "See {c1.2}.", 1,
     f"{PROSE}:5: XREF002 malformed reference {{c1.2}}: write {{C1.2}}"),
    ("space in reference", PROSE, "See {C1.2}.", "See {C1.2 }.", 1, f"{PROSE}:5: XREF002 malformed reference"),
    ("space before reference", PROSE, "See {C1.2}.", "See { C1.2}.", 1, f"{PROSE}:5: XREF002 malformed reference"),
    ("full-width digits", PROSE, "See {C1.2}.", "See {C\uff11.\uff12}.", 1, f"{PROSE}:5: XREF002 malformed reference"),
    ("lower-case reference in a table", TABLES, "title: {en: Armor,", 'note: {en: "see {c1.2}", es: "ver {C1.2}"}\n'
     "    title: {en: Armor,", 1, f"{TABLES}:2: XREF002 malformed reference {{c1.2}}"),
    ("reference in a heading", PROSE, "## C1.2 Ties", "## C1.2 Ties {C99.1}", 1,
     f"{PROSE}:13: XREF002 reference {{C99.1}} stands where references are not printed"),
    ("reference in an attribution", PROSE, "::: quote A Monk", "::: quote A Monk {C99.1}", 1,
     f"{PROSE}:9: XREF002 reference {{C99.1}} stands where"),
    ("reference in image alt text", PROSE, "Roll two dice.", "Roll ![see {C99.1}](#x) two dice.", 1,
     f"{PROSE}:5: XREF002 reference {{C99.1}} stands where"),
    ("malformed from", PROSE, "## C1.2 Ties", "## C1.2 Ties {from=zz}", 1, f"{PROSE}:13: META008"),
    ("attachment link", PROSE, "Roll two dice.", 'Roll <link rel="attachment" href="../pyproject.toml"> two.', 1,
     f"{PROSE}:5: SAFE"),
    ("attachment anchor", PROSE, "Roll two dice.", 'Roll <a rel="attachment" href="../.env">x</a> two.', 1,
     f"{PROSE}:5: SAFE001"),
    ("javascript link", PROSE, "Roll two dice.", 'Roll <a href="java&#9;script:alert(1)">x</a>.', 1,
     f"{PROSE}:5: SAFE002"),
    ("file link", PROSE, "Roll two dice.", 'Roll <a href="file:///etc/passwd">x</a>.', 1, f"{PROSE}:5: SAFE002"),
    ("image outside the templates", PROSE, "Roll two dice.", "Roll ![x](../../pyproject.toml) dice.", 1,
     f"{PROSE}:5: SAFE003"),
    ("raw image", PROSE, "Roll two dice.", "Roll <img src=\"/etc/hostname\"> dice.", 1, f"{PROSE}:5: SAFE003"),
    ("style URL", PROSE, "Roll two dice.", 'Roll <span style="background: url(/etc/x)">d</span>.', 1,
     f"{PROSE}:5: SAFE003"),
    ("HTML in a table cell", TABLES, "title: {en: Armor,", 'note: {en: "<a href=\'javascript:x\'>a</a>", es: b}\n'
     "    title: {en: Armor,", 1, f"{TABLES}:2: SAFE002"),
    ("3000 nested divs", PROSE, "Roll two dice.", "<div>\n" * 3000, 1, f"{PROSE}:105: SAFE005"),
    ("3000 nested spans", PROSE, "Roll two dice.", "<span>" * 3000 + "x" + "</span>" * 3000, 1,
     f"{PROSE}:5: SAFE005"),
    ("3000 nested emphases", PROSE, "Roll two dice.", "*" * 3000 + "x" + "*" * 3000, 1, f"{PROSE}:5: SAFE005"),
    ("unclosed comment", PROSE, "Roll two dice.", "<!-- Roll two dice.", 1, f"{PROSE}:5: SAFE006"),
    ("textarea", PROSE, "Roll two dice.", "Roll <textarea> two dice.", 1, f"{PROSE}:5: SAFE004"),
    ("emoji", PROSE, "Roll two dice.", "Roll two dice \U0001F3B2.", 1, f"{PROSE}:5: GLYPH001"),
    ("emoji as an entity", PROSE, "Roll two dice.", "Roll two dice &#x1F3B2;.", 1, f"{PROSE}:5: GLYPH001"),
    ("CJK in a table", TABLES, "title: {en: Armor,", "title: {en: Armor\u9580,", 1, f"{TABLES}:3: GLYPH001"),
    ("CJK in book.yaml", BOOK, "title: {en: Core Rules,", "title: {en: Core Rules\u9580,", 1, f"{BOOK}:11: GLYPH001"),
]


@pytest.mark.parametrize("what, rel, old, new, code, expected", BROKEN, ids=[case[0] for case in BROKEN])
def test_broken_content_is_reported_at_its_line(project: Path, sw28, what, rel, old, new, code, expected) -> None:
    edit(project, rel, old, new)
    outcome = sw28("check", cwd=project)
    assert outcome.code == code, outcome.lines
    assert any(line.startswith(expected) for line in outcome.lines), outcome.lines


def test_a_byte_order_mark_is_accepted(project: Path, sw28) -> None:
    path = project / PROSE
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert sw28("check", cwd=project).code == 0


def test_an_alias_bomb_is_refused(project: Path, sw28) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + n)}: &{chr(98 + n)} [{', '.join(['*' + chr(97 + n)] * 9)}]\n" for n in range(20))
    (project / GLOSSARY).write_text(bomb + "terms: []\n")
    # Refused before it is expanded (expanded, it would not fit in memory); speed is for the benchmarks.
    outcome = sw28("check", cwd=project)
    assert outcome.code == 2 and outcome.err.startswith(f"{GLOSSARY}:1: error: YAML anchors")


def _plant(project: Path, kind: str, name: str) -> None:
    path = project / "content" / "core-rules" / "en" / name
    if kind == "symlink outside":
        path.symlink_to("/etc/hostname")
    elif kind == "symlink to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "dangling symlink":
        path.symlink_to(project / "nowhere.md")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        path.symlink_to("/dev/null")


@pytest.mark.parametrize("kind", ["symlink outside", "symlink to /dev/zero", "dangling symlink", "fifo",
                                  "folder", "device"])
def test_only_plain_files_are_read(project: Path, sw28, kind: str) -> None:
    _plant(project, kind, "02-more.md")
    outcome = sw28("check", cwd=project)
    assert outcome.code == 2
    assert outcome.err.startswith("content/core-rules/en/02-more.md:1: error: "), outcome.err


@pytest.mark.parametrize("rel", ["content/tables/more.yaml", "content/glossary.yaml", "content/book.yaml"])
def test_a_folder_named_like_a_file_is_refused(project: Path, sw28, rel: str) -> None:
    path = project / rel
    if path.exists():
        path.unlink()
    path.mkdir()
    outcome = sw28("check", cwd=project)
    assert outcome.code == 2 and LOCATED.match(outcome.err), outcome.err


def test_a_linked_booklet_folder_is_refused(project: Path, sw28, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    (project / "content" / "core-rules" / "en").rename(outside)
    (project / "content" / "core-rules" / "en").symlink_to(outside)
    outcome = sw28("check", cwd=project)
    assert outcome.code == 2 and outcome.err.startswith("content/core-rules/en:1: error: a symbolic link")


def test_missing_glossary(project: Path, sw28) -> None:
    (project / GLOSSARY).unlink()
    outcome = sw28("check", cwd=project)
    assert outcome.code == 2 and outcome.err.startswith(f"{GLOSSARY}:1: error: cannot read")


@pytest.mark.parametrize("name", ["notes.txt", "armor.YAML"])
def test_a_stray_file_among_tables_is_a_finding(project: Path, sw28, name: str) -> None:
    (project / "content" / "tables" / name).write_text("tables: []\n")
    outcome = sw28("check", cwd=project)
    assert outcome.code == 1
    assert any(line.startswith(f"content/tables/{name}:1: META007") for line in outcome.lines), outcome.lines


def test_an_upper_case_markdown_name_is_a_finding(project: Path, sw28) -> None:
    (project / "content" / "core-rules" / "en" / "02-more.MD").write_text("# C2 More\n")
    outcome = sw28("check", cwd=project)
    assert outcome.code == 1
    assert any(line.startswith("content/core-rules/en/02-more.MD:1: META007") for line in outcome.lines)


def test_messages_are_not_wrapped_when_not_a_terminal(project: Path, sw28) -> None:
    edit(project, BOOK, "key: core-rules", "key: " + "../" * 40 + "x")
    outcome = sw28("check", cwd=project)
    assert outcome.code == 2 and len(outcome.err.strip().splitlines()) == 1


def test_an_unreadable_file_is_a_clean_error(project: Path, sw28, monkeypatch: pytest.MonkeyPatch) -> None:
    # Permissions cannot be taken away from root, who runs CI: fail the open instead.
    real_open = os.open

    def refuse(path, flags, *args, **kwargs):
        if str(path).endswith("01-basics.md"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    outcome = sw28("check", cwd=project)
    assert outcome.code == 2 and outcome.err.startswith(f"{PROSE}:1: error: cannot read: Permission denied")


@pytest.mark.parametrize("dice", ["2d\u0666", "\u0661d6", "d6+\u0661", "\uff12d6", "999999999d6", "d6+99999"])
def test_dice_take_ascii_digits_within_the_game(dice: str) -> None:
    from sacredwire.engine.dice import Dice

    with pytest.raises(ValueError):
        Dice.parse(dice)


def test_a_malformed_pyproject_is_a_clean_error(project: Path, sw28) -> None:
    (project / "pyproject.toml").write_text('[project\nversion = "1"\n')
    outcome = sw28("check", cwd=project)
    assert outcome.code == 2 and outcome.err.startswith("pyproject.toml:1: error: malformed TOML")
