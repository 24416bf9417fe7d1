"""What a page paints, and rewriting chosen operations of it in place.

A page paints its content streams and, through its resources, Form XObjects
and tiling patterns, which may paint further ones. Images and shading
patterns have no content stream. Each painting object is visited once per
document (``seen`` holds the ids already visited), however many pages use it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from pypdf.generic import ArrayObject, DictionaryObject, StreamObject

from .operations import operations_with_spans

# (operands, operator) -> the operation's new text, or None to keep it.
Replacement = Callable[[list, bytes], bytes | None]


def resources_of(owner: DictionaryObject) -> DictionaryObject | None:
    """The resource dictionary of a page, form or pattern, if it has one."""
    resources = owner.get("/Resources")
    return resources.get_object() if resources is not None else None


def _paints_content(obj: DictionaryObject) -> bool:
    return isinstance(obj, StreamObject) and (obj.get("/Subtype") == "/Form" or obj.get("/PatternType") == 1)


def painters(page: DictionaryObject, seen: set[int]) -> Iterator[DictionaryObject]:
    """The page, then every form and tiling pattern it paints, nested ones too; each once per ``seen``."""
    pending = [page]
    while pending:
        owner = pending.pop()
        if id(owner) in seen:
            continue
        seen.add(id(owner))
        yield owner
        resources = resources_of(owner) or {}
        for category in ("/XObject", "/Pattern"):
            for child in (resources.get(category) or {}).values():
                child = child.get_object()
                if _paints_content(child) and id(child) not in seen:
                    pending.append(child)


def streams_of(owner: DictionaryObject) -> list[StreamObject]:
    """The content streams of a page (in order), or the form or pattern itself."""
    if isinstance(owner, StreamObject):
        return [owner]
    contents = owner.get("/Contents")
    if contents is None:
        return []
    contents = contents.get_object()
    return [item.get_object() for item in contents] if isinstance(contents, ArrayObject) else [contents]


def rewrite(data: bytes, replace: Replacement) -> bytes | None:
    """``data`` with each operation ``replace`` gives new text for replaced; ``None`` if none was.

    ``replace`` sees every operation in order, so it can follow state (the
    colour space in force, ``q``/``Q``); everything it keeps stays byte for byte.

    >>> rewrite(b"q 0 0 0 1 k Q", lambda operands, operator: b"0 g" if operator == b"k" else None)
    b'q 0 g Q'
    """
    pieces: list[bytes] = []
    last = 0
    for operands, operator, start, end in operations_with_spans(data):
        text = replace(operands, operator)
        if text is not None:
            pieces += [data[last:start], text]
            last = end
    if not pieces:
        return None
    pieces.append(data[last:])
    return b"".join(pieces)
