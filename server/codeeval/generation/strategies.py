"""Strategy expressions: `lists(integers(min_value=0), max_size=50)`, parsed with `ast`, never eval'd.

A problem can override how one parameter's values are generated. The
expression names Hypothesis-style strategies; it is parsed here into the same
type model the hints produce, so an override also drives the boundary suite,
mutation and shrinking, not just Hypothesis.

Grammar: a call of one of the functions below (or `a | b` for `one_of`);
arguments are nested strategies or constants (numbers, strings, booleans,
None, lists/tuples of constants, unary minus, + - * // ** on numbers).
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable
from typing import Any, TypeGuard

from ..base import python_ast
from ..problem.inputs import ARITHMETIC
from .value_types import (
    BoolT,
    BytesT,
    ComplexT,
    DictT,
    FloatT,
    IntT,
    ListT,
    NoneT,
    RegexT,
    SampledT,
    SetT,
    StrT,
    TupleT,
    UnionT,
    ValueType,
)

MAX_CONSTANT_BITS = 256
MAX_EXPRESSION_CHARS = 2000


class StrategyError(ValueError):
    """Not a strategy expression; the message says where and why."""


def _check_size(value: object, name: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise StrategyError(f"{name} must be a non-negative int, got {value!r}")
    return value


def _int_bound(value: object, name: str) -> int | None:
    """An `integers` bound: an int (not a bool) or None."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise StrategyError(f"integers: {name} must be an int, got {value!r}")


def _integers(min_value: object = None, max_value: object = None) -> ValueType:
    low, high = _int_bound(min_value, "min_value"), _int_bound(max_value, "max_value")
    if low is not None and high is not None and low > high:
        raise StrategyError("integers: min_value is greater than max_value")
    return IntT(lo=low, hi=high)


def _float_bound(value: object, name: str) -> float | None:
    """A `floats` bound: a number (not a bool, not NaN) or None."""
    if value is None or (isinstance(value, (int, float)) and not isinstance(value, bool) and not math.isnan(value)):
        return value
    raise StrategyError(f"floats: {name} must be a number, got {value!r}")


def _floats(
    min_value: object = None, max_value: object = None, allow_nan: object = None, allow_infinity: object = None
) -> ValueType:
    low, high = _float_bound(min_value, "min_value"), _float_bound(max_value, "max_value")
    if low is not None and high is not None and low > high:
        raise StrategyError("floats: min_value is greater than max_value")
    bounded = low is not None or high is not None
    return FloatT(
        lo=None if low is None else float(low),
        hi=None if high is None else float(high),
        allow_nan=(not bounded) if allow_nan is None else bool(allow_nan),
        allow_infinity=(not bounded) if allow_infinity is None else bool(allow_infinity),
    )


def _text(alphabet: object = None, min_size: object = 0, max_size: object = None) -> ValueType:
    if alphabet is not None and (not isinstance(alphabet, str) or not alphabet):
        raise StrategyError("text: alphabet must be a non-empty string")
    low, high = _check_size(min_size, "min_size") or 0, _check_size(max_size, "max_size")
    if high is not None and low > high:
        raise StrategyError("text: min_size is greater than max_size")
    return StrT(alphabet=alphabet, min_size=low, max_size=high)


def _binary(min_size: object = 0, max_size: object = None) -> ValueType:
    low, high = _check_size(min_size, "min_size") or 0, _check_size(max_size, "max_size")
    return BytesT(min_size=low, max_size=high)


def _collection(kind: str) -> Callable[..., ValueType]:
    """The strategy function `kind` names: `lists`, `sets` or `frozensets`."""

    def build(elements: object, min_size: object = 0, max_size: object = None, unique: object = False) -> ValueType:
        if not isinstance(elements, ValueType):
            raise StrategyError(f"{kind}: the first argument must be a strategy")
        low, high = _check_size(min_size, "min_size") or 0, _check_size(max_size, "max_size")
        if high is not None and low > high:
            raise StrategyError(f"{kind}: min_size is greater than max_size")
        if kind == "lists":
            return ListT(elements, min_size=low, max_size=high, unique=bool(unique))
        return SetT(elements, min_size=low, max_size=high, frozen=kind == "frozensets")

    return build


def _are_strategies(values: tuple[object, ...]) -> TypeGuard[tuple[ValueType, ...]]:
    return all(isinstance(value, ValueType) for value in values)


def _tuples(*elements: object) -> ValueType:
    if not _are_strategies(elements):
        raise StrategyError("tuples: every argument must be a strategy")
    return TupleT(list(elements))


def _dictionaries(keys: object, values: object, min_size: object = 0, max_size: object = None) -> ValueType:
    if not isinstance(keys, ValueType) or not isinstance(values, ValueType):
        raise StrategyError("dictionaries: keys and values must be strategies")
    low, high = _check_size(min_size, "min_size") or 0, _check_size(max_size, "max_size")
    return DictT(keys, values, min_size=low, max_size=high)


def _one_of(*options: object) -> ValueType:
    if not options or not _are_strategies(options):
        raise StrategyError("one_of: give one or more strategies")
    return UnionT(list(options))


