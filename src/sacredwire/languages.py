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

from collections.abc import Iterable, Mapping
from pathlib import Path

from .model import Language

_LOADED: dict[str, Language] = {}
# Every language with an entry, declared by the book or not: a text may carry one the book does not
# print yet (a translation under way), while a code with no entry is a typo.
_KNOWN: set[str] = set()


class UnknownLanguage(KeyError):
    """A language code with no entry in the content loaded."""

    def __str__(self) -> str:
        return str(self.args[0])


def use(entries: Mapping[str, Language], known: Iterable[str] = ()) -> None:
    """Make ``entries`` the languages every module reads from now on; ``known`` adds the codes of
    entries the book does not declare."""
    _LOADED.clear()
    _LOADED.update(entries)
    _KNOWN.clear()
    _KNOWN.update(entries, known)


def _loaded() -> dict[str, Language]:
    if not _LOADED:
        from .load import entry_codes, read_languages

        # This package's own project: src/sacredwire/ -> the folder holding content/.
        root = Path(__file__).resolve().parents[2]
        use(read_languages(root), entry_codes(root))
    return _LOADED


def language(code: str) -> Language:
    """The entry of the language ``code``; :class:`UnknownLanguage` if the content has none."""
    entries = _loaded()
    try:
        return entries[code]
    except KeyError:
        raise UnknownLanguage(f"no language {code!r} in the content (languages: {', '.join(entries)}); "
                              f"add content/languages/{code}.yaml") from None


def codes() -> tuple[str, ...]:
    """The codes of every language loaded, in the book's order."""
    return tuple(_loaded())


def known_codes() -> tuple[str, ...]:
    """The codes of every language with an entry: the book's first, then the others, sorted."""
    loaded = codes()
    return loaded + tuple(sorted(_KNOWN - set(loaded)))


def every_language() -> tuple[Language, ...]:
    """Every language loaded, in the book's order."""
    return tuple(_loaded().values())
