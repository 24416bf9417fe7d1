"""The squad checker's findings: one list of sentences for ``sw28 squad`` and the squad builder alike.

Each finding is a catalog message with named placeholders (``%(name)s``), so
the command (:mod:`.squad`) and the builder (``kit-core.js``, which receives
the translated templates with the kit's data) say the same thing in every
language the catalogs translate.
"""

from __future__ import annotations

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


def finding_templates(rulebook: Rulebook, lang: str) -> dict[str, str]:
    """Every finding's template in ``lang``, through the catalog the templates use."""
    gettext = translations(str(Path(rulebook.root) / "locales"), lang).gettext
    return {key: gettext(message) for key, message in FINDINGS.items()}
