"""A pseudo-language made from the English: accented, about a third longer, each string marked at its ends.

Built like any language (``content/languages/qps.yaml``, its catalog, its
sections), it shows what the next translation will do to the layout: longer
words overflow where English fit, and any string that escaped translation
(a template's or a table's English) prints without the accents and the marks.
Fields (``{$...}``), references (``{C4.7}``), table places, markup, digits
and catalog placeholders are left as they are.

    python tests/pseudo.py DEST   # a copy of the project with the language qps added
"""

from __future__ import annotations

import io
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import yaml
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

CODE = "qps"
OPEN, CLOSE = "[!!", "!!]"
# Every letter keeps its place and its case: Latin-1 accented forms, which every font of the project has.
_ACCENTS = str.maketrans("aeiouycnAEIOUYCN", "áéíóúýçñÁÉÍÓÚÝÇÑ")
_VOWELS = "aeiouAEIOU"
# About 35 % longer: a word repeats vowels for this share of its letters.
_GROWTH = 0.35
# What stays as written: fields, references and table places, HTML, Markdown marks, catalog placeholders,
# a regular expression's escapes.
_PROTECTED = re.compile(r"\{[^{}\n]*\}|<!--.*?-->|<[^<>\n]+>|%\([a-z_]+\)[sd]|\\.|https?://\S+|`[^`\n]*`")
_WORD = re.compile(r"[A-Za-z]+")
_NOT_A_RULE = re.compile(r"\{not-a-rule:([^{}\n]+)\}")


def _word(word: str) -> str:
    """``word`` accented and longer: its vowels repeated, in order, until it grew by about a third."""
    extra = round(len(word) * _GROWTH)
    vowels = [index for index, char in enumerate(word) if char in _VOWELS]
    if not vowels or len(word) < 2:
        return word.translate(_ACCENTS)
    doubled = set(vowels[:extra]) if extra <= len(vowels) else set(vowels)
    grown = "".join(char * (2 if index in doubled else 1) for index, char in enumerate(word))
    return grown.translate(_ACCENTS)


def words(text: str) -> str:
    """``text`` with every word outside the protected pieces accented and longer, no marks.

    >>> words("Roll {C1.2} twice, %(page)s"), words("{not-a-rule:Two} models")
    ('Róóll {C1.2} twííçéé, %(page)s', '{not-a-rule:Twóó} móódééls')
    """
    out, last = [], 0
    for match in _PROTECTED.finditer(text):
        out.append(_WORD.sub(lambda word: _word(word.group()), text[last:match.start()]))
        # Words kept from the number checks ({not-a-rule:Two missions}) are prose all the same: a
        # translator translates them ("Dos misiones").
        kept = _NOT_A_RULE.fullmatch(match.group())
        out.append("{not-a-rule:" + words(kept.group(1)) + "}" if kept else match.group())
        last = match.end()
    out.append(_WORD.sub(lambda word: _word(word.group()), text[last:]))
    return "".join(out)


def string(text: str) -> str:
    """One string of the book, pseudo-translated and marked at both ends."""
    return f"{OPEN}{words(text)}{CLOSE}" if text.strip() else text


# --- Markdown sections ---------------------------------------------------------------------------------

_HEADING = re.compile(r"^(#{1,2}\s+\S+\s+)(.+?)(?:\s+\{from=[0-9a-f]*\})?\s*$")


# A worked example's fence names it and gives its title, which prints above it.
_EXAMPLE = re.compile(r"^(::: example\s+\S+\s+)(\S.*?)\s*$")
_MARKER = re.compile(r"^(\s*(?:[-*+]\s+|\d+[.)]\s+|>\s*))")


def _kind(line: str) -> str:
    """How a line takes part in the strings of its file: "keep", "words" (no marks of its own), "heading",
    "quote", "example" (a worked example's fence and title), "item" (a list item or quote line starting a
    string) or "text"."""
    if not _WORD.search(_PROTECTED.sub("", line)) or line.startswith(":::") and not line.startswith("::: quote") \
            and not _EXAMPLE.match(line):
        return "keep"  # a blank line, a block's fence, a line that is only a table's place or a comment
    if line.startswith("::: quote"):
        return "quote"
    if _EXAMPLE.match(line):
        return "example"
    if _HEADING.match(line):
        return "heading"
    if line.lstrip().startswith(("|", "<")):
        return "words"
    return "item" if _MARKER.match(line) else "text"


def markdown(text: str) -> str:
    """A section file in the pseudo-language: each paragraph and list item marked at its ends, headings
    keeping their IDs."""
    lines = text.split("\n")
    kinds = [_kind(line) for line in lines]
    for index in range(1, len(lines)):
        # "{=C4.12}." on the line after its sentence goes on with it.
        # A table's place ({table:...}, {odds:...}, {pagebreak}) stands on its own line.
        if kinds[index] == "keep" and lines[index].strip() and not lines[index].startswith(":::") \
                and not lines[index].lstrip().startswith(("{table:", "{odds:", "{pagebreak")) \
                and kinds[index - 1] in ("text", "item"):
            kinds[index] = "text"
    out = []
    for index, (line, kind) in enumerate(zip(lines, kinds, strict=True)):
        if kind == "keep":
            out.append(line)
        elif kind == "words":
            out.append(words(line))
        elif kind == "quote":
            out.append("::: quote " + string(line[len("::: quote"):].strip()))
        elif kind == "example":
            fence = _EXAMPLE.match(line)
            assert fence is not None
            out.append(fence.group(1) + string(fence.group(2)))
        elif kind == "heading":
            heading = _HEADING.match(line)
            assert heading is not None
            # A title is not marked: a short reference follows its words ("Cover {=C4.13}"), which the
            # checker compares with the title; its accents show it was translated.
            out.append(heading.group(1) + words(heading.group(2)))
        else:
            before = kinds[index - 1] if index else "keep"
            after = kinds[index + 1] if index + 1 < len(kinds) else "keep"
            starts = kind == "item" or before != "text" and before != "item"
            ends = after != "text"
            marker = _MARKER.match(line) if kind == "item" else None
            lead = marker.group(1) if marker else line[:len(line) - len(line.lstrip())]
            body = words(line[len(lead):])
            out.append(lead + (OPEN if starts else "") + body + (CLOSE if ends else ""))
    return "\n".join(out)


