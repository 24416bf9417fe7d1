"""YAML reading that remembers where every mapping started."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

import yaml

from ..diagnostics import ContentError, Location
from ..languages import known_codes
from ..model import Text
from ..suggest import did_you_mean
from ._files import read_content_text


class Mapping(dict):
    """A YAML mapping that knows the line it started on, and the line each of its values starts on."""

    line: int = 0
    # key -> the line its value starts on: a table cell's words in each language
    # (``{en: ..., es: ...}`` written over two lines) are found at their own line.
    value_lines: dict[Any, int]


# libyaml's parser is several times faster than the pure-Python one and gives
# the same nodes and marks; it is absent only from unusual PyYAML builds.
if TYPE_CHECKING:
    _BaseLoader = yaml.SafeLoader
else:
    _BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_BaseLoader):
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Mapping:
    loader.flatten_mapping(node)
    result = Mapping()
    result.line = node.start_mark.line + 1
    result.value_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            raise ContentError(Location(loader.name, key_node.start_mark.line + 1),
                               "a key must be a word or a number")
        if key in result:
            raise ContentError(
                Location(loader.name, key_node.start_mark.line + 1), f"duplicate key {key!r}"
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.value_lines[key] = value_node.start_mark.line + 1
    return result


# Python refuses to convert integers of more than 4300 digits; no number in a
# rulebook has more than a handful.
_MAX_INT_DIGITS = 18


def _construct_int(loader: _Loader, node: yaml.ScalarNode) -> int:
    if sum(character.isdigit() for character in node.value) > _MAX_INT_DIGITS:
        raise ContentError(Location(loader.name, node.start_mark.line + 1),
                           f"number too long ({len(node.value)} characters)")
    return loader.construct_yaml_int(node)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
# Dates stay strings: the version date is printed, never computed with.
# (The stubs type a constructor's first argument as a loader; this one is a constructor method.)
_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_yaml_str)  # type: ignore[type-var]


def _refuse_aliases(text: str, rel: str) -> None:
    """Anchors and aliases are refused: content never needs them, and an
    alias bomb (a kilobyte that expands to gigabytes) is built from them."""
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise ContentError(Location(rel, event.start_mark.line + 1 if event.start_mark else 1),
                               "YAML anchors and aliases (&name, *name) are not allowed in content: "
                               "write the value out")


def _parsed(text: str, rel: str, parse: Callable[[_Loader], Any]) -> Any:
    """Run ``parse`` on a loader of ``text``; every failure is a ``file:line`` ContentError."""
    loader = None
    try:
        _refuse_aliases(text, rel)
        loader = _Loader(text)
        loader.name = rel
        return parse(loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        raise ContentError(Location(rel, line), f"malformed YAML: {exc.problem}") from None
    except yaml.YAMLError as exc:
        # ReaderError (a control character) and the like carry no mark.
        line = text[:getattr(exc, "position", 0) or 0].count("\n") + 1
        raise ContentError(Location(rel, line), f"malformed YAML: {exc}".splitlines()[0]) from None
    except RecursionError:
        raise ContentError(Location(rel, 1), "malformed YAML: nested too deeply") from None
    finally:
        if loader is not None:
            loader.dispose()


def parse_yaml(text: str, rel: str) -> Any:
    """Parse YAML text read from ``rel``; every failure is a ``file:line`` ContentError."""
    return _parsed(text, rel, lambda loader: loader.get_single_data())


def read_yaml(path: Path, rel: str) -> Any:
    """Read and parse one YAML content file (see :func:`read_content_text`)."""
    return parse_yaml(read_content_text(path, rel), rel)


class Fields:
    """Typed access to a YAML mapping with unknown-key and missing-key errors."""

    def __init__(self, data: Any, file: str, what: str, line: int | None = None):
        if not isinstance(data, dict):
            raise ContentError(Location(file, line or int(getattr(data, "line", 1))), f"{what} must be a mapping")
        self.data = data
        self.what = what
        self.location = Location(file, getattr(data, "line", line or 1))

    def error(self, message: str) -> ContentError:
        return ContentError(self.location, message)

    def only(self, *allowed: str) -> Fields:
        unknown = sorted(map(str, set(self.data) - set(allowed)))
        if unknown:
            raise self.error(
                f"unknown key {unknown[0]!r} in {self.what} (allowed: {', '.join(allowed)})"
            )
        return self

    def get(self, key: str, kind: type | tuple[type, ...] = object, default: Any = None,
            required: bool = False) -> Any:
        if key not in self.data:
            if required:
                raise self.error(f"{self.what} has no {key!r}")
            return default
        value = self.data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.error(f"{key!r} of {self.what} must be {names}, not {value!r}")
        return value

    def require(self, key: str, kind: type | tuple[type, ...] = object) -> Any:
        return self.get(key, kind, required=True)

    @overload
    def text(self, key: str, required: Literal[True] = True) -> Text: ...
    @overload
    def text(self, key: str, required: bool) -> Text | None: ...

    def text(self, key: str, required: bool = True) -> Text | None:
        value = self.get(key, dict, required=required)
        return None if value is None else as_text(value, self.location, f"{key!r} of {self.what}")


def as_text(value: Any, location: Location, what: str) -> Text:
    """A ``{en: ..., es: ...}`` mapping as :class:`Text`."""
    # Every language with an entry (content/languages/): a text in one the book does not declare yet
    # is kept, and not printed.
    languages = known_codes()
    if not isinstance(value, dict):
        raise ContentError(location, f"{what} must be a mapping of languages ({', '.join(languages)})")
    unknown = sorted(set(value) - set(languages))
    if unknown:
        raise ContentError(location, f"unknown language {unknown[0]!r} in {what}"
                                     f"{did_you_mean(unknown[0], languages)}")
    for lang, words in value.items():
        if not isinstance(words, str):
            raise ContentError(location, f"{what}: the {lang} text must be a string, not {words!r}")
    return Text(dict(value))


def compose_yaml(path: Path, rel: str) -> yaml.Node | None:
    """The node tree of one YAML file, for checks that need each value's line (read as content is)."""
    return _parsed(read_content_text(path, rel), rel, lambda loader: loader.get_single_node())
