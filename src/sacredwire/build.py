"""The build pipeline: load -> check -> render -> lay out -> verify -> make -> write.

Booklets refer to each other by page, so they are laid out in passes: the
first pass prints placeholder pages, each later pass prints the pages the
previous pass measured, until no anchor moves. Then every output kind makes
its files (``outputs``), given the final page map. Independent documents are
laid out in parallel processes; a document whose HTML did not change comes
from the layout cache. Nothing is written until every printed page reference
has been read back from the final PDFs and found right.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from .build_record import BuildRecord, file_digest
from .catalogs import catalog_path
from .check import errors_in, run_checks
from .diagnostics import ContentError, Diagnostic
from .handoff import edition_notes
from .layout import LaidOut
from .layout.booklet import make_booklet
from .layout.cache import LayoutCache
from .layout.verify import wrong_references
from .model import Rulebook
from .outputs import KINDS, Artifact, BuildOptions, OutputContext, Target
from .pagemap import LanguagePages, read_page_map, section_pages, sources_digest, update_page_map
from .processes import die_with_parent, settle_memory
from .publish import publish
from .render import RenderContext
from .render.pages import PageMap, same_printed_pages

MAX_PASSES = 5
# What must hold for a document to be printable at all. Translation parity and
# the worked examples are the checker's business: an English build need not
# wait for the Spanish edition to catch up.
BUILD_CHECKS = ("xref", "ids", "tables", "metadata", "settings", "safety", "glyphs")
# Checked for the languages being built only.
CATALOG_CHECKS = "catalogs"


class BuildError(Exception):
    """The build stopped; nothing was written for the failing outputs."""


class BuildRefused(BuildError):
    """The content has errors: the findings say where."""

    def __init__(self, findings: Sequence[Diagnostic]):
        super().__init__(f"{len(findings)} error(s) in the content")
        self.findings = findings


@dataclass(frozen=True)
class BookletJob:
    """Lay out one booklet in one pass, printing the pages measured so far."""

    booklet: str
    lang: str
    pages: Mapping[str, Mapping[str, int]]
    options: BuildOptions


@dataclass(frozen=True)
class MakeJob:
    """Make the files of one target in one language."""

    kind: str
    target: str
    lang: str
    langs: tuple[str, ...]
    pages: dict[str, dict[str, int]]
    booklets: dict[str, LaidOut]
    options: BuildOptions
    # Read the printed page references of ``booklets`` back before finishing them: one job per booklet does,
    # where its editions read the same streams (see ``_make``).
    verify: bool = False


class BookletLayouts:
    """Lays out the booklets of one rulebook in this process, with its layout cache."""

    def __init__(self, rulebook: Rulebook, cache: LayoutCache):
        self.rulebook = rulebook
        self.cache = cache

    def lay_out(self, job: BookletJob) -> LaidOut:
        context = RenderContext(self.rulebook, job.lang, PageMap(job.pages), job.options.render_options())
        return make_booklet(context, job.booklet, self.cache)


# Set in each worker process once, so the content is parsed once per process.
_RULEBOOK: Rulebook | None = None
_CACHE_DIR: str = ""


def _init_worker(rulebook: Rulebook, cache_dir: str) -> None:
    global _RULEBOOK, _CACHE_DIR
    die_with_parent()
    _RULEBOOK, _CACHE_DIR = rulebook, cache_dir


def _cache() -> LayoutCache:
    assert _RULEBOOK is not None
    return LayoutCache(Path(_CACHE_DIR), Path(_RULEBOOK.root) / "templates")


def _lay_out_booklet(job: BookletJob) -> LaidOut:
    assert _RULEBOOK is not None
    laid_out = BookletLayouts(_RULEBOOK, _cache()).lay_out(job)
    settle_memory()
    return laid_out


def _make(job: MakeJob) -> tuple[list[Artifact], list[str]]:
    """The files of one job, and what its kind tells the designer about them."""
    from .preflight.analysis import shared_analysis

    assert _RULEBOOK is not None
    cache = _cache()
    context = OutputContext(_RULEBOOK, job.lang, job.options, cache, job.langs, PageMap(job.pages), job.booklets)
    # The reading of the references and every edition's preflight tokenize each page stream once.
    with shared_analysis():
        if job.verify:
            verify_references(job.booklets, _RULEBOOK, cache, job.pages)
        artifacts = KINDS[job.kind].make(context, job.target)
    settle_memory()
    return artifacts, context.notes


Progress = Callable[[str], None]
# Told each time a document is done: (documents done, documents expected, what was just done).
Tally = Callable[[int, int, str], None]


class _Count:
    """Documents done out of those expected so far: a later pass of the booklets expects more."""

    def __init__(self, tally: Tally | None, expected: int):
        self._tally = tally
        self._lock = threading.Lock()
        self.done, self.expected = 0, expected

    def announce(self) -> None:
        """Tell the count before any document is done, so that the first stages show it too."""
        if self._tally is not None:
            self._tally(0, self.expected, "")

    def expect(self, more: int) -> None:
        with self._lock:
            self.expected += more

    def finished(self, what: str) -> None:
        with self._lock:
            self.done += 1
            done, expected = self.done, max(self.expected, self.done)
        if self._tally is not None:
            self._tally(done, expected, what)


# Starts laying out one booklet (in a worker process, or at once in this one).
Submit = Callable[[BookletJob], "Future[LaidOut]"]


def lay_out_until_stable(submit: Submit, booklets: Sequence[str], langs: Sequence[str], progress: Progress,
                         options: BuildOptions, seed: Mapping[str, Mapping[str, Mapping[str, int]]],
                         meanwhile: Callable[[], None] = lambda: None) -> dict[str, dict[str, LaidOut]]:
    """Lay out every booklet of every language until the pages they print are stable.

    The first pass prints the pages of ``seed`` (the committed page map's, or
    the last build's), so when no page moved since, every booklet is laid out
    once. ``meanwhile`` is called once the first pass is queued: work queued
    then, behind the booklets, keeps busy a process that is done with them
    while another still lays one out.
    """
    pages = {lang: PageMap({key: dict(anchors) for key, anchors in seed.get(lang, {}).items()
                            if key in booklets}) for lang in langs}
    results: dict[str, dict[str, LaidOut]] = {}
    pending = list(langs)
    for number in range(1, MAX_PASSES + 1):
        progress(f"pass {number}: laying out {len(booklets) * len(pending)} booklet(s)")
        # Longest booklets first (by the pages known so far), so no process is left with one at the end.
        order = sorted(((lang, name) for lang in pending for name in booklets),
                       key=lambda job: -max(pages[job[0]].anchors.get(job[1], {}).values(), default=0))
        futures = {(lang, name): submit(BookletJob(name, lang, dict(pages[lang].anchors), options))
                   for lang, name in order}
        if number == 1:
            meanwhile()
        still_moving = []
        for lang in pending:
            laid_out = {name: futures[(lang, name)].result() for name in booklets}
            results[lang] = laid_out
            measured = PageMap({name: doc.anchors for name, doc in laid_out.items()})
            if not same_printed_pages(measured.anchors, pages[lang].anchors):
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


def longest_first(jobs: Sequence[MakeJob]) -> list[MakeJob]:
    """``jobs`` in the order that keeps every process busy to the end: the longest first.

    A job that lays its own document out (cards, quick reference, web
    edition) takes several times as long as one that finishes a booklet laid
    out already; among those, a longer booklet takes longer. Started last, a
    long job would leave the other processes idle while it runs.
    """
    return sorted(jobs, key=lambda job: (bool(job.booklets),
                                         -sum(doc.page_count for doc in job.booklets.values())))


def edition_jobs(jobs: Sequence[MakeJob], workers: int) -> list[MakeJob]:
    """``jobs``, each booklet's split into one job per edition when there are fewer jobs than workers.

    A booklet is laid out by then, so its editions are independent of each
    other: after an edit of one booklet they are all the work left, and one
    process finishing them in turn would leave the others idle. With as many
    jobs as workers, splitting would only repeat each job's set-up. Each
    edition's files are the same either way; their order is the editions'.
    """
    if len(jobs) >= workers:
        return list(jobs)
    split: list[MakeJob] = []
    for job in jobs:
        # Only a booklet comes laid out; the other kinds lay their documents out in their job.
        # Its references are read back once, by the job of its first edition.
        split += ([replace(job, options=replace(job.options, editions=(edition,)), verify=job.verify and index == 0)
                   for index, edition in enumerate(job.options.editions)] if job.booklets else [job])
    return split


def verify_references(booklets: Mapping[str, LaidOut], rulebook: Rulebook, cache: LayoutCache,
                      pages: Mapping[str, Mapping[str, int]] | None = None) -> None:
    """Read every printed page reference back from the booklets; :class:`BuildError` on any wrong one.

    ``pages`` holds the anchors of every booklet the references may cite
    (those of ``booklets`` when not given). A booklet whose bytes, and the
    pages of every booklet it may cite, were verified by an earlier build is
    not read again: the record of that check is kept in the cache under a
    digest of all of them.
    """
    pages = pages if pages is not None else {name: doc.anchors for name, doc in booklets.items()}
    anchors = hashlib.sha256(repr(sorted((name, sorted(found.items())) for name, found in pages.items()))
                             .encode()).hexdigest()
    keys = {name: cache.key("verified", anchors, hashlib.sha256(doc.pdf).hexdigest(), str(doc.references))
            for name, doc in booklets.items()}
    pending = {name for name, key in keys.items() if not cache.verified(key)}
    if not pending:
        return
    problems = wrong_references({name: booklets[name].pdf for name in sorted(pending)}, pages, rulebook.meta,
                                {name: doc.references for name, doc in booklets.items()})
    if problems:
        raise BuildError("wrong page references:\n  " + "\n  ".join(problems))
    for name in pending:
        cache.mark_verified(keys[name])


def first_pages(rulebook: Rulebook, record: BuildRecord | None) -> dict[str, dict[str, Mapping[str, int]]]:
    """The pages the first layout pass prints: the committed page map's, and the last build's where it has none.

    The map is committed with the content, so it is there in a fresh clone and
    after a change to the layout code; a build rewrites it, so it is never
    older than the record of a build into one folder.
    """
    try:
        committed = read_page_map(Path(rulebook.root)) or {}
    except ContentError:
        committed = {}  # 'sw28 check' says so, and this build rewrites it
    seed = {lang: dict(pages) for lang, pages in (record.pages if record else {}).items()}
    for lang, entry in committed.items():
        seed[lang] = {**seed.get(lang, {}), **entry.anchors()}
    return seed


def commit_pages(rulebook: Rulebook, laid_out: Mapping[str, Mapping[str, LaidOut]], sources: Mapping[str, str]
                 ) -> bool:
    """Write the sections' pages as laid out into the committed page map; whether it changed.

    ``sources`` is each language's :func:`~sacredwire.pagemap.sources_digest`
    as the build read them, taken before the layout.
    """
    entries = {}
    for lang, booklets in laid_out.items():
        sections = {key: [section.id for section in rulebook.booklet(key, lang).all_sections()] for key in booklets}
        entries[lang] = LanguagePages(sources[lang], section_pages(
            sections, {key: document.anchors for key, document in booklets.items()}))
    return update_page_map(Path(rulebook.root), entries)


def booklets_in(rulebook: Rulebook, langs: Sequence[str]) -> list[str]:
    """The keys of the booklets written in every one of ``langs``, in volume order."""
    return [b.key for b in sorted(rulebook.meta.booklets, key=lambda b: b.volume)
            if all((b.key, lang) in rulebook.booklets for lang in langs)]


def pin_source_date(rulebook: Rulebook) -> None:
    """Font subsets carry a timestamp (fontTools reads this variable): pin it to
    the release date, so the same sources give the same bytes."""
    os.environ["SOURCE_DATE_EPOCH"] = str(int(datetime.datetime.fromisoformat(
        rulebook.meta.date).replace(tzinfo=datetime.UTC).timestamp()))


def build(rulebook: Rulebook, targets: Sequence[Target], langs: Sequence[str], out_dir: Path,
          progress: Progress = lambda message: None, workers: int | None = None,
          options: BuildOptions | None = None, inputs: str | None = None, tally: Tally | None = None,
          note: Progress | None = None) -> list[Path]:
    """Build ``targets`` in ``langs`` into ``out_dir``; return the files written.

    ``progress`` hears each stage and every file written; ``tally`` each
    document laid out or made, with the count done and expected; ``note``
    (``progress`` if not given) what a kind tells the designer about a
    document it made, such as a quick reference page set smaller to fit.

    ``inputs`` is the digest of everything the build reads (``build_record``):
    given, the build seeds its first pass with the last build's pages and
    records what it wrote, so the same build again does nothing.
    """
    options = options or BuildOptions()
    out_dir = out_dir.resolve()
    # What the last build here wrote: its pages seed the layout, its files are the only ones a build removes.
    previous = BuildRecord.read(out_dir)
    record = previous if inputs else None
    pin_source_date(rulebook)
    findings = run_checks(rulebook, families=BUILD_CHECKS)
    # A string missing from a catalog would print in English: only the languages built need theirs.
    findings += [finding for finding in run_checks(rulebook, families=(CATALOG_CHECKS,))
                 if finding.location.file in {catalog_path(lang) for lang in langs}]
    errors = errors_in(findings)
    if errors:
        raise BuildRefused(errors)
    cache_dir = out_dir / ".cache"
    # Every booklet of a language is laid out when any kind prints pages: a
    # reference into another volume needs that volume's real pages.
    needs_pages = any(KINDS[target.kind].needs_page_map for target in targets)
    all_booklets = booklets_in(rulebook, langs)
    workers = workers or os.cpu_count() or 1
    makes = sum(len(langs) if KINDS[target.kind].per_language else 1 for target in targets)
    count = _Count(tally, makes)
    count.announce()
    artifacts: list[Artifact] = []
    # Taken before the layout: the committed page map says which sources its pages were measured from.
    sources = ({lang: sources_digest(Path(rulebook.root), lang, rulebook.meta.languages) for lang in langs}
               if needs_pages and all_booklets else {})
    # Every booklet layout started, by language and booklet: the work the record reports.
    started: dict[tuple[str, str], list[Future[LaidOut]]] = {}
    # The content lives as long as the build, here and in every worker (forked from here).
    settle_memory()
    with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                             initargs=(rulebook, str(cache_dir))) as pool:
        def submit(job: BookletJob) -> Future[LaidOut]:
            count.expect(1)
            future = pool.submit(_lay_out_booklet, job)
            future.add_done_callback(lambda _: count.finished(f"{job.lang}: laid out {job.booklet}"))
            started.setdefault((job.lang, job.booklet), []).append(future)
            return future

        futures: dict[tuple[str, str], list[Future[tuple[list[Artifact], list[str]]]]] = {}
        make_jobs: list[MakeJob] = []

        def start(chosen: Sequence[Target], laid_out: Mapping[str, Mapping[str, LaidOut]]) -> None:
            jobs = []
            for target in chosen:
                for lang in langs if KINDS[target.kind].per_language else langs[:1]:
                    booklets = laid_out.get(lang, {})
                    pages = {name: doc.anchors for name, doc in booklets.items()}
                    own = {target.name: booklets[target.name]} if target.name in booklets else {}
                    jobs.append(MakeJob(target.kind, target.name, lang,
                                        KINDS[target.kind].languages(rulebook, langs, out_dir), pages, own,
                                        options, verify=bool(own)))
            for job in edition_jobs(longest_first(jobs), workers):
                futures.setdefault((job.lang, job.target), []).append(pool.submit(_make, job))
            make_jobs.extend(jobs)

        # A kind that prints no booklet's page (the web edition) need not wait for the booklets' layout.
        paged = [target for target in targets if KINDS[target.kind].needs_page_map]
        pageless = [target for target in targets if not KINDS[target.kind].needs_page_map]
        if needs_pages and all_booklets:
            laid_out = lay_out_until_stable(submit, all_booklets, langs, progress, options,
                                            first_pages(rulebook, record), meanwhile=lambda: start(pageless, {}))
            start(paged, laid_out)
        else:
            laid_out = {}
            start(targets, laid_out)
        # A booklet made into files has its references read back in its job; one laid out only for its
        # pages (the quick reference cites them) is read here, while the workers make the files.
        read_in_jobs = {(job.lang, name) for job in make_jobs if job.verify for name in job.booklets}
        for lang in langs:
            unmade = {name: doc for name, doc in laid_out.get(lang, {}).items() if (lang, name) not in read_in_jobs}
            if unmade:
                progress(f"{lang}: verifying page references")
                verify_references(unmade, rulebook, LayoutCache(cache_dir, Path(rulebook.root) / "templates"),
                                  {name: doc.anchors for name, doc in laid_out[lang].items()})
        for lang in langs:
            for target in targets:
                if (lang, target.name) in futures:
                    progress(f"{lang}: making {target.name}")
                    notes: list[str] = []
                    for future in futures[(lang, target.name)]:
                        files, said = future.result()
                        artifacts += files
                        notes += said
                    # Each edition's job lays out (or finds in the cache) the same document: said once.
                    for line in dict.fromkeys(notes):
                        (note or progress)(line)
                    count.finished(f"{lang}: made {target.name}")
    # Beside the files, what each is for and where to send it.
    artifacts += edition_notes(rulebook, artifacts, out_dir, options.paper)
    written = publish({artifact.path: artifact.data for artifact in artifacts}, out_dir)
    for path in written:
        progress(f"wrote {path}")
    # Change bars are for review copies: their pages are never the ones the map is for.
    if laid_out and not options.change_bars and commit_pages(rulebook, laid_out, sources):
        progress("updated the page map, content/pagemap.yaml: commit it with the content")
    layouts: dict[str, dict[str, dict[str, int]]] = {}
    for (lang, booklet), jobs in sorted(started.items()):
        layouts.setdefault(lang, {})[booklet] = {"passes": len(jobs),
                                                 "parts": sum(job.result().parts_laid_out for job in jobs)}
    made = {path.relative_to(out_dir).as_posix(): file_digest(path) for path in written}
    kept = _remove_stale(out_dir, previous, [KINDS[target.kind].folder for target in targets], set(made))
    # The record holds every file a build here wrote and that is still as written: a partial build adds
    # its files to the earlier ones, so a later build may still replace or remove them.
    BuildRecord(inputs or "", {**kept, **made},
                {**(previous.pages if previous else {}),
                 **{lang: {name: doc.anchors for name, doc in booklets.items()}
                    for lang, booklets in laid_out.items()}}, layouts).write(out_dir)
    return written


def _remove_stale(out_dir: Path, previous: BuildRecord | None, folders: Sequence[str | None],
                  made: set[str]) -> dict[str, str]:
    """Remove the files an earlier build wrote into folders that one output kind fills alone, and
    that this build did not make again; return the earlier build's other files still as written.

    Only a file the record names, unchanged since, is ever removed: a file someone else put into the
    output folder, or changed there, is left alone.
    """
    owned = {folder for folder in folders if folder}
    kept = {}
    for name, digest in sorted((previous.files if previous else {}).items()):
        if name in made:
            continue
        path = out_dir / name
        try:
            if not path.is_file() or path.is_symlink() or file_digest(path) != digest:
                continue  # gone, or no longer the file that build wrote
        except OSError:
            continue
        if PurePosixPath(name).parts[0] not in owned:
            kept[name] = digest
            continue
        path.unlink()
        # Folders the removal left empty go too, up to the kind's folder.
        for parent in path.parents:
            if parent == out_dir or parent.name in owned and parent.parent == out_dir or any(parent.iterdir()):
                break
            parent.rmdir()
    return kept
