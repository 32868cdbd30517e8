"""Can control reach the end of a block? A conservative reading of Python's statements.

Used to tell whether a function that returns values on some paths can also
fall off its end (an implicit `return None`). Where it cannot know (a call
to a helper that always raises, say) it answers "yes, it can fall through";
the rule that asks weighs its confidence by how its answer was reached.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

_TRIES = (ast.Try, ast.TryStar) if hasattr(ast, "TryStar") else (ast.Try,)
_NO_RETURN_CALLS = {"exit", "quit", "_exit", "abort"}  # sys.exit, exit(), os._exit, os.abort


def falls_through(stmts: list[ast.stmt]) -> bool:
    """True when running `stmts` can finish normally and go on to whatever follows them."""
    return all(_completes(stmt) for stmt in stmts)


def _completes(stmt: ast.stmt) -> bool:
    reader = _READERS.get(type(stmt))
    return True if reader is None else reader(stmt)


def _loop_completes(loop: ast.For | ast.AsyncFor | ast.While) -> bool:
    """A loop ends normally by `break`, or by running out and then through its `else`."""
    if isinstance(loop, ast.While) and _always_true(loop.test):
        return _breaks(loop.body)  # `while True:` ends only by `break`
    return _breaks(loop.body) or falls_through(loop.orelse)


def _try_completes(stmt: ast.Try) -> bool:
    if stmt.finalbody and not falls_through(stmt.finalbody):
        return False
    normal = falls_through(stmt.body) and falls_through(stmt.orelse)
    return normal or any(falls_through(handler.body) for handler in stmt.handlers)


def _match_completes(stmt: ast.Match) -> bool:
    exhaustive = any(_irrefutable(case) for case in stmt.cases)
    return not exhaustive or any(falls_through(case.body) for case in stmt.cases)


_READERS: dict[type, Callable[..., bool]] = {
    ast.Return: lambda stmt: False,
    ast.Raise: lambda stmt: False,
    ast.Break: lambda stmt: False,
    ast.Continue: lambda stmt: False,
    ast.If: lambda stmt: falls_through(stmt.body) or falls_through(stmt.orelse),
    ast.For: _loop_completes,
    ast.AsyncFor: _loop_completes,
    ast.While: _loop_completes,
    ast.With: lambda stmt: falls_through(stmt.body),
    ast.AsyncWith: lambda stmt: falls_through(stmt.body),
    ast.Match: _match_completes,
    ast.Assert: lambda stmt: not (isinstance(stmt.test, ast.Constant) and not stmt.test.value),
    ast.Expr: lambda stmt: not (isinstance(stmt.value, ast.Call) and _is_no_return_call(stmt.value)),
    **dict.fromkeys(_TRIES, _try_completes),
}


def _breaks(stmts: list[ast.stmt]) -> bool:
    """Does a `break` in these statements leave the loop they belong to (not an inner loop)?"""
    for stmt in stmts:
        if isinstance(stmt, ast.Break):
            return True
        if isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
            if _breaks(stmt.orelse):  # a loop's `else` belongs to the outer loop's body
                return True
            continue
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if any(_breaks(block) for block in _blocks(stmt)):
            return True
    return False


def _blocks(stmt: ast.stmt) -> list[list[ast.stmt]]:
    if isinstance(stmt, ast.If):
        return [stmt.body, stmt.orelse]
    if isinstance(stmt, _TRIES):
        return [stmt.body, stmt.orelse, stmt.finalbody, *(handler.body for handler in stmt.handlers)]
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        return [stmt.body]
    if isinstance(stmt, ast.Match):
        return [case.body for case in stmt.cases]
    return []


def _always_true(test: ast.expr) -> bool:
    return isinstance(test, ast.Constant) and bool(test.value)


def _irrefutable(case: ast.match_case) -> bool:
    """`case _:` or `case name:` without a guard matches everything."""
    pattern = case.pattern
    while isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
        pattern = pattern.pattern
    return case.guard is None and isinstance(pattern, ast.MatchAs) and pattern.pattern is None


def _is_no_return_call(call: ast.Call) -> bool:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name in _NO_RETURN_CALLS
