"""A rewritten stream reads as what the rewrite made it, without being tokenized again.

Inside a shared analysis (one document's editions), :func:`rewrite` hands the
new stream's operations to the tokenizer's memory; they must be exactly what
reading the new bytes gives, and a replacement that would run into the token
before it must not be handed over.
"""

from __future__ import annotations

import gc

from hypothesis import given
from hypothesis import strategies as st

from sacredwire.editions._rgb import convert_stream
from sacredwire.pdf import operations
from sacredwire.pdf.operations import operations_with_spans, read_operations, recent_streams_kept
from sacredwire.pdf.streams import rewrite
from sacredwire.preflight.analysis import shared_analysis

# Operations as WeasyPrint and the editions write them: those the screen edition's colour rewrite
# replaces, and those around them.
PIECES = (b"q", b"Q", b"0 0 0 1 k", b"0.1 0.2 0.3 0.4 K", b"/DeviceCMYK cs", b"/DeviceCMYK CS",
          b"0 0.5 1 0 scn", b"0.2 0.2 0.2 0.2 SC", b"/DeviceGray cs", b"0.5 g", b"BT", b"ET", b"/F1 12 Tf",
          b"[<0041> -20 <00420043>]TJ", b"(a\\)b) Tj", b"1 0 0 1 72 700 cm", b"0 0 10 10 re f",
          b"/P0 Do", b"% a comment\n", b"<< /MCID 3 >> BDC", b"EMC", b"[1 2] 0 d")
SEPARATORS = (b" ", b"\n", b"\r\n", b"  \t")


def _kept(data: bytes) -> list | None:
    return operations._RECENT.get(data)


@given(st.lists(st.tuples(st.sampled_from(PIECES), st.sampled_from(SEPARATORS)), min_size=1, max_size=40))
def test_the_colour_rewrite_hands_over_exactly_what_the_new_stream_reads_as(pieces) -> None:
    data = b"".join(piece + separator for piece, separator in pieces)
    with recent_streams_kept(1 << 20):
        converted = convert_stream(data, None)
        if converted is None:
            return
        handed = _kept(converted)
        assert handed is not None  # the rewrite handed its operations over
        assert handed == read_operations(converted)


def test_a_rewrite_that_ran_into_the_token_before_is_read_anew() -> None:
    data = b"BT/F1 12 Tf ET"
    with recent_streams_kept(1 << 20):
        # "BT1 g" would read as one word: the new operations are not what the old ones suggest.
        rewritten = rewrite(data, lambda operands, operator: b"1 g" if operator == b"Tf" else None)
        assert rewritten == b"BT1 g ET"
        assert _kept(rewritten) is None
        assert operations_with_spans(rewritten) == read_operations(rewritten)
        assert [operator for _operands, operator, _start, _end in operations_with_spans(rewritten)] == [b"BT1", b"g", b"ET"]


def test_nothing_is_handed_over_when_nothing_is_kept() -> None:
    data = b"q 0 0 0 1 k 0 0 5 5 re f Q " + str(id(object())).encode()
    with recent_streams_kept(0):
        converted = convert_stream(data, None)
        assert converted is not None and _kept(converted) is None


def test_a_shared_analysis_keeps_streams_and_pauses_collection_for_its_block_only() -> None:
    assert gc.isenabled()
    before = operations._RECENT.limit
    with shared_analysis():
        assert not gc.isenabled()
        assert operations._RECENT.limit >= 1 << 20
        data = b"q 0 0 0 1 k Q " + str(id(object())).encode()
        assert operations_with_spans(data) is operations_with_spans(bytes(data))
    assert gc.isenabled()
    assert operations._RECENT.limit == before
