"""``sw28 serve``: preview the web edition, re-made on every edit."""

from __future__ import annotations

import argparse

from rich.console import Console

from ..cli import EXIT_OK, EXIT_UNLOADABLE, add_lang_argument, chosen_languages, command
from ..diagnostics import ContentError
from ..load import find_project_root, language_codes, load_rulebook
from ..model import SOURCE_LANG

DEFAULT_PORT = 8028


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                        help=f"port on 127.0.0.1 (default: {DEFAULT_PORT}; 0 picks a free one)")
    add_lang_argument(parser, "language(s) to preview")


@command(
    "serve", help="preview the web edition at http://127.0.0.1:PORT/, re-made on every edit",
    description="Serve the web edition from memory on 127.0.0.1 only. Every change under content/, "
                "templates/ or locales/ re-loads and re-renders the site, and the open page reloads "
                "itself; the checker's findings in the changed files are shown in a banner on every "
                "page as file:line. Ctrl-C stops the server.",
    configure=_arguments,
)
def serve_command(args: argparse.Namespace, console: Console) -> int:
    from pathlib import Path

    from ..preview import serve

    root = find_project_root(Path.cwd())
    try:
        book_languages = load_rulebook(root).meta.languages
    except ContentError:
        # Content that does not load yet is previewed all the same: the banner says why.
        try:
            book_languages = language_codes(root)
        except ContentError:
            book_languages = (SOURCE_LANG,)
    langs = chosen_languages(args.lang, book_languages)
    try:
        serve(root, langs, args.port, lambda message: console.print(message, markup=False))
    except OSError as error:
        console.print(f"error: cannot serve on 127.0.0.1:{args.port}: {error.strerror}", markup=False)
        return EXIT_UNLOADABLE
    return EXIT_OK
