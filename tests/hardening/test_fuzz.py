"""Seeded fuzzing of real content files against ``sw28 check``.

Each round takes one real file of content/ (YAML or Markdown), damages it at
the byte level (flipped bits, inserted or deleted bytes, truncation) or the
structure level (lines swapped or repeated, hostile snippets, a YAML node
replaced by a value of another type), and runs the checker in-process. Whatever
the damage, sw28 must answer with exit code 0, 1 or 2, print no traceback,
and start every error line with ``path:line:``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
import yaml
from conftest import PROJECT, copy_project

from sacredwire.cli import main

from .conftest import LOCATED

SEED = 28
# The same rounds on any machine, however loaded (set more to fuzz longer outside CI).
ROUNDS = int(os.environ.get("SW28_FUZZ_ROUNDS", "60"))
FILES = ["content/book.yaml", "content/glossary.yaml", "content/quick-reference.yaml",
         "content/tables/core.yaml", "content/tables/requisitions-weapons.yaml", "content/examples/core-rules.yaml",
         "content/core-rules/en/04-combat.md", "content/core-rules/es/04-combat.md",
         "content/missions/en/02-the-missions.md", "content/languages/es.yaml"]
# Structure-level damage: what a careless or hostile contributor might type.
SNIPPETS = [b"&a ", b"*a ", b"{C", b"{C4.7 }", b"{c4.7}", b"{table:", b"{table:../x}", b"{pagebreak}", b":::",
            b"::: example", b"::: quote", b"::: summary\n", b"<div>", b"</div>", b'<a rel="attachment" href="x">',
            b"key: ../x", b'roll: "1-99999999"', b"- ", b"? ", b"!!python/object:os.system ", b"%YAML 1.1\n",
            b"---\n", b"\t", b"# ", b"## C1.1 X\n", b"# C9 Y\n", b"{from=zz}", b"\xef\xbb\xbf", b"\x00", b"\xff",
            b"\r", b"\r\n", b"\xe2\x80\xae", b"9" * 5000, b"[" * 200, b"{" * 200, b"`" * 3, b"\xf0\x9f\x8e\xb2",
            b"2d\xd9\xa6", b"'", b'"', b"|", b">", b": ", b"~", b"null", b"1e999", b"0x10", b".inf"]


# Values of the wrong type or out of range, put in place of a parsed YAML node.
WRONG_VALUES = [None, 0, -1, 10**12, "", "../x", [], {}, [1], {"en": 1}, True, 1.5, "{C99.1}", "\u0661", "2d\u0666",
                "6-999999999999", "x" * 10000]


def _yaml_nodes(data, path=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*path, key)
            yield from _yaml_nodes(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield (*path, index)
            yield from _yaml_nodes(value, (*path, index))


def _retype(data: bytes, rng: random.Random) -> bytes:
    """Structure-level damage of a YAML file: a node replaced by a value of another type."""
    tree = yaml.safe_load(data)
    for _ in range(rng.randint(1, 2)):
        *parents, last = rng.choice(list(_yaml_nodes(tree)))
        node = tree
        for key in parents:
            node = node[key]
        node[last] = rng.choice(WRONG_VALUES)
    return yaml.safe_dump(tree, allow_unicode=True).encode()


def _damage(data: bytes, rng: random.Random) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(len(data) + 1)
        kind = rng.randrange(7)
        if kind == 0 and data:
            data[min(where, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif kind == 1:
            data[where:where] = rng.choice(SNIPPETS)
        elif kind == 2:
            del data[where:where + rng.randint(1, 200)]
        elif kind == 3:
            data = data[:where]
        else:
            lines = bytes(data).splitlines(keepends=True)
            if len(lines) > 2:
                first, second = rng.randrange(len(lines)), rng.randrange(len(lines))
                if kind == 4:
                    lines[first], lines[second] = lines[second], lines[first]
                elif kind == 5:
                    lines.insert(first, lines[second])
                else:
                    lines[first] = rng.choice(SNIPPETS) + lines[first]
            data = bytearray(b"".join(lines))
    return bytes(data)


@pytest.fixture(scope="module")
def fuzz_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_project(tmp_path_factory.mktemp("fuzz"))


def test_damaged_content_never_crashes_the_checker(fuzz_project: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture) -> None:
    monkeypatch.chdir(fuzz_project)
    rng = random.Random(SEED)
    rounds = 0
    for rounds in range(1, ROUNDS + 1):
        rel = rng.choice(FILES)
        path = fuzz_project / rel
        original = (PROJECT / rel).read_bytes()
        retype = rel.endswith(".yaml") and rng.random() < 0.4
        damaged = _retype(original, rng) if retype else _damage(original, rng)
        path.write_bytes(damaged)
        try:
            code = main(["check"])
        except BaseException as error:  # noqa: BLE001 (the point: nothing may escape)
            pytest.fail(f"round {rounds}, {rel}: {type(error).__name__}: {error}\ndamaged file: {damaged[:2000]!r}")
        finally:
            path.write_bytes(original)
        captured = capsys.readouterr()
        context = f"round {rounds}, {rel}, exit {code}:\n{captured.err[-2000:]}"
        assert code in (0, 1, 2), context
        assert "Traceback" not in captured.err + captured.out, context
        if code == 2:
            assert all(LOCATED.match(line) for line in captured.err.splitlines() if line.strip()), context
        findings = [line for line in captured.out.splitlines()
                    if line.strip() and not line.startswith("    ") and not line[0].isdigit()]
        assert all(LOCATED.match(line) for line in findings), context
    assert rounds == ROUNDS
