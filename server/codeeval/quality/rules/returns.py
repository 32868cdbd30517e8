"""CQ109: a function's return statements agree with each other.

A function that returns values should return one kind of value on every
path. PEP 8: "Be consistent in return statements."

## Flagged (once per function, listing every problem found)

- it returns values on some paths and falls off its end on others (an
  implicit `None`, often a forgotten case), or uses a bare `return`: warning;
- it returns `None` explicitly although its annotation does not allow it
  (`-> int`): warning;
- it returns visibly different types on different paths (`[]` on one,
  `"missing"` on another): warning, unless the annotation declares a union.

## Not flagged

- `return None` in an unannotated function, or one annotated `Optional[...]`
  / `X | None`: the usual "not found" idiom;
- ints mixed with floats; returns whose type is not obvious from the
  expression (calls, names, attributes);
- procedures (no value returned anywhere), generators, abstract stubs.

## Confidence

Types are inferred only from what is certain: literals, displays and
comprehensions, f-strings, comparisons, `not`, calls to builtin
constructors (`list()`, `len()`, `sorted()`...). The share of returns whose
type is known sets the accuracy of a mixed-types finding.

Whether the end is reachable is read from the code (`if`/`else`, loops and
their `else`, `while True` with or without `break`, `try`/`except`/`finally`,
`match` with a wildcard, `raise`, `sys.exit()`). Two cases stay uncertain and
are reported as suggestions with low accuracy: a function ending in a
`match` whose cases may be exhaustive for the argument's type (low
confidence), and one ending in a call that may never return.

## What to do

Return a value on every path (`return None` explicitly if that is meant, and
say so in the annotation), or raise for the case that has no answer.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...base.findings import Finding, Severity
from ..confidence import Evidence
from ..context import Context, FunctionScope
from ..flow import falls_through
from ..rule import Rule

_CONSTRUCTORS = {
    "int": "int",
    "float": "float",
    "str": "str",
    "bool": "bool",
    "list": "list",
    "dict": "dict",
    "set": "set",
    "tuple": "tuple",
    "frozenset": "frozenset",
    "bytes": "bytes",
    "len": "int",
    "sorted": "list",
    "repr": "str",
    "abs": None,
    "sum": None,
}
_DISPLAYS = {
    ast.List: "list",
    ast.ListComp: "list",
    ast.Dict: "dict",
    ast.DictComp: "dict",
    ast.Set: "set",
    ast.SetComp: "set",
    ast.Tuple: "tuple",
    ast.JoinedStr: "str",
    ast.Compare: "bool",
    ast.GeneratorExp: "generator",
}
_NUMBERS = {"int", "float"}  # mixing them is ordinary arithmetic, not an inconsistency


def check(ctx: Context, options: Mapping[str, Any]) -> Iterator[Finding]:
    """At most one finding per function that returns values, listing what is inconsistent."""
    for function in ctx.functions:
        if function.is_generator or function.is_stub:
            continue
        returns = function.nodes_of(ast.Return)
        valued = [ret for ret in returns if ret.value is not None and not _is_none(ret.value)]
        if valued:
            finding = _inspect(ctx, function, returns, valued)
            if finding is not None:
                yield finding


@dataclass
class _Problems:
    """What is inconsistent about one function's returns, and how sure each reading is."""

    sentences: list[str] = field(default_factory=list)
    accuracy: float = 0.9
    unsure: bool = False  # the only problem is a fall-through that may not happen


