"""Worked examples, executed: every number an example prints is its data, and its data is the engine's.

The engine reads the tables through :mod:`sacredwire.engine_adapter`. Each
example's ``given`` goes to the engine check it names, and every claim is
compared with what the check computes (EX001). The prose of an example prints
its numbers from ``given`` and ``claims`` through fields (``{$claims.damage}``);
a number typed by hand inside the block is a finding (EX004), so a number a
reader sees is always one the engine has checked or started from.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..diagnostics import Diagnostic, Location, Severity
from ..engine import Dice, ExampleInputError, Rules, run_example
from ..engine.example_checks import EXAMPLE_CHECKS
from ..engine_adapter import RulesTableError, TableProblem, adapt_rules
from ..example_text import (
    FieldError,
    FieldRef,
    field_role,
    names_owner_after,
    outcome_words,
    resolve,
    role_mentions,
    show,
    typed_numbers,
)
from ..ids import ExampleId, RuleId, TableId
from ..model import Example, Rulebook, Text
from ..rule_fields import is_rule_field
from . import check, iter_sections

# --- the prose of each example block ----------------------------------------------------------


@dataclass(frozen=True)
class PrintedField:
    """A field inside an example block, where it stands and what it prints."""

    ref: FieldRef
    location: Location
    printed: str | None
    error: str | None


@dataclass
class ExampleBlock:
    """One ``::: example`` block in one language: its fields and the numbers typed between them."""

    example: ExampleId
    lang: str
    title: str
    location: Location
    fields: list[PrintedField] = field(default_factory=list)
    typed: list[tuple[str, Location]] = field(default_factory=list)
    text: str = ""
    spans: list[tuple[int, int, PrintedField]] = field(default_factory=list)

    def quote(self, printed: PrintedField) -> str:
        """The sentence of the printed block that holds ``printed``."""
        for begin, end, item in self.spans:
            if item is printed:
                left = self.text.rfind(". ", 0, begin)
                right = self.text.find(". ", end)
                return self.text[left + 2 if left >= 0 else 0:right if right >= 0 else len(self.text)].strip()
        return printed.printed or ""


def example_blocks(rulebook: Rulebook) -> Iterator[ExampleBlock]:
    """Every example block of every booklet and language, with what it prints."""
    for booklet, section in iter_sections(rulebook):
        block: ExampleBlock | None = None
        for token in section.tokens:
            if token.type == "container_example_open":
                location = Location(section.location.file, token.map[0] + 1)
                block = ExampleBlock(token.meta["id"], booklet.lang, token.meta["title"], location)
                # A title names a mechanic ("Triple"); only digits in it are numbers.
                for number in typed_numbers(block.title, booklet.lang):
                    if any(character.isdigit() for character in number.text):
                        block.typed.append((number.text, location))
            elif token.type == "container_example_close" and block is not None:
                yield block
                block = None
            elif token.type == "inline" and block is not None:
                _read_inline(token, section.location.file, rulebook.examples.get(block.example), block)


def stray_fields(rulebook: Rulebook) -> Iterator[tuple[str, Location]]:
    """Fields written outside any example block (in prose or a summary), where nothing can fill them in."""
    for _, section in iter_sections(rulebook):
        inside = False
        for token in (*section.tokens, *section.summary):
            if token.type in ("container_example_open", "container_example_close"):
                inside = token.type == "container_example_open"
            elif token.type == "inline" and not inside:
                line = token.map[0] + 1
                for child in token.children or []:
                    line += child.type in ("softbreak", "hardbreak")
                    # A rule's number (``{$rule...}``, ``{$table...}``) belongs in the prose: see numbers.py.
                    if child.type == "example_field" and not is_rule_field(FieldRef(child.meta["path"])):
                        yield child.content, Location(section.location.file, line)


def _read_inline(inline: Any, file: str, example: Example | None, block: ExampleBlock) -> None:
    line = inline.map[0] + 1
    if block.text:
        block.text += " "
    for child in inline.children or []:
        if child.type in ("softbreak", "hardbreak"):
            line += 1
            block.text += " "
        elif child.type == "example_field":
            ref = FieldRef(child.meta["path"], child.meta["format"])
            printed, error = None, None
            try:
                if example is None:
                    raise FieldError("the example has no entry in content/examples/*.yaml")
                printed = show(resolve(ref, example.given, example.claims), ref.format, block.lang)
            except FieldError as problem:
                error = str(problem)
            item = PrintedField(ref, Location(file, line), printed, error)
            block.fields.append(item)
            begin = len(block.text)
            block.text += printed or child.content
            block.spans.append((begin, len(block.text), item))
        elif child.type in ("text", "code_inline"):
            for number in typed_numbers(child.content, block.lang, outcomes=True):
                block.typed.append((number.text, Location(file, line)))
            block.text += child.content
        elif child.type == "xref":
            block.text += "{" + child.content + "}"


# --- runner: examples -> outcomes ---------------------------------------------------------


@dataclass(frozen=True)
class ExampleOutcome:
    """One example's verdict: the claims the engine does not reproduce, and the values it computes."""

    example: Example
    engine_agrees: bool
    wrong: tuple[str, ...]
    computed: Mapping[str, Any]
    problem: str = ""
    prose_from_data: bool = True
    # The conclusion keys the engine computes and the claims leave out (they only restate the givens).
    unconcluded: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        """Verified: the engine reproduces every claim, the claims state the example's conclusion, and the
        prose prints every number through a field, where its sentence gives it to the role it belongs to."""
        return self.engine_agrees and not self.unconcluded and self.prose_from_data


