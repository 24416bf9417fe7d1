"""``content/search.yaml``: the web search's synonyms, stop words and index, per language."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from pathlib import Path

from ..languages import known_codes
from ..model import SearchWords
from ._yaml import Fields, read_yaml

SEARCH_FILE = "content/search.yaml"
# A search word: letters (any script, accents allowed) and digits, as search.js splits text.
_WORD = re.compile(r"[^\W_]+")


def read_search_words(root: Path, rule_ids: Mapping[str, Collection[str]]) -> dict[str, SearchWords]:
    """The search words of every language the file lists (none when the project has no file).

    Checked: every entry is lower case, made of whole words; a synonym group has
    at least two different members and no phrase is in two groups; a stop word
    is one word and is not also a synonym, which it would hide; an index entry
    names a rule of ``rule_ids`` (by language), and a term is indexed once.
    """
    if not (root / SEARCH_FILE).is_file():
        return {}
    fields = Fields(read_yaml(root / SEARCH_FILE, SEARCH_FILE), SEARCH_FILE, "search words").only(
        "synonyms", "stop_words", "index")
    synonyms = Fields(fields.get("synonyms", dict, {}), SEARCH_FILE, "synonyms",
                      fields.location.line).only(*known_codes())
    stops = Fields(fields.get("stop_words", dict, {}), SEARCH_FILE, "stop_words",
                   fields.location.line).only(*known_codes())
    index = Fields(fields.get("index", dict, {}), SEARCH_FILE, "index", fields.location.line).only(*known_codes())
    words: dict[str, SearchWords] = {}
    for lang in known_codes():
        terms = _index(index, lang, rule_ids.get(lang, ()))
        groups = _groups(synonyms, lang)
        stop_words = tuple(_phrase(stops, lang, word) for word in stops.get(lang, list, []))
        for word in stop_words:
            if " " in word:
                raise stops.error(f"{lang}: stop word {word!r} is more than one word")
            if stop_words.count(word) > 1:
                raise stops.error(f"{lang}: stop word {word!r} is listed twice")
            if any(word in group for group in groups):
                raise stops.error(f"{lang}: {word!r} is both a stop word and a synonym")
        if groups or stop_words or terms:
            words[lang] = SearchWords(synonyms=groups, stop_words=stop_words, index=terms)
    return words


def _index(index: Fields, lang: str, rule_ids: Collection[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``{rule ID: [terms]}``: the rule that defines each term, as the index of a printed book lists it."""
    raw = index.get(lang, dict, {})
    entries = Fields(raw, SEARCH_FILE, f"the {lang} index", index.location.line)
    seen: dict[str, str] = {}
    terms = []
    for rule_id, phrases in raw.items():
        if str(rule_id) not in rule_ids:
            raise entries.error(f"{lang}: index entry {rule_id!r} is no rule ID of the {lang} text")
        if not isinstance(phrases, list) or not phrases:
            raise entries.error(f"{lang}: index entry {rule_id} must list terms, e.g. [out of action]")
        for phrase in phrases:
            _phrase(entries, lang, phrase)
            if phrase in seen:
                raise entries.error(f"{lang}: {phrase!r} is indexed under {seen[phrase]} and {rule_id}")
            seen[phrase] = str(rule_id)
        terms.append((str(rule_id), tuple(phrases)))
    return tuple(terms)


def _groups(synonyms: Fields, lang: str) -> tuple[tuple[str, ...], ...]:
    groups: list[tuple[str, ...]] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(synonyms.get(lang, list, []), start=1):
        if not isinstance(raw, list):
            raise synonyms.error(f"{lang}: synonym group {number} must be a list, e.g. [armour, armor]")
        group = tuple(dict.fromkeys(_phrase(synonyms, lang, phrase) for phrase in raw))
        if len(group) < 2:
            raise synonyms.error(f"{lang}: synonym group {number} {list(raw)} needs two different members")
        for phrase in group:
            if phrase in seen:
                raise synonyms.error(f"{lang}: {phrase!r} is in synonym groups {seen[phrase]} and {number}")
            seen[phrase] = number
        groups.append(group)
    return tuple(groups)


def _phrase(fields: Fields, lang: str, value: object) -> str:
    """One entry: lower case words separated by single spaces."""
    if not isinstance(value, str) or not _WORD.fullmatch(value.replace(" ", "") or "-"):
        raise fields.error(f"{lang}: {value!r} is not a word or phrase (letters and digits, words "
                           f"separated by spaces)")
    if value != value.lower() or value != " ".join(value.split()):
        raise fields.error(f"{lang}: write {value!r} as {' '.join(value.lower().split())!r} (lower case, "
                           f"single spaces)")
    return value
