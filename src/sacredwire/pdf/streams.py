"""What a page paints, and rewriting chosen operations of it in place.

A page paints its content streams and, through its resources, Form XObjects
and tiling patterns, which may paint further ones. Images and shading
patterns have no content stream. Each painting object is visited once per
document (``seen`` holds the object numbers already visited, painters or
not), however many pages use it. The objects are pikepdf's, which follows indirect references
itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

import pikepdf
from pikepdf import Array, Dictionary

from .operations import keeps_recent_streams, operations_with_spans, read_operations, remember_operations

# (operands, operator) -> the operation's new text, or None to keep it.
Replacement = Callable[[list, bytes], bytes | None]


Owner = pikepdf.Object  # a page dictionary, or a form or tiling pattern stream


def resources_of(owner: Owner) -> Dictionary | None:
    """The resource dictionary of a page, form or pattern, if it has one."""
    resources = owner.get("/Resources")
    return resources if isinstance(resources, Dictionary) else None


def identity(obj: Owner) -> tuple[int, int]:
    """What tells one object from another: its object number and generation (a painter is indirect)."""
    return obj.objgen if obj.is_indirect else (-1, id(obj))


def first_look(resources: Dictionary, looked: set[tuple[int, int]]) -> bool:
    """Whether ``resources`` is looked at for the first time in ``looked``; remembers it.

    Every page of a laid-out document (and every form on it) shares one
    resource dictionary, so a pass over the pages looks at it once. A direct
    dictionary, which has no identity that lasts, counts as new every time.
    """
    if not resources.is_indirect:
        return True
    if identity(resources) in looked:
        return False
    looked.add(identity(resources))
    return True


def _paints_content(obj: Owner) -> bool:
    return isinstance(obj, pikepdf.Stream) and (obj.get("/Subtype") == "/Form" or obj.get("/PatternType") == 1)


def painters(page: Owner, seen: set[tuple[int, int]]) -> Iterator[Owner]:
    """The page, then every form and tiling pattern it paints, nested ones too; each once per ``seen``."""
    pending = [page]
    while pending:
        owner = pending.pop()
        if identity(owner) in seen:
            continue
        seen.add(identity(owner))
        yield owner
        resources = resources_of(owner)
        if resources is None or not first_look(resources, seen):
            continue
        for category in ("/XObject", "/Pattern"):
            children = resources.get(category)
            if not isinstance(children, Dictionary):
                continue
            if children.is_indirect:
                # Pages often share one dictionary of every form and image: walk it once.
                if identity(children) in seen:
                    continue
                seen.add(identity(children))
            for child in children.values():
                key = identity(child)
                if key in seen:
                    continue
                if _paints_content(child):
                    pending.append(child)
                else:
                    seen.add(key)  # an image or a shading: never a painter, never asked again


def streams_of(owner: Owner) -> list[pikepdf.Object]:
    """The content streams of a page (in order), or the form or pattern itself."""
    if isinstance(owner, pikepdf.Stream):
        return [owner]
    contents = owner.get("/Contents")
    if contents is None:
        return []
    return list(contents) if isinstance(contents, Array) else [contents]


def rewrite(data: bytes, replace: Replacement) -> bytes | None:
    """``data`` with each operation ``replace`` gives new text for replaced; ``None`` if none was.

    ``replace`` sees every operation in order, so it can follow state (the
    colour space in force, ``q``/``Q``); everything it keeps stays byte for byte.

    >>> rewrite(b"q 0 0 0 1 k Q", lambda operands, operator: b"0 g" if operator == b"k" else None)
    b'q 0 g Q'
    """
    pieces: list[bytes] = []
    last = 0
    # What the new stream reads as, when this process keeps what it read: the operations kept, moved by
    # what the replacements before them added, and each replacement read on its own (None: read it anew).
    derived: list[tuple[list, bytes, int, int]] | None = [] if keeps_recent_streams() else None
    shift = 0
    for operation in operations_with_spans(data):
        operands, operator, start, end = operation
        text = replace(operands, operator)
        if text is None:
            if derived is not None:
                derived.append((operands, operator, start + shift, end + shift) if shift else operation)
            continue
        pieces += [data[last:start], text]
        last = end
        if derived is not None:
            replaced = _derived_operation(data, start, text, start + shift)
            if replaced is None:
                derived = None
            else:
                derived.append(replaced)
        shift += len(text) - (end - start)
    if not pieces:
        return None
    pieces.append(data[last:])
    result = b"".join(pieces)
    if derived is not None:
        remember_operations(result, derived)
    return result


# The bytes after which an operation may begin without running into the token before it.
_SEPARATORS = frozenset(b"\x00\t\n\x0c\r ()<>[]{}/")


def _derived_operation(data: bytes, start: int, text: bytes, new_start: int) -> tuple[list, bytes, int, int] | None:
    """The operation ``text`` put in place of the one at ``data[start:]``, as the new stream reads it; None if unsure.

    ``text`` must read as exactly one whole operation, and must not run into
    the token before it (an operation that began right after a ``]`` and now
    begins with a digit is fine; one that began with ``/`` after a word,
    replaced by a number, is not).
    """
    operation = _one_operation(text)
    if operation is None or (start and data[start - 1] not in _SEPARATORS and text[0] not in _SEPARATORS):
        return None
    operands, operator = operation
    return (operands, operator, new_start, new_start + len(text))


@lru_cache(maxsize=4096)
def _one_operation(text: bytes) -> tuple[list, bytes] | None:
    """``(operands, operator)`` when ``text`` reads as exactly one whole operation; else None.

    A rewrite writes the same few replacements (a colour) thousands of times: each is read once.
    """
    operations = read_operations(text)
    if len(operations) != 1 or operations[0][2] != 0 or operations[0][3] != len(text):
        return None
    operands, operator, _start, _end = operations[0]
    return operands, operator