# --- YAML texts ----------------------------------------------------------------------------------------


def _add_language(value: Any) -> Any:
    """``value`` with a pseudo text beside every English one (``{en: ..., es: ...}``)."""
    if isinstance(value, dict):
        value = {key: _add_language(item) for key, item in value.items()}
        english = value.get("en")
        if "en" in value and ("es" in value or set(value) <= {"en"}) and CODE not in value:
            if isinstance(english, str):
                value[CODE] = string(english)
            elif isinstance(english, (int, float)):
                value[CODE] = english
        return value
    if isinstance(value, list):
        return [_add_language(item) for item in value]
    return value


def _yaml(path: Path) -> None:
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_TextLoader)
    path.write_text(yaml.safe_dump(_add_language(data), allow_unicode=True, sort_keys=False, width=1000),
                    encoding="utf-8")


class _TextLoader(yaml.SafeLoader):
    """Dates stay the text they were written as, as the project's loader reads them."""


_TextLoader.add_constructor("tag:yaml.org,2002:timestamp", _TextLoader.construct_yaml_str)


# --- the language's entry and catalog ------------------------------------------------------------------


def _entry(english: dict) -> dict:
    entry = dict(english)
    entry["name"] = "Pseudo"
    numbers = dict(english["numbers"])
    for key in ("words", "counted"):
        numbers[key] = [words(word) for word in numbers[key]]
    for key in ("tens", "before_feminine", "before_masculine", "times", "adverbs", "fractions"):
        numbers[key] = {number: words(word) for number, word in numbers[key].items()}
    numbers["adverb_many"] = words(numbers["adverb_many"])
    numbers["list_and"] = words(numbers["list_and"])
    entry["numbers"] = numbers
    # The engine reads a row's words with these patterns: they must read the pseudo words.
    entry["stated"] = {name: words(pattern) for name, pattern in english["stated"].items()}
    entry["introducing_words"] = [words(word) for word in english["introducing_words"]]
    # The words a worked example prints for an outcome ("hits", "misses") and reads around a number, and
    # the attributes' names the kit prints: each language has its own, as Spanish does.
    examples = dict(english["examples"])
    examples["outcomes"] = {name: {outcome: words(word) for outcome, word in outcomes.items()}
                            for name, outcomes in english["examples"]["outcomes"].items()}
    for key in ("outcome_words", "owner_after"):
        examples[key] = [words(word) for word in examples[key]]
    entry["examples"] = examples
    entry["attributes"] = {name: words(word) for name, word in english["attributes"].items()}
    return entry


def _catalog(project: Path, abbreviations: list[str]) -> bytes:
    """The catalog: every message pseudo-translated and marked, except the abbreviations a page reference
    prints before its number ("Vol. %(volume)s", "p. %(page)s"): the language's entry keeps the English
    ones (``references``), and the build reads its references back with them."""
    template = read_po(io.BytesIO((project / "locales" / "messages.pot").read_bytes()))
    kept = re.compile("|".join(rf"{re.escape(words(abbreviation))}(?=\s%\()" for abbreviation in abbreviations))
    english = {words(abbreviation): abbreviation for abbreviation in abbreviations}

    def string(text: str) -> str:
        return kept.sub(lambda match: english[match.group()], globals()["string"](text))

    catalog = Catalog(locale="en_US", project=template.project, version=template.version,
                      copyright_holder=template.copyright_holder, charset="utf-8")
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            catalog.add(message.id, tuple(string(form) for form in message.id), flags=message.flags)
        else:
            catalog.add(message.id, string(message.id), flags=message.flags)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, no_location=True, sort_output=True)
    return buffer.getvalue()


def make_pseudo_project(source: Path, dest: Path) -> Path:
    """A copy of the project at ``source`` (content, templates, locales) in ``dest``, with qps added."""
    for folder in ("content", "templates", "locales"):
        shutil.copytree(source / folder, dest / folder)
    content = dest / "content"
    english = yaml.load((content / "languages" / "en.yaml").read_text(encoding="utf-8"), Loader=_TextLoader)
    (content / "languages" / f"{CODE}.yaml").write_text(
        yaml.safe_dump(_entry(english), allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")
    book = content / "book.yaml"
    text = book.read_text(encoding="utf-8")
    book.write_text(re.sub(r"(?m)^languages: \[(.*)\]$", rf"languages: [\1, {CODE}]", text, count=1),
                    encoding="utf-8")
    for path in sorted(content.rglob("*.yaml")):
        if "languages" not in path.relative_to(content).parts:
            _yaml(path)
    for english_dir in sorted(content.glob("*/en")):
        pseudo_dir = english_dir.parent / CODE
        pseudo_dir.mkdir()
        for path in sorted(english_dir.glob("*.md")):
            (pseudo_dir / path.name).write_text(markdown(path.read_text(encoding="utf-8")), encoding="utf-8")
    catalog = dest / "locales" / CODE / "LC_MESSAGES" / "messages.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_bytes(_catalog(dest, list(english["references"].values())))
    return dest


if __name__ == "__main__":
    make_pseudo_project(Path(__file__).resolve().parent.parent, Path(sys.argv[1]))
