"""CQ103: names follow PEP 8 and say what they hold.

Names should follow PEP 8 and say what they hold.

## Flagged (all suggestions)

- class names that are not CapWords (`lru_cache`, `My_Class`);
- function, method, parameter and local variable names that are not
  snake_case (`getData`, `itemList`); the suggestion gives the snake_case
  spelling;
- uninformative names: one-letter names other than the conventional
  `i j k n m x y z a b` (either case), placeholders (`foo`, `bar`, `baz`,
  `spam`, `stuff`...), and PEP 8's ambiguous `l`, `O`, `I` (flagged even in
  loops).

## Not flagged

- loop and comprehension variables, lambda parameters, `with ... as f`,
  `except ... as e`, match captures, walrus targets inside comprehensions;
- UPPER_CASE locals (constants), module and class attributes (constants,
  type aliases, `__slots__`, dataclass fields), dunder names;
- methods implementing a camelCase API: `setUp`, `tearDown`, `visit_Name`,
  `do_GET`, and methods marked `@override`.

## Confidence

How much a vague name matters grows with how long it stays in use: a name
used over 3 lines is low relevance (so usually a low-confidence finding), one
used over 30 lines is not. Parameters are always low relevance: the task
often dictates the signature (`def is_palindrome(s)`). A camelCase method of
a subclass may implement its base class's API, so it too has low relevance.

## Options

`allowed_names` (default `[]`): more names to accept, e.g. `["s", "t"]`.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterator, Mapping
from typing import Any

from ...base.findings import Finding, Range, Severity
from ..confidence import Evidence
from ..context import Context, FunctionScope
from ..rule import Rule

CONVENTIONAL = frozenset("ijknmxyzab_")
AMBIGUOUS = frozenset("lOI")
PLACEHOLDERS = frozenset({"foo", "bar", "baz", "qux", "quux", "spam", "eggs", "blah", "stuff", "thing"})
_API_METHOD = re.compile(
    r"(setUp|tearDown)(Class|Module)?$|asyncSetUp$|asyncTearDown$|runTest$"
    r"|do_[A-Z]+$|(visit|depart|leave)_\w+$"
)
_WORD_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def check(ctx: Context, options: Mapping[str, Any]) -> Iterator[Finding]:
    """Findings for class, function, parameter and local names (module and class attributes are left alone)."""
    allowed = CONVENTIONAL | {name.lower() for name in options["allowed_names"]}
    for cls in ctx.classes:
        if not _is_cap_words(cls.name):
            yield _case_finding(
                ctx,
                cls.node.lineno,
                ctx.source.name_range(cls.node).start_col,
                cls.name,
                "class",
                _cap_words(cls.name),
                cls.key,
                relevance=0.85,
            )
    for function in ctx.functions:
        yield from _function_name(ctx, function)
        yield from _parameters(ctx, function, allowed)
        yield from _locals(ctx, function, allowed)


def _function_name(ctx: Context, function: FunctionScope) -> Iterator[Finding]:
    name = function.name
    if function.is_dunder or _is_snake(name) or _API_METHOD.match(name) or "override" in function.decorator_names:
        return
    # A method of a subclass may be implementing its base's camelCase API: less sure it is the author's choice.
    overriding = function.class_scope is not None and function.class_scope.has_bases
    yield _case_finding(
        ctx,
        function.node.lineno,
        ctx.source.name_range(function.node).start_col,
        name,
        "method" if function.is_method else "function",
        _snake(name),
        function.key,
        relevance=0.45 if overriding else 0.85,
    )


def _parameters(ctx: Context, function: FunctionScope, allowed: frozenset[str]) -> Iterator[Finding]:
    for param in function.parameters():
        name = param.arg
        col = ctx.source.char_col(param.lineno, param.col_offset)
        if not _is_snake(name) and not name.isupper():
            yield _case_finding(ctx, param.lineno, col, name, "parameter", _snake(name), function.key, relevance=0.45)
        elif _uninformative(name, allowed):
            yield _vague_finding(ctx, param.lineno, col, name, "parameter", function.key, relevance=0.35)


def _locals(ctx: Context, function: FunctionScope, allowed: frozenset[str]) -> Iterator[Finding]:
    for name, (first, occurrences) in _local_bindings(function).items():
        col = ctx.source.char_col(first.lineno, first.col_offset)
        if not _is_snake(name) and not name.isupper():
            yield _case_finding(ctx, first.lineno, col, name, "variable", _snake(name), function.key, relevance=0.75)
        elif _uninformative(name, allowed):
            lines = [node.lineno for node in occurrences]
            span = max(lines) - min(lines) + 1
            # The longer a vague name stays in use, the more a reader has to remember what it is.
            relevance = 0.4 if span <= 3 else 0.55 if span <= 10 else 0.75
            yield _vague_finding(ctx, first.lineno, col, name, "variable", function.key, relevance, span)


def _local_bindings(function: FunctionScope) -> dict[str, tuple[ast.Name, list[ast.Name]]]:
    """Local names the author chose: name -> (first binding, every occurrence), exempt bindings left out."""
    exempt = _exempt_bindings(function)
    skipped = {name for node in function.nodes_of(ast.Global, ast.Nonlocal) for name in node.names}
    skipped |= {param.arg for param in function.parameters(include_receiver=True)}
    occurrences: dict[str, list[ast.Name]] = defaultdict(list)
    for node in function.nodes_of(ast.Name):
        occurrences[node.id].append(node)
    found = {}
    for name, nodes in occurrences.items():
        bindings = [node for node in nodes if isinstance(node.ctx, ast.Store) and id(node) not in exempt]
        if bindings and name not in skipped:
            found[name] = (min(bindings, key=lambda node: (node.lineno, node.col_offset)), nodes)
    return found


def _exempt_bindings(function: FunctionScope) -> set[int]:
    """ids of Name nodes bound by loops, comprehensions, `with ... as` and walrus inside comprehensions."""
    targets: list[ast.AST] = [loop.target for loop in function.nodes_of(ast.For, ast.AsyncFor)]
    targets += [generator.target for generator in function.nodes_of(ast.comprehension)]
    targets += [item.optional_vars for item in function.nodes_of(ast.withitem) if item.optional_vars is not None]
    for comprehension in function.nodes_of(*_COMPREHENSIONS):
        targets += [node.target for node in ast.walk(comprehension) if isinstance(node, ast.NamedExpr)]
    return {id(node) for target in targets for node in ast.walk(target) if isinstance(node, ast.Name)}


def _is_snake(name: str) -> bool:
    return name == name.lower()


def _is_cap_words(name: str) -> bool:
    core = name.strip("_")
    return not core or (core[0].isupper() and "_" not in core) or not core[0].isalpha()


def _snake(name: str) -> str:
    return _WORD_BOUNDARY.sub("_", name).lower()


def _cap_words(name: str) -> str:
    prefix = name[: len(name) - len(name.lstrip("_"))]
    return prefix + "".join(part[:1].upper() + part[1:] for part in name.strip("_").split("_"))


def _uninformative(name: str, allowed: frozenset[str]) -> bool:
    if name in AMBIGUOUS:
        return True
    return (len(name) == 1 and name.lower() not in allowed) or name.lower() in PLACEHOLDERS


def _name_range(line: int, col: int, name: str) -> Range:
    return Range(line, col, line, col + len(name))


def _case_finding(
    ctx: Context, line: int, col: int, name: str, kind: str, better: str, symbol: str, relevance: float
) -> Finding:
    style = "CapWords" if kind == "class" else "snake_case"
    evidence = Evidence(relevance=relevance, accuracy=0.95, action="concrete", calibration=0.8)
    return RULE.finding(
        range=_name_range(line, col, name),
        symbol=symbol,
        severity=Severity.SUGGESTION,
        evidence=evidence,
        message=f"{kind} name `{name}` is not {style} (PEP 8)",
        suggestion=f"Rename it to `{better}`.",
        name=name,
        kind=kind,
        better=better,
    )


def _vague_finding(
    ctx: Context, line: int, col: int, name: str, kind: str, symbol: str, relevance: float, span: int | None = None
) -> Finding:
    if name in AMBIGUOUS:
        message, accuracy = f"{kind} `{name}` is easily misread as `1`, `0` or `l` (PEP 8 avoids l, O and I)", 0.9
    elif name.lower() in PLACEHOLDERS:
        message, accuracy = f"{kind} `{name}` is a placeholder name", 0.8
    else:
        used = f", used over {span} lines" if span else ""
        message, accuracy = f"{kind} `{name}` is a one-letter name that says little about what it holds{used}", 0.55
    evidence = Evidence(relevance=relevance, accuracy=accuracy, action="advice", calibration=0.8)
    return RULE.finding(
        range=_name_range(line, col, name),
        symbol=symbol,
        severity=Severity.SUGGESTION,
        evidence=evidence,
        message=message,
        suggestion="Name it after what it holds (`total`, `seen`, `row`...).",
        name=name,
        kind=kind,
    )


RULE = Rule(
    id="CQ103",
    name="naming",
    title="Naming",
    category="naming",
    summary="Names follow PEP 8 (snake_case, CapWords) and say what they hold.",
    check=check,
    options={"allowed_names": []},
)
