"""The build pipeline: load -> check -> render -> lay out -> verify -> write.

Booklets refer to each other by page, so they are laid out in passes: the
first pass prints placeholder pages, each later pass prints the pages the
previous pass measured, until no anchor moves. Independent documents of one
pass are laid out in parallel processes; a document whose HTML did not change
comes from the layout cache. Nothing is written until every printed page
reference has been read back from the final PDFs and found right.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .check import errors_in, run_checks
from .diagnostics import Diagnostic
from .layout import LaidOut
from .layout.cache import LayoutCache
from .layout.targets import MAKERS, Target
from .layout.verify import wrong_references
from .model import Rulebook
from .processes import die_with_parent
from .publish import publish
from .render import RenderContext
from .render.pages import PageMap

MAX_PASSES = 5
# What must hold for a document to be printable at all. Translation parity and
# the worked examples are the checker's business: an English build need not
# wait for the Spanish edition to catch up.
BUILD_CHECKS = ("xref", "ids", "tables", "metadata", "safety", "glyphs")


class BuildError(Exception):
    """The build stopped; nothing was written for the failing outputs."""


class BuildRefused(BuildError):
    """The content has errors: the findings say where."""

    def __init__(self, findings: Sequence[Diagnostic]):
        super().__init__(f"{len(findings)} error(s) in the content")
        self.findings = findings


@dataclass(frozen=True)
class Job:
    kind: str
    name: str
    lang: str
    pages: dict[str, dict[str, int]]
    options: dict[str, str]


# Set in each worker process once, so the content is parsed once per process.
_RULEBOOK: Rulebook | None = None
_CACHE_DIR: str = ""


def _init_worker(rulebook: Rulebook, cache_dir: str) -> None:
    global _RULEBOOK, _CACHE_DIR
    die_with_parent()
    _RULEBOOK, _CACHE_DIR = rulebook, cache_dir


def _run_job(job: Job) -> dict[str, LaidOut]:
    assert _RULEBOOK is not None
    context = RenderContext(_RULEBOOK, job.lang, PageMap(job.pages), job.options)
    cache = LayoutCache(Path(_CACHE_DIR), Path(_RULEBOOK.root) / "templates")
    return MAKERS[job.kind](context, job.name, cache)


Progress = Callable[[str], None]


def _lay_out_booklets(pool: Executor, booklets: Sequence[str], langs: Sequence[str],
                      progress: Progress, options: dict[str, str]) -> dict[str, dict[str, LaidOut]]:
    """Lay out every booklet of every language until their page maps are stable."""
    pages = {lang: PageMap() for lang in langs}
    results: dict[str, dict[str, LaidOut]] = {}
    pending = list(langs)
    for number in range(1, MAX_PASSES + 1):
        progress(f"pass {number}: laying out {len(booklets) * len(pending)} booklet(s)")
        futures = {(lang, name): pool.submit(_run_job, Job("booklet", name, lang, dict(pages[lang].anchors), options))
                   for lang in pending for name in booklets}
        still_moving = []
        for lang in pending:
            laid_out = {name: futures[(lang, name)].result()[f"{name}.pdf"] for name in booklets}
            results[lang] = laid_out
            measured = PageMap({name: doc.anchors for name, doc in laid_out.items()})
            if measured.anchors != pages[lang].anchors:
                still_moving.append(lang)
                # Keep the pages of booklets not being built: they may still be referenced.
                pages[lang] = PageMap({**pages[lang].anchors, **measured.anchors})
            progress(f"pass {number}: {lang} {'stable' if lang not in still_moving else 'pages moved'}")
        if not still_moving:
            # Stable means every booklet printed the pages it measured, so each has its PDF.
            assert all(doc.pdf for laid_out in results.values() for doc in laid_out.values())
            return results
        pending = still_moving
    raise BuildError(f"page numbers still moving after {MAX_PASSES} passes in: {', '.join(pending)}")


def build(rulebook: Rulebook, targets: Sequence[Target], langs: Sequence[str], out_dir: Path,
          progress: Progress = lambda message: None, workers: int | None = None,
          options: dict[str, str] | None = None) -> list[Path]:
    """Build ``targets`` in ``langs`` into ``out_dir/<lang>/``; return the files written."""
    options = options or {}
    # Font subsets carry a timestamp (fontTools reads this variable): pin it to
    # the release date so the same sources give the same bytes.
    os.environ["SOURCE_DATE_EPOCH"] = str(int(datetime.datetime.fromisoformat(
        rulebook.meta.date).replace(tzinfo=datetime.timezone.utc).timestamp()))
    findings = run_checks(rulebook, families=BUILD_CHECKS)
    errors = errors_in(findings)
    if errors:
        raise BuildRefused(errors)
    out_dir = out_dir.resolve()
    cache_dir = out_dir / ".cache"
    booklets = [t.name for t in targets if t.paginated]
    others = [t for t in targets if not t.paginated]
    # Every booklet of a language is laid out when any is asked for: a
    # reference into another volume needs that volume's real pages.
    all_booklets = [b.key for b in sorted(rulebook.meta.booklets, key=lambda b: b.volume)
                    if all((b.key, lang) in rulebook.booklets for lang in langs)]
    workers = workers or os.cpu_count() or 1
    with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                             initargs=(rulebook, str(cache_dir))) as pool:
        laid_out = _lay_out_booklets(pool, all_booklets, langs, progress, options) if all_booklets else {}
        outputs: dict[str, dict[str, LaidOut]] = {lang: {} for lang in langs}
        futures = {}
        for lang in langs:
            pages = {name: doc.anchors for name, doc in laid_out.get(lang, {}).items()}
            for target in others:
                futures[(lang, target.name)] = pool.submit(_run_job, Job(target.kind, target.name, lang, pages, options))
        for lang in langs:
            progress(f"{lang}: verifying page references")
            pdfs = {name: doc.pdf for name, doc in laid_out.get(lang, {}).items()}
            counts = {name: doc.references for name, doc in laid_out.get(lang, {}).items()}
            problems = wrong_references(pdfs, rulebook.meta, counts)
            if problems:
                raise BuildError("wrong page references:\n  " + "\n  ".join(problems))
            for name in booklets:
                outputs[lang][f"{name}.pdf"] = laid_out[lang][name]
            for target in others:
                progress(f"{lang}: laying out {target.name}")
                outputs[lang].update(futures[(lang, target.name)].result())
    written = publish({PurePosixPath(lang, file_name): document.pdf
                       for lang in langs for file_name, document in outputs[lang].items()}, out_dir)
    for path in written:
        progress(f"wrote {path}")
    return written
