#!/usr/bin/env python3
"""Measure the build against a bare WeasyPrint pass over the same HTML, in one run.

Usage: python scripts/bench_build.py [--json] [--jobs N] [--repeat N]

On a copy of the project (content, templates, catalogs), it times:

- ``cold_s``: ``sw28 build --lang all`` into an empty folder (no layout cache):
  every booklet, quick reference, card deck and edition, and the web edition;
- ``bare_s``: one bare WeasyPrint pass (lay out + write, nothing else) over the
  final HTML of every document the cold build laid out, in a pool of the same
  number of processes, largest documents first;
- ``noop_s``: the same build again, nothing changed;
- ``relayout_s``: the same build into that folder emptied of every file and
  of its layout cache, but for the last build's page map (as after a change
  to the layout code, which keeps no cached layout): every document is laid
  out again, each booklet once;
- ``edit_s``: the designer's loop of ``sw28 serve``: after one sentence of
  C4.7 (English) changed, the content loaded again and every English booklet
  brought up to date by the preview's layout process (the edited chapter
  laid out, the booklet written, its page references read back, its screen
  edition finished and preflighted), once the preview has every part in
  memory, as it has after its first minutes; the median of five edits;
- ``edit_bare_s``: a bare WeasyPrint pass over that booklet's final HTML
  alone, run right after each edit's update (so that each pair is measured
  side by side); the median of five passes;
- ``edit_build_s``: ``sw28 build core-rules --lang en`` after a second edit,
  on the cold build's folder (every edition of it, from a fresh process), and
  ``edit_build_ratio``, that against ``edit_bare_s``;
- ``editions_s``: for each edition, the processor seconds its post-processing
  (boxes, marks, colour, imposition, PDF/X keys and the preflight of every
  file) takes over every document the cold build laid out, run in one
  process (processor time, so that other work on the machine does not count);
  as in the build, each document's editions run one after another and share
  what their preflights interpret, so an edition that comes later (in the
  registry's order) reuses what an earlier one interpreted.

The cold build and the bare pass are run ``--repeat`` times (2), alternated,
and the fastest of each is kept (``cold_runs_s`` and ``bare_runs_s`` list
them all). The ratios compare each build with the bare pass measured in the
same run, so they hold on any machine; ``load_average`` is the machine's one-minute load
average at the start and at the end (above the number of cores, other work
competed with the run). ``--json`` prints one JSON object; otherwise a table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
EDITED_FILE = Path("content/core-rules/en/04-combat.md")
EDITED_HEADING = "## C4.7 "
# The designer's loop and its bare pass are timed once per sentence; the median is reported.
EDITS = ("Resolve every attack in this order.", "Count the dice again.", "Then move on.", "Check the range first.",
         "Hits come before wounds.")


def run_build(project: Path, out: Path, *args: str) -> float:
    """Seconds for one ``sw28 build`` in ``project``; a failed build stops the benchmark."""
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "sacredwire", "build", *args, "--out", str(out)],
                            cwd=project, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"sw28 build {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
    return elapsed


def edit_one_sentence(project: Path, sentence: str = "Resolve every attack in this order.") -> None:
    """Add a sentence to the first paragraph of C4.7 (English), as a designer's edit would."""
    path = project / EDITED_FILE
    lines = path.read_text(encoding="utf-8").split("\n")
    heading = next(index for index, line in enumerate(lines) if line.startswith(EDITED_HEADING))
    paragraph = next(index for index in range(heading + 1, len(lines)) if lines[index].strip())
    lines[paragraph] += " " + sentence
    path.write_text("\n".join(lines), encoding="utf-8")


