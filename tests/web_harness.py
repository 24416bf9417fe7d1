"""Measuring the web edition in a real browser: a static host on localhost and Chromium driven over DevTools.

- :func:`serve` hosts a folder on ``127.0.0.1`` as a static host does (gzip for
  text, ``404.html`` for a missing page), in a thread, until the context ends;
- :class:`Browser` is headless Chromium spoken to over the DevTools protocol
  through a pipe (``--remote-debugging-pipe``: no port, no extra library).
  Every wait is for an event the browser sends; the only clock is a hang guard
  that fails a test whose browser stopped answering.

``scripts/lighthouse.py`` uses :func:`serve` as well.
"""

from __future__ import annotations

import collections
import contextlib
import gzip
import http.server
import json
import os
import select
import shutil
import subprocess
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which(os.environ.get("SW28_CHROMIUM", "chromium")) or ""
# What a hung browser may take before the test fails (never how long a page may take to pass).
HANG_GUARD_SECONDS = 120
COMPRESSED = {".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".webmanifest"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".webmanifest": "application/manifest+json", ".woff2": "font/woff2",
                      ".js": "text/javascript"}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass

    def handle(self) -> None:
        # A browser may drop a connection it no longer needs (a page left mid-load).
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()

    def send_head(self):  # type: ignore[override]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            missing = Path(self.directory) / "404.html"
            body, status, path = (missing.read_bytes() if missing.is_file() else b"not found"), 404, missing
        else:
            body, status = path.read_bytes(), 200
        gzipped = path.suffix in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", "")
        if gzipped:
            body = gzip.compress(body, 6, mtime=0)
        self.send_response(status)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(len(body)))
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return _Body(body)


class _Body:
    """The reply's bytes, as ``copyfile`` reads them."""

    def __init__(self, data: bytes):
        self.data = data

    def read(self, size: int = -1) -> bytes:
        data, self.data = self.data, b""
        return data

    def close(self) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[tuple[str, http.server.ThreadingHTTPServer]]:
    """``folder`` on ``http://127.0.0.1:<free port>/``; yields the address and the server (to stop it early)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", server
    finally:
        stop(server)


def stop(server: http.server.ThreadingHTTPServer) -> None:
    """Stop answering and close the port: the network is cut for every page of the site."""
    if server.socket.fileno() != -1:
        server.shutdown()
        server.server_close()


class Browser:
    """Headless Chromium over the DevTools protocol; one page (tab) at a time."""

    def __init__(self, profile: Path, *flags: str):
        commands_read, self._commands = os.pipe()
        self._replies, replies_write = os.pipe()
        os.set_inheritable(commands_read, True)
        os.set_inheritable(replies_write, True)

        def pipes_as_3_and_4() -> None:
            os.dup2(commands_read, 3)
            os.dup2(replies_write, 4)

        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--remote-debugging-pipe", f"--user-data-dir={profile}", *flags],
            pass_fds=(3, 4), preexec_fn=pipes_as_3_and_4,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(commands_read)
        os.close(replies_write)
        self._buffer = b""
        self._next_id = 0
        # Events not yet taken, by method, each with its place in the order they arrived: a page on a
        # throttled network sends thousands, and a wait looks only at the methods it waits for.
        self._events: dict[str, collections.deque[tuple[int, dict]]] = collections.defaultdict(collections.deque)
        self._arrived = 0
        self.session: str | None = None

    # -- the protocol ---------------------------------------------------------------

    def send(self, method: str, session: str | None = "page", **params: Any) -> dict:
        """Send a command and wait for its answer (events arriving meanwhile are kept)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session == "page":
            session = self.session
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self._keep(reply)

    def _keep(self, event: dict) -> None:
        self._arrived += 1
        self._events[event.get("method", "")].append((self._arrived, event))

    def forget(self, method: str) -> None:
        """Drop the events named ``method`` not yet taken."""
        self._events.pop(method, None)

    def wait_for(self, method: str) -> dict:
        """The first event named ``method`` not yet taken, waiting for it if needed."""
        return self.wait_for_any(method)

    def wait_for_any(self, *methods: str) -> dict:
        """The first event not yet taken named one of ``methods``, waiting for it if needed."""
        while True:
            waiting = [self._events[method] for method in methods if self._events.get(method)]
            if waiting:
                return min(waiting, key=lambda events: events[0][0]).popleft()[1]
            self._keep(self._read())

    def _read(self) -> dict:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._replies], [], [], HANG_GUARD_SECONDS)
            if not ready:
                raise TimeoutError("the browser stopped answering")
            chunk = os.read(self._replies, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser closed the pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    # -- pages ----------------------------------------------------------------------

    def open(self, width: int = 390, height: int = 844, dark: bool = False, mobile: bool = True) -> None:
        """A new tab (closing the last one), its size, colour scheme and the events tests read."""
        if self.session:
            self.send("Target.closeTarget", None, targetId=self.target)
        self.target = self.send("Target.createTarget", None, url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", None, targetId=self.target, flatten=True)["sessionId"]
        self._events.clear()
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=mobile)
        self.send("Emulation.setEmulatedMedia", features=[
            {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}])

    def go(self, url: str) -> None:
        """Navigate and wait for the load event, then for the page's fonts."""
        self.forget("Page.loadEventFired")
        self.send("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")
        self.evaluate("document.fonts.ready.then(() => true)")

    def reload(self) -> None:
        """Load the page again, as a reader does (a hard reload would pass by the offline app)."""
        self.forget("Page.loadEventFired")
        self.send("Page.reload", ignoreCache=False)
        self.wait_for("Page.loadEventFired")
        self.evaluate("document.fonts.ready.then(() => true)")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.send("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def console_errors(self) -> list[str]:
        """Errors the page logged or threw so far."""
        thrown = [(number, json.dumps(event["params"]["exceptionDetails"])[:300])
                  for number, event in self._events.get("Runtime.exceptionThrown", ())]
        logged = [(number, json.dumps(event["params"]["args"])[:300])
                  for number, event in self._events.get("Runtime.consoleAPICalled", ())
                  if event["params"]["type"] == "error"]
        return [error for _, error in sorted(thrown + logged)]

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError, TimeoutError):
            self.send("Browser.close", None)
        os.close(self._commands)
        os.close(self._replies)
        try:
            self.process.wait(timeout=HANG_GUARD_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
