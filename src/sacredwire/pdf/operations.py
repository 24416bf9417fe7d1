"""Content-stream bytes -> ``(operands, operator)`` pairs, fast enough for thousands of pages.

A reader that builds a library object per token through a byte-by-byte
reader costs about three quarters of a preflight run on text-heavy pages.
This tokenizer matches each token with one regular expression instead. Operands become Python values:
numbers ``float``, names :class:`Name` (``/F1``),
strings ``bytes`` (escapes and hex decoded), arrays ``list``, dictionaries
``dict``; ``true``/``false``/``null`` become ``True``/``False``/``None``. An
inline image is one ``({"settings": dict, "data": bytes}, b"INLINE IMAGE")``
pair.

>>> parse_operations(b"q 1 0 0 1 9.5 -2 cm /F1 12 Tf [(A\\\\(b) -40 <0041>] TJ Q")  # doctest: +NORMALIZE_WHITESPACE
[([], b'q'), ([1.0, 0.0, 0.0, 1.0, 9.5, -2.0], b'cm'), (['/F1', 12.0], b'Tf'),
 ([[b'A(b', -40.0, b'\\x00A']], b'TJ'), ([], b'Q')]
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

_DELIMITERS = rb"()<>\[\]{}/%"
_WHITESPACE = rb"\x00\t\n\x0c\r "            # for the patterns (escapes read by re)
_WHITESPACE_BYTES = b"\x00\t\n\x0c\r "
# One number, written so that its digits can be split only one way; with the possessive
# quantifiers (*+, ++) no failed match ever backtracks into a run of numbers, so a damaged
# stream costs linear time.
_NUMBER = rb"[+-]?+(?:\d++(?:\.\d*+)?+|\.\d++)"
_TOKEN = re.compile(
    rb"[" + _WHITESPACE + rb"]*+(?:"
    # A run of numbers (a path's coordinates, a colour) in one token; each ends at white space,
    # a delimiter or the end, so a run never has to be given back.
    rb"(?P<numbers>(?:" + _NUMBER + rb"(?![^" + _WHITESPACE + _DELIMITERS + rb"])[" + _WHITESPACE + rb"]*+)++)"
    rb"|(?P<name>/[^" + _WHITESPACE + _DELIMITERS + rb"]*+)"
    # A TJ array of hex strings and numbers (how most PDF writers set text) in one token.
    rb"|\[(?P<shows>(?:[" + _WHITESPACE + rb"]*+(?:<[0-9A-Fa-f]*+>|" + _NUMBER + rb"(?![\d.])))*+)["
    + _WHITESPACE + rb"]*+\]"
    rb"|(?P<hex><(?!<)[^>]*+>)"
    rb"|(?P<open><<|\[)"
    rb"|(?P<close>>>|\])"
    rb"|(?P<literal>\()"
    rb"|(?P<comment>%[^\r\n]*+)"
    rb"|(?P<word>[^" + _WHITESPACE + _DELIMITERS + rb"]++)"
    rb")"
)
_SHOW_ITEM = re.compile(rb"<([0-9A-Fa-f]*)>|(" + _NUMBER + rb")")
_KEYWORDS = {b"true": True, b"false": False, b"null": None}
_ESCAPES = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b", ord("f"): b"\f",
            ord("("): b"(", ord(")"): b")", ord("\\"): b"\\"}
_HEX_SPACE = re.compile(rb"[" + _WHITESPACE + rb"]")
_IMAGE_END = re.compile(rb"[" + _WHITESPACE + rb"]EI(?=[" + _WHITESPACE + _DELIMITERS + rb"]|$)")


class Name(str):
    """A name operand (``/F1``): a string with its slash, told apart from a string operand (``bytes``)."""

    __slots__ = ()


class ContentSyntaxError(ValueError):
    """A content stream that does not tokenize."""


def parse_operations(data: bytes) -> list[tuple[list, bytes]]:
    """Every ``(operands, operator)`` of a decoded content stream, in order."""
    return [(operands, operator) for operands, operator, _start, _end in operations_with_spans(data)]


class _Recent:
    """The operations of the streams tokenized last, up to a total of stream bytes.

    After an edit in ``sw28 serve`` every page outside the edited chapter has
    the bytes it had before, and the preview reads each booklet's streams
    three times (its references, its colours, its preflight). A build reads
    each stream once per document's edition: kept while one document's
    editions are finished (:func:`recent_streams_kept`, with the garbage
    collector paused, since it would walk all of them again and again),
    and otherwise not at all, since the memory (about fifteen times the
    stream's size) would cost more than it saves. Nothing is kept unless a
    process asks with :func:`keep_recent_streams`.
    """

    def __init__(self, limit: int):
        self.limit = limit
        self.size = 0
        self._operations: OrderedDict[bytes, list[tuple[list, bytes, int, int]]] = OrderedDict()

    def get(self, data: bytes) -> list[tuple[list, bytes, int, int]] | None:
        operations = self._operations.get(data)
        if operations is not None:
            self._operations.move_to_end(data)
        return operations

    def put(self, data: bytes, operations: list[tuple[list, bytes, int, int]]) -> None:
        if len(data) > self.limit or data in self._operations:
            return
        self._operations[data] = operations
        self.size += len(data)
        self.trim()

    def trim(self) -> None:
        """Forget the least recently read streams until the rest fit the limit."""
        while self.size > self.limit:
            dropped, _ = self._operations.popitem(last=False)
            self.size -= len(dropped)


_RECENT = _Recent(limit=0)


def keep_recent_streams(limit: int) -> int:
    """Keep the operations of the last ``limit`` bytes of streams tokenized in this process; the limit before."""
    before, _RECENT.limit = _RECENT.limit, limit
    _RECENT.trim()
    return before


@contextmanager
def recent_streams_kept(limit: int) -> Iterator[None]:
    """Keep at least ``limit`` bytes of recent streams inside the block; afterwards, only what was kept before.

    The files made from one laid-out document read the same streams again
    and again (each edition's preflight, the screen edition's colour
    rewrite): inside the block each is tokenized once.
    """
    before = keep_recent_streams(max(limit, _RECENT.limit))
    try:
        yield
    finally:
        keep_recent_streams(before)


def remember_operations(data: bytes, operations: list[tuple[list, bytes, int, int]]) -> None:
    """Keep ``operations`` as what ``data`` reads as, when recent streams are kept.

    For a stream made by rewriting chosen operations of another (see
    :func:`sacredwire.pdf.streams.rewrite`), whose operations are known
    without reading it: they must be exactly what :func:`operations_with_spans`
    would read.
    """
    if _RECENT.limit:
        _RECENT.put(data, operations)


def keeps_recent_streams() -> bool:
    """Whether this process keeps the operations of recent streams now."""
    return _RECENT.limit > 0


def operations_with_spans(data: bytes) -> list[tuple[list, bytes, int, int]]:
    """Every ``(operands, operator, start, end)``: ``data[start:end]`` is the operation's own text.

    The span runs from the first operand to the end of the operator, so an
    operation can be replaced in the stream without writing any other. The
    result may be shared with other readers of the same bytes: read it, never
    change it.

    >>> operations_with_spans(b"q\\n0 0 0 1 k\\nQ")
    [([], b'q', 0, 1), ([0.0, 0.0, 0.0, 1.0], b'k', 2, 11), ([], b'Q', 12, 13)]
    """
    operations = _RECENT.get(data)
    if operations is None:
        operations = _tokenize(data)
        _RECENT.put(data, operations)
    return operations


def read_operations(data: bytes) -> list[tuple[list, bytes, int, int]]:
    """What :func:`operations_with_spans` gives, read afresh and not kept (for a few bytes read once)."""
    return _tokenize(data)


def _tokenize(data: bytes) -> list[tuple[list, bytes, int, int]]:
    operations: list[tuple[list, bytes, int, int]] = []
    operands: list = []
    start = -1                                 # where the pending operation's first operand began
    stack: list[tuple[list, bool]] = []        # enclosing containers; True for a dictionary
    position, end = 0, len(data)
    match_token = _TOKEN.match
    while position < end:
        token = match_token(data, position)
        if token is None or token.end() == position:
            if data[position:].strip(_WHITESPACE_BYTES):
                raise ContentSyntaxError(f"unexpected byte {data[position:position + 1]!r} at offset {position}")
            break
        position = token.end()
        kind = token.lastgroup
        assert kind is not None  # every alternative of the pattern is a named group
        if start < 0 and not stack and kind != "comment":
            start = token.start(kind)
        if kind == "numbers":
            operands.extend(map(float, token.group(kind).split()))
        elif kind == "name":
            operands.append(Name(_name(token.group(kind))))
        elif kind == "shows":
            operands.append([float(number) if number
                             else bytes.fromhex(digits.decode("ascii") + "0" * (len(digits) % 2))
                             for digits, number in _SHOW_ITEM.findall(token.group(kind))])
        elif kind == "hex":
            digits = _HEX_SPACE.sub(b"", token.group(kind)[1:-1])
            operands.append(bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode("ascii")))
        elif kind == "literal":
            value, position = _literal(data, position)
            operands.append(value)
        elif kind == "open":
            stack.append((operands, token.group(kind) == b"<<"))
            operands = []
        elif kind == "close":
            if not stack:
                raise ContentSyntaxError(f"unbalanced {token.group(kind)!r} at offset {token.start(kind)}")
            items = operands
            operands, is_dictionary = stack.pop()
            operands.append(dict(zip(items[::2], items[1::2])) if is_dictionary else items)
        elif kind == "word":
            word = token.group(kind)
            if word in _KEYWORDS:
                operands.append(_KEYWORDS[word])
            elif stack:
                raise ContentSyntaxError(f"operator {word!r} inside an array or dictionary at offset {position}")
            elif word == b"BI":
                image, position = _inline_image(data, position)
                operations.append(([image], b"INLINE IMAGE", start, position))
                operands, start = [], -1
            else:
                operations.append((operands, word, start, position))
                operands, start = [], -1
    return operations


def _name(raw: bytes) -> str:
    """``/A#20B`` -> ``/A B``."""
    if b"#" in raw:
        raw = re.sub(rb"#([0-9A-Fa-f]{2})", lambda match: bytes.fromhex(match.group(1).decode()), raw)
    return raw.decode("latin-1")


def _literal(data: bytes, position: int) -> tuple[bytes, int]:
    """The literal string starting after its ``(``, and the offset after its ``)``."""
    depth, out, end = 1, bytearray(), len(data)
    while position < end:
        byte = data[position]
        position += 1
        if byte == 0x5C:                       # backslash
            if position >= end:
                break
            escaped = data[position]
            position += 1
            if escaped in _ESCAPES:
                out += _ESCAPES[escaped]
            elif 0x30 <= escaped <= 0x37:      # up to three octal digits
                digits = bytes([escaped])
                while len(digits) < 3 and position < end and 0x30 <= data[position] <= 0x37:
                    digits += data[position:position + 1]
                    position += 1
                out.append(int(digits, 8) & 0xFF)
            elif escaped == 0x0D:              # a line continuation
                if position < end and data[position] == 0x0A:
                    position += 1
            elif escaped != 0x0A:
                out.append(escaped)
        elif byte == 0x28:
            depth += 1
            out.append(byte)
        elif byte == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), position
            out.append(byte)
        else:
            out.append(byte)
    raise ContentSyntaxError("unterminated string")


def _inline_image(data: bytes, position: int) -> tuple[dict, int]:
    """An inline image's settings (``BI`` ... ``ID``) and data (to ``EI``)."""
    identifier = data.find(b"ID", position)
    if identifier < 0:
        raise ContentSyntaxError("inline image without ID")
    settings_operations = parse_operations(data[position:identifier] + b" x")
    values = settings_operations[0][0] if settings_operations else []
    settings = dict(zip(values[::2], values[1::2]))
    start = identifier + 3                     # "ID" and one whitespace byte
    finish = _IMAGE_END.search(data, start)
    if finish is None:
        raise ContentSyntaxError("inline image without EI")
    return {"settings": settings, "data": data[start:finish.start()]}, finish.end()
