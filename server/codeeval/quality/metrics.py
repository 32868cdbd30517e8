"""Per-function measurements, computed once and shared by the threshold rules and the hover.

Cyclomatic complexity is radon's definition, counted from the nodes the
context already grouped by type: running radon's own visitor over the tree
again cost about a third of the whole analysis, and the tests hold the two
counts equal. The rest comes from one pass over each function's own
statements (structure.py).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from . import structure
from .context import Context, FunctionScope

_TRIES = (ast.Try, ast.TryStar) if hasattr(ast, "TryStar") else (ast.Try,)


@dataclass(frozen=True)
class FunctionMetrics:
    """The numbers the measurement rules compare with their limits."""

    lines: int  # lines of code in the body: no docstring, blank lines, comments or nested definitions
    parameters: int  # without a method's self/cls
    complexity: int  # cyclomatic, radon's count (nested functions count on their own)
    cognitive: int
    branches: int
    nesting: int
    nesting_line: int

    def to_dict(self) -> dict[str, int]:
        """The metrics as JSON-ready data."""
        return {
            "lines": self.lines,
            "parameters": self.parameters,
            "complexity": self.complexity,
            "cognitive": self.cognitive,
            "branches": self.branches,
            "nesting": self.nesting,
        }


def measure_all(ctx: Context) -> dict[FunctionScope, FunctionMetrics]:
    """Measure every function once; the rules and the report share the results through the context."""
    if not ctx.metrics:
        for function in ctx.functions:
            shape = structure.measure(function)
            ctx.metrics[function] = FunctionMetrics(
                lines=_body_lines(ctx, function),
                parameters=len(function.parameters()),
                complexity=cyclomatic(function),
                cognitive=shape.cognitive,
                branches=shape.branches,
                nesting=shape.nesting,
                nesting_line=shape.nesting_line,
            )
    return ctx.metrics


def cyclomatic(function: FunctionScope) -> int:
    """1 + decision points, as radon counts them (radon.visitors.ComplexityVisitor).

    Like radon, an `assert` counts once and what is inside it not at all.
    """
    count = 1 + _decisions(function.nodes_of)
    for statement in function.nodes_of(ast.Assert):
        count -= _decisions(_grouped(node for node in ast.walk(statement) if node is not statement))
    return count


def _grouped(nodes: Iterable[ast.AST]) -> Callable[..., list]:
    """A `nodes_of` over some nodes, as scopes have over theirs."""
    by_type: dict[type, list[ast.AST]] = defaultdict(list)
    for node in nodes:
        by_type[type(node)].append(node)
    return lambda *types: [node for kind in types for node in by_type.get(kind, [])]


def _decisions(nodes_of: Callable[..., list]) -> int:
    count = len(nodes_of(ast.If, ast.IfExp, ast.Assert))
    for loop in nodes_of(ast.For, ast.AsyncFor, ast.While):
        count += 1 + bool(loop.orelse)
    for handled in nodes_of(*_TRIES):
        count += len(handled.handlers) + bool(handled.orelse)
    for operation in nodes_of(ast.BoolOp):
        count += len(operation.values) - 1
    for generator in nodes_of(ast.comprehension):
        count += 1 + len(generator.ifs)
    for match in nodes_of(ast.Match):
        # radon lets a final catch-all (`case _:` or `case name:`) add nothing
        catch_all = any(isinstance(case.pattern, ast.MatchAs) and case.pattern.pattern is None for case in match.cases)
        count += max(0, len(match.cases) - catch_all)
    return count


def _body_lines(ctx: Context, function: FunctionScope) -> int:
    node = function.node
    first, last = function.body_start, node.end_lineno or node.lineno
    total = ctx.source.code_lines(first, last)
    for inner in _nested_definitions(function):
        start = min([inner.lineno, *(d.lineno for d in inner.decorator_list)])
        total -= ctx.source.code_lines(start, inner.end_lineno or inner.lineno)
    return max(total, 0)


def _nested_definitions(function: FunctionScope) -> list[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]:
    """Outermost functions and classes defined in this function's body."""
    return function.nodes_of(ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
