"""The booklets' PDFs kept up to date while the content is edited, for ``sw28 serve``.

After every change that loads and passes the build's checks, the booklets of
each language are laid out again in this process until their page numbers
are stable, as the build does. A booklet is laid out part by part (its front
matter, then each chapter: :class:`~sacredwire.layout.booklet.PartCache`),
and the parts whose HTML did not change come from memory: an edit inside one
chapter lays out that chapter, and another part only when a page number it
prints moved. Every printed page reference is read back, as the build does.
Each booklet whose layout changed is finished as the screen edition (and
preflighted) and served from memory; the sections just edited are listed
with the page they now start on.

The layout runs in one process of its own, so the server and the web
preview answer at once meanwhile; edits that arrive while it works are
gathered and laid out together once it is done.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from functools import partial
from multiprocessing.connection import Connection
from pathlib import Path, PurePosixPath

from ..build import BookletLayouts, BuildError, booklets_in, lay_out_until_stable, pin_source_date, verify_references
from ..build_record import BUILD_FOLDER, BuildRecord
from ..diagnostics import LayoutError
from ..layout import LaidOut
from ..layout.booklet import lay_out_parts
from ..layout.cache import LayoutCache, forget_assets
from ..model import Rulebook, Section, Table
from ..outputs import KINDS, BuildOptions, OutputContext
from ..pdf.operations import keep_recent_streams
from ..processes import die_with_parent, settle_memory
from ..render import RenderContext
from ..render.pages import PageMap

PDF_PATH = "/__preview/pdf/"
# The edition a designer reads while editing.
EDITION = "screen"
# The other documents a table edit changes most, and the edition each is previewed in (the cards
# have no screen edition: their print-and-play sheets).
EXTRAS = {"quick-reference": "screen", "cards": "home"}
# The stream bytes whose operations the layout process keeps: an edited booklet's, twice over
# (as laid out, and in the screen edition's colours).
STREAMS_KEPT = 4 * 1024 * 1024


@dataclass(frozen=True)
class EditedSection:
    """A section changed by the last edit, and the page of its booklet it starts on now."""

    lang: str
    booklet: str
    rule_id: str
    title: str
    page: int

    @property
    def href(self) -> str:
        return f"{PDF_PATH}{self.lang}/{self.booklet}.pdf#page={self.page}"


@dataclass(frozen=True)
class PdfState:
    """The PDFs as last made, and what the last edit changed."""

    files: Mapping[PurePosixPath, bytes] = field(default_factory=dict)
    edited: tuple[EditedSection, ...] = ()
    # Laying out is under way for an edit not yet in ``files``.
    busy: bool = False
    problem: str | None = None
    version: int = 0


def _table_content(table: Table) -> tuple:
    """What a table prints: its words, columns and cells, not the lines they are typed on."""
    return (table.title, table.die, table.columns, tuple((row.key, dict(row.cells)) for row in table.rows), table.note)


def edited_sections(before: Rulebook | None, after: Rulebook) -> list[tuple[str, str, Section]]:
    """(lang, booklet, section) of every section whose title or text differs between two loads, or that
    places a table that changed (a table edit changes the pages that print it)."""
    if before is None:
        return []
    tables = {table_id for table_id, table in after.tables.items()
              if table_id not in before.tables or _table_content(before.tables[table_id]) != _table_content(table)}
    found = []
    for (key, lang), booklet in after.booklets.items():
        old = before.booklets.get((key, lang))
        previous = {section.id: (section.title, section.source) for section in old.all_sections()} if old else {}
        for section in booklet.all_sections():
            if (previous.get(section.id) != (section.title, section.source)
                    or any(placement.table in tables for placement in section.tables)):
                found.append((lang, key, section))
    return found


def _settled(value: LaidOut) -> LaidOut:
    """``value``, once the garbage of making it is collected and the parts it kept are frozen."""
    settle_memory()
    return value


def _done(value: LaidOut) -> Future[LaidOut]:
    future: Future[LaidOut] = Future()
    future.set_result(value)
    return future


@dataclass(frozen=True)
class PreviewUpdate:
    """What the layout process sends back: the files that changed, and the sections edited."""

    files: dict[PurePosixPath, bytes]
    edited: tuple[EditedSection, ...]
    problem: str | None = None
    # False for the booklets' update, which the quick reference's and the cards' follows.
    final: bool = True


class PreviewLayouts:
    """The layout process's memory: the last pages and what each served PDF was made from.

    The laid-out parts themselves stay in this process's
    :data:`~sacredwire.layout.booklet.PARTS`, which is why one process does
    every layout for as long as the preview runs.
    """

    def __init__(self, root: Path, langs: Sequence[str]):
        self.langs = list(langs)
        self.cache = LayoutCache(root / BUILD_FOLDER / ".cache", root / "templates")
        record = BuildRecord.read(root / BUILD_FOLDER)
        # The last build's pages: when nothing moved since, the first layout is the last.
        self.pages: dict[str, Mapping[str, Mapping[str, int]]] = dict(record.pages) if record else {}
        self.digests: dict[tuple[str, str], str] = {}
        # The booklets whose parts are not in memory yet: (rulebook, lang, booklet).
        self.unprimed: list[tuple[Rulebook, str, str]] = []

    def prime(self, interrupted: Callable[[], bool] = lambda: False) -> None:
        """Lay out the parts of booklets that came whole from the disk cache, until ``interrupted()``.

        A booklet the layout cache held whole has no parts in memory, so the
        first edit to it would lay out all of it: laying its parts out now,
        while nothing else waits, makes that edit lay out one chapter too.
        """
        while self.unprimed and not interrupted():
            rulebook, lang, key = self.unprimed.pop(0)
            context = RenderContext(rulebook, lang, PageMap(self.pages.get(lang, {})), BuildOptions().render_options())
            lay_out_parts(context, key, self.cache)
            settle_memory()

    def update(self, rulebook: Rulebook, before: Rulebook | None) -> PreviewUpdate:
        pin_source_date(rulebook)
        forget_assets()
        options = BuildOptions(editions=(EDITION,))
        layouts = BookletLayouts(rulebook, self.cache)
        booklets = booklets_in(rulebook, self.langs)
        laid_out = lay_out_until_stable(lambda job: _done(_settled(layouts.lay_out(job))), booklets, self.langs,
                                        lambda message: None, options, self.pages)
        files = {}
        for lang, documents in laid_out.items():
            verify_references(documents, rulebook, self.cache)
            self.pages[lang] = {name: document.anchors for name, document in documents.items()}
            output = OutputContext(rulebook, lang, options, self.cache, booklets=documents)
            for name, document in documents.items():
                digest = hashlib.sha256(document.pdf).hexdigest()
                if self.digests.get((lang, name)) == digest:
                    continue
                (finished,) = KINDS["booklet"].make(output, name)
                files[PurePosixPath(lang, finished.path.name)] = finished.data
                self.digests[(lang, name)] = digest
        self.unprimed = [(rulebook, lang, key) for lang in self.langs for key in booklets]
        edited = tuple(EditedSection(lang, key, str(section.id), section.title,
                                     laid_out[lang][key].anchors.get(section.id.anchor, 1))
                       for lang, key, section in edited_sections(before, rulebook)
                       if lang in laid_out and key in laid_out[lang])
        return PreviewUpdate(files, edited, final=False)

    def extras(self, rulebook: Rulebook) -> PreviewUpdate:
        """The quick reference (screen) and the cards (home sheets) of every language, where changed."""
        files = {}
        for lang in self.langs:
            for target, edition in EXTRAS.items():
                if KINDS[target].missing(rulebook, target, lang):
                    continue
                output = OutputContext(rulebook, lang, BuildOptions(editions=(edition,)), self.cache,
                                       langs=tuple(self.langs), pages=PageMap(self.pages.get(lang, {})))
                for finished in KINDS[target].make(output, target):
                    name = PurePosixPath(lang, finished.path.name)
                    digest = hashlib.sha256(finished.data).hexdigest()
                    if self.digests.get((lang, finished.path.name)) != digest:
                        files[name] = finished.data
                        self.digests[(lang, finished.path.name)] = digest
        return PreviewUpdate(files, ())


def _layout_process(connection: Connection, root: Path, langs: Sequence[str]) -> None:
    """The layout process: lay out each load it is sent, and send back what changed."""
    die_with_parent()
    # A booklet's streams are read again after each edit, and most are unchanged.
    keep_recent_streams(STREAMS_KEPT)
    layouts = PreviewLayouts(root, langs)
    while True:
        try:
            rulebook, before = connection.recv()
        except EOFError:
            return
        for step in (partial(layouts.update, rulebook, before), partial(layouts.extras, rulebook)):
            try:
                update = step()
            except (LayoutError, BuildError) as error:
                update = PreviewUpdate({}, (), str(error))
            except Exception as error:  # noqa: BLE001  (the preview goes on; its bar says what failed)
                update = PreviewUpdate({}, (), f"internal error: {type(error).__name__}: {error}")
            connection.send(update)
            if update.final:
                break
        # Between edits, lay out the parts not yet in memory; the next edit comes first.
        try:
            layouts.prime(interrupted=connection.poll)
        except Exception:  # noqa: BLE001  (a part that fails to lay out fails again, and is reported, when edited)
            layouts.unprimed.clear()
        settle_memory(thaw=True)


class BookletPdfs:
    """The screen edition of every booklet, laid out again in the background after each good load.

    The layout runs in a process of its own, which keeps the laid-out parts
    between edits; a thread here hands it each load and waits for its files,
    so the server answers at once meanwhile. The process is started with the
    preview, before any other thread, and stopped with it.
    """

    def __init__(self, root: Path, langs: Sequence[str], announce: Callable[[str], None]):
        self.root = root
        self.langs = list(langs)
        self.announce = announce
        self._state = PdfState()
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._request: tuple[Rulebook, Rulebook | None] | None = None
        self._stopped = False
        self._connection, child = multiprocessing.get_context("fork").Pipe()
        self._process = multiprocessing.get_context("fork").Process(
            target=_layout_process, args=(child, root, self.langs), name="sw28-booklet-pdfs", daemon=True)
        self._process.start()
        child.close()
        self._worker = threading.Thread(target=self._run, name="booklet-pdfs", daemon=True)
        self._worker.start()

    def state(self) -> PdfState:
        with self._lock:
            return self._state

    def submit(self, rulebook: Rulebook, before: Rulebook | None) -> None:
        """Lay out ``rulebook`` in the background; ``before`` is the last load, to find the edited sections."""
        with self._lock:
            if self._request is not None:
                # An edit still waiting: the sections edited since the load before it count too.
                before = self._request[1]
            self._request = (rulebook, before)
            self._state = replace(self._state, busy=True, version=self._state.version + 1)
            self._wake.notify()

    def stop(self) -> None:
        """Stop the background work; a layout under way is abandoned."""
        with self._lock:
            self._stopped = True
            self._wake.notify()
        self._process.terminate()
        self._process.join(timeout=5)
        self._connection.close()

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._request is None and not self._stopped:
                    self._wake.wait()
                if self._stopped:
                    return
                assert self._request is not None  # the wait ends on a request or a stop
                rulebook, before = self._request
                self._request = None
            try:
                self.update(rulebook, before)
            except (EOFError, OSError):
                # The layout process was stopped, or died: the pages stay, the bar says so.
                with self._lock:
                    if not self._stopped:
                        self._state = replace(self._state, busy=False, version=self._state.version + 1,
                                              problem="the layout process stopped; restart sw28 serve")
                return

    def update(self, rulebook: Rulebook, before: Rulebook | None) -> PdfState:
        """Lay out and finish every booklet of ``rulebook``, waiting for it; the new state."""
        self._connection.send((rulebook, before))
        edited: tuple[EditedSection, ...] = ()
        problem = None
        while True:
            update: PreviewUpdate = self._connection.recv()
            if update.problem:
                self.announce(f"PDF: {update.problem}")
            edited += update.edited
            problem = problem or update.problem
            with self._lock:
                self._state = PdfState({**self._state.files, **update.files}, edited,
                                       self._request is not None or not update.final, problem,
                                       self._state.version + 1)
                state = self._state
            for section in update.edited:
                self.announce(f"PDF: {section.lang}/{section.booklet}.pdf p. {section.page}: {section.rule_id} "
                              f"{section.title}")
            if update.final:
                return state

    def response(self, path: str, stale: bool = False) -> tuple[int, str, bytes] | None:
        """The PDF at ``path`` under :data:`PDF_PATH`, or the list of them; ``None`` for another path.

        ``stale``: the content changed since the PDFs were made; the list marks every one.
        """
        if not path.startswith(PDF_PATH):
            return None
        state = self.state()
        relative = PurePosixPath(path[len(PDF_PATH):]) if path != PDF_PATH else None
        if relative is None:
            mark = ' <strong class="stale">stale: older than the content</strong>' if stale else ""
            links = "".join(f'<li><a href="{PDF_PATH}{name}">{name}</a>{mark}</li>' for name in sorted(state.files))
            waiting = "<p>Laying out the booklets&hellip;</p>" if state.busy and not state.files else ""
            body = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>PDF preview</title></head>'
                    f"<body><h1>PDF preview ({EDITION} edition)</h1>{waiting}<ul>{links}</ul></body></html>")
            return 200, "text/html; charset=utf-8", body.encode("utf-8")
        if relative not in state.files:
            return 404, "text/plain; charset=utf-8", f"no PDF {relative} (yet)".encode()
        return 200, "application/pdf", state.files[relative]
