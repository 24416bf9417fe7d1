"""``sw28 serve``: the web edition and the booklets, re-made in memory on every edit.

This package drives the build (load, check, render, lay out) from a file
watcher; the static site it serves is made by :mod:`sacredwire.web`, the same
code the build's web output kind runs. :mod:`.server` answers HTTP and watches
the content; :mod:`.booklets` keeps the booklets' screen edition laid out.
"""

from __future__ import annotations

from .server import Preview, serve

__all__ = ["Preview", "serve"]
