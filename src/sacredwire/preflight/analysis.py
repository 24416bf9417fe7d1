"""Interpretations of content streams shared between the files made from one laid-out document.

The print editions of a document paint the same page streams again and
again: the print-on-demand interior paints each laid-out page as it is, the
press file places it as a form clipped to its bleed, the home sheets place it
as a form clipped to its trim. :mod:`.content` interprets a stream without
the box it is clipped to, so one interpretation serves all of them; inside
:func:`shared_analysis` the interpretations are kept, keyed by what decides
them (the stream's bytes, its resources, the colours it inherits), and every
file preflighted in that block reuses them. Outside it nothing is kept.

The key of the resources is a fingerprint of what they hold, not of where:
two files that hold the same fonts, colour spaces, forms and patterns under
different object numbers give the same fingerprint. What the interpreter
never reads (font programs, image samples, a stream's compression, a form's
transparency group) is left out of it, so a file that stores a font or an
image differently, or drops the groups PDF/X forbids, still shares. A form's
or tiling pattern's own resources count as a page's do: by the names its
stream writes, so a colour space one edition adds to resources that forms
share (the registration colour of the press marks) does not stop the forms
from sharing.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pikepdf

from ..pdf.operations import recent_streams_kept
from ..processes import collection_paused

# The stream bytes whose operations a shared block keeps: the largest document's streams, twice over.
STREAMS_KEPT = 16 * 1024 * 1024
_ACTIVE: list[dict[tuple, Any]] = []
_REFERENCE = re.compile(rb"(\d+) (\d+) R")
# A name in a content stream: a slash and what follows up to white space or a delimiter.
_NAME = re.compile(rb"/[^\x00\t\n\x0c\r /\[\]<>(){}%]*")
# The resource categories a content stream looks up by name.
_NAMED_CATEGORIES = frozenset({"/ColorSpace", "/Font", "/XObject", "/Pattern", "/Shading", "/ExtGState",
                               "/Properties"})
# Keys whose values the interpreter never reads: font programs, how a stream's bytes are stored, and a
# form's transparency group (the PDF/X check reads that from the file itself).
_UNREAD_KEYS = frozenset({"/FontFile", "/FontFile2", "/FontFile3", "/Length", "/Filter", "/DecodeParms", "/Group"})


@contextmanager
def shared_analysis() -> Iterator[None]:
    """Share interpretations between every preflight run inside the block (one document's files).

    A block inside another shares the outer block's interpretations. Inside
    it, the operations of every stream read are kept too (a rewritten
    stream's are handed over by the rewrite), and garbage collection waits
    for the block's end (:func:`sacredwire.processes.collection_paused`).
    """
    _ACTIVE.append(_ACTIVE[-1] if _ACTIVE else {})
    try:
        # The editions read the same streams as the preflights (the screen edition rewrites their
        # colours), and the rewritten ones read as what the rewrite made: each is tokenized once.
        with recent_streams_kept(STREAMS_KEPT), collection_paused():
            yield
    finally:
        _ACTIVE.pop()


def active() -> dict[tuple, Any] | None:
    """The interpretations shared in the current :func:`shared_analysis` block; None outside any."""
    return _ACTIVE[-1] if _ACTIVE else None


def digest(data: bytes) -> bytes:
    """What tells one stream's bytes from another's."""
    return hashlib.blake2b(data, digest_size=20).digest()


def resources_fingerprint(data: bytes, resources: pikepdf.Object, pdf: pikepdf.Pdf,
                          known: dict[tuple[int, int], bytes]) -> bytes:
    """The fingerprint of the resources the stream ``data`` can use: those it names, with what they hold.

    A name the stream never writes cannot be looked up while it is
    interpreted, so two files whose resources differ only in names this stream
    does not use (a colour space one file dropped, the marks' colour another
    added) give the same fingerprint. Where a form or pattern would use these
    resources as its own (it has none), or a name is written with ``#``
    escapes, every entry counts.
    """
    if not isinstance(resources, pikepdf.Dictionary):
        return fingerprint(resources, pdf, known)
    names = set(_NAME.findall(data))
    if b"#" in data or _lends_resources(resources, pdf, known):
        return fingerprint(resources, pdf, known)
    parts = []
    for category in sorted(resources.keys()):
        entries = resources[category]
        if category not in _NAMED_CATEGORIES or not isinstance(entries, pikepdf.Dictionary):
            parts += [category.encode("latin-1"), _text_of_value(entries, pdf, known)]
            continue
        parts.append(category.encode("latin-1"))
        for name in sorted(names):
            key = name.decode("latin-1")
            if key in entries:
                parts += [name, _text_of_value(entries[key], pdf, known)]
    return digest(b" ".join(parts))


def _lends_resources(resources: pikepdf.Dictionary, pdf: pikepdf.Pdf, known: dict[tuple[int, int], bytes]) -> bool:
    """Whether a form or tiling pattern among ``resources`` has no resources of its own (and so uses these)."""
    memo_key = (-2, resources.objgen[0]) if resources.is_indirect else None
    if memo_key is not None and memo_key in known:
        return known[memo_key] == b"yes"
    lends = False
    for category in ("/XObject", "/Pattern"):
        children = resources.get(category)
        for child in (children.values() if isinstance(children, pikepdf.Dictionary) else ()):
            paints = isinstance(child, pikepdf.Stream) and (child.get("/Subtype") == "/Form"
                                                             or child.get("/PatternType") == 1)
            if paints and "/Resources" not in child:
                lends = True
    if memo_key is not None:
        known[memo_key] = b"yes" if lends else b"no"
    return lends


def fingerprint(obj: pikepdf.Object, pdf: pikepdf.Pdf, known: dict[tuple[int, int], bytes]) -> bytes:
    """A digest of what ``obj`` holds, following references, the same for the same content in any file.

    ``known`` keeps the fingerprint of each indirect object of ``pdf`` (a
    loop of references meets its own entry, marked as a loop, and stops).
    """
    if obj.is_indirect:
        key = obj.objgen
        if key in known:
            return known[key]
        known[key] = b"loop"
        found = digest(_text(obj, pdf, known))
        known[key] = found
        return found
    return digest(_text(obj, pdf, known))


def _text(obj: pikepdf.Object, pdf: pikepdf.Pdf, known: dict[tuple[int, int], bytes]) -> bytes:
    """``obj`` written out, each reference replaced by the fingerprint of what it refers to."""
    if isinstance(obj, pikepdf.Stream):
        entries = obj.stream_dict
        # An image's samples are never interpreted; a form's or a pattern's stream is, with its resources.
        data = obj.read_bytes() if entries.get("/Subtype") != "/Image" else None
        paints = entries.get("/Subtype") == "/Form" or entries.get("/PatternType") == 1
        parts = [b"stream"]
        for name in sorted(entries.keys()):
            if name in _UNREAD_KEYS:
                continue
            value = entries[name]
            if name == "/Resources" and paints and data is not None and isinstance(value, pikepdf.Dictionary):
                # Interpreted with its own stream, which can look up only the names it writes.
                parts += [name.encode("latin-1"), resources_fingerprint(data, value, pdf, known)]
                continue
            parts += [name.encode("latin-1"), _text_of_value(value, pdf, known)]
        if data is not None:
            parts.append(digest(data))
        return b" ".join(parts)
    if isinstance(obj, pikepdf.Dictionary) and any(name in _UNREAD_KEYS for name in obj.keys()):
        return b" ".join([b"dict"] + [name.encode("latin-1") + b" " + _text_of_value(obj[name], pdf, known)
                                      for name in sorted(obj.keys()) if name not in _UNREAD_KEYS])
    return _REFERENCE.sub(lambda match: b"{" + fingerprint(
        pdf.get_object((int(match[1]), int(match[2]))), pdf, known).hex().encode("ascii") + b"}",
        obj.unparse(resolved=True))


def _text_of_value(value: Any, pdf: pikepdf.Pdf, known: dict[tuple[int, int], bytes]) -> bytes:
    if isinstance(value, pikepdf.Object):
        if value.is_indirect:
            return b"{" + fingerprint(value, pdf, known).hex().encode("ascii") + b"}"
        return _text(value, pdf, known)
    return repr(value).encode("utf-8")