def _sampled_from(values: object) -> ValueType:
    if not isinstance(values, (list, tuple)) or not values:
        raise StrategyError("sampled_from: give a non-empty list of constants")
    return SampledT(list(values))


def _just(value: object) -> ValueType:
    if isinstance(value, ValueType):
        raise StrategyError("just: give a constant")
    return SampledT([value])


def _from_regex(pattern: object) -> ValueType:
    if not isinstance(pattern, str):
        raise StrategyError("from_regex: the pattern must be a string")
    try:
        re.compile(pattern)
    except re.error as exc:
        raise StrategyError(f"from_regex: invalid pattern: {exc}") from None
    return RegexT(pattern=pattern)


FUNCTIONS: dict[str, Callable[..., ValueType]] = {
    "integers": _integers,
    "floats": _floats,
    "booleans": lambda: BoolT(),
    "none": lambda: NoneT(),
    "text": _text,
    "binary": _binary,
    "complex_numbers": lambda: ComplexT(),
    "lists": _collection("lists"),
    "sets": _collection("sets"),
    "frozensets": _collection("frozensets"),
    "tuples": _tuples,
    "dictionaries": _dictionaries,
    "one_of": _one_of,
    "sampled_from": _sampled_from,
    "just": _just,
    "from_regex": _from_regex,
}


def parse_strategy(text: object) -> ValueType:
    """Parse one strategy expression into a type; raises StrategyError with the column of the problem."""
    if not isinstance(text, str) or not text.strip():
        raise StrategyError("empty strategy expression")
    if len(text) > MAX_EXPRESSION_CHARS:
        raise StrategyError(f"strategy expression longer than {MAX_EXPRESSION_CHARS} characters")
    try:
        tree = python_ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise StrategyError(f"syntax error at column {exc.offset}: {exc.msg}") from None
    value = _Interpreter().value(tree.body)
    if not isinstance(value, ValueType):
        raise StrategyError("the expression must be a strategy such as integers() or lists(text())")
    return value


class _Interpreter:
    def value(self, node: ast.AST) -> Any:
        where = f"column {getattr(node, 'col_offset', 0) + 1}"
        if isinstance(node, ast.Constant):
            if isinstance(node.value, (int, float, str, bool, bytes, type(None))):
                return node.value
            raise StrategyError(f"{where}: constant {node.value!r} is not allowed")
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self.value(e) for e in node.elts]
            return items if isinstance(node, ast.List) else tuple(items)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            operand = self.value(node.operand)
            if not isinstance(operand, (int, float)) or isinstance(operand, bool):
                raise StrategyError(f"{where}: unary minus applies to numbers only")
            return -operand if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.BinOp):
            return self._binary(node, where)
        if isinstance(node, ast.Call):
            return self._call(node, where)
        if isinstance(node, ast.Name):
            if node.id in FUNCTIONS:
                raise StrategyError(f"{where}: {node.id} is a strategy: call it, e.g. {node.id}()")
            raise StrategyError(f"{where}: unknown name {node.id!r} (known strategies: {', '.join(sorted(FUNCTIONS))})")
        raise StrategyError(f"{where}: {type(node).__name__} is not allowed in a strategy expression")

    def _binary(self, node: ast.BinOp, where: str) -> Any:
        left, right = self.value(node.left), self.value(node.right)
        if isinstance(node.op, ast.BitOr) and isinstance(left, ValueType) and isinstance(right, ValueType):
            return _one_of(left, right)
        op = ARITHMETIC.get(type(node.op))
        numbers = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (left, right))
        if op is None or not numbers:
            raise StrategyError(f"{where}: only + - * / // % ** on numbers, and | between strategies")
        if isinstance(node.op, ast.Pow) and abs(right) > MAX_CONSTANT_BITS:
            raise StrategyError(f"{where}: exponent too large")
        try:
            result = op(left, right)
        except (ZeroDivisionError, OverflowError) as exc:
            raise StrategyError(f"{where}: {exc}") from None
        if isinstance(result, int) and result.bit_length() > MAX_CONSTANT_BITS:
            raise StrategyError(f"{where}: number too large")
        return result

    def _call(self, node: ast.Call, where: str) -> ValueType:
        if not isinstance(node.func, ast.Name):
            raise StrategyError(f"{where}: only plain strategy names can be called")
        name = node.func.id
        function = FUNCTIONS.get(name)
        if function is None:
            raise StrategyError(f"{where}: unknown strategy {name!r} (known: {', '.join(sorted(FUNCTIONS))})")
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            raise StrategyError(f"{where}: * and ** are not allowed")
        args = [self.value(a) for a in node.args]
        kwargs = {k.arg: self.value(k.value) for k in node.keywords if k.arg is not None}  # `**` refused above
        try:
            return function(*args, **kwargs)
        except StrategyError as exc:
            raise StrategyError(f"{where}: {exc}") from None
        except TypeError as exc:
            message = str(exc).replace("_", "", 1) if str(exc).startswith("_") else str(exc)
            raise StrategyError(f"{where}: {name}: {message}") from None
