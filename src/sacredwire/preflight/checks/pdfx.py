"""PDF/X: version keys, OutputIntent, trapping, transparency, annotations, encryption, Info.

These checks run when the profile requires PDF/X, and also when a file declares
a PDF/X version of its own (a file that claims PDF/X must keep the promise).

PF701 no /GTS_PDFXVersion · PF702 a version the edition does not take · PF703 no
GTS_PDFX OutputIntent · PF704 OutputIntent without /OutputConditionIdentifier ·
PF705 /Trapped not True or False · PF706 transparency in PDF/X-1a · PF707
annotation inside the BleedBox · PF708 encrypted · PF709 Info without /Title or
dates · PF710 transparency group in PDF/X-1a (warning)
"""

# (No `from __future__ import annotations`: the check named `annotations` below would shadow it.)
from collections.abc import Iterator

from pikepdf import Array

from ...diagnostics import Severity
from ..document import Document
from ..findings import Finding
from ..geometry import Rect
from ..profiles import Profile
from . import preflight_check


def declared_version(document: Document) -> str:
    """The PDF/X version the Info dictionary declares ('' for none).

    PDF/X-1a names its conformance level apart: ``/GTS_PDFXVersion (PDF/X-1:2003)``
    with ``/GTS_PDFXConformance (PDF/X-1a:2003)`` (and the same for 2001).
    """
    version = str(document.info.get("/GTS_PDFXVersion", ""))
    if version in ("PDF/X-1:2001", "PDF/X-1:2003"):
        return str(document.info.get("/GTS_PDFXConformance", version))
    return version


def _applies(document: Document, profile: Profile) -> bool:
    return bool(profile.pdfx_versions) or bool(declared_version(document))


def _no_transparency(document: Document, profile: Profile) -> bool:
    return profile.no_transparency or declared_version(document).startswith("PDF/X-1a")


def _document_finding(document: Document, code: str, message: str,
                      severity: Severity = Severity.ERROR) -> Finding:
    return Finding(code, severity, document.name, None, message)


@preflight_check("pdfx")
def version_keys(document: Document, profile: Profile) -> Iterator[Finding]:
    if not _applies(document, profile):
        return
    version = declared_version(document)
    accepted = " or ".join(name if name != "PDF/X-" else "a PDF/X version" for name in profile.pdfx_versions)
    if not version:
        yield _document_finding(document, "PF701", "no /GTS_PDFXVersion in the Info dictionary"
                                + (f" (this edition needs {accepted})" if accepted else ""))
    elif profile.pdfx_versions and not version.startswith(profile.pdfx_versions):
        yield _document_finding(document, "PF702", f"declares {version}; this edition needs {accepted}")
    trapped = str(document.info.get("/Trapped", ""))
    if trapped not in ("/True", "/False"):
        yield _document_finding(document, "PF705", f"/Trapped is {trapped.lstrip('/') or 'missing'}, "
                                                   "not True or False")
    missing = [key for key in ("/Title", "/CreationDate", "/ModDate") if key not in document.info]
    if missing:
        yield _document_finding(document, "PF709", "Info dictionary lacks " + ", ".join(missing))
    if document.encrypted:
        yield _document_finding(document, "PF708", "the file is encrypted")


@preflight_check("pdfx")
def output_intent(document: Document, profile: Profile) -> Iterator[Finding]:
    if not _applies(document, profile):
        return
    listed = document.catalog.get("/OutputIntents")
    intents = list(listed) if listed is not None else []
    pdfx = [intent for intent in intents if intent.get("/S") == "/GTS_PDFX"]
    if not pdfx:
        yield _document_finding(document, "PF703", "no OutputIntent with /S /GTS_PDFX (the printing "
                                                   "condition the colours were made for)")
    for intent in pdfx:
        if not str(intent.get("/OutputConditionIdentifier", "")).strip():
            yield _document_finding(document, "PF704", "the PDF/X OutputIntent has no /OutputConditionIdentifier")


@preflight_check("pdfx")
def transparency(document: Document, profile: Profile) -> Iterator[Finding]:
    if not _no_transparency(document, profile):
        return
    known: dict[tuple[int, int], tuple[set[str], bool]] = {}   # pages share resources: look at each set once
    for page in document.pages:
        closure = document.resources_of(page.page)
        key = document.key(closure[0]) if closure else (0, 0)
        if key not in known:
            known[key] = _transparency_in(document, page, closure)
        uses, groups = known[key]
        group = page.page.get("/Group")
        if group is not None and group.get("/S") == "/Transparency":
            groups = True
        if uses:
            yield Finding("PF706", Severity.ERROR, document.name, page.number,
                          "transparency, which PDF/X-1a forbids: " + ", ".join(sorted(uses)))
        if groups:
            yield Finding("PF710", Severity.WARNING, document.name, page.number,
                          "transparency group, which strict PDF/X-1a preflights reject")


def _transparency_in(document: Document, page, closure) -> tuple[set[str], bool]:
    uses: set[str] = set()
    groups = False
    for resources in closure:
        states = resources.get("/ExtGState")
        for state in (states.values() if states is not None else ()):
            uses.update(_transparent_state(state))
    for xobject in document.xobjects_of(page.page):
        if xobject.get("/Subtype") == "/Image" and ("/SMask" in xobject or xobject.get("/SMaskInData", False)):
            uses.add("image soft mask")
        group = xobject.get("/Group")
        if group is not None and group.get("/S") == "/Transparency":
            groups = True
    return uses, groups


def _transparent_state(state) -> Iterator[str]:
    smask = state.get("/SMask")
    if smask is not None and smask != "/None":
        yield "soft mask"
    for key, what in (("/CA", "stroke opacity"), ("/ca", "fill opacity")):
        if key in state and float(state[key]) < 1:
            yield what
    blend = state.get("/BM")
    blends = [str(mode) for mode in blend] if isinstance(blend, Array) else [str(blend)] if blend else []
    if blends and blends[0] not in ("/Normal", "/Compatible"):
        yield f"blend mode {blends[0].lstrip('/')}"


@preflight_check("pdfx")
def annotations(document: Document, profile: Profile) -> Iterator[Finding]:
    if not _applies(document, profile):
        return
    for page in document.pages:
        annots = page.page.get("/Annots")
        inside = []
        for annotation in (annots if annots is not None else ()):
            if annotation.get("/Subtype") in ("/PrinterMark", "/TrapNet"):
                continue
            if Rect.of(annotation.get("/Rect", (0, 0, 0, 0))).overlaps(page.bleed_box):
                inside.append(str(annotation.get("/Subtype", "/Annot")).lstrip("/"))
        if inside:
            kinds = ", ".join(sorted(set(inside)))
            yield Finding("PF707", Severity.ERROR, document.name, page.number,
                          f"{len(inside)} annotation(s) ({kinds}) inside the BleedBox, which PDF/X forbids")
