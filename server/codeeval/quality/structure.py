"""Control-flow shape of one function body: cognitive complexity, branches and nesting, in one pass.

Nested functions and classes are skipped: each is measured on its own, so a
helper written inside a function does not make the outer one look bigger.

Cognitive complexity follows the published definition (G. Ann Campbell,
SonarSource, 2017) with Python's constructs: +1 for each `if`, `elif`,
`else`, loop, loop `else`, `except`, `match`, conditional expression and
run of like boolean operators; structures that nest (`if`, loops,
`except`, `match`, conditional expressions, lambdas) add their nesting
level. Recursion is not counted: it is the natural shape of many solutions.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from .context import FunctionScope

_SKIPPED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_TRIES = (ast.Try, ast.TryStar) if hasattr(ast, "TryStar") else (ast.Try,)


@dataclass
class Structure:
    """A function's control-flow shape."""

    cognitive: int = 0
    branches: int = 0  # if/elif/else arms, loops and loop-else, except handlers, try-else, match cases
    nesting: int = 0  # deepest block level (a statement directly in the body is at level 0)
    nesting_line: int = 0  # the line of the statement that opens the deepest block


def measure(function: FunctionScope) -> Structure:
    """Cognitive complexity, branches and nesting of one function's own statements."""
    # Only conditional expressions and lambdas make expressions' nesting matter; most functions have
    # neither, and then the (costly) walk through every expression is skipped.
    walker = _Walker(walk_expressions=bool(function.nodes_of(ast.IfExp, ast.Lambda)))
    walker.block(function.node.body, 0, 0)
    walker.result.cognitive += boolean_runs(function.nodes_of(ast.BoolOp))
    return walker.result


def boolean_runs(operations: list[ast.BoolOp]) -> int:
    """+1 per run of like operators: `a and b and c` is one run, `a and b or c` two."""
    nested_same = sum(
        1
        for node in operations
        for value in node.values
        if isinstance(value, ast.BoolOp) and type(value.op) is type(node.op)
    )
    return len(operations) - nested_same


class _Walker:
    def __init__(self, walk_expressions: bool) -> None:
        self.result = Structure()
        self.walk_expressions = walk_expressions

    def block(self, stmts: list[ast.stmt], nest: int, depth: int) -> None:
        for stmt in stmts:
            self.statement(stmt, nest, depth)

    def enter(self, opener: ast.stmt, body: list[ast.stmt], nest: int, depth: int) -> None:
        """Visit a block opened by `opener` one level deeper."""
        if depth + 1 > self.result.nesting:
            self.result.nesting, self.result.nesting_line = depth + 1, opener.lineno
        self.block(body, nest, depth + 1)

    def statement(self, stmt: ast.stmt, nest: int, depth: int) -> None:
        if isinstance(stmt, _SKIPPED):
            return
        visit = self._visitors.get(type(stmt))
        if visit is not None:
            visit(self, stmt, nest, depth)
        elif self.walk_expressions:
            for child in ast.iter_child_nodes(stmt):
                self.expression(child, nest)

    def if_statement(self, stmt: ast.If, nest: int, depth: int) -> None:
        self.if_chain(stmt, nest, depth, is_elif=False)

    def loop(self, stmt: ast.For | ast.AsyncFor | ast.While, nest: int, depth: int) -> None:
        self.result.cognitive += 1 + nest
        self.result.branches += 1
        self.expression(stmt.test if isinstance(stmt, ast.While) else stmt.iter, nest)
        self.enter(stmt, stmt.body, nest + 1, depth)
        if stmt.orelse:
            self.result.cognitive += 1
            self.result.branches += 1
            self.enter(stmt, stmt.orelse, nest + 1, depth)

    def try_statement(self, stmt: ast.Try, nest: int, depth: int) -> None:
        self.enter(stmt, stmt.body, nest, depth)
        for handler in stmt.handlers:
            self.result.cognitive += 1 + nest
            self.result.branches += 1
            self.enter(stmt, handler.body, nest + 1, depth)
        if stmt.orelse:
            self.result.branches += 1
            self.enter(stmt, stmt.orelse, nest, depth)
        if stmt.finalbody:
            self.enter(stmt, stmt.finalbody, nest, depth)

    def with_statement(self, stmt: ast.With | ast.AsyncWith, nest: int, depth: int) -> None:
        for item in stmt.items:
            self.expression(item.context_expr, nest)
        self.enter(stmt, stmt.body, nest, depth)

    def match_statement(self, stmt: ast.Match, nest: int, depth: int) -> None:
        self.result.cognitive += 1 + nest
        self.expression(stmt.subject, nest)
        for case in stmt.cases:
            self.result.branches += 1
            if case.guard is not None:
                self.expression(case.guard, nest + 1)
            self.enter(stmt, case.body, nest + 1, depth)

    _visitors: ClassVar[dict[type, Callable[..., None]]] = {
        ast.If: if_statement,
        ast.For: loop,
        ast.AsyncFor: loop,
        ast.While: loop,
        ast.With: with_statement,
        ast.AsyncWith: with_statement,
        ast.Match: match_statement,
        **dict.fromkeys(_TRIES, try_statement),
    }

    def if_chain(self, node: ast.If, nest: int, depth: int, is_elif: bool) -> None:
        result = self.result
        result.cognitive += 1 if is_elif else 1 + nest  # `elif` and `else` add no nesting increment
        result.branches += 1
        self.expression(node.test, nest)
        self.enter(node, node.body, nest + 1, depth)
        orelse = node.orelse
        only = orelse[0] if len(orelse) == 1 else None
        if isinstance(only, ast.If) and _is_elif(node, only):
            self.if_chain(only, nest, depth, is_elif=True)
        elif orelse:
            result.cognitive += 1
            result.branches += 1
            self.enter(node, orelse, nest + 1, depth)

    def expression(self, node: ast.AST, nest: int) -> None:
        """Charge conditional expressions by their nesting; lambdas nest what they contain."""
        if not self.walk_expressions:
            return
        stack = [(node, nest)]
        while stack:
            current, level = stack.pop()
            if isinstance(current, ast.IfExp):
                self.result.cognitive += 1 + level
                level += 1
            elif isinstance(current, ast.Lambda):
                stack.append((current.body, level + 1))
                continue
            stack.extend((child, level) for child in ast.iter_child_nodes(current))


def _is_elif(parent: ast.If, child: ast.If) -> bool:
    """`elif` puts the inner `if` at the outer one's column; `else:` + `if` indents it."""
    return child.col_offset == parent.col_offset and child.lineno != parent.lineno
