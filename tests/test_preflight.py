"""Preflight on small PDFs written here operator by operator, on the real build, and against Ghostscript."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import run_sw28
from doctests import run_doctests
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    BooleanObject,
    ByteStringObject,
    ContentStream,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    NameObject,
    NumberObject,
    RectangleObject,
    TextStringObject,
)

from sacredwire.pdf.operations import (
    ContentSyntaxError,
    _Recent,
    _tokenize,
    keep_recent_streams,
    operations_with_spans,
    parse_operations,
)
from sacredwire.preflight import Severity, inspect_pdf, preflight_pdf, profile_for, profiles, report
from sacredwire.preflight import findings as findings_module
from sacredwire.preflight.document import Document
from sacredwire.preflight.geometry import POINTS_PER_MM

# A 6 × 8.5 in trim with a 0.125 in (9 pt) bleed, the pod shape: MediaBox = BleedBox.
TRIM = (0.0, 0.0, 432.0, 612.0)
BLEED = (-9.0, -9.0, 441.0, 621.0)
SLUG = (-36.0, -36.0, 468.0, 648.0)
HELVETICA = {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Helvetica"}
# Preflight reads the font dictionary, never the program: any bytes stand in for an embedded one.
EMBEDDED = {"/Type": "/Font", "/Subtype": "/TrueType", "/BaseFont": "/ABCDEF+Sans", "/FirstChar": 32,
            "/LastChar": 126, "/Widths": [500] * 95,
            "/FontDescriptor": {"/Type": "/FontDescriptor", "/FontName": "/ABCDEF+Sans", "/Flags": 32,
                                "/FontFile2": b"program"}}


def _pdf_object(value, writer: PdfWriter | None = None):
    """Plain Python values as pypdf objects (names start with '/', bytes become streams)."""
    if isinstance(value, dict):
        return DictionaryObject({NameObject(key): _pdf_object(item, writer) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return ArrayObject(_pdf_object(item, writer) for item in value)
    if isinstance(value, bytes) and not isinstance(value, ByteStringObject):
        stream = DecodedStreamObject()
        stream.set_data(value)
        return writer._add_object(stream)
    if isinstance(value, bool):
        return BooleanObject(value)
    if isinstance(value, int):
        return NumberObject(value)
    if isinstance(value, float):
        return FloatObject(value)
    if isinstance(value, str) and value.startswith("/"):
        return NameObject(value)
    if isinstance(value, str):
        return TextStringObject(value)
    return value


@dataclass
class Page:
    content: bytes
    media: tuple = BLEED
    trim: tuple | None = TRIM
    bleed: tuple | None = BLEED
    fonts: dict = field(default_factory=lambda: {"/F1": EMBEDDED})
    colour_spaces: dict = field(default_factory=dict)
    states: dict = field(default_factory=dict)
    forms: dict = field(default_factory=dict)      # name -> (content, extra keys)
    annotations: list = field(default_factory=list)
    shadings: dict = field(default_factory=dict)
    patterns: dict = field(default_factory=dict)   # name -> (cell content, extra keys)


def make_pdf(*pages: Page, info: dict | None = None, catalog: dict | None = None,
             output_intent: str | None = None) -> bytes:
    writer = PdfWriter()
    for spec in pages:
        page = writer.add_blank_page(100, 100)
        page.mediabox = RectangleObject(spec.media)
        if spec.trim:
            page.trimbox = RectangleObject(spec.trim)
        if spec.bleed:
            page.bleedbox = RectangleObject(spec.bleed)
        stream = DecodedStreamObject()
        stream.set_data(spec.content)
        page[NameObject("/Contents")] = writer._add_object(stream)
        resources = {"/Font": {name: writer._add_object(_pdf_object(font, writer))
                               for name, font in spec.fonts.items()}}
        if spec.colour_spaces:
            resources["/ColorSpace"] = spec.colour_spaces
        if spec.states:
            resources["/ExtGState"] = spec.states
        if spec.shadings:
            resources["/Shading"] = spec.shadings
        if spec.forms:
            forms = {}
            for name, (content, keys) in spec.forms.items():
                form = DecodedStreamObject()
                form.set_data(content)
                form.update(_pdf_object({"/Type": "/XObject", "/Subtype": "/Form", **keys}))
                forms[name] = writer._add_object(form)
            resources["/XObject"] = forms
        if spec.patterns:
            patterns = {}
            for name, (content, keys) in spec.patterns.items():
                pattern = DecodedStreamObject()
                pattern.set_data(content)
                pattern.update(_pdf_object({"/Type": "/Pattern", "/PatternType": 1, "/PaintType": 1,
                                            "/TilingType": 1, "/BBox": [0, 0, 10, 10], "/XStep": 10,
                                            "/YStep": 10, "/Resources": {}, **keys}))
                patterns[name] = writer._add_object(pattern)
            resources["/Pattern"] = patterns
        page[NameObject("/Resources")] = _pdf_object(resources)
        if spec.annotations:
            page[NameObject("/Annots")] = ArrayObject(writer._add_object(_pdf_object(annotation))
                                                      for annotation in spec.annotations)
    if info is not None:
        writer.add_metadata(info)
    root = writer._root_object
    for key, value in (catalog or {}).items():
        root[NameObject(key)] = _pdf_object(value)
    if output_intent is not None:
        root[NameObject("/OutputIntents")] = _pdf_object([{
            "/Type": "/OutputIntent", "/S": "/GTS_PDFX", "/OutputConditionIdentifier": output_intent,
            "/RegistryName": "http://www.color.org"}])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def codes(findings) -> list[str]:
    return [finding.code for finding in findings]


def messages(findings, code: str) -> list[str]:
    return [finding.message for finding in findings if finding.code == code]


POD = profile_for("pod", "booklet-cover")
SCREEN = profile_for("screen", "booklet")
PDFX_INFO = {"/Title": "Test", "/CreationDate": "D:20260101000000Z", "/ModDate": "D:20260101000000Z",
             "/GTS_PDFXVersion": "PDF/X-1a:2003", "/Trapped": "/False"}


def clean_pod(content: bytes, **page) -> bytes:
    """A pod page that passes every document-level PDF/X check, with ``content``."""
    return make_pdf(Page(content, **page), info=PDFX_INFO, output_intent="CGATS TR 001")


# -- colour ------------------------------------------------------------------------------------------

def test_a_clean_cmyk_page_has_no_findings() -> None:
    data = clean_pod(b"0 0 0 1 k BT /F1 10 Tf 1 0 0 1 72 300 Tm (Hello) Tj ET")
    assert preflight_pdf(data, "clean.pdf", POD) == []


def test_rgb_text_is_an_error_in_print_and_allowed_on_screen() -> None:
    data = clean_pod(b"0.2 0.3 0.4 rg BT /F1 10 Tf 72 300 Td (Hello) Tj ET")
    found = preflight_pdf(data, "rgb.pdf", POD)
    assert [str(finding) for finding in found] == [
        "rgb.pdf:p1: error PF301: DeviceRGB colour (text) in a CMYK-only edition"]
    assert "PF301" not in codes(preflight_pdf(data, "rgb.pdf", SCREEN))


def test_a_300_percent_fill_is_over_the_ink_limit() -> None:
    data = clean_pod(b"1 1 1 0 k 72 72 144 144 re f")
    found = preflight_pdf(data, "ink.pdf", POD)
    assert codes(found) == ["PF303"]
    assert found[0].page == 1 and found[0].severity is Severity.ERROR
    assert found[0].message == "fill at 300% total ink (limit 240%), at 25.4, 139.7 mm from the trim's top left"
    assert preflight_pdf(data, "ink.pdf", profile_for("pod", "booklet-cover", ink_limit=300)) == []


def test_text_in_100_percent_k_counts_100_percent() -> None:
    report_ = inspect_pdf(clean_pod(b"0 0 0 1 k BT /F1 9 Tf 72 300 Td (Rules) Tj ET"), "k.pdf", POD)
    (page,) = report_.pages
    assert (page.max_ink, page.max_ink_kind, page.colour_spaces) == (100.0, "text", ("DeviceCMYK",))
    assert page.min_text_size == 9.0


@pytest.mark.parametrize(("setting", "colour_spaces", "ink"), [
    (b"0.2 g", {}, 80.0),
    (b"0.1 0.2 0.3 0.4 k", {}, 100.0),
    (b"/Reg cs 0.5 sc", {"/Reg": ["/Separation", "/All", "/DeviceCMYK",
                                   {"/FunctionType": 2, "/Domain": [0, 1], "/N": 1,
                                    "/C0": [0, 0, 0, 0], "/C1": [1, 1, 1, 1]}]}, 200.0),
    (b"/Duo cs 0.5 0.25 scn", {"/Duo": ["/DeviceN", ["/Cyan", "/Magenta"], "/DeviceCMYK",
                                        {"/FunctionType": 2, "/Domain": [0, 1], "/N": 1}]}, 75.0),
    (b"/Pal cs 1 sc", {"/Pal": ["/Indexed", "/DeviceCMYK", 1, ByteStringObject(b"\0\0\0\0\xff\xff\0\xff")]}, 300.0),
])
def test_total_ink_of_each_colour_space(setting: bytes, colour_spaces: dict, ink: float) -> None:
    data = clean_pod(setting + b" 72 72 10 10 re f", colour_spaces=colour_spaces)
    (page,) = inspect_pdf(data, "spaces.pdf", POD).pages
    assert page.max_ink == ink


def test_a_form_xobject_is_followed_with_its_matrix_and_inherited_colour() -> None:
    form = (b"10 10 10 10 re f", {"/BBox": [0, 0, 100, 100], "/Matrix": [2, 0, 0, 2, 0, 0]})
    data = clean_pod(b"0 0 0 1 k q 1 0 0 1 100 100 cm /Fm1 Do Q 1 1 1 1 k q 1 0 0 1 200 300 cm /Fm1 Do Q",
                     forms={"/Fm1": form})
    found = preflight_pdf(data, "form.pdf", POD)
    # Only the second placement inherits 400 %; it lands at (220, 320)-(240, 340) on the page.
    assert messages(found, "PF303") == [
        "fill at 400% total ink (limit 240%), at 77.6, 96.0 mm from the trim's top left"]


def test_a_form_clipped_away_by_its_bbox_paints_nothing() -> None:
    form = (b"1 1 1 1 k 200 200 10 10 re f", {"/BBox": [0, 0, 100, 100]})
    assert preflight_pdf(clean_pod(b"/Fm1 Do", forms={"/Fm1": form}), "clip.pdf", POD) == []


def test_an_rgb_image_and_an_over_inked_shading() -> None:
    shading = {"/ShadingType": 2, "/ColorSpace": "/DeviceCMYK", "/Coords": [0, 0, 100, 0],
               "/Function": {"/FunctionType": 2, "/Domain": [0, 1], "/N": 1,
                             "/C0": [0, 0, 0, 0], "/C1": [1, 1, 1, 0.5]}}
    data = clean_pod(b"q 10 0 0 10 72 72 cm BI /W 1 /H 1 /CS /RGB /BPC 8 ID \xff\x00\x00 EI Q "
                     b"q 72 300 100 50 re W n /Sh1 sh Q", shadings={"/Sh1": shading})
    report_ = inspect_pdf(data, "image.pdf", POD)
    assert report_.pages[0].image_colour_spaces == ("DeviceRGB",)
    assert [(f.code, f.message) for f in report_.findings] == [
        ("PF302", "DeviceRGB image in a CMYK-only edition"),
        ("PF303", "shading at 350% total ink (limit 240%), at 25.4, 92.4 mm from the trim's top left")]


def test_a_tiling_pattern_paints_with_the_colours_of_its_cell() -> None:
    cell = (b"0.9 0.1 0.1 rg 0 0 5 5 re f 1 1 0.5 0 k 5 5 5 5 re f", {})
    data = clean_pod(b"/Pattern cs /P1 scn 72 72 100 100 re f", patterns={"/P1": cell})
    report_ = inspect_pdf(data, "pattern.pdf", POD)
    assert report_.pages[0].colour_spaces == ("DeviceCMYK", "DeviceRGB")
    assert [(f.code, f.message) for f in report_.findings] == [
        ("PF301", "DeviceRGB colour (fill) in a CMYK-only edition"),
        ("PF303", "fill at 250% total ink (limit 240%), at 25.4, 155.2 mm from the trim's top left")]


def test_rich_black_text_and_thin_rules_are_warnings() -> None:
    found = preflight_pdf(clean_pod(b"0.6 0.4 0.4 1 k BT /F1 9 Tf 72 300 Td (Hi) Tj ET "
                                    b"0.6 0.4 0.4 1 K 0.5 w 72 200 m 300 200 l S 3 w 72 100 m 300 100 l S"),
                          "rich.pdf", POD)
    assert [(f.code, f.severity, f.message) for f in found] == [
        ("PF304", Severity.WARNING, "1 text run(s) in rich black, the first at 25.4, 106.9 mm from the trim's "
                                    "top left: use 100% K alone"),
        ("PF304", Severity.WARNING, "1 thin rule(s) in rich black, the first at 25.3, 145.3 mm from the trim's "
                                    "top left: use 100% K alone")]


# -- text --------------------------------------------------------------------------------------------

def test_text_1_mm_from_the_trim_is_inside_the_safe_margin() -> None:
    one_mm = POINTS_PER_MM
    data = clean_pod(b"0 0 0 1 k BT /F1 10 Tf 1 0 0 1 %.4f 300 Tm (Hello) Tj ET" % one_mm)
    found = preflight_pdf(data, "margin.pdf", POD)
    assert messages(found, "PF401") == [
        "1 text run(s) inside the 3.175 mm safe margin; the closest 1.0 mm inside the trim, "
        "at 1.0, 106.5 mm from the trim's top left"]
    # Ending 1 mm from the right trim: "Hello" at 10 pt is 25 pt wide at half an em per glyph.
    right = TRIM[2] - one_mm - 25
    data = clean_pod(b"0 0 0 1 k BT /F1 10 Tf 1 0 0 1 %.4f 300 Tm (Hello) Tj ET" % right)
    assert "1.0 mm inside the trim" in messages(preflight_pdf(data, "right.pdf", POD), "PF401")[0]
    data = clean_pod(b"0 0 0 1 k BT /F1 10 Tf 1 0 0 1 20 300 Tm (Hello) Tj ET")
    assert preflight_pdf(data, "inside.pdf", POD) == []
    # A line running off the page is measured to its end, past the MediaBox that clips it.
    data = clean_pod(b"0 0 0 1 k BT /F1 10 Tf 1 0 0 1 420 300 Tm (Hello) Tj ET")
    assert "the closest 4.6 mm beyond the trim" in messages(preflight_pdf(data, "off.pdf", POD), "PF401")[0]


def test_text_size_follows_the_text_matrix_and_the_ctm() -> None:
    data = clean_pod(b"0 0 0 1 k q 0.5 0 0 0.5 0 0 cm BT /F1 8 Tf 1 0 0 1 200 600 Tm (tiny) Tj ET Q")
    report_ = inspect_pdf(data, "small.pdf", POD)
    assert report_.pages[0].min_text_size == 4.0
    assert [(f.code, f.message) for f in report_.findings] == [
        ("PF402", "text at 4.0 pt (below 5 pt), at 35.3, 108.7 mm from the trim's top left")]


def test_text_in_a_press_slug_is_not_in_the_safe_margin() -> None:
    data = make_pdf(Page(b"0 0 0 1 k BT /F1 6 Tf 10 -30 Td (slug info) Tj ET "
                         b"0.25 w 0 -12 m 0 -30 l S", media=SLUG),
                    info={**PDFX_INFO, "/GTS_PDFXVersion": "PDF/X-3:2003"}, output_intent="FOGRA39")
    assert preflight_pdf(data, "slug.pdf", profile_for("press", "booklet-cover")) == []


# -- fonts -------------------------------------------------------------------------------------------

def test_a_standard_14_font_reference_is_not_embedded() -> None:
    data = clean_pod(b"0 0 0 1 k BT /F1 10 Tf 72 300 Td (x) Tj ET", fonts={"/F1": HELVETICA})
    fonts_pdf = make_pdf(Page(b"0 0 0 1 k BT /F1 10 Tf 72 300 Td (x) Tj ET", fonts={
        "/F1": HELVETICA,
        "/F2": {"/Type": "/Font", "/Subtype": "/Type3", "/Name": "/Bitmap", "/FontMatrix": [0.001, 0, 0, 0.001, 0, 0],
                "/FontBBox": [0, 0, 1000, 1000], "/CharProcs": {}, "/Encoding": {"/Differences": []},
                "/FirstChar": 0, "/LastChar": 0, "/Widths": [0]}}), info=PDFX_INFO, output_intent="SWOP")
    found = preflight_pdf(fonts_pdf, "fonts.pdf", POD)
    assert [(f.code, f.severity, f.message) for f in found] == [
        ("PF601", Severity.ERROR, "font Helvetica (Type1) is not embedded"),
        ("PF602", Severity.WARNING, "font Bitmap is a Type 3 font")]
    assert inspect_pdf(fonts_pdf, "fonts.pdf").pages[0].summary().endswith("2 font(s) (1 not embedded, 1 Type 3)")
    on_screen = preflight_pdf(data, "fonts.pdf", profile_for("any", "booklet"))
    assert [(f.code, f.severity) for f in on_screen] == [("PF601", Severity.WARNING)]


# -- boxes -------------------------------------------------------------------------------------------

def test_box_rules_of_each_edition() -> None:
    paint = b"0 0 0 1 k 10 10 10 10 re f"
    press = profile_for("press", "booklet-cover")
    assert codes(preflight_pdf(clean_pod(paint), "pod.pdf", POD)) == []
    assert codes(preflight_pdf(clean_pod(paint), "press.pdf", press)) == ["PF104", "PF503"]
    assert codes(preflight_pdf(clean_pod(paint, media=SLUG), "pod.pdf", POD)) == ["PF104"]
    assert codes(preflight_pdf(clean_pod(paint, trim=None, bleed=None), "pod.pdf", POD)) == ["PF101", "PF102"]
    three_mm = 3 * POINTS_PER_MM
    narrow = (-three_mm, -three_mm, TRIM[2] + three_mm, TRIM[3] + three_mm)
    found = preflight_pdf(clean_pod(paint, media=narrow, bleed=narrow), "narrow.pdf", POD)
    assert messages(found, "PF103") == ["bleed 3 mm on every side, less than the 3.175 mm this edition needs"]
    assert codes(preflight_pdf(clean_pod(paint, media=narrow, bleed=narrow), "n.pdf", press)) == ["PF104", "PF503"]
    screen = make_pdf(Page(paint, media=TRIM, bleed=None))
    assert "PF104" not in codes(preflight_pdf(screen, "screen.pdf", SCREEN))
    assert "PF104" in codes(preflight_pdf(make_pdf(Page(paint)), "screen.pdf", SCREEN))
    home = profile_for("home", "cards-sheet")
    letter_landscape = (0.0, 0.0, 792.0, 612.0)
    assert preflight_pdf(make_pdf(Page(paint, media=letter_landscape, trim=None, bleed=None)), "h.pdf", home) == []
    assert messages(preflight_pdf(make_pdf(Page(paint)), "h.pdf", home), "PF105") == [
        "page 158.7 × 222.2 mm is not an A4 or US Letter sheet"]


def test_bleed_is_reported_per_side_in_the_facts() -> None:
    (page,) = inspect_pdf(clean_pod(b""), "facts.pdf", POD).pages
    assert page.as_dict()["bleed_mm"] == [3.175, 3.175, 3.175, 3.175]
    assert "bleed 3.175 mm" in page.summary()


def test_a_card_deck_must_have_a_poker_trim() -> None:
    card = (0.0, 0.0, 63 * POINTS_PER_MM, 88 * POINTS_PER_MM)
    bleed = (-9.0, -9.0, card[2] + 9, card[3] + 9)
    deck = profile_for("pod", "card-deck")
    wrong = clean_pod(b"", trim=card, bleed=bleed, media=bleed)
    assert messages(preflight_pdf(wrong, "deck.pdf", deck), "PF106") == ["trim 63.0 × 88.0 mm, expected 63.5 × 88.9 mm"]
    poker = (0.0, 0.0, 180.0, 252.0)
    right = clean_pod(b"", trim=poker, bleed=(-9, -9, 189, 261), media=(-9, -9, 189, 261))
    assert preflight_pdf(right, "deck.pdf", deck) == []


# -- marks -------------------------------------------------------------------------------------------

CROP_MARK_IN_BLEED = b"0 0 0 1 K 0.25 w -9 0 m -2 0 l S"


def test_a_thin_stroke_in_the_bleed_is_a_mark() -> None:
    found = preflight_pdf(clean_pod(CROP_MARK_IN_BLEED), "marks.pdf", POD)
    assert messages(found, "PF501") == [
        "marks inside the bleed, the first at -3.2, 215.9 mm from the trim's top left: "
        "marks belong outside the BleedBox"]


def test_a_bleeding_background_and_a_wide_band_are_not_marks() -> None:
    background = b"1 1 1 1 k -9 -9 450 630 re f /Reg cs 1 sc -9 -9 450 630 re f 1 0 0 0 k -9 -9 9 630 re f"
    registration = {"/Reg": ["/Separation", "/All", "/DeviceCMYK", {"/FunctionType": 2, "/Domain": [0, 1],
                                                                     "/N": 1}]}
    found = preflight_pdf(clean_pod(background, colour_spaces=registration), "cover.pdf",
                          profile_for("pod", "booklet-cover", ink_limit=400))
    assert found == []


def test_registration_colour_in_the_bleed_is_a_mark_even_when_thick() -> None:
    registration = {"/Reg": ["/Separation", "/All", "/DeviceCMYK", {"/FunctionType": 2, "/Domain": [0, 1],
                                                                     "/N": 1}]}
    data = clean_pod(b"/Reg cs 1 sc -8 -8 6 6 re f", colour_spaces=registration)
    found = preflight_pdf(data, "target.pdf", profile_for("pod", "booklet-cover", ink_limit=400))
    assert codes(found) == ["PF501"]


def test_crop_marks_in_a_slug_are_right_for_press_and_wrong_for_pod() -> None:
    slug_mark = b"0 0 0 1 K 0.25 w 0 -12 m 0 -30 l S"
    press = make_pdf(Page(slug_mark, media=SLUG), info=PDFX_INFO, output_intent="FOGRA39")
    assert preflight_pdf(press, "press.pdf", profile_for("press", "booklet-cover")) == []
    assert "bleed 3.175 mm, slug 9.525 mm" in inspect_pdf(press, "press.pdf").pages[0].summary()
    assert codes(preflight_pdf(press, "pod.pdf", POD)) == ["PF104", "PF502"]


# -- page count, PDF/X, screen -------------------------------------------------------------------------

def test_a_stitched_booklet_needs_a_multiple_of_4_pages() -> None:
    six = make_pdf(*[Page(b"") for _ in range(6)], info=PDFX_INFO, output_intent="SWOP")
    interior = profile_for("pod", "booklet-interior")
    assert [str(f) for f in preflight_pdf(six, "six.pdf", interior)] == [
        "six.pdf: error PF201: 6 pages, not a multiple of 4 (a booklet-interior is saddle-stitched)"]
    assert preflight_pdf(six, "six.pdf", profile_for("pod", "quick-reference")) == []
    eight = make_pdf(*[Page(b"") for _ in range(8)], info=PDFX_INFO, output_intent="SWOP")
    assert preflight_pdf(eight, "eight.pdf", interior) == []


def test_pdfx_keys_and_output_intent() -> None:
    bare = make_pdf(Page(b""))
    assert codes(preflight_pdf(bare, "bare.pdf", POD)) == ["PF701", "PF703", "PF705", "PF709"]
    x3 = make_pdf(Page(b""), info={**PDFX_INFO, "/GTS_PDFXVersion": "PDF/X-3:2003"}, output_intent="")
    assert [(f.code, f.message) for f in preflight_pdf(x3, "x3.pdf", POD)] == [
        ("PF702", "declares PDF/X-3:2003; this edition needs PDF/X-1a:2001 or PDF/X-1a:2003"),
        ("PF704", "the PDF/X OutputIntent has no /OutputConditionIdentifier")]
    x1a_2001 = make_pdf(Page(b""), info={**PDFX_INFO, "/GTS_PDFXVersion": "PDF/X-1:2001",
                                         "/GTS_PDFXConformance": "PDF/X-1a:2001"}, output_intent="SWOP")
    assert preflight_pdf(x1a_2001, "x1a.pdf", POD) == []
    # A file that claims PDF/X is held to it whatever the edition.
    claims = make_pdf(Page(b""), info={"/GTS_PDFXVersion": "PDF/X-4"})
    assert "PF703" in codes(preflight_pdf(claims, "claims.pdf", profile_for("any", "booklet")))


def test_transparency_and_links_break_pdfx_1a() -> None:
    data = clean_pod(b"/Half gs 0 0 0 1 k 10 10 10 10 re f", states={"/Half": {"/Type": "/ExtGState", "/ca": 0.5}},
                     annotations=[{"/Type": "/Annot", "/Subtype": "/Link", "/Rect": [10, 10, 50, 20]}])
    assert [(f.code, f.message) for f in preflight_pdf(data, "x.pdf", POD)] == [
        ("PF706", "transparency, which PDF/X-1a forbids: fill opacity"),
        ("PF707", "1 annotation(s) (Link) inside the BleedBox, which PDF/X forbids")]


def test_screen_needs_tags_language_outline_and_title() -> None:
    page = Page(b"0.5 0 0 rg 10 10 10 10 re f", media=TRIM, bleed=None)
    assert codes(preflight_pdf(make_pdf(page), "s.pdf", SCREEN)) == ["PF801", "PF802", "PF804"]
    accessible = make_pdf(page, catalog={"/Lang": "en", "/MarkInfo": {"/Marked": True},
                                         "/StructTreeRoot": {"/Type": "/StructTreeRoot"},
                                         "/ViewerPreferences": {"/DisplayDocTitle": True}})
    assert preflight_pdf(accessible, "s.pdf", SCREEN) == []


def test_unreadable_bytes_raise_a_clean_error() -> None:
    with pytest.raises(findings_module.UnreadablePdf, match="not a readable PDF"):
        Document(b"%PDF-1.4 nothing here", "broken.pdf")


def test_doctests() -> None:
    for module in (findings_module, profiles, report):
        run_doctests(module)


# -- the command ---------------------------------------------------------------------------------------

def test_command_exit_codes_and_formats_outside_a_project(tmp_path: Path) -> None:
    (tmp_path / "clean.pdf").write_bytes(clean_pod(b"0 0 0 1 k 10 10 10 10 re f"))
    (tmp_path / "ink.pdf").write_bytes(clean_pod(b"1 1 1 0 k 10 10 10 10 re f"))
    (tmp_path / "junk.pdf").write_bytes(b"not a pdf")
    result = run_sw28("preflight", "clean.pdf", "--edition", "pod", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert ("p1: trim 152.4×215.9 mm, bleed 3.175 mm, MediaBox = BleedBox, DeviceCMYK, max ink 100% (fill), "
            "1 font(s), all embedded") in result.stdout
    result = run_sw28("preflight", "ink.pdf", "--edition", "pod", "-q", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "ink.pdf: 1 page(s), checked as pod booklet-cover",
        "ink.pdf:p1: error PF303: fill at 300% total ink (limit 240%), at 3.5, 208.8 mm from the trim's top left",
        "ink.pdf: 1 error(s), 0 warning(s)"]
    result = run_sw28("preflight", "ink.pdf", "--edition", "pod", "--ink-limit", "300", cwd=tmp_path)
    assert result.returncode == 0
    result = run_sw28("preflight", "ink.pdf", "junk.pdf", "missing.pdf", "--format", "json", cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "junk.pdf: error: not a readable PDF" in result.stderr
    assert "missing.pdf: error: cannot read the file (No such file or directory)" in result.stderr
    files = json.loads(result.stdout)["files"]
    assert files[0]["pages"][0]["max_total_ink"] == 300.0 and files[0]["errors"] == 0   # edition any: no limit
    assert [entry["file"] for entry in files[1:]] == ["junk.pdf", "missing.pdf"]


def test_safe_margin_option_takes_mm_and_inches(tmp_path: Path) -> None:
    (tmp_path / "t.pdf").write_bytes(clean_pod(b"0 0 0 1 k BT /F1 10 Tf 1 0 0 1 20 300 Tm (Hi) Tj ET"))
    assert run_sw28("preflight", "t.pdf", "--edition", "pod", "--safe-margin", "5mm", cwd=tmp_path).returncode == 0
    result = run_sw28("preflight", "t.pdf", "--edition", "pod", "--safe-margin", "0.5in", "-q", cwd=tmp_path)
    assert result.returncode == 1 and "PF401" in result.stdout and "12.7 mm safe margin" in result.stdout
    assert run_sw28("preflight", "t.pdf", "--safe-margin", "wide", cwd=tmp_path).returncode == 2


# -- Ghostscript agrees on which inks a page uses ------------------------------------------------------

@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript is not installed")
def test_ghostscript_inkcov_agrees_with_the_colour_operators(tmp_path: Path) -> None:
    pages = {"rich": b"1 1 1 0 k 0 0 432 612 re f", "black": b"0 0 0 1 k 0 0 432 612 re f"}
    for name, content in pages.items():
        data = clean_pod(content)
        (tmp_path / f"{name}.pdf").write_bytes(data)
        (page,) = inspect_pdf(data, name, POD).pages
        inkcov = subprocess.run(["gs", "-q", "-o", "-", "-sDEVICE=inkcov", str(tmp_path / f"{name}.pdf")],
                                capture_output=True, text=True, check=True).stdout.split()
        cyan, magenta, yellow, black = (float(value) for value in inkcov[:4])
        if name == "rich":
            assert page.max_ink == 300.0
            assert min(cyan, magenta, yellow) > 0.9 and black < 0.01
        else:
            assert page.max_ink == 100.0
            assert max(cyan, magenta, yellow) < 0.01 and black > 0.9


# -- today's build ---------------------------------------------------------------------------------------

def test_a_screen_file_fails_where_its_pod_twin_passes(build_dir: Path) -> None:
    """The screen edition is RGB with no OutputIntent: a print-on-demand preflight rejects it on every
    page, while the pod interior of the same booklet passes."""
    screen = build_dir / "en" / "screen" / "core-rules.pdf"
    result = inspect_pdf(screen.read_bytes(), screen.name, profile_for("pod", "booklet-interior"))
    found = {code: {f.page for f in result.findings if f.code == code} for code in codes(result.findings)}
    assert found["PF301"] == set(range(1, len(result.pages) + 1))
    assert found["PF703"] == {None}
    pod = build_dir / "en" / "pod" / "core-rules.pdf"
    passed = inspect_pdf(pod.read_bytes(), pod.name, profile_for("pod", "booklet-interior"))
    assert [str(f) for f in passed.findings if f.severity is Severity.ERROR] == []


def test_every_built_pdf_is_read_to_the_last_page(build_dir: Path) -> None:
    built = [pdf for pdf in sorted(build_dir.rglob("*.pdf"))
             if not any(part.startswith(".") for part in pdf.relative_to(build_dir).parts)]   # not the cache
    assert built
    for pdf in built:
        # The tokenizer reads the same operators as pypdf's parser (on a few pages: pypdf's is slow).
        reader = PdfReader(pdf)
        for page in reader.pages[:3]:
            ours = parse_operations(page.get_contents().get_data())
            theirs = ContentStream(page.get_contents(), reader).operations
            assert [(operator, len(operands)) for operands, operator in ours] == [
                (operator, len(operands)) for operands, operator in theirs], pdf
        result = inspect_pdf(pdf.read_bytes(), pdf.name)
        assert "PF001" not in codes(result.findings), pdf
        # A deliberately blank page (a mission opening on a left page) paints nothing.
        assert all(page.colour_spaces or page.min_text_size is None for page in result.pages), pdf
        assert all(page.min_text_size and page.min_text_size >= 5 for page in result.pages
                   if page.min_text_size is not None), pdf


# -- the content-stream tokenizer ---------------------------------------------------------------------

@pytest.mark.parametrize(("data", "expected"), [
    (b"(a\\(b\\)c\\\\d\\101\\n) Tj", [([b"a(b)c\\dA\n"], b"Tj")]),
    (b"(nested (paren) ok) Tj", [([b"nested (paren) ok"], b"Tj")]),
    (b"<48 65\n6C6C6F> Tj <7> Tj", [([b"Hello"], b"Tj"), ([b"p"], b"Tj")]),
    (b"/Span <</MCID 3 /ActualText (x)>> BDC EMC", [(["/Span", {"/MCID": 3.0, "/ActualText": b"x"}], b"BDC"),
                                                     ([], b"EMC")]),
    (b"/A#20B gs % a comment\n.5 -3. 4 re", [(["/A B"], b"gs"), ([0.5, -3.0, 4.0], b"re")]),
    (b"BI /W 1 /H 1 /CS /G /BPC 8 ID \xff EI Q",
     [([{"settings": {"/W": 1.0, "/H": 1.0, "/CS": "/G", "/BPC": 8.0}, "data": b"\xff"}], b"INLINE IMAGE"),
      ([], b"Q")]),
])
def test_the_tokenizer_reads_every_kind_of_operand(data: bytes, expected: list) -> None:
    assert parse_operations(data) == expected


def test_a_broken_content_stream_is_a_finding_not_a_crash() -> None:
    with pytest.raises(ContentSyntaxError):
        parse_operations(b"[1 2 (unterminated")
    found = preflight_pdf(clean_pod(b"0 0 0 1 k ] 10 10 10 10 re f"), "broken.pdf", POD)
    assert [(f.code, f.page) for f in found] == [("PF001", 1)]


def test_every_edition_file_passes_its_own_edition(build_dir: Path) -> None:
    """Files under ``<lang>/<edition>/`` have no preflight error against their edition's profile."""
    edition_files = [pdf for pdf in sorted(build_dir.glob("*/*/*.pdf")) if pdf.parent.name in profiles.EDITIONS]
    if not edition_files:
        pytest.skip("this build writes no edition folders")
    failures = []
    for pdf in edition_files:
        result = inspect_pdf(pdf.read_bytes(), str(pdf.relative_to(build_dir)), edition=pdf.parent.name)
        failures.extend(str(finding) for finding in result.errors)
    assert failures == []


def test_streams_read_again_are_not_tokenized_again_and_memory_stays_bounded() -> None:
    recent = _Recent(limit=40)
    first, second = b"q 0 0 0 1 k Q  ", b"1 0 0 1 5 5 cm "
    recent.put(first, [([], b"q", 0, 1)])
    recent.put(second, [([1.0], b"cm", 0, 14)])
    assert recent.get(first) == [([], b"q", 0, 1)] and recent.size == len(first) + len(second)
    recent.put(b"0 0 10 10 re f ", [])       # over the limit: the least recently read goes
    assert recent.get(second) is None and recent.get(first) is not None and recent.size <= 40
    # A process that asks (the preview's) gets back what was read from the same bytes before, and it is
    # what would be read anew; others keep nothing.
    data = b"q 0 0 0 1 k 10 10 50 50 re f Q % " + bytes(str(id(recent)), "ascii")
    before = keep_recent_streams(0)
    try:
        assert operations_with_spans(data) is not operations_with_spans(bytes(data))
        keep_recent_streams(1024)
        assert operations_with_spans(data) is operations_with_spans(bytes(data))
        assert operations_with_spans(data) == _tokenize(data)
    finally:
        keep_recent_streams(before)
