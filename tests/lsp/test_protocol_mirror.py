"""The VS Code extension's mirror of the command replies (extension/src/protocol.ts) against the server's
reply dataclasses (codeeval/lsp/command_replies.py).

Every dataclass a command can answer with needs a TypeScript interface of the same name with the same
fields (camelCase) in the same order, and each field's TypeScript type must admit every value the server
sends: `string` admits an enum's values, `number | null` admits a float, an optional field admits a present
one. A union of replies (`codeeval.evaluate`'s) needs a TypeScript union of the same interfaces.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Mapping, Sequence
from enum import Enum
from pathlib import Path

from codeeval.lsp.command_replies import json_name
from codeeval.lsp.commands import COMMANDS

PROTOCOL_TS = Path(__file__).resolve().parents[2] / "extension" / "src" / "protocol.ts"

# A type, as a set of atoms either side can name: "string", "number", "boolean", "null", ("literal", value),
# ("ref", interface name), ("array", atoms of its items), ("record", atoms of its values).
Atom = str | tuple[str, typing.Any]


@dataclasses.dataclass(frozen=True)
class TsField:
    name: str
    optional: bool
    type: frozenset[Atom]


# -- the TypeScript side: this file's `export interface` and `export type` declarations ---------------------
def read_interfaces(text: str) -> dict[str, list[TsField]]:
    """Every `export interface Name { field?: type; }` with its fields in order (comments skipped)."""
    interfaces = {}
    for match in re.finditer(r"^export interface (\w+) \{\n(.*?)^\}", text, re.MULTILINE | re.DOTALL):
        body = re.sub(r"/\*.*?\*/|//[^\n]*", "", match.group(2), flags=re.DOTALL)
        interfaces[match.group(1)] = [_ts_field(line.strip()) for line in body.splitlines() if line.strip()]
    return interfaces


def read_unions(text: str) -> dict[str, set[str]]:
    """Every `export type Name = A | B;`, as the names it joins."""
    return {
        match.group(1): {part.strip() for part in match.group(2).split("|")}
        for match in re.finditer(r"^export type (\w+) = ([^;]+);", text, re.MULTILINE)
    }


def _ts_field(line: str) -> TsField:
    match = re.fullmatch(r"(\w+)(\??): (.+);", line)
    assert match is not None, f"protocol.ts: cannot read the field {line!r}"
    return TsField(match.group(1), match.group(2) == "?", ts_type(match.group(3)))


def ts_type(text: str) -> frozenset[Atom]:
    """A TypeScript type expression (primitives, string literals, names, arrays, Record) as atoms."""
    atoms: set[Atom] = set()
    for part in _top_level_union(text.strip()):
        if part.endswith("[]"):
            atoms.add(("array", ts_type(part[:-2].strip().removeprefix("(").removesuffix(")"))))
        elif part.startswith("Record<string,") and part.endswith(">"):
            atoms.add(("record", ts_type(part[len("Record<string,") : -1])))
        elif re.fullmatch(r"'[^']*'", part):
            atoms.add(("literal", part[1:-1]))
        elif part in ("string", "number", "boolean", "null"):
            atoms.add(part)
        elif re.fullmatch(r"[A-Z]\w*", part):
            atoms.add(("ref", part))
        else:
            raise AssertionError(f"protocol.ts: a type this test cannot read: {part!r}")
    return frozenset(atoms)


def _top_level_union(text: str) -> list[str]:
    """`A | B[] | Record<string, C | D>` -> its members, leaving `|` inside brackets alone."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in "<(":
            depth += 1
        elif char in ">)":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    return parts + [text[start:].strip()]


# -- the Python side ------------------------------------------------------------------------------------------
def py_type(hint: typing.Any) -> frozenset[Atom]:
    """A reply field's type hint as atoms (what its JSON can be); an enum is the literals of its values."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return frozenset().union(*(py_type(arg) for arg in args))
    if origin is typing.Literal:
        return frozenset(("literal", arg.value if isinstance(arg, Enum) else arg) for arg in args)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return frozenset(("literal", member.value) for member in hint)
    if isinstance(origin, type) and issubclass(origin, Sequence):  # tuple[X, ...], list[X]
        return frozenset({("array", py_type(args[0]))})
    if isinstance(origin, type) and issubclass(origin, Mapping):
        return frozenset({("record", py_type(args[1]))})
    return frozenset({_py_atom(hint)})


def _py_atom(hint: typing.Any) -> Atom:
    if hint is type(None):
        return "null"
    simple = {bool: "boolean", int: "number", float: "number", str: "string"}
    if hint in simple:
        return simple[hint]
    if dataclasses.is_dataclass(hint):
        return ("ref", hint.__name__)
    raise AssertionError(f"a reply field's type this test cannot map: {hint!r}")


def py_field_types(cls: type) -> dict[str, frozenset[Atom]]:
    """Each field of a reply dataclass, by its JSON name and in order, as atoms."""
    hints = typing.get_type_hints(cls)
    return {json_name(field.name): py_type(hints[field.name]) for field in dataclasses.fields(cls)}


def reply_types(hint: typing.Any) -> set[type]:
    """The dataclasses a command's return type can hold, nested ones included."""
    found: set[type] = set()
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        found.add(hint)
        for nested in typing.get_type_hints(hint).values():
            found |= reply_types(nested)
    for arg in typing.get_args(hint):
        found |= reply_types(arg)
    return found


def reply_unions(hint: typing.Any) -> list[set[str]]:
    """The unions of two or more dataclasses in a return type (None aside), by name."""
    members = {arg.__name__ for arg in typing.get_args(hint) if dataclasses.is_dataclass(arg)}
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(members) >= 2:
        return [members]
    return []


# -- the comparison -------------------------------------------------------------------------------------------
def admits(ts: frozenset[Atom], py: Atom) -> bool:
    """Whether a TypeScript type (atoms) admits every JSON value of one Python atom."""
    if py in ts:
        return True
    if isinstance(py, tuple) and py[0] == "literal":
        return isinstance(py[1], str) and "string" in ts
    if isinstance(py, tuple) and py[0] in ("array", "record"):
        inner = [atom[1] for atom in ts if isinstance(atom, tuple) and atom[0] == py[0]]
        return any(all(admits(candidate, item) for item in py[1]) for candidate in inner)
    return False


def mirror_problems(cls: type, interfaces: dict[str, list[TsField]]) -> list[str]:
    """How protocol.ts's interface for the dataclass `cls` differs from it (nothing: the mirror holds)."""
    name = cls.__name__
    if name not in interfaces:
        return [f"{name}: no `export interface {name}` in protocol.ts"]
    python = py_field_types(cls)
    typescript = {field.name: field for field in interfaces[name]}
    if list(python) != list(typescript):
        return [f"{name}: fields differ: Python sends {list(python)}, protocol.ts declares {list(typescript)}"]
    problems = []
    for key, field in typescript.items():
        refused = sorted(str(atom) for atom in python[key] if not admits(field.type, atom))
        if refused:
            problems.append(f"{name}.{key}: protocol.ts's type does not admit {refused}")
    return problems


def command_return_types() -> dict[str, typing.Any]:
    """Each command's return type, from its handler's annotation."""
    return {command: typing.get_type_hints(handler)["return"] for command, handler in COMMANDS.items()}


# -- the tests ------------------------------------------------------------------------------------------------
def test_every_command_reply_has_an_interface_with_the_same_fields_in_protocol_ts():
    interfaces = read_interfaces(PROTOCOL_TS.read_text(encoding="utf-8"))
    replies = set().union(*(reply_types(hint) for hint in command_return_types().values()))
    assert {"EvaluateDone", "NeedsProblem", "Health", "FunctionChange", "FileQuality"} <= {c.__name__ for c in replies}
    ordered = sorted(replies, key=lambda cls: cls.__name__)
    assert [problem for cls in ordered for problem in mirror_problems(cls, interfaces)] == []


def test_a_union_of_replies_is_a_union_of_the_same_interfaces_in_protocol_ts():
    unions = read_unions(PROTOCOL_TS.read_text(encoding="utf-8"))
    expected = [members for hint in command_return_types().values() for members in reply_unions(hint)]
    assert expected, "codeeval.evaluate answers one of three replies"
    for members in expected:
        assert members in unions.values(), f"no `export type X = {' | '.join(sorted(members))};` in protocol.ts"


SAMPLE_TS = "export interface Sample {\n  score: number | null;\n  reportUri: string;\n}\n"


def sample_reply(*more_fields: tuple[str, typing.Any]) -> type:
    """A reply dataclass `Sample` (score, report_uri, then `more_fields`), as SAMPLE_TS mirrors it."""
    return dataclasses.make_dataclass("Sample", [("score", float | None), ("report_uri", str), *more_fields])


def test_the_comparison_fails_on_a_field_declared_on_one_side_only():
    assert mirror_problems(sample_reply(), read_interfaces(SAMPLE_TS)) == []
    extra_in_ts = SAMPLE_TS.replace("  reportUri: string;\n", "  reportUri: string;\n  openedAt?: string;\n")
    assert mirror_problems(sample_reply(), read_interfaces(extra_in_ts)) == [
        "Sample: fields differ: Python sends ['score', 'reportUri'], protocol.ts declares "
        "['score', 'reportUri', 'openedAt']"
    ]
    extra_in_python = sample_reply(("opened_at", str))
    assert mirror_problems(extra_in_python, read_interfaces(SAMPLE_TS)) == [
        "Sample: fields differ: Python sends ['score', 'reportUri', 'openedAt'], protocol.ts declares "
        "['score', 'reportUri']"
    ]


def test_the_comparison_fails_on_a_type_that_does_not_admit_what_the_server_sends():
    no_null = SAMPLE_TS.replace("number | null", "number")
    assert mirror_problems(sample_reply(), read_interfaces(no_null)) == [
        "Sample.score: protocol.ts's type does not admit ['null']"
    ]
    assert not admits(ts_type("'better' | 'worse'"), ("literal", "unchanged"))
    assert admits(ts_type("string"), ("literal", "unchanged"))
    assert not admits(ts_type("string[]"), ("array", frozenset({("ref", "NewFinding")})))
    assert admits(ts_type("Record<string, number | null>"), ("record", frozenset({"number", "null"})))
