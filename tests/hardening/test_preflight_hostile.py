"""``sw28 preflight`` on files built to hurt it: special files, huge files, encrypted files, files that
make a reader work without end, images that lie about their size."""

from __future__ import annotations

import os
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest
from pypdf import PdfWriter
from pypdf.generic import DictionaryObject, NameObject, NumberObject, StreamObject

from sacredwire.preflight import hostile
from sacredwire.preflight.findings import UnreadablePdf


def _pdf(path: Path, content: bytes = b"", image: tuple[int, int, bytes, bool] | None = None,
         place: int = 100) -> Path:
    """A one-page PDF with ``content``, or drawing one RGB image (width, height, samples, compressed)."""
    writer = PdfWriter()
    page = writer.add_blank_page(595, 842)
    if image:
        width, height, samples, compressed = image
        xobject = StreamObject()
        xobject._data = zlib.compress(samples) if compressed else samples
        xobject.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Image"),
                        NameObject("/Width"): NumberObject(width), NameObject("/Height"): NumberObject(height),
                        NameObject("/ColorSpace"): NameObject("/DeviceRGB"),
                        NameObject("/BitsPerComponent"): NumberObject(8)})
        if compressed:
            xobject[NameObject("/Filter")] = NameObject("/FlateDecode")
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): DictionaryObject(
            {NameObject("/Im1"): writer._add_object(xobject)})})
        content = f"q {place} 0 0 {place} 50 50 cm /Im1 Do Q".encode()
    if content:
        stream = StreamObject()
        stream.set_data(content)
        page[NameObject("/Contents")] = writer._add_object(stream)
    writer.write(path)
    return path


def _preflight(sw28, tmp_path: Path, *args: str):  # type: ignore[no-untyped-def]
    return sw28("preflight", "-q", *args, cwd=tmp_path)


def test_only_regular_files_are_read(tmp_path: Path, sw28) -> None:
    os.mkfifo(tmp_path / "f.pdf")
    (tmp_path / "folder.pdf").mkdir()
    outcome = _preflight(sw28, tmp_path, "f.pdf", "/dev/zero", "folder.pdf")
    assert outcome.code == 2
    assert "f.pdf: error: not a regular file (a FIFO)" in outcome.err
    assert "/dev/zero: error: not a regular file (a device)" in outcome.err
    assert "folder.pdf: error: not a regular file (a folder)" in outcome.err


def test_a_file_past_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = _pdf(tmp_path / "a.pdf")
    assert hostile.read_file(path, limit=path.stat().st_size) == path.read_bytes()
    with pytest.raises(UnreadablePdf, match="larger than"):
        hostile.read_file(path, limit=path.stat().st_size - 1)


@pytest.mark.skipif(not shutil.which("qpdf"), reason="qpdf makes the encrypted file")
def test_an_encrypted_pdf_is_refused_with_one_clear_line(tmp_path: Path, sw28) -> None:
    plain = _pdf(tmp_path / "plain.pdf")
    subprocess.run(["qpdf", "--encrypt", "", "", "256", "--", str(plain), str(tmp_path / "aes.pdf")], check=True)
    outcome = _preflight(sw28, tmp_path, "aes.pdf")
    assert outcome.code == 2
    assert outcome.lines == ["aes.pdf: error: encrypted: preflight checks unencrypted files only (a file for a "
                             "printer must not be encrypted); save it without encryption first"]


def test_a_file_past_its_processor_budget_is_a_finding(tmp_path: Path, sw28,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # A budget of one processor second, far below what a million save-state operators need.
    monkeypatch.setattr(hostile, "CPU_BASE_S", 1)
    monkeypatch.setattr(hostile, "CPU_PER_PAGE_S", 0)
    _pdf(tmp_path / "bomb.pdf", b"q\n" * 1_000_000)
    outcome = _preflight(sw28, tmp_path, "bomb.pdf")
    assert outcome.code == 1
    assert "bomb.pdf: error PF002: checking the file went past its budget of 1 s of processor time" in outcome.out


def test_images_are_checked_against_their_declared_size(tmp_path: Path, sw28) -> None:
    _pdf(tmp_path / "huge.pdf", image=(100000, 100000, b"\0" * 30, True))
    _pdf(tmp_path / "short.pdf", image=(100, 100, b"\0" * 3000, False), place=20)
    _pdf(tmp_path / "coarse.pdf", image=(100, 100, b"\0" * 30000, True), place=300)
    _pdf(tmp_path / "fine.pdf", image=(100, 100, b"\0" * 30000, True), place=20)
    outcome = _preflight(sw28, tmp_path, "--edition", "pod", "huge.pdf", "short.pdf", "coarse.pdf", "fine.pdf")
    assert "huge.pdf:p1: error PF901: image /Im1 declares 100000 × 100000 pixels" in outcome.out
    assert "short.pdf:p1: error PF902: image /Im1 declares 100 × 100 pixels (30000 bytes of samples) but its " \
           "data holds 3000" in outcome.out
    assert "coarse.pdf:p1: warning PF903: image /Im1 prints at 24 ppi" in outcome.out
    assert not [line for line in outcome.out.splitlines() if line.startswith("fine.pdf") and " PF9" in line]