def _inspect(
    ctx: Context, function: FunctionScope, returns: list[ast.Return], valued: list[ast.Return]
) -> Finding | None:
    annotation = _annotation_text(function)
    found = _Problems()
    _none_paths(function, returns, annotation, found)
    mixed, known_share = _mixed_types(valued)
    if mixed and not (annotation and _is_union(annotation)):
        found.sentences.append(f"it returns {mixed}")
        found.accuracy = min(found.accuracy, 0.6 + 0.3 * known_share)
    if not found.sentences:
        return None
    # Only an uncertain fall-through to report: keep it visible, but as a cheap, low-confidence suggestion.
    unsure = found.unsure and len(found.sentences) == 1
    evidence = Evidence(
        relevance=0.7 if unsure else 0.85 if function.is_public else 0.75,
        accuracy=found.accuracy,
        action="concrete",
        calibration=0.5 if unsure else 0.75,
    )
    return RULE.finding(
        range=ctx.source.name_range(function.node),
        symbol=function.key,
        severity=Severity.SUGGESTION if unsure else Severity.WARNING,
        message=f"`{function.qualname}` returns a value on some paths, but " + "; ".join(found.sentences),
        evidence=evidence,
        problems=found.sentences,
        suggestion="Return a value on every path (`return None` explicitly if that is meant, "
        "and say so in the annotation), or raise for the case that has no answer.",
    )


def _none_paths(function: FunctionScope, returns: list[ast.Return], annotation: str, found: _Problems) -> None:
    """Paths that give None: bare `return`, falling off the end, `return None` against the annotation."""
    bare = [ret.lineno for ret in returns if ret.value is None]
    if bare:
        found.sentences.append(f"a bare `return` on line {', '.join(map(str, bare))} gives `None`")
    if falls_through(function.node.body):
        found.sentences.append("it can reach its end and return `None` implicitly")
        found.accuracy, found.unsure = _fall_through_accuracy(function.node.body[-1])
    explicit = [ret.lineno for ret in returns if ret.value is not None and _is_none(ret.value)]
    if explicit and annotation and not _allows_none(annotation):
        found.sentences.append(
            f"it returns `None` on line {', '.join(map(str, explicit))} although annotated `-> {annotation}`"
        )


def _fall_through_accuracy(last: ast.stmt) -> tuple[float, bool]:
    """How sure the fall-through is, judged by the last statement: (accuracy, unsure)."""
    if isinstance(last, ast.Match):
        return 0.35, True  # cases may be exhaustive for the argument's type (`case (x, y):` for a pair)
    if isinstance(last, ast.Expr) and isinstance(last.value, ast.Call):
        return 0.5, True  # a helper that always raises would end the function too
    return 0.85, False


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _annotation_text(function: FunctionScope) -> str:
    returns = function.node.returns
    if returns is None:
        return ""
    if isinstance(returns, ast.Constant) and isinstance(returns.value, str):
        return returns.value
    return ast.unparse(returns)


def _allows_none(annotation: str) -> bool:
    return any(word in annotation for word in ("None", "Optional", "Any", "object"))


def _is_union(annotation: str) -> bool:
    return "|" in annotation or "Union" in annotation or _allows_none(annotation)


def _type_of(node: ast.expr) -> str | None:
    """The type a return expression certainly has, or None when it takes more than a glance to know."""
    if isinstance(node, ast.Constant):
        return type(node.value).__name__
    if type(node) in _DISPLAYS:
        return _DISPLAYS[type(node)]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return "bool"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return _CONSTRUCTORS.get(node.func.id)
    return None


def _mixed_types(valued: list[ast.Return]) -> tuple[str, float]:
    """('list on line 3 and str on line 7', share of returns whose type is known), or ('', share)."""
    first_line: dict[str, int] = {}
    known = 0
    for ret in valued:
        kind = None if ret.value is None else _type_of(ret.value)
        if kind is None:
            continue
        known += 1
        first_line.setdefault(kind, ret.lineno)
    kinds = set(first_line)
    share = known / len(valued)
    if len(kinds) < 2 or kinds <= _NUMBERS:
        return "", share
    described = [f"`{kind}` on line {line}" for kind, line in sorted(first_line.items(), key=lambda item: item[1])]
    return " and ".join(described), share


RULE = Rule(
    id="CQ109",
    name="inconsistent-returns",
    title="Consistent return types",
    category="typing",
    summary="A function that returns values should return one kind of value on every path.",
    check=check,
)