def final_html(project: Path, out: Path, lang_filter: str | None = None,
               booklet_filter: str | None = None) -> list[tuple[str, str]]:
    """(name, HTML) of every document the build laid out, with the pages the build printed."""
    sys.path.insert(0, str(PROJECT / "src"))
    from sacredwire.build_record import BuildRecord
    from sacredwire.layout.booklet import tail_pages
    from sacredwire.load import load_rulebook
    from sacredwire.render import RenderContext, render
    from sacredwire.render.cards import cards
    from sacredwire.render.pages import PageMap

    rulebook = load_rulebook(project)
    record = BuildRecord.read(out)
    if record is None:
        raise SystemExit(f"no build record in {out}")
    documents = []
    for lang in rulebook.meta.languages:
        if lang_filter and lang != lang_filter:
            continue
        context = RenderContext(rulebook, lang, PageMap(record.pages.get(lang, {})), {"paper": "a4"})
        for booklet in rulebook.meta.booklets:
            if booklet_filter and booklet.key != booklet_filter:
                continue
            html = render("booklet", context, booklet_key=booklet.key)
            documents.append((f"{lang}/{booklet.key}", html))
            pages = max(record.pages[lang][booklet.key].values())
            roster, notes = tail_pages(pages, booklet.key in rulebook.settings.roster_booklets)
            documents.append((f"{lang}/{booklet.key} (closing pages)",
                              render("booklet-tail", context, booklet_key=booklet.key, blank_pages=notes,
                                     roster=roster)))
        if booklet_filter:
            continue
        documents.append((f"{lang}/quick-reference", render("quick-reference", context)))
        documents.append((f"{lang}/cards", render("cards", context, deck=cards(context))))
    return documents


def edition_seconds(project: Path, out: Path) -> dict[str, float]:
    """Seconds each edition's finishing takes over every laid-out document, from the layout cache."""
    from sacredwire.build_record import BuildRecord
    from sacredwire.editions import EDITIONS, LaidOutDocument
    from sacredwire.layout.booklet import make_booklet
    from sacredwire.layout.cache import LayoutCache
    from sacredwire.layout.cards import make_cards
    from sacredwire.layout.quickref import make_quickref
    from sacredwire.load import load_rulebook
    from sacredwire.outputs import BuildOptions, OutputContext
    from sacredwire.render import RenderContext
    from sacredwire.render.pages import PageMap

    rulebook = load_rulebook(project)
    record = BuildRecord.read(out)
    cache = LayoutCache(out / ".cache", project / "templates")
    documents = []
    for lang in rulebook.meta.languages:
        pages = PageMap(record.pages.get(lang, {}))
        context = RenderContext(rulebook, lang, pages, {"paper": "a4"})
        for booklet in rulebook.meta.booklets:
            documents.append(LaidOutDocument("booklet", booklet.key, lang, booklet.key,
                                             make_booklet(context, booklet.key, cache).pdf))
        documents.append(LaidOutDocument("quick-reference", "quick-reference", lang, "quick reference",
                                         make_quickref(context, cache).pdf))
        laid_out, decks = make_cards(context, cache)
        documents.append(LaidOutDocument("cards", "cards", lang, "cards", laid_out.pdf, decks))
    from sacredwire.preflight.analysis import shared_analysis

    seconds = dict.fromkeys(EDITIONS, 0.0)
    # As the build does it: a document's editions one after the other, sharing what their
    # preflights interpret (an edition that reuses it is the cheaper for it).
    for document in documents:
        with shared_analysis():
            for name in EDITIONS:
                output = OutputContext(rulebook, document.lang, BuildOptions(editions=(name,)), cache)
                started = time.process_time()
                output.finish(document)
                seconds[name] += time.process_time() - started
    return {name: round(value, 2) for name, value in seconds.items()}


def forget_all_but_pages(out: Path) -> None:
    """Empty the output folder and its layout cache, keeping the last build's record of pages."""
    from sacredwire.build_record import RECORD_FILE

    record = (out / ".cache" / RECORD_FILE).read_bytes()
    shutil.rmtree(out)
    (out / ".cache").mkdir(parents=True)
    (out / ".cache" / RECORD_FILE).write_bytes(record)


def designer_loop(project: Path, after_each: Callable[[], object] = lambda: None) -> float:
    """Seconds from a saved edit to every English booklet's screen PDF up to date, as ``sw28 serve`` does it.

    The preview's layout process is started on the cold build's folder and
    lays every part out once (as it does after starting, between edits);
    then one sentence changes and the time of its update is taken, then
    ``after_each`` runs (the bare pass it is compared with, measured beside
    it), once per sentence; the median is returned.
    """
    from sacredwire.load import load_rulebook
    from sacredwire.pdf.operations import keep_recent_streams
    from sacredwire.preview.booklets import STREAMS_KEPT, PreviewLayouts
    from sacredwire.processes import settle_memory

    keep_recent_streams(STREAMS_KEPT)  # as the preview's layout process does
    layouts = PreviewLayouts(project, ["en"])
    warm = layouts.update(load_rulebook(project), None)
    if warm.problem:
        raise SystemExit(f"the preview failed: {warm.problem}")
    layouts.prime()
    times = []
    for sentence in EDITS:
        settle_memory(thaw=True)  # as the preview's layout process does between edits
        before = load_rulebook(project)
        edit_one_sentence(project, sentence)
        started = time.perf_counter()
        update = layouts.update(load_rulebook(project), before)
        times.append(time.perf_counter() - started)
        if update.problem or [section.rule_id for section in update.edited] != ["C4.7"]:
            raise SystemExit(f"the preview did not show the edit: {update}")
        after_each()
    return statistics.median(times)


