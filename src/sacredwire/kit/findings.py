"""The squad checker's findings: one list of sentences for ``sw28 squad`` and the squad builder alike.

Each finding is a catalog message with named placeholders (``%(name)s``), so
the command (:mod:`.squad`) and the builder (``kit-core.js``, which receives
the translated templates with the kit's data) say the same thing in every
language the catalogs translate.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..model import Rulebook
from ..render import translations


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it here (it is translated per language below)."""
    return message


# Finding keys to their English sentences; the values are the catalog's msgids.
FINDINGS: dict[str, str] = {
    "other-kind": N_("%(name)s: %(written)s is a %(other)s, not a %(kind)s"),
    "unknown": N_("%(name)s: no %(kind)s %(written)s in the tables"),
    "campaign-key": N_("%(name)s: %(key)s belong to a campaign squad, and this file has no campaign section"),
    "implant-outside-campaign": N_("%(name)s: the %(implant)s repairs a penalty, which only a campaign squad "
                                   "can have"),
    "bad-die": N_("%(name)s: %(attribute)s: %(error)s"),
    "dice-keys": N_("%(name)s: assign one die to each of %(attributes)s, not to %(given)s"),
    "none": N_("none"),
    "raise-missing": N_("%(name)s: a %(contract)s raises one attribute by %(bonus)s DT: say which with raise: "
                        "(%(attributes)s)"),
    "raise-unwanted": N_("%(name)s: a %(contract)s has no attribute bonus to raise %(raised)s with"),
    "array-dice": N_("%(name)s: the %(array)s array hands out %(dice)s once each, not %(given)s"),
    "weapon-access": N_("%(name)s: a %(weapon)s is a %(weapon_class)s weapon; a %(contract)s (%(access)s) takes "
                        "%(wanted)s weapons only"),
    "armor-count": N_("%(name)s: a model wears one armor piece at most, not %(count)s (%(armor)s)"),
    "armor-tier": N_("%(name)s: the %(armor)s is %(tier)s armor; a %(contract)s wears %(max_tier)s armor at most"),
    "no-cast": N_("%(name)s: a %(contract)s cannot Cast, so it takes no Power (%(powers)s)"),
    "too-few-powers": N_("%(name)s: a %(contract)s starts with %(free)s free Power(s) to pick; this one has "
                         "%(count)s"),
    "too-many-powers": N_("%(name)s: %(count)s Powers, but a %(contract)s starts with %(free)s and Promotions "
                          "gave %(earned)s more"),
    "power-twice": N_("%(name)s: the same Power twice (%(powers)s)"),
    "not-a-choice": N_("%(name)s: %(promotion)s is not a choice; write its key alone"),
    "record-choice": N_("%(name)s: %(promotion)s is resolved at the table; record it as {result: %(key)s, stat: "
                        "one of %(stats)s, change: N}"),
    "negative-merits": N_("%(name)s: Merits cannot be negative"),
    "promotions-merits": N_("%(name)s: %(count)s Promotions, but %(merits)s Merits reach %(reached)s "
                            "threshold(s)"),
    "terminated": N_("%(name)s: %(injury)s removes the model from the squad"),
    "implant-unneeded": N_("%(name)s: the %(implant)s repairs %(injury)s, a penalty this model does not have"),
    "squad-size": N_("a squad has %(size)s models, not %(count)s"),
    "one-boss": N_("a squad has exactly one %(boss)s, not %(count)s"),
    "contract-limit": N_("%(count)s %(contract)s contracts, at most %(limit)s per squad"),
    "over-budget": N_("the squad spends %(spent)s subs (%(costs)s), over its %(budget)s-sub budget"),
    "evidence": N_("%(evidence)s Evidence, but there are only %(sides)s types to record"),
}


# The words a finding prints for a key the squad files and the engine use: the kinds of entry
# (kit/catalogue.py), weapon classes and contracts' weapon access, and armor tiers.
WORDS: dict[str, str] = {
    "contract": N_("contract"), "array": N_("array"), "weapon": N_("weapon"), "armor": N_("armor"),
    "consumable": N_("consumable"), "gear": N_("gear"), "implant": N_("implant"), "power": N_("power"),
    "injury": N_("injury"), "promotion": N_("promotion"),
    "melee": N_("melee"), "ranged": N_("ranged"), "improvised": N_("improvised"), "grenade": N_("grenade"),
    "both": N_("both"),
    "light": N_("light"), "medium": N_("medium"), "heavy": N_("heavy"),
}

# The line ``sw28 squad`` prints for each finding.
FINDING_LINE = N_("%(where)s: %(finding)s; see %(title)s %(reference)s")


def _gettext(rulebook: Rulebook, lang: str) -> Callable[[str], str]:
    return translations(str(Path(rulebook.root) / "locales"), lang).gettext


def finding_templates(rulebook: Rulebook, lang: str) -> dict[str, str]:
    """Every finding's template in ``lang``, through the catalog the templates use."""
    gettext = _gettext(rulebook, lang)
    return {key: gettext(message) for key, message in FINDINGS.items()}


def finding_words(rulebook: Rulebook, lang: str) -> dict[str, str]:
    """The words of :data:`WORDS` in ``lang``, by key."""
    gettext = _gettext(rulebook, lang)
    return {key: gettext(word) for key, word in WORDS.items()}


def finding_line(rulebook: Rulebook, lang: str) -> str:
    """The template of one line of ``sw28 squad``'s findings in ``lang``."""
    return _gettext(rulebook, lang)(FINDING_LINE)
