"""``sw28 translations``: what is left to translate, with the English changed since; stamp what is done."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from ..changes import GitError, edit_text, word_edits
from ..cli import EXIT_FINDINGS, EXIT_OK, UsageError, command
from ..ids import RuleId
from ..load import CONTENT_DIR, content_files
from ..model import SOURCE_LANG, Rulebook
from ..suggest import did_you_mean
from ..translations import find_origins, missing_translations, stale_translations, stamp_file
from . import load_project


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("items", nargs="*", metavar="ID|FILE",
                        help="section IDs (C4.7) or translation files (content/<booklet>/<lang>/*.md): list "
                             "only these; with --stamp, stamp only these sections (a FILE needs --whole-file)")
    parser.add_argument("--lang", default=None,
                        help="translation language (default: every translation language of content/book.yaml)")
    parser.add_argument("--stamp", action="store_true",
                        help="record the current English text as the source of the named sections, once their "
                             "translation is up to date")
    parser.add_argument("--whole-file", action="store_true",
                        help="with --stamp: stamp every section of each FILE given")
    parser.add_argument("--all", action="store_true", dest="everything",
                        help="with --stamp and nothing named: stamp every section of the language")


@command(
    "translations", help="list stale and missing translations with the English changed since; --stamp them",
    description="Each translated section records the fingerprint of the English section it was translated "
                "from ({from=...} on its heading). Without --stamp, list every section whose English changed "
                "since (with the git revision it was translated from, which 'sw28 changes REV' accepts, and "
                "the English word diff since then) and every English section not translated yet; exit 1 if "
                "any. With --stamp ID..., record the current English as the source of those sections only; "
                "a whole file needs --whole-file, every section --all.",
    configure=_arguments,
)
def translations_command(args: argparse.Namespace, console: Console) -> int:
    root, rulebook = load_project()
    translated = [lang for lang in rulebook.meta.languages if lang != SOURCE_LANG]
    if args.lang is not None and args.lang not in translated:
        raise UsageError(f"--lang {args.lang!r} is not a translation language of content/book.yaml "
                         f"(translations: {', '.join(translated) or 'none'}){did_you_mean(args.lang, translated)}")
    langs = [args.lang] if args.lang else translated
    ids, files = _named(args.items, root, rulebook, langs)
    if args.stamp:
        return _stamp(args, console, root, rulebook, langs, ids, files)
    if args.whole_file or args.everything:
        raise UsageError("--whole-file and --all only go with --stamp")
    return _list(args, console, root, rulebook, langs, ids, files)


def _named(items: list[str], root: Path, rulebook: Rulebook, langs: list[str]) -> tuple[set[str], set[Path]]:
    """The section IDs and translation files named on the command line; :class:`UsageError` for anything else."""
    allowed = {path for lang in langs for path in _translation_files(root, rulebook, lang)}
    known = {str(rule_id) for lang in langs for rule_id in rulebook.sections(lang)} | \
            {str(rule_id) for rule_id in rulebook.sections(SOURCE_LANG)}
    ids, files = set(), set()
    for item in items:
        try:
            RuleId.parse(item)
        except ValueError:
            path = (Path.cwd() / item).absolute()
            if path not in allowed:
                raise UsageError(f"{item}: not a section ID nor a translation file of this project "
                                 f"(content/<booklet>/{'|'.join(langs)}/*.md)") from None
            files.add(path)
            continue
        if item not in known:
            raise UsageError(f"{item}: no such section{did_you_mean(item, known)}")
        ids.add(item)
    return ids, files


def _selected(location_file: str, rule_id: str, root: Path, ids: set[str], files: set[Path]) -> bool:
    if not ids and not files:
        return True
    return rule_id in ids or (root / location_file).absolute() in files


def _list(args: argparse.Namespace, console: Console, root: Path, rulebook: Rulebook, langs: list[str],
          ids: set[str], files: set[Path]) -> int:
    count = 0
    for lang in langs:
        stale = [item for item in stale_translations(rulebook, lang)
                 if _selected(item.translation.location.file, str(item.translation.id), root, ids, files)]
        try:
            origins = find_origins(root, rulebook, stale)
            history = None
        except GitError as error:
            origins, history = {}, str(error)
        for item in stale:
            count += 1
            print(f"{item.translation.location}: {lang}: {item.reason}")
            origin = origins.get(str(item.translation.id))
            if item.source is None:
                continue
            if origin is None:
                why = history or (f"no commit in the last history has the English it records "
                                  f"({item.translation.translated_from})" if item.translation.translated_from
                                  else "it records no English text")
                print(f"    English it was made from: unknown ({why}); the English now is at {item.source.location}")
                continue
            print(f"    translated from the English of {origin.revision} (see 'sw28 changes {origin.revision}')")
            if origin.section.title != item.source.title:
                print(f"    title: {origin.section.title} -> {item.source.title}")
            for edit in word_edits(origin.section.source, item.source.source):
                print(f"    {edit_text(edit)}")
        for missing in missing_translations(rulebook, lang):
            # Its translation belongs in the file of the same name in the language's folder.
            counterpart = (root / CONTENT_DIR / missing.booklet / lang / Path(missing.source.location.file).name)
            if (ids or files) and str(missing.source.id) not in ids and counterpart.absolute() not in files:
                continue
            count += 1
            print(f"{missing.source.location}: {lang}: {missing.source.id} {missing.source.title} has no "
                  f"{lang} translation yet")
    if not args.quiet:
        console.print(f"{count} section(s) to translate" if count else "every translation is up to date",
                      markup=False)
    return EXIT_FINDINGS if count else EXIT_OK


def _stamp(args: argparse.Namespace, console: Console, root: Path, rulebook: Rulebook, langs: list[str],
           ids: set[str], files: set[Path]) -> int:
    if files and not args.whole_file:
        raise UsageError("a FILE holds many sections: name the sections to stamp (sw28 translations --stamp "
                         "C4.7 C4.8), or add --whole-file to stamp every section of the file")
    if not ids and not files and not args.everything:
        raise UsageError("name the sections whose translation is up to date (sw28 translations --stamp C4.7), "
                         "or add --all to stamp every section of the language")
    english = {str(rule_id): section.fingerprint for rule_id, section in rulebook.sections(SOURCE_LANG).items()}
    changed = []
    for lang in langs:
        present = {str(rule_id) for rule_id in rulebook.sections(lang)}
        for rule_id in sorted(ids):
            if rule_id not in present:
                raise UsageError(f"{rule_id} has no {lang} section to stamp: translate it first")
        fingerprints = {rule_id: fingerprint for rule_id, fingerprint in english.items()
                        if rule_id in ids or args.everything or args.whole_file}
        candidates = sorted(_translation_files(root, rulebook, lang))
        for path in candidates:
            if files and path not in files:
                continue
            if stamp_file(path, path.relative_to(root).as_posix(), fingerprints):
                changed.append(path)
    if not args.quiet:
        for path in changed:
            console.print(f"stamped {path.relative_to(root)}", markup=False)
        console.print(f"{len(changed)} file(s) updated")
    return EXIT_OK


def _translation_files(root: Path, rulebook: Rulebook, lang: str) -> set[Path]:
    """The Markdown files the loader reads for ``lang``: the only files --stamp may rewrite."""
    return {path for booklet in rulebook.meta.booklets
            for path in content_files(root / CONTENT_DIR / booklet.key / lang, root, ".md")}
