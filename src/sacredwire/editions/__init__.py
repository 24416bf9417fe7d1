"""Editions: one laid-out PDF per document and language, finished for each way of publishing it.

``EDITIONS`` maps an edition's name to its ``Edition``; ``finish`` returns the
files for ``<out>/<lang>/<edition>/``.
"""

from __future__ import annotations

from . import home, pod, press, screen  # noqa: F401  (each module registers its edition)
from .base import EDITIONS, Edition, EditionError, EditionSettings, LaidOutDocument

__all__ = ["EDITIONS", "Edition", "EditionError", "EditionSettings", "LaidOutDocument"]
