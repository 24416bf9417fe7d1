"""Builds shared by the quick-reference and card tests, and what they read from the sources.

The sources are read here straight from the YAML and Markdown files, not
through the renderer, so the tests compare the PDFs with the content itself.
"""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
from collections.abc import Callable
from functools import cache
from pathlib import Path

import yaml
from conftest import PROJECT, copy_project, run_sw28

from sacredwire.example_text import FieldRef
from sacredwire.load import load_rulebook
from sacredwire.markup import FIELD_PATTERN, NOT_A_RULE_PATTERN
from sacredwire.rule_fields import show_rule_field

CONTENT = PROJECT / "content"
MM = 72 / 25.4
MIN_TYPE_PT = 6.5
# The card families, in the order the issue lists them (and the deck is dealt).
CARD_TABLES = ["contract-types", "melee-weapons", "ranged-weapons", "grenades", "light-armor", "medium-armor",
               "heavy-armor", "consumables", "gear", "cybernetics", "broadcast-powers", "blessings", "*-units"]


def build_edited(tmp_path: Path, session_out: Path, edit: Callable[[Path], None],
                 *args: str) -> tuple[subprocess.CompletedProcess, Path]:
    """Build a copy of the project after ``edit(content_dir)``; unchanged documents come from the cache."""
    project = copy_project(tmp_path / "project")
    edit(project / "content")
    out = tmp_path / "out"
    shutil.copytree(session_out / ".cache", out / ".cache")
    return run_sw28("build", *args, "--out", str(out), cwd=project), out


# --- the sources ---------------------------------------------------------------


@cache
def tables() -> dict[str, dict]:
    """Every table by ID, as its YAML file stores it, in file order."""
    found: dict[str, dict] = {}
    for path in sorted((CONTENT / "tables").glob("*.yaml")):
        for table in yaml.safe_load(path.read_text(encoding="utf-8"))["tables"]:
            found[table["id"]] = table
    return found


@cache
def glossary() -> dict[str, dict]:
    terms = yaml.safe_load((CONTENT / "glossary.yaml").read_text(encoding="utf-8"))["terms"]
    return {term["key"]: term for term in terms}


def card_rows() -> list[tuple[dict, dict]]:
    """(table, row) for every card, in deck order."""
    ids = [table_id for pattern in CARD_TABLES for table_id in tables() if fnmatch.fnmatchcase(table_id, pattern)]
    return [(tables()[table_id], row) for table_id in dict.fromkeys(ids) for row in tables()[table_id]["rows"]]


@cache
def table_homes() -> dict[str, str]:
    """Table ID -> the first English section placing it outside a summary (else inside one)."""
    meta = yaml.safe_load((CONTENT / "book.yaml").read_text(encoding="utf-8"))
    in_body: dict[str, str] = {}
    in_summary: dict[str, str] = {}
    for booklet in sorted(meta["booklets"], key=lambda booklet: booklet["volume"]):
        section, summary = "", False
        for path in sorted((CONTENT / booklet["key"] / "en").glob("*.md")):
            for line in path.read_text(encoding="utf-8").splitlines():
                if heading := re.match(r"^#{1,2} ([A-Z]\d+(?:\.\d+)?) ", line):
                    section = heading[1]
                elif line.strip() == "::: summary":
                    summary = True
                elif line.strip() == ":::":
                    summary = False
                elif placed := re.match(r"^\{table:([a-z0-9-]+)\}\s*$", line.strip()):
                    (in_summary if summary else in_body).setdefault(placed[1], section)
    return {**in_summary, **in_body}


# --- how a cell prints ------------------------------------------------------------

_XREF = re.compile(r"\{=?[A-Z][A-Za-z0-9.]*\}")


def printed(kind: str, value: object, lang: str = "en") -> str:
    """A cell as the tables print it, in keyboard characters (a cross-reference is left as ``{...}``)."""
    return _printed(kind, value, lang).translate(KEYBOARD)


def _printed(kind: str, value: object, lang: str) -> str:
    if value is None:
        return "–"
    if kind == "text":
        return " ".join(_rule_fields(value[lang], lang).replace("**", "").split())
    if kind == "term":
        return glossary()[value][lang]
    if kind == "modifier":
        return f"{value:+d}".replace("-", "\u2212") if value else "0"
    if kind == "inches":
        return f"{value}\u2033"
    if kind == "roll":
        return str(value).replace("-", "\u2013")
    return str(value)


@cache
def _project_rulebook():
    return load_rulebook(PROJECT)


def _rule_fields(text: str, lang: str) -> str:
    """Words with their rule fields (``{$rule.A3.6.lining_critical:signed}``) printed as the renderer prints them,
    and the words of their ``{not-a-rule:...}`` marks as written."""
    text = NOT_A_RULE_PATTERN.sub(lambda match: match["text"], text)
    return FIELD_PATTERN.sub(lambda match: show_rule_field(FieldRef(match["path"].strip(), match["format"] or ""),
                                                           _project_rulebook(), lang), text)


def pattern(text: str) -> str:
    """A regex for printed text: a cross-reference matches whatever it printed."""
    return r".*?".join(r"\s+".join(map(re.escape, part.split())) for part in _XREF.split(text))


# The typesetter's characters, read back as the keyboard characters the
# content is typed with (render/_typography.py), so values compare as stored.
KEYBOARD = str.maketrans({"\u201c": '"', "\u201d": '"', "\u00ab": '"', "\u00bb": '"', "\u2018": "'",
                          "\u2019": "'", "\u2033": '"', "\u2032": "'", "\u2212": "-", "\u00a0": " "})


def pdf_pages(path: Path) -> list[str]:
    """The text of each page in drawing order, de-hyphenated, whitespace collapsed, in keyboard characters."""
    raw = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True,
                         check=True).stdout
    pages = raw.split("\f")[:-1]
    return [" ".join(page.replace("\u2010\n", "").replace("-\n", "-").translate(KEYBOARD).split())
            for page in pages]


def smallest_type(page) -> float:
    """The smallest text size on a pypdf page, in points."""
    sizes = []

    def visit(text, cm, tm, font, size) -> None:
        if text.strip():
            sizes.append(size * abs(tm[3]) * abs(cm[3]))

    page.extract_text(visitor_text=visit)
    return min(sizes)
