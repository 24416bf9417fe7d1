"""The languages of the content loaded last: every module asks here what a language needs.

Loading the content (``load.load_rulebook``) reads each language's entry
(``content/languages/<code>.yaml``) and puts them here, before anything else
is read: the typesetter, the worked examples' number words, the engine's
prose patterns and the checks find a language by its code. Before any
content is loaded (a doctest, a function called on its own) the entries of
the project this package belongs to are read. A code with no entry is an
error, never a fallback to English.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .model import Language

_LOADED: dict[str, Language] = {}
# The entries of languages the book does not declare (yet): a text may carry one of them (a
# translation under way), while a code with no entry is a typo.
_OTHERS: dict[str, Language] = {}


class UnknownLanguage(KeyError):
    """A language code with no entry in the content loaded."""

    def __str__(self) -> str:
        return str(self.args[0])


def use(entries: Mapping[str, Language], others: Mapping[str, Language] | None = None) -> None:
    """Make ``entries`` (the book's languages) and ``others`` (entries it does not declare) the
    languages every module reads from now on."""
    _LOADED.clear()
    _LOADED.update(entries)
    _OTHERS.clear()
    _OTHERS.update({code: entry for code, entry in (others or {}).items() if code not in entries})


def _loaded() -> dict[str, Language]:
    if not _LOADED:
        from .load import read_language_entries

        # This package's own project: src/sacredwire/ -> the folder holding content/.
        use(*read_language_entries(Path(__file__).resolve().parents[2]))
    return _LOADED


def language(code: str) -> Language:
    """The entry of the language ``code``; :class:`UnknownLanguage` if the content has none."""
    entries = _loaded()
    found = entries.get(code) or _OTHERS.get(code)
    if found is None:
        raise UnknownLanguage(f"no language {code!r} in the content (languages: {', '.join(entries)}); "
                              f"add content/languages/{code}.yaml")
    return found


def codes() -> tuple[str, ...]:
    """The codes of every language loaded, in the book's order."""
    return tuple(_loaded())


def known_codes() -> tuple[str, ...]:
    """The codes of every language with an entry: the book's first, then the others, sorted."""
    return codes() + tuple(sorted(_OTHERS))


def every_language() -> tuple[Language, ...]:
    """Every language with an entry: the book's, in its order, then the others."""
    return tuple(_loaded().values()) + tuple(_OTHERS[code] for code in sorted(_OTHERS))
