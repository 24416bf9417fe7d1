"""The preflight's verdicts stay what they were when it read PDFs with another library.

``data/preflight_verdicts.json`` holds, for a corpus of small PDFs that plant
every kind of fault the checks know (written operator by operator, as in
``test_preflight.py``), the findings and the page facts that the preflight
gave against every edition and product before it was moved onto qpdf. The
same corpus is checked here against the same profiles and must give exactly
the same: same codes, pages, severities and messages, same boxes, inks,
colour spaces, text sizes and fonts. To write the file anew (only when a
check deliberately changes), run this module as a script.
"""

from __future__ import annotations

import io
import json
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

from pypdf import PdfWriter
from pypdf.generic import ByteStringObject, DictionaryObject, NameObject, NumberObject, StreamObject
from test_preflight import HELVETICA, PDFX_INFO, SLUG, TRIM, Page, clean_pod, make_pdf

from sacredwire.preflight import UnreadablePdf, inspect_pdf
from sacredwire.preflight.geometry import POINTS_PER_MM
from sacredwire.preflight.profiles import EDITIONS, PRODUCTS

VERDICTS = Path(__file__).parent / "data" / "preflight_verdicts.json"

REGISTRATION = {"/Reg": ["/Separation", "/All", "/DeviceCMYK",
                         {"/FunctionType": 2, "/Domain": [0, 1], "/N": 1, "/C0": [0, 0, 0, 0], "/C1": [1, 1, 1, 1]}]}
SHADING = {"/ShadingType": 2, "/ColorSpace": "/DeviceCMYK", "/Coords": [0, 0, 100, 0],
           "/Function": {"/FunctionType": 2, "/Domain": [0, 1], "/N": 1, "/C0": [0, 0, 0, 0], "/C1": [1, 1, 1, 0.5]}}
TYPE3 = {"/Type": "/Font", "/Subtype": "/Type3", "/Name": "/Bitmap", "/FontMatrix": [0.001, 0, 0, 0.001, 0, 0],
         "/FontBBox": [0, 0, 1000, 1000], "/CharProcs": {}, "/Encoding": {"/Differences": []},
         "/FirstChar": 0, "/LastChar": 0, "/Widths": [0]}
CID = {"/Type": "/Font", "/Subtype": "/Type0", "/BaseFont": "/ABCDEF+Cid", "/Encoding": "/Identity-H",
       "/DescendantFonts": [{"/Type": "/Font", "/Subtype": "/CIDFontType2", "/BaseFont": "/ABCDEF+Cid",
                             "/DW": 600, "/W": [1, [500, 700], 10, 20, 250],
                             "/FontDescriptor": {"/Type": "/FontDescriptor", "/FontName": "/ABCDEF+Cid",
                                                 "/Ascent": 800, "/Descent": -200, "/FontFile2": b"program"}}]}
THREE_MM = 3 * POINTS_PER_MM
NARROW = (-THREE_MM, -THREE_MM, TRIM[2] + THREE_MM, TRIM[3] + THREE_MM)
CARD = (0.0, 0.0, 63 * POINTS_PER_MM, 88 * POINTS_PER_MM)


def _image_pdf(width: int, height: int, samples: bytes, compressed: bool, place: int,
               space: str = "/DeviceRGB") -> bytes:
    """One A4 page drawing one image XObject at ``place`` points square."""
    writer = PdfWriter()
    page = writer.add_blank_page(595, 842)
    image = StreamObject()
    image._data = zlib.compress(samples) if compressed else samples
    image.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Image"),
                  NameObject("/Width"): NumberObject(width), NameObject("/Height"): NumberObject(height),
                  NameObject("/ColorSpace"): NameObject(space), NameObject("/BitsPerComponent"): NumberObject(8)})
    if compressed:
        image[NameObject("/Filter")] = NameObject("/FlateDecode")
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): DictionaryObject(
        {NameObject("/Im1"): writer._add_object(image)})})
    content = StreamObject()
    content.set_data(f"q {place} 0 0 {place} 50 50 cm /Im1 Do Q".encode())
    page[NameObject("/Contents")] = writer._add_object(content)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


