"""A booklet's job reads its printed page references back before it finishes the booklet's files.

The build hands each booklet's job the anchors of every booklet; a reference
printed with a page its target does not start on stops the job (and so the
build) before any file of it is made.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from conftest import PROJECT
from pypdf import PdfReader

from sacredwire import build
from sacredwire.ids import RuleId
from sacredwire.languages import language
from sacredwire.layout.booklet import make_booklet
from sacredwire.layout.cache import LayoutCache
from sacredwire.load import load_rulebook
from sacredwire.outputs import BuildOptions
from sacredwire.pagemap import read_page_map
from sacredwire.render import RenderContext
from sacredwire.render.pages import PageMap


def test_a_booklet_job_refuses_a_reference_printed_with_the_wrong_page(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    rulebook = load_rulebook(PROJECT)
    committed = read_page_map(PROJECT)
    assert committed is not None
    cache = LayoutCache(tmp_path / "cache", PROJECT / "templates")
    context = RenderContext(rulebook, "en", PageMap(committed["en"].anchors()), {"paper": "a4"})
    laid_out = make_booklet(context, "core-rules", cache)
    assert laid_out.pdf and laid_out.references > 0
    # As in a worker of the build: the content and the cache folder set once.
    monkeypatch.setattr(build, "_RULEBOOK", rulebook)
    monkeypatch.setattr(build, "_CACHE_DIR", str(tmp_path / "cache"))

    def job(pages: dict[str, dict[str, int]]) -> build.MakeJob:
        return build.MakeJob("booklet", "core-rules", "en", ("en",), pages, {"core-rules": laid_out},
                             BuildOptions(editions=("screen",)), verify=True)

    right = {"core-rules": dict(laid_out.anchors)}
    files, _notes = build._make(job(right))
    assert [file.path.name for file in files] == ["core-rules.pdf"]

    # A section Core Rules cites (read with pypdf, not the build's reader): say it starts a page later.
    text = " ".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(laid_out.pdf)).pages)
    cited = next(match for match in language("en").references.pattern().finditer(text) if not match["volume"])
    anchor = RuleId.parse(cited["id"]).anchor
    moved = {"core-rules": {**laid_out.anchors, anchor: laid_out.anchors[anchor] + 1}}
    with pytest.raises(build.BuildError, match=re.escape(f"{cited['id']} printed as p. {cited['page']}, ")
                       + r"but it starts on p\. \d+"):
        build._make(job(moved))


def test_only_the_first_edition_of_a_split_booklet_job_reads_its_references() -> None:
    job = build.MakeJob("booklet", "core-rules", "en", ("en",), {}, {"core-rules": object()},  # type: ignore[dict-item]
                        BuildOptions(), verify=True)
    split = build.edition_jobs([job], workers=4)
    assert [(one.options.editions, one.verify) for one in split] == [
        ((edition,), index == 0) for index, edition in enumerate(BuildOptions().editions)]
