"""The paper a sheet is printed on: ``sw28 build --paper``."""

from __future__ import annotations

from . import RenderContext

PAPERS = ("a4", "letter")


def paper(context: RenderContext) -> str:
    """The context's paper; its templates size pages by the ``paper-<name>`` class."""
    name = context.options.get("paper", "a4")
    if name not in PAPERS:
        raise ValueError(f"unknown paper {name!r} (one of {', '.join(PAPERS)})")
    return name
