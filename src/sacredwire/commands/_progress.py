"""What a long command says while it works: a live display on a terminal, plain lines in a log.

On a terminal, one line redrawn in place: a bar, documents done out of those
expected and the one just finished. Piped (CI, a log file), one plain line
per stage, with the same count, and never the list of files written unless
``-v`` asks for it. ``-q`` says nothing but errors.
"""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn


class BuildDisplay:
    """The ``progress`` and ``tally`` callbacks of :func:`sacredwire.build.build`, shown on ``console``."""

    def __init__(self, console: Console, quiet: bool = False, verbose: bool = False):
        self.console = console
        self.quiet, self.verbose = quiet, verbose
        self.live = console.is_terminal and not quiet
        self._done, self._expected = 0, 0
        self._bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                             TimeElapsedColumn(), console=console, transient=True) if self.live else None
        self._task = self._bar.add_task("starting", total=None) if self._bar is not None else None

    def __enter__(self) -> BuildDisplay:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.stop()

    def say(self, line: str) -> None:
        """A line kept on screen (above the live display), unless quiet."""
        if not self.quiet:
            self.console.print(line, markup=False)

    def progress(self, message: str) -> None:
        """A stage of the build, or ``wrote PATH`` for each file written."""
        if message.startswith("wrote "):
            if self.verbose:
                self.say(message)
            return
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, description=message)
        elif not self.quiet:
            self.say(f"[{self._done}/{self._expected}] {message}" if self._expected else message)

    def note(self, message: str) -> None:
        """Something the designer should know about a file made (not a warning): kept on screen, unless quiet."""
        self.say(message)

    def tally(self, done: int, expected: int, what: str) -> None:
        """A document done (none yet: the count before the first): the count moves; in a log, each only with ``-v``."""
        self._done, self._expected = done, expected
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=done, total=expected, description=what or None)
        elif self.verbose and done:
            self.say(f"[{done}/{expected}] {what}")
