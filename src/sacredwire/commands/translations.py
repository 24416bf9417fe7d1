"""``sw28 translations``: list stale translations, or record that they are up to date."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from ..cli import EXIT_FINDINGS, EXIT_OK, EXIT_UNLOADABLE, command
from ..load import CONTENT_DIR
from ..load._files import content_files
from ..model import SOURCE_LANG, Rulebook
from ..translations import stale_translations, stamp_file
from . import load_project


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", default="es", help="translation language (default: es)")
    parser.add_argument("--stamp", action="store_true",
                        help="after updating translations, record the current English text as their source")
    parser.add_argument("files", nargs="*", type=Path, metavar="FILE",
                        help="with --stamp: only these translation files (default: all of --lang)")


@command(
    "translations", help="list translations made from an older English text (or --stamp them)",
    description="Each translated section records the fingerprint of the English section it was "
                "translated from ({from=...} on its heading). Without options, list the sections whose "
                "English text has changed since (exit 1 if any). With --stamp, rewrite every {from=...} "
                "to the current English text: do this after updating the translations.",
    configure=_arguments,
)
def translations_command(args: argparse.Namespace, console: Console) -> int:
    root, rulebook = load_project()
    translated = [lang for lang in rulebook.meta.languages if lang != SOURCE_LANG]
    if args.lang not in translated:
        console.print(f"error: --lang {args.lang!r} is not a translation language of content/book.yaml "
                      f"(translations: {', '.join(translated) or 'none'})", markup=False)
        return EXIT_UNLOADABLE
    if args.stamp:
        fingerprints = {str(rule_id): section.fingerprint
                        for rule_id, section in rulebook.sections(SOURCE_LANG).items()}
        allowed = _translation_files(root, rulebook, args.lang)
        files = []
        for given in args.files:
            path = (Path.cwd() / given).absolute()
            if path not in allowed:
                console.print(f"error: {given}: not a {args.lang} content file of this project "
                              f"(content/<booklet>/{args.lang}/*.md)", markup=False)
                return EXIT_UNLOADABLE
            files.append(path)
        changed = [path for path in files or sorted(allowed)
                   if stamp_file(path, path.relative_to(root).as_posix(), fingerprints)]
        for path in changed:
            console.print(f"stamped {path.relative_to(root)}", markup=False)
        console.print(f"{len(changed)} file(s) updated")
        return EXIT_OK
    stale = stale_translations(rulebook, args.lang)
    for item in stale:
        print(f"{item.translation.location}: {item.reason}")
    print(f"{len(stale)} stale translation(s)")
    return EXIT_FINDINGS if stale else EXIT_OK


def _translation_files(root: Path, rulebook: Rulebook, lang: str) -> set[Path]:
    """The Markdown files the loader reads for ``lang``: the only files --stamp may rewrite."""
    return {path for booklet in rulebook.meta.booklets
            for path in content_files(root / CONTENT_DIR / booklet.key / lang, root, ".md")}