_MISSING = object()


@dataclass(frozen=True)
class _Run:
    rulebook: Rulebook
    outcomes: list[ExampleOutcome]
    table_problems: tuple[TableProblem, ...]
    unreadable: RulesTableError | None


_cache: list[_Run] = []


def _run(rulebook: Rulebook) -> _Run:
    """Adapt the tables and run every example once per rulebook (the checks and the summary share it)."""
    if _cache and _cache[0].rulebook is rulebook:
        return _cache[0]
    examples = sorted(rulebook.examples.values(), key=lambda example: example.location)
    rules: Rules | None = None
    problems: tuple[TableProblem, ...] = ()
    unreadable = None
    try:
        adapted = adapt_rules(rulebook)
        rules, problems = adapted.rules, adapted.problems
    except RulesTableError as error:
        unreadable = error
    # Verified prose: placed in every language, every number printed through a field that prints.
    blocks = list(example_blocks(rulebook))
    hand_typed = {block.example for block in blocks if block.typed or any(item.error for item in block.fields)}
    # A number printed for another role than its own (EX007) is not verified either.
    hand_typed |= {example_id for example_id, _ in _role_findings(rulebook, blocks)}
    languages = set(rulebook.meta.languages)
    placed_in = {example.id: {block.lang for block in blocks if block.example == example.id} for example in examples}
    outcomes = [replace(_verify(example, rules, f"cannot read the tables: {unreadable}"),
                        prose_from_data=example.id not in hand_typed and placed_in[example.id] >= languages)
                for example in examples]
    _cache[:] = [_Run(rulebook, outcomes, problems, unreadable)]
    return _cache[0]


def verify_examples(rulebook: Rulebook) -> list[ExampleOutcome]:
    """Run every example of ``rulebook`` through the engine, in file and line order."""
    return _run(rulebook).outcomes


def _verify(example: Example, rules: Rules | None, problem: str) -> ExampleOutcome:
    claims = example.claims
    if rules is None:
        return ExampleOutcome(example, False, tuple(claims), {}, problem)
    registered = EXAMPLE_CHECKS.get(example.check)
    if not claims:
        return ExampleOutcome(example, False, (), {}, "it claims nothing: list every number and outcome its "
                                                      "text states under claims")
    if registered is not None:
        unknown = [key for key in claims if key not in registered.computes]
        if unknown:
            return ExampleOutcome(example, False, tuple(unknown), {},
                                  f"check {example.check} does not compute {', '.join(unknown)} "
                                  f"(it computes {', '.join(registered.computes)})")
    try:
        computed = run_example(example.check, rules, example.given)
    except ExampleInputError as error:
        return ExampleOutcome(example, False, tuple(claims), {}, str(error))
    wrong = tuple(key for key in claims if not _same(claims[key], computed.get(key, _MISSING)))
    concludes = registered.concludes if registered is not None else ()
    unconcluded = tuple(key for key in concludes if key in computed and key not in claims)
    return ExampleOutcome(example, not wrong, wrong, computed, unconcluded=unconcluded)


