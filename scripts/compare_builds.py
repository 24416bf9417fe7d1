"""Compare two builds' PDFs page by page: text, boxes, colours, preflight verdicts, rendered pixels.

    python scripts/compare_builds.py REFERENCE_BUILD NEW_BUILD [--json]

For two builds of the same content whose files need not be byte-identical
(another PDF writer, say), this says whether they print and read the same:
for every PDF in both (``<lang>/<edition>/<file>``) it compares each page's
text (pdftotext), its MediaBox, CropBox, BleedBox and TrimBox, the colours
its content and forms set (operator and values), the preflight findings of
the file against its edition, the catalog's and the Info dictionary's keys,
and the first and last page rendered at 30 dpi. Exit code 0 when every
file is equivalent, 1 when any differs (each difference is listed), 2 on
bad usage.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path

import pikepdf

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
from sacredwire.pdf.operations import parse_operations  # noqa: E402
from sacredwire.pdf.streams import painters, streams_of  # noqa: E402
from sacredwire.preflight import inspect_pdf  # noqa: E402

COLOUR_OPERATORS = {b"k", b"K", b"rg", b"RG", b"g", b"G", b"cs", b"CS", b"sc", b"scn", b"SC", b"SCN"}
BOXES = ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox")
# The largest difference of one grey pixel, in 0-255, that two renderings may show:
# anti-aliasing of the same shapes written with other number rounding.
PIXEL_TOLERANCE = 24


def _texts(path: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    return text.split("\f")[:-1]


def _operand(value: object) -> object:
    return round(value, 4) if isinstance(value, float) else str(value)


def _colours(pdf: pikepdf.Pdf) -> list[list[tuple]]:
    """Per page, the sorted distinct colour operations of its content and every form it paints."""
    result = []
    for page in pdf.pages:
        found: set[tuple] = set()
        seen: set[tuple[int, int]] = set()
        for owner in painters(page.obj, seen):
            data = b"\n".join(stream.read_bytes() for stream in streams_of(owner))
            for operands, operator in parse_operations(data):
                if operator in COLOUR_OPERATORS:
                    found.add((operator.decode(), *(_operand(value) for value in operands)))
        result.append(sorted(found, key=repr))
    return result


def _boxes(pdf: pikepdf.Pdf) -> list[dict[str, list[float]]]:
    return [{key: [round(float(v), 2) for v in page.obj[key]] for key in BOXES if key in page.obj}
            for page in pdf.pages]


def _verdicts(path: Path, name: str, edition: str) -> list[str]:
    report = inspect_pdf(path.read_bytes(), name, edition=edition)
    return sorted(f"{finding.severity.name} {finding.code} p{finding.page}: {finding.message}"
                  for finding in report.findings)


def _pixels(path: Path, page: int) -> bytes:
    return subprocess.run(["pdftoppm", "-r", "30", "-gray", "-f", str(page), "-l", str(page), str(path)],
                          capture_output=True, check=True).stdout


def _keys(pdf: pikepdf.Pdf) -> dict[str, object]:
    root = {key: str(pdf.Root[key]) if key in ("/PageMode", "/Lang") else "present" for key in pdf.Root.keys()}
    preferences = pdf.Root.get("/ViewerPreferences")
    if isinstance(preferences, pikepdf.Dictionary):
        root["/ViewerPreferences"] = {key: str(value) for key, value in preferences.items()}
    info = pdf.trailer.get("/Info")
    return {"catalog": root, "info": sorted(info.keys()) if isinstance(info, pikepdf.Dictionary) else [],
            "version": pdf.pdf_version}


def compare(reference: Path, new: Path, name: str) -> list[str]:
    """The differences between two files called ``name`` (``<lang>/<edition>/<file>``)."""
    edition = Path(name).parent.name
    differences = []
    with pikepdf.open(io.BytesIO(reference.read_bytes())) as old, pikepdf.open(io.BytesIO(new.read_bytes())) as now:
        if len(old.pages) != len(now.pages):
            return [f"{len(old.pages)} pages, now {len(now.pages)}"]
        for what, before, after in (("boxes", _boxes(old), _boxes(now)), ("colours", _colours(old), _colours(now))):
            for number, (one, two) in enumerate(zip(before, after), start=1):
                if one != two:
                    differences.append(f"p{number} {what}: {one} -> {two}")
        old_keys, new_keys = _keys(old), _keys(now)
        for key in old_keys:
            if old_keys[key] != new_keys[key]:
                differences.append(f"{key}: {old_keys[key]} -> {new_keys[key]}")
        pages = len(old.pages)
    for number, (one, two) in enumerate(zip(_texts(reference), _texts(new)), start=1):
        if one != two:
            differences.append(f"p{number} text differs")
    before, after = _verdicts(reference, name, edition), _verdicts(new, name, edition)
    if before != after:
        differences.append(f"preflight: {before} -> {after}")
    for number in sorted({1, pages}):
        one, two = _pixels(reference, number), _pixels(new, number)
        if len(one) != len(two):
            differences.append(f"p{number} renders at another size")
        elif one != two and max(abs(a - b) for a, b in zip(one, two)) > PIXEL_TOLERANCE:
            differences.append(f"p{number} renders differently")
    return differences


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("reference", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()
    if not args.reference.is_dir() or not args.new.is_dir():
        parser.error("both builds must be folders")
    names = sorted({path.relative_to(args.reference).as_posix() for path in args.reference.glob("*/*/*.pdf")}
                   | {path.relative_to(args.new).as_posix() for path in args.new.glob("*/*/*.pdf")})
    result: dict[str, list[str]] = {}
    sizes = [0, 0]
    for name in names:
        reference, new = args.reference / name, args.new / name
        if not reference.is_file() or not new.is_file():
            result[name] = ["only in " + ("the new build" if new.is_file() else "the reference")]
            continue
        sizes[0] += reference.stat().st_size
        sizes[1] += new.stat().st_size
        result[name] = compare(reference, new, name)
    differing = {name: found for name, found in result.items() if found}
    if args.json:
        print(json.dumps({"files": len(names), "bytes": sizes, "differences": differing}, indent=1))
    else:
        for name, found in differing.items():
            print(f"{name}:\n  " + "\n  ".join(found))
        print(f"{len(names)} files compared, {len(differing)} differ; {sizes[0]:,} bytes before, {sizes[1]:,} now")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
