"""A language of the book: everything the toolchain knows about it, read from its entry.

Each language the book declares has one entry, ``content/languages/<code>.yaml``
(the loader reads it, ``load.read_languages``); no module keeps a table of its
own. What Babel knows from the locale (decimal separator, percent sign, the
catalog's plural rule) is not repeated here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..diagnostics import Location

# The values a table row's prose states in words that the rules engine reads (``engine_adapter``):
# each language's entry gives the pattern of the words that name each one.
STATED_VALUES = ("knockback", "riposte_dt", "vs_armored", "critical_bonus", "reach", "max_range", "no_fumbles",
                 "attribute_bonus", "melee_damage", "ignores_armor_move", "blessing_dt",
                 "wounded_defense_dt", "outnumbered", "engaged_move", "rerolls_failed", "heals",
                 "action_dt", "action_reach", "loot_markers", "loot_search_dt", "spawn_round", "spawn_tier",
                 "bleeds", "out_of_action", "takes_weapon_damage", "takes_max_weapon_damage", "rerolled_faces")
# The stated values whose pattern captures what the words name (its one group): the faces re-rolled.
STATED_CAPTURES = ("rerolled_faces",)

# The formats a worked example prints an engine outcome with ({$claims.x:hits}), and the outcomes each
# prints: a claim's value (the engine's result, a morale result, where a grenade lands, whether a shot
# strays) -> the word a sentence uses for it, given by each language's entry (``outcomes``).
OUTCOME_FORMATS: Mapping[str, tuple[str | bool, ...]] = {
    "hits": ("attacker_wins", "defender_wins", "success", "fail", True, False),
    "hit": ("attacker_wins", "defender_wins"),
    "wins": ("attacker_wins", "defender_wins", "success", "fail"),
    "holds": ("holds", "flees"),
    "throw": ("on_target", "scatters", "at_feet"),
}

# The attributes a model rolls, which ``sw28 squad`` labels in the language asked for (``attributes``).
ATTRIBUTES = ("combat", "defense", "wits")

# Line-break norms a language may ask for beyond the shared ones (``render._typography``).
LINE_BREAK_NORMS = {
    "spanish": "a one-letter word never ends a line, a number stays with its noun and a measure with "
               "its word, a space before %, ranges with an en dash",
}


@dataclass(frozen=True)
class HyphenationRules:
    """Per-language corrections to the hyphenation dictionary.

    ``keep`` holds words never broken (lower case); ``breaks`` maps a word
    (lower case, no hyphens) to its only allowed break points, written with
    hyphens (``in-ves-ti-ga-tion``).
    """

    keep: frozenset[str] = frozenset()
    breaks: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class NumberWords:
    """How a worked example's fields print a number as words, and which words state a count."""

    # 0, 1, 2 ... in words, in order.
    words: tuple[str, ...]
    # Round numbers past ``words`` (30: "thirty").
    tens: Mapping[int, str]
    # "one" agreeing with the noun after it (Spanish "una ventaja", "un grupo"): formats wordf and wordm.
    before_feminine: Mapping[int, str]
    before_masculine: Mapping[int, str]
    # How many times one total holds the other (2: "Double"): format times.
    times: Mapping[int, str]
    # How many times something happens (1: "once"): format adverb; past them, ``adverb_many``.
    adverbs: Mapping[int, str]
    adverb_many: str
    # The word before a list's last item ("3, 3 and 5").
    list_and: str
    # Other words that state a count or a total ("hundred", "half"): typed by hand they are found.
    counted: frozenset[str]
    # Phrases whose last word is a number word used as a pronoun, not a count ("cada uno"): lower case.
    pronouns: tuple[str, ...]
    # A share of a whole in words (1/2: "half", "mitad"): a rule field's ``:fraction`` format.
    fractions: Mapping[Fraction, str]

    def count_words(self) -> frozenset[str]:
        """Every word that states a count: the number words, the tens and ``counted``."""
        return frozenset({*self.words, *self.tens.values(), *self.counted})


@dataclass(frozen=True)
class References:
    """The abbreviations a printed reference uses ("p. 14", "Vol. 2")."""

    page: str
    pages: str
    volume: str

    def pattern(self) -> re.Pattern[str]:
        """A printed page reference, "(C2.4, p. 7)" or "(A3.2, Vol. 2, p. 5)", with its ``id``, ``volume``
        (or None) and ``page``; the title before it may wrap, the parenthesis never holds a line break.

        >>> References("pág.", "págs.", "vol.").pattern().search("Ataque (C4.7, vol. 2, pág. 14)").groups()
        ('C4.7', '2', '14')
        """
        return re.compile(rf"\((?P<id>[A-Z]\d+(?:\.\d+)?),\s+(?:{_abbreviation(self.volume)}\s+(?P<volume>\d+),\s+)?"
                          rf"{_abbreviation(self.page)}\s+(?P<page>\d+)\)")


def _abbreviation(word: str) -> str:
    """``word`` as a pattern, its first letter in either case: a reference may open a sentence."""
    first = word[:1]
    return (f"[{re.escape(first.upper())}{re.escape(first.lower())}]" if first.upper() != first.lower()
            else re.escape(first)) + re.escape(word[1:])


@dataclass(frozen=True)
class WorkedExampleWords:
    """The words a worked example prints for an outcome the engine computes, and those typed by hand."""

    # Format (``OUTCOME_FORMATS``) -> outcome -> word ("hits": {"attacker_wins": "hits", ...}).
    outcomes: Mapping[str, Mapping[str | bool, str]]
    # Words that state an outcome: typed by hand they could say "hit" where the dice say miss. Lower case.
    outcome_words: frozenset[str]
    # Words between a number and a role that give the number to that role ("of the", "del").
    owner_after: tuple[str, ...]


# Compared and hashed as itself: a language loaded is one object (its tables are mappings).
@dataclass(frozen=True, eq=False)
class Language:
    """One language of the book, as its entry in ``content/languages/`` gives it."""

    code: str
    # Its name in English, for messages ("Spanish").
    name: str
    # Babel's locale: decimal separator, percentages, the catalog's plural rule.
    locale: str
    # The language tag every page carries (``lang``, ``/Lang``): screen readers
    # read with it and the typesetter hyphenates with the dictionary it names.
    tag: str
    hyphenation_dictionary: str
    hyphenation: HyphenationRules
    # Quote marks by nesting depth, the outer pair first; a mark may carry its space ("« ").
    quotes: tuple[tuple[str, str], ...]
    references: References
    numbers: NumberWords
    examples: WorkedExampleWords
    # How ``sw28 squad`` labels each attribute (``ATTRIBUTES``): "Combat", "Combate".
    attributes: Mapping[str, str]
    # Line-break rules beyond the shared ones, by name (``render._typography.LINE_BREAK_RULES``).
    line_breaks: tuple[str, ...]
    # Patterns for the words a table row's prose uses to state a value the engine reads, by value name.
    stated: Mapping[str, str]
    # Words after which a printed title reads as part of the sentence ("see", "véase"): lower case.
    introducing_words: frozenset[str]
    # The register the rules keep: forms that speak to several players, and formal forms (an
    # in-world quote may keep those after ``<!-- register: usted -->``). Lower case.
    plural_forms: tuple[str, ...]
    formal_forms: tuple[str, ...]
    # The endings a word takes in the plural ("s", "es"): the glossary checks find an avoided word
    # with any of them. Empty for a language that does not mark the plural on the word.
    plural_endings: tuple[str, ...]
    location: Location