# Each case: a PDF that plants one fault (or none), by name.
CORPUS: dict[str, Callable[[], bytes]] = {
    "clean-text": lambda: clean_pod(b"0 0 0 1 k BT /F1 10 Tf 1 0 0 1 72 300 Tm (Hello) Tj ET"),
    "rgb-text": lambda: clean_pod(b"0.2 0.3 0.4 rg BT /F1 10 Tf 72 300 Td (Hello) Tj ET"),
    "ink-300": lambda: clean_pod(b"1 1 1 0 k 72 72 144 144 re f"),
    "colour-spaces": lambda: make_pdf(
        Page(b"0.2 g 72 72 10 10 re f"), Page(b"0.1 0.2 0.3 0.4 k 72 72 10 10 re f"),
        Page(b"/Reg cs 0.5 sc 72 72 10 10 re f", colour_spaces=REGISTRATION),
        Page(b"/Duo cs 0.5 0.25 scn 72 72 10 10 re f",
             colour_spaces={"/Duo": ["/DeviceN", ["/Cyan", "/Magenta"], "/DeviceCMYK",
                                     {"/FunctionType": 2, "/Domain": [0, 1], "/N": 1}]}),
        Page(b"/Pal cs 1 sc 72 72 10 10 re f",
             colour_spaces={"/Pal": ["/Indexed", "/DeviceCMYK", 1, ByteStringObject(b"\0\0\0\0\xff\xff\0\xff")]}),
        Page(b"/Lab cs 50 0 0 sc 72 72 10 10 re f /Cal CS 0.5 0.5 0.5 SC 1 w 10 10 m 90 90 l S",
             colour_spaces={"/Lab": ["/Lab", {"/WhitePoint": [0.95, 1, 1.09]}],
                            "/Cal": ["/CalRGB", {"/WhitePoint": [0.95, 1, 1.09]}]}),
        info=PDFX_INFO, output_intent="SWOP"),
    "form": lambda: clean_pod(b"0 0 0 1 k q 1 0 0 1 100 100 cm /Fm1 Do Q 1 1 1 1 k q 1 0 0 1 200 300 cm /Fm1 Do Q",
                              forms={"/Fm1": (b"10 10 10 10 re f",
                                              {"/BBox": [0, 0, 100, 100], "/Matrix": [2, 0, 0, 2, 0, 0]})}),
    "form-clipped": lambda: clean_pod(b"/Fm1 Do", forms={"/Fm1": (b"1 1 1 1 k 200 200 10 10 re f",
                                                                  {"/BBox": [0, 0, 100, 100]})}),
    "inline-image-shading": lambda: clean_pod(
        b"q 10 0 0 10 72 72 cm BI /W 1 /H 1 /CS /RGB /BPC 8 ID \xff\x00\x00 EI Q "
        b"q 72 300 100 50 re W n /Sh1 sh Q", shadings={"/Sh1": SHADING}),
    "tiling-pattern": lambda: clean_pod(b"/Pattern cs /P1 scn 72 72 100 100 re f", patterns={
        "/P1": (b"0.9 0.1 0.1 rg 0 0 5 5 re f 1 1 0.5 0 k 5 5 5 5 re f", {})}),
    "rich-black": lambda: clean_pod(b"0.6 0.4 0.4 1 k BT /F1 9 Tf 72 300 Td (Hi) Tj ET "
                                    b"0.6 0.4 0.4 1 K 0.5 w 72 200 m 300 200 l S 3 w 72 100 m 300 100 l S"),
    "safe-margin": lambda: make_pdf(
        Page(b"0 0 0 1 k BT /F1 10 Tf 1 0 0 1 %.4f 300 Tm (Hello) Tj ET" % POINTS_PER_MM),
        Page(b"0 0 0 1 k BT /F1 10 Tf 1 0 0 1 %.4f 300 Tm (Hello) Tj ET" % (TRIM[2] - POINTS_PER_MM - 25)),
        Page(b"0 0 0 1 k BT /F1 10 Tf 1 0 0 1 420 300 Tm [(Hel) -200 (lo)] TJ ET"),
        Page(b"0 0 0 1 k BT /F1 10 Tf 12 TL 2 Tc 3 Tw 80 Tz 1 Ts 20 300 Td (A b) Tj T* (c) ' 1 2 (d) \" ET"),
        Page(b"0 0 0 1 k BT /F1 10 Tf 3 Tr 1 0 0 1 1 1 Tm (hidden) Tj 1 Tr 0 0 0 1 K (stroked) Tj ET"),
        info=PDFX_INFO, output_intent="SWOP"),
    "text-size": lambda: clean_pod(b"0 0 0 1 k q 0.5 0 0 0.5 0 0 cm BT /F1 8 Tf 1 0 0 1 200 600 Tm (tiny) Tj ET Q"),
    "cid-font": lambda: clean_pod(b"0 0 0 1 k BT /F2 9 Tf 1 0 0 1 5 300 Tm <0001000200030011> Tj ET",
                                  fonts={"/F2": CID}),
    "slug-text": lambda: make_pdf(Page(b"0 0 0 1 k BT /F1 6 Tf 10 -30 Td (slug info) Tj ET "
                                       b"0.25 w 0 -12 m 0 -30 l S", media=SLUG),
                                  info={**PDFX_INFO, "/GTS_PDFXVersion": "PDF/X-3:2003"}, output_intent="FOGRA39"),
    "fonts": lambda: make_pdf(Page(b"0 0 0 1 k BT /F1 10 Tf 72 300 Td (x) Tj /F2 10 Tf (y) Tj ET",
                                   fonts={"/F1": HELVETICA, "/F2": TYPE3}), info=PDFX_INFO, output_intent="SWOP"),
    "boxes-slug": lambda: clean_pod(b"0 0 0 1 k 10 10 10 10 re f", media=SLUG),
    "boxes-none": lambda: clean_pod(b"0 0 0 1 k 10 10 10 10 re f", trim=None, bleed=None),
    "boxes-narrow": lambda: clean_pod(b"0 0 0 1 k 10 10 10 10 re f", media=NARROW, bleed=NARROW),
    "boxes-screen": lambda: make_pdf(Page(b"0 0 0 1 k 10 10 10 10 re f", media=TRIM, bleed=None)),
    "boxes-unnested": lambda: clean_pod(b"", media=TRIM, bleed=(-9, -9, 400, 600)),
    "sheet-letter": lambda: make_pdf(Page(b"0 0 0 1 k 10 10 10 10 re f", media=(0.0, 0.0, 792.0, 612.0),
                                          trim=None, bleed=None)),
    "card-wrong": lambda: clean_pod(b"", trim=CARD, bleed=(-9.0, -9.0, CARD[2] + 9, CARD[3] + 9),
                                    media=(-9.0, -9.0, CARD[2] + 9, CARD[3] + 9)),
    "card-poker": lambda: clean_pod(b"", trim=(0.0, 0.0, 180.0, 252.0), bleed=(-9, -9, 189, 261),
                                    media=(-9, -9, 189, 261)),
    "mark-in-bleed": lambda: clean_pod(b"0 0 0 1 K 0.25 w -9 0 m -2 0 l S"),
    "background-band": lambda: clean_pod(b"1 1 1 1 k -9 -9 450 630 re f /Reg cs 1 sc -9 -9 450 630 re f "
                                         b"1 0 0 0 k -9 -9 9 630 re f", colour_spaces=REGISTRATION),
    "registration-target": lambda: clean_pod(b"/Reg cs 1 sc -8 -8 6 6 re f", colour_spaces=REGISTRATION),
    "crop-marks-slug": lambda: make_pdf(Page(b"0 0 0 1 K 0.25 w 0 -12 m 0 -30 l S", media=SLUG),
                                        info=PDFX_INFO, output_intent="FOGRA39"),
    "six-pages": lambda: make_pdf(*[Page(b"") for _ in range(6)], info=PDFX_INFO, output_intent="SWOP"),
    "pdfx-bare": lambda: make_pdf(Page(b"")),
    "pdfx-x3": lambda: make_pdf(Page(b""), info={**PDFX_INFO, "/GTS_PDFXVersion": "PDF/X-3:2003"},
                                output_intent=""),
    "pdfx-x1a-2001": lambda: make_pdf(Page(b""), info={**PDFX_INFO, "/GTS_PDFXVersion": "PDF/X-1:2001",
                                                       "/GTS_PDFXConformance": "PDF/X-1a:2001"},
                                      output_intent="SWOP"),
    "pdfx-claims": lambda: make_pdf(Page(b""), info={"/GTS_PDFXVersion": "PDF/X-4"}),
    "transparency-links": lambda: clean_pod(
        b"/Half gs /Mul gs 0 0 0 1 k 10 10 10 10 re f /Fm1 Do",
        forms={"/Fm1": (b"0 0 0 1 k 1 1 5 5 re f", {"/BBox": [0, 0, 10, 10], "/Group": {"/S": "/Transparency"}})},
        states={"/Half": {"/Type": "/ExtGState", "/ca": 0.5, "/CA": 0.5},
                "/Mul": {"/Type": "/ExtGState", "/BM": "/Multiply", "/SMask": {"/Type": "/Mask"}}},
        annotations=[{"/Type": "/Annot", "/Subtype": "/Link", "/Rect": [10, 10, 50, 20]},
                     {"/Type": "/Annot", "/Subtype": "/PrinterMark", "/Rect": [10, 10, 50, 20]}]),
    "screen-untagged": lambda: make_pdf(Page(b"0.5 0 0 rg 10 10 10 10 re f", media=TRIM, bleed=None),
                                        catalog={"/Outlines": {"/Type": "/Outlines", "/Count": 0}}),
    "screen-tagged": lambda: make_pdf(Page(b"0.5 0 0 rg 10 10 10 10 re f", media=TRIM, bleed=None),
                                      catalog={"/Lang": "en", "/MarkInfo": {"/Marked": True},
                                               "/StructTreeRoot": {"/Type": "/StructTreeRoot"},
                                               "/ViewerPreferences": {"/DisplayDocTitle": True}}),
    "broken-content": lambda: clean_pod(b"0 0 0 1 k ] 10 10 10 10 re f"),
    "image-huge": lambda: _image_pdf(100000, 100000, b"\0" * 30, True, 100),
    "image-short": lambda: _image_pdf(100, 100, b"\0" * 3000, False, 20),
    "image-coarse": lambda: _image_pdf(100, 100, b"\0" * 30000, True, 300),
    "image-fine-cmyk": lambda: _image_pdf(100, 100, b"\0" * 40000, True, 20, "/DeviceCMYK"),
}