def _same(claim: Any, value: Any) -> bool:
    """Whether a claim matches a computed value; a mapping claim may name only some keys."""
    if isinstance(claim, Mapping):
        return isinstance(value, Mapping) and all(
            key in value and _same(item, value[key]) for key, item in claim.items())
    if isinstance(claim, list):
        return isinstance(value, list) and len(claim) == len(value) and all(map(_same, claim, value))
    if isinstance(claim, bool) or isinstance(value, bool):
        return claim is value
    if isinstance(claim, str) and isinstance(value, str) and claim != value:
        # d6 and 1d6 are the same dice.
        try:
            return Dice.parse(claim) == Dice.parse(value)
        except ValueError:
            return False
    return claim == value


def _show(value: Any, check_name: str = "") -> str:
    if value is _MISSING:
        return f"nothing (check {check_name} does not compute it)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {_show(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_show(item) for item in value) + "]"
    return str(value)


# --- registered checks ----------------------------------------------------------------------


@check("examples")
def failing_examples(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """EX001: the text prints a claim the engine does not compute; EX003: an example the engine cannot check."""
    blocks = list(example_blocks(rulebook))
    for outcome in verify_examples(rulebook):
        example = outcome.example
        if outcome.problem:
            yield Diagnostic("EX003", Severity.ERROR, example.location,
                             f"example {example.id} cannot be checked: {outcome.problem}",
                             "give the check what it reads, and claim every number the text prints")
            continue
        if outcome.engine_agrees:
            continue
        printed = []
        for key in outcome.wrong:
            quotes = [f'"{block.quote(item)}" ({item.location})' for block in blocks
                      if block.example == example.id for item in block.fields if item.ref.claim == key]
            says = "; ".join(quotes) if quotes else f"nothing ({key} is claimed as {_show(example.claims[key])} " \
                                                      "but not printed)"
            printed.append(f"the text says {says}, from {key} = {_show(example.claims[key])}; "
                           f"the engine computes {key} = {_show(outcome.computed.get(key, _MISSING), example.check)}")
        yield Diagnostic("EX001", Severity.ERROR, example.location, f"example {example.id}: " + "; ".join(printed),
                         "fix the example's data (what the prose prints comes from it), or the table it reads")


@check("examples")
def unconcluded_examples(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """EX008: an example whose claims leave out its conclusion, so they only restate what it starts from."""
    for outcome in verify_examples(rulebook):
        if outcome.unconcluded:
            example = outcome.example
            computed = ", ".join(f"{key} = {_show(outcome.computed[key])}" for key in outcome.unconcluded)
            yield Diagnostic("EX008", Severity.ERROR, example.location,
                             f"example {example.id} does not claim its conclusion ({computed}, as the engine "
                             f"computes it): its claims only restate what it starts from",
                             f"claim {', '.join(outcome.unconcluded)} in content/examples/*.yaml and print it "
                             "through a field ({$claims.outcome:hits})")


# The table whose rows name the contract types a role may be given as (``attacker: veteran``).
CONTRACT_TABLE = TableId("contract-types")


def role_words(rulebook: Rulebook, example: Example, lang: str) -> dict[str, tuple[str, ...]]:
    """How the prose of ``lang`` names each role of ``example``: its words, the name of its contract type
    (``veteran``, or ``given.attacker_contract`` for the one the example gives), or its name as written."""
    contracts = rulebook.tables.get(CONTRACT_TABLE)
    names = {row.key: row.cells.get("name") for row in contracts.rows} if contracts else {}
    words = {}
    for role in example.roles:
        who = role.who
        if who.startswith("given."):
            try:
                who = str(resolve(FieldRef(who), example.given, example.claims))
            except FieldError:
                pass
        name = names.get(who)
        if lang in role.words:
            words[role.name] = role.words[lang]
        elif isinstance(name, Text) and name.get(lang):
            words[role.name] = (name[lang],)
        else:
            words[role.name] = (role.who,)
    return words


@check("examples")
def misplaced_roles(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """EX007: a number printed where its sentence names another role (the defender's dice after "Veteran").

    Each example's ``roles`` say who its numbers belong to; a field stands after
    the last role its sentence names before it, so a swap of two fields made the
    same way in every language still shows.
    """
    for _, finding in _role_findings(rulebook, list(example_blocks(rulebook))):
        yield finding


def _role_findings(rulebook: Rulebook, blocks: list[ExampleBlock]) -> Iterator[tuple[ExampleId, Diagnostic]]:
    """Each EX007 finding, with the example it is about."""
    owned: dict[ExampleId, set[str | None]] = {}
    for block in blocks:
        example = rulebook.examples.get(block.example)
        if example is None or not example.roles:
            continue
        words = role_words(rulebook, example, block.lang)
        mentions = role_mentions(block.text, words)
        owners = {id(item): field_role(item.ref.path, example.given, example.claims, example.roles)
                  for item in block.fields}
        for role in example.roles:
            if not any(named == role.name for _, _, named in mentions):
                yield example.id, Diagnostic("EX007", Severity.ERROR, block.location,
                                 f"example {block.example} ({block.lang}): role {role.name} is named "
                                 f"{' or '.join(map(repr, words[role.name]))}, which its text never prints",
                                 "write the words the text uses for it under the example's roles")
        owned.setdefault(example.id, set()).update(owners.values())
        for begin, finish, item in block.spans:
            owner = owners[id(item)]
            if owner is None:
                continue
            sentence = block.text.rfind(". ", 0, begin) + 1
            after = next(((start, end, named) for start, end, named in mentions if start >= finish), None)
            before = [(start, end, named) for start, end, named in mentions if sentence < end <= begin]
            if after is not None and names_owner_after(block.text[finish:after[0]], block.lang):
                # "el 2d6 del Veterano": the role named next owns the number.
                before = [after]
            if before and before[-1][2] != owner:
                start, end, named = before[-1]
                mention = repr(block.text[start:end])
                yield example.id, Diagnostic("EX007", Severity.ERROR, item.location,
                                 f"example {block.example} ({block.lang}): {{${item.ref.path}}} is the number of "
                                 f"{owner}, but its sentence gives it to {mention} "
                                 f"({named}): \"{block.quote(item)}\"",
                                 "print each role's fields after the words that name it (swap the fields back), "
                                 "or correct the example's roles")
    for example_id, owners_seen in owned.items():
        example = rulebook.examples[example_id]
        for role in example.roles:
            if role.name not in owners_seen:
                yield example.id, Diagnostic("EX007", Severity.ERROR, example.location,
                                 f"example {example.id}: no field its text prints belongs to role {role.name}",
                                 f"name fields for it ({role.name}_..., or list them under keys), or remove the role")


@check("examples")
def hand_typed_numbers(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """EX004: a number typed by hand in an example block, a field that prints nothing, fields that differ
    by language."""
    for content, location in stray_fields(rulebook):
        yield Diagnostic("EX004", Severity.ERROR, location,
                         f"{content} stands outside a '::: example' block: no example fills it in",
                         "move it into the example whose data it prints, or write the words")
    fields_by_language: dict[ExampleId, dict[str, tuple[set[str], Location]]] = {}
    orders: dict[tuple[ExampleId, str], list[str]] = {}
    for block in example_blocks(rulebook):
        for text, location in block.typed:
            if text.lower() in outcome_words(block.lang):
                yield Diagnostic("EX004", Severity.ERROR, location,
                                 f"example {block.example}: the outcome {text!r} is typed by hand; the engine "
                                 "computes it, and the words print from its result",
                                 "write a field such as {$claims.outcome:hits}, {$claims.result.Name:holds} or "
                                 "{$claims.throw:throw}, claiming the outcome in content/examples/*.yaml")
                continue
            yield Diagnostic("EX004", Severity.ERROR, location,
                             f"example {block.example}: {text!r} is typed by hand; every number an example "
                             "prints comes from its data",
                             "write a field such as {$claims.total} or {$given.faces.0:word}, claiming the "
                             "value in content/examples/*.yaml")
        for item in block.fields:
            if item.error:
                yield Diagnostic("EX004", Severity.ERROR, item.location,
                                 f"example {block.example}: field {{${item.ref.path}}} prints nothing: {item.error}",
                                 "name a key of the example's given or claims")
        paths = {item.ref.path for item in block.fields}
        order = [item.ref.path for item in block.fields]
        seen = fields_by_language.setdefault(block.example, {})
        for lang, (other, where) in seen.items():
            # The same fields as often, in another order: two of them traded places.
            if sorted(order) == sorted(orders[(block.example, lang)]) and order != orders[(block.example, lang)]:
                yield _swapped(block, order, lang, orders[(block.example, lang)], where)
            if other != paths:
                only_here, only_there = sorted(paths - other), sorted(other - paths)
                yield Diagnostic("EX004", Severity.ERROR, block.location,
                                 f"example {block.example} prints different fields in {block.lang} and {lang} "
                                 f"({where}): only in {block.lang}: {', '.join(only_here) or '-'}; "
                                 f"only in {lang}: {', '.join(only_there) or '-'}",
                                 "a translation changes words, never numbers: print the same fields")
        seen.setdefault(block.lang, (paths, block.location))
        orders.setdefault((block.example, block.lang), order)


def _swapped(block: ExampleBlock, order: list[str], lang: str, other: list[str], where: Location) -> Diagnostic:
    """EX006: the same fields in another order, so a number stands where the other language has another.

    Every language tells an example in the same order (the numbers of a worked
    example follow its steps), so two fields that trade places in one language
    print each other's numbers: the attacker's dice where the defender's belong.
    """
    index = next(i for i, (mine, theirs) in enumerate(zip(order, other, strict=False)) if mine != theirs)
    location = next((item.location for item in block.fields[index:index + 1]), block.location)
    return Diagnostic("EX006", Severity.ERROR, location,
                      f"example {block.example} ({block.lang}): field {index + 1} is {{${order[index]}}} where "
                      f"{lang} ({where}) prints {{${other[index]}}}: each number stands in the same place in "
                      f"every language",
                      "print the fields in the order of the other language (swap them back)")


@check("examples")
def unreadable_tables(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """EX005: a table value the rules engine needs but cannot read, or that the table's words contradict."""
    run = _run(rulebook)
    if run.unreadable is not None and rulebook.examples:
        location = run.unreadable.location or Location("content/tables", 1)
        yield Diagnostic("EX005", Severity.ERROR, location, run.unreadable.message,
                         "give the table the columns the rules engine reads")
    for problem in run.table_problems:
        yield Diagnostic("EX005", Severity.ERROR, problem.location, problem.message,
                         "the structured column and the words must state the same value")


@check("examples")
def example_placement(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """EX002: an example placed in prose with no YAML entry, placed nowhere, or in the wrong section."""
    placed: set[ExampleId] = set()
    misplaced: set[tuple[ExampleId, RuleId]] = set()
    for _, section in iter_sections(rulebook):
        for placement in section.examples:
            placed.add(placement.example)
            example = rulebook.examples.get(placement.example)
            if example is None:
                yield Diagnostic("EX002", Severity.ERROR, placement.location,
                                 f"example {placement.example} is placed in {section.id} but has no entry "
                                 "in content/examples/*.yaml",
                                 "add its given and claims to content/examples/<booklet>.yaml")
            elif example.section != section.id and (example.id, section.id) not in misplaced:
                misplaced.add((example.id, section.id))
                yield Diagnostic("EX002", Severity.ERROR, example.location,
                                 f"example {example.id} has section {example.section} but is placed in "
                                 f"{section.id} ({placement.location})",
                                 "make the example's section the one it stands in")
    for example in rulebook.examples.values():
        if example.id not in placed:
            yield Diagnostic("EX002", Severity.ERROR, example.location,
                             f"example {example.id} is not placed in any section",
                             f"add a '::: example {example.id} <Title>' block to section {example.section}, "
                             "or remove the entry")