def _bare(job: tuple[str, str, str]) -> float:
    """Lay out and write one document with nothing around it; its seconds."""
    import weasyprint

    name, html, base = job
    started = time.perf_counter()
    weasyprint.HTML(string=html, base_url=base).write_pdf(hinting=True, pdf_tags=True)
    return time.perf_counter() - started


def bare_pass(project: Path, documents: list[tuple[str, str]], jobs: int) -> float:
    """Wall seconds for a bare WeasyPrint pass over ``documents`` in ``jobs`` processes."""
    base = str((project / "templates").resolve()) + "/"
    ordered = sorted(documents, key=lambda document: -len(document[1]))
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(_bare, [(name, html, base) for name, html in ordered]))
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes for both")
    parser.add_argument("--repeat", type=int, default=2,
                        help="cold builds and bare passes, alternated; the fastest of each is reported")
    args = parser.parse_args()
    # Other work on the machine slows every step: said with the figures, so a loaded run is known as one.
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder) / "project"
        for part in ("content", "templates", "locales"):
            shutil.copytree(PROJECT / part, project / part)
        shutil.copy(PROJECT / "pyproject.toml", project / "pyproject.toml")
        # The build's own folder, where sw28 serve finds its layout cache and pages.
        out = project / "build"
        # The same font isolation the build uses, for the bare pass too.
        sys.path.insert(0, str(PROJECT / "src"))
        from sacredwire.fontsetup import isolate_fonts

        isolate_fonts(project, Path(folder) / "fonts")
        jobs = ["--jobs", str(args.jobs)]
        # Alternated, and the fastest of each kept: other work on the machine only ever adds time, and
        # a machine whose speed drifts during one pair would skew a single ratio.
        colds, bares = [], []
        for _ in range(args.repeat):
            shutil.rmtree(out, ignore_errors=True)
            colds.append(run_build(project, out, "--lang", "all", *jobs))
            bares.append(bare_pass(project, final_html(project, out), args.jobs))
        cold, bare = min(colds), min(bares)
        editions = edition_seconds(project, out)
        noop = run_build(project, out, "--lang", "all", *jobs)
        forget_all_but_pages(out)
        relayout = run_build(project, out, "--lang", "all", *jobs)
        # Each edit's bare pass right after it: the machine's speed drifts, and a pair measured side
        # by side drifts together.
        edit_bares: list[float] = []
        edit = designer_loop(project, lambda: edit_bares.append(
            bare_pass(project, final_html(project, out, "en", "core-rules"), args.jobs)))
        edit_bare = statistics.median(edit_bares)
        edit_one_sentence(project, "Then the next attack.")
        edit_build = run_build(project, out, "core-rules", "--lang", "en", *jobs)
        import pikepdf

        pdfs = sorted(out.glob("*/*/*.pdf"))
        pages = 0
        for pdf in pdfs:
            with pikepdf.open(pdf) as opened:
                pages += len(opened.pages)
    result = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "jobs": args.jobs, "files": len(pdfs), "pages": pages,
        "cold_s": round(cold, 2), "bare_s": round(bare, 2), "cold_ratio": round(cold / bare, 3),
        "cold_runs_s": [round(value, 2) for value in colds], "bare_runs_s": [round(value, 2) for value in bares],
        "noop_s": round(noop, 2),
        "relayout_s": round(relayout, 2), "relayout_ratio": round(relayout / bare, 3),
        "edit_s": round(edit, 2), "edit_bare_s": round(edit_bare, 2), "edit_ratio": round(edit / edit_bare, 3),
        "edit_build_s": round(edit_build, 2), "edit_build_ratio": round(edit_build / edit_bare, 3),
        "editions_s": editions,
        "load_average": [round(load_before, 1), round(os.getloadavg()[0], 1)],
    }
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:12} {value}")


if __name__ == "__main__":
    main()