# Every edition against every product, and the guess from the file itself.
PROFILES = [(edition, product) for edition in EDITIONS for product in PRODUCTS] + [("any", "auto")]


def verdicts() -> dict[str, dict[str, object]]:
    """The corpus's page facts and, profile by profile, its findings (or why it is unreadable)."""
    found: dict[str, dict[str, object]] = {}
    for case, make in CORPUS.items():
        data = make()
        findings: dict[str, object] = {}
        pages: list[dict] = []
        for edition, product in PROFILES:
            try:
                report = inspect_pdf(data, f"{case}.pdf", edition=edition, product=product)
            except UnreadablePdf as error:
                findings[f"{edition}/{product}"] = f"unreadable: {error.reason}"
                continue
            findings[f"{edition}/{product}"] = [str(finding) for finding in report.findings]
            pages = [page.as_dict() for page in report.pages]   # the same facts whatever the profile
        found[case] = {"pages": pages, "findings": findings}
    return found


def test_the_corpus_gives_the_verdicts_recorded_before_the_move_to_qpdf() -> None:
    recorded = json.loads(VERDICTS.read_text(encoding="utf-8"))
    assert sorted(recorded) == sorted(CORPUS)
    now = json.loads(json.dumps(verdicts()))   # tuples as lists, as they were written
    different = [f"{case} {profile}" for case in CORPUS for profile in recorded[case]["findings"]
                 if now[case]["findings"].get(profile) != recorded[case]["findings"][profile]]
    different += [f"{case} page facts" for case in CORPUS if now[case]["pages"] != recorded[case]["pages"]]
    assert different == []
    # The corpus plants what it says: every check but the encrypted file's (refused unread) finds something.
    codes = {line.split(": ")[1].split()[1] for case in recorded.values()
             for lines in case["findings"].values() if isinstance(lines, list) for line in lines}
    assert codes == {f"PF{number:03}" for number in (1, *range(101, 108), 201, *range(301, 305), 401, 402,
                                                  *range(501, 504), 601, 602, *range(701, 708), 709, 710,
                                                  *range(801, 805), *range(901, 904))}


if __name__ == "__main__":
    VERDICTS.parent.mkdir(exist_ok=True)
    VERDICTS.write_text(json.dumps(verdicts(), indent=0, sort_keys=True, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    sys.stdout.write(f"wrote {VERDICTS}\n")
