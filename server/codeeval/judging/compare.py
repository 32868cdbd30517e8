"""Comparing outputs in the evaluator, on plain decoded values only.

The one place that decides whether an output is right, for every dimension and
every tier of tests (a problem's own tests, generated edge cases, a benchmark's
extra inputs). A problem's `compare` says how (docs/problem-format.md):

- `equality`: which values are equal. `structural` (codeeval's default): lists
  and tuples are interchangeable, `bool` is not a number, ints equal floats of
  the same value and NaN equals NaN. `python`: Python's `==` (a tuple is not a
  list, `True == 1`, NaN equals nothing), what a plain `assert f(x) == y`
  checks. `evalplus`: Python's `==`, then EvalPlus's float rule (below).
- `mode`: what is compared. `exact` the values; `unordered` the elements with
  their counts; `set` the distinct elements; `not_none` only whether the output
  is None (a bool is compared as itself: MBPP's regex tasks, whose reference
  returns a match object, as EvalPlus judges them); `root` whether the output
  is a root of the polynomial given as the first argument (HumanEval/32, as
  EvalPlus judges it: any root is right).
- `also_accept`: outputs that are right whatever the input (EvalPlus
  accepts 0 from Mbpp/295, True from Mbpp/164).
- tolerances: `float_tolerance` t makes numbers equal when |a - b| <= t *
  max(1, |b|); `relative_tolerance` r when |a - b| <= r * max(|a|, |b|)
  (math.isclose's rel_tol).

EvalPlus's float rule: when `==` fails and the expected output is a float or a
non-empty list or tuple of floats (or the problem has a tolerance, EvalPlus's
`atol`), the output passes if it has the expected output's type and length and
every number is within atol + 1e-7 * |expected| (numpy.allclose; atol defaults
to 1e-6).

Opaque values (objects the sandbox could not turn into data) equal nothing.
A solution chooses the values compared here, so no pair of decoded values may
make a comparison raise (a huge int against a float, say) or take quadratic
time on a big collection: either would let one solution end or stall a whole
benchmark run.
"""

from __future__ import annotations

import bisect
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..problem.definition import Compare
from ..sandbox import Opaque, Record

MAX_COMPARE_DEPTH = 2500  # deeper than the wire allows, so any decoded value can be compared
EVALPLUS_ATOL = 1e-6  # EvalPlus's tolerance for float outputs when the task sets none
EVALPLUS_RTOL = 1e-7  # numpy.allclose's relative part, as EvalPlus calls it
ROOT_ATOL = 1e-6  # `root` mode's tolerance when the problem sets none
_SEQUENCES = (list, tuple)
_SETS = (set, frozenset)
_BYTES = (bytes, bytearray)


@dataclass(frozen=True)
class _Rule:
    """How two values are compared: Python's `==` or codeeval's, and the tolerances on numbers."""

    python: bool = False
    scaled: float | None = None  # |a - b| <= scaled * max(1, |b|)
    relative: float | None = None  # |a - b| <= relative * max(|a|, |b|)

    @property
    def tolerant(self) -> bool:
        return bool(self.scaled) or bool(self.relative)


def _rule_of(compare: Compare, python: bool | None = None) -> _Rule:
    if python is None:
        python = compare.equality != "structural"
    if compare.equality == "evalplus":  # EvalPlus's tolerance is its own fallback, not part of `==`
        return _Rule(python=True)
    return _Rule(python, compare.float_tolerance, compare.relative_tolerance)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def values_equal(actual: Any, expected: Any, tolerance: float | None = None, depth: int = 0) -> bool:
    """Structural equality as described in the module docstring, with optional float tolerance."""
    return _equal(actual, expected, _Rule(scaled=tolerance), depth)


def python_equal(actual: Any, expected: Any) -> bool:
    """Python's `==` on decoded values (a tuple is not a list, `True == 1`, NaN equals nothing)."""
    return _equal(actual, expected, _Rule(python=True), 0)


def _equal(actual: Any, expected: Any, rule: _Rule, depth: int) -> bool:
    if depth > MAX_COMPARE_DEPTH or isinstance(actual, Opaque) or isinstance(expected, Opaque):
        return False
    if isinstance(expected, bool) or isinstance(actual, bool):
        return _bools_equal(actual, expected, rule)
    if _is_number(expected) and _is_number(actual):
        return _numbers_equal(actual, expected, rule)
    if isinstance(expected, complex) or isinstance(actual, complex):
        return _complex_equal(actual, expected, rule)
    for kinds, same in _COLLECTIONS:
        if isinstance(expected, kinds) and isinstance(actual, kinds):
            return same(actual, expected, rule, depth)
    return type(actual) is type(expected) and actual == expected


def _bools_equal(actual: Any, expected: Any, rule: _Rule) -> bool:
    """codeeval's rule: a bool equals only a bool; Python's: a bool is the number 0 or 1."""
    if not rule.python:
        return type(actual) is type(expected) and actual == expected
    numbers = (int, float, complex)
    return isinstance(actual, numbers) and isinstance(expected, numbers) and bool(actual == expected)


def _sequences_equal(actual: Any, expected: Any, rule: _Rule, depth: int) -> bool:
    if rule.python and type(actual) is not type(expected):
        return False  # Python: a tuple is not a list
    return len(actual) == len(expected) and all(
        _equal(a, e, rule, depth + 1) for a, e in zip(actual, expected, strict=True)
    )


def _sets_equal(actual: Any, expected: Any, rule: _Rule, depth: int) -> bool:
    return _same_distinct(list(actual), list(expected), rule, depth)


def _records_equal(actual: Any, expected: Any, rule: _Rule, depth: int) -> bool:
    return actual.type_name == expected.type_name and _equal(actual.fields, expected.fields, rule, depth + 1)


def _bytes_equal(actual: Any, expected: Any, rule: _Rule, depth: int) -> bool:
    return bytes(actual) == bytes(expected)


def _numbers_equal(actual: int | float, expected: int | float, rule: _Rule) -> bool:
    if _is_nan(actual) or _is_nan(expected):
        return not rule.python and _is_nan(actual) and _is_nan(expected)
    if actual == expected:  # exact for any int and float, however large
        return True
    if not rule.tolerant or _is_inf(actual) or _is_inf(expected):
        return False
    return _within(actual, expected, rule.scaled, rule.relative)


def _within(actual: int | float, expected: int | float, scaled: float | None, relative: float | None) -> bool:
    """|a - b| <= scaled * max(1, |b|), or <= relative * max(|a|, |b|); exact arithmetic when floats overflow."""
    try:
        difference = abs(actual - expected)
        if scaled is not None and difference <= scaled * max(1.0, abs(expected)):
            return True
        return relative is not None and difference <= relative * max(abs(actual), abs(expected))
    except OverflowError:  # an int too large for a float: the same test on fractions
        exact = abs(Fraction(actual) - Fraction(expected))
        if scaled is not None and exact <= Fraction(scaled) * max(Fraction(1), abs(Fraction(expected))):
            return True
        return relative is not None and exact <= Fraction(relative) * max(
            abs(Fraction(actual)), abs(Fraction(expected))
        )


def _complex_equal(actual: Any, expected: Any, rule: _Rule) -> bool:
    parts = []
    for value in (actual, expected):
        if isinstance(value, complex):
            parts.append((value.real, value.imag))
        elif _is_number(value) or (rule.python and isinstance(value, bool)):
            parts.append((value, 0.0))
        else:
            return False
    (ar, ai), (er, ei) = parts
    return _numbers_equal(ar, er, rule) and _numbers_equal(ai, ei, rule)


def _is_nan(value: Any) -> bool:
    return isinstance(value, float) and math.isnan(value)


def _is_inf(value: Any) -> bool:
    return isinstance(value, float) and math.isinf(value)


def _dicts_equal(actual: dict, expected: dict, rule: _Rule, depth: int) -> bool:
    """Keys match exactly (as `_canonical` keys), values with tolerance."""
    if len(actual) != len(expected):
        return False
    by_key = {_canonical(k, rule.python): v for k, v in actual.items()}
    for key, value in expected.items():
        canonical = _canonical(key, rule.python)
        if canonical not in by_key or not _equal(by_key[canonical], value, rule, depth + 1):
            return False
    return True


def _all_numbers(*groups: list) -> bool:
    return all(_is_number(item) for group in groups for item in group)


def _same_multiset(actual: list, expected: list, rule: _Rule, depth: int = 0) -> bool:
    if len(actual) != len(expected):
        return False
    if Counter(_canonical(v, rule.python) for v in actual) == Counter(_canonical(v, rule.python) for v in expected):
        return True
    if not rule.tolerant:
        return False
    if _all_numbers(actual, expected) and not rule.relative:
        # Each expected number accepts an interval whose ends grow with it, so pairing both lists
        # sorted is an optimal matching, in O(n log n) where trying every pair would stall.
        actual_nans, actual_rest = _without_nans(actual)
        expected_nans, expected_rest = _without_nans(expected)
        return actual_nans == expected_nans and all(
            _numbers_equal(a, e, rule) for a, e in zip(actual_rest, expected_rest, strict=True)
        )
    remaining = list(actual)
    for item in expected:
        for index, candidate in enumerate(remaining):
            if _equal(candidate, item, rule, depth + 1):
                del remaining[index]
                break
        else:
            return False
    return True


def _same_distinct(actual: list, expected: list, rule: _Rule, depth: int = 0) -> bool:
    if {_canonical(v, rule.python) for v in actual} == {_canonical(v, rule.python) for v in expected}:
        return True
    if not rule.tolerant:
        return False
    if _all_numbers(actual, expected) and not rule.relative:
        return _each_has_close(actual, expected, rule, items_are_actual=True) and _each_has_close(
            expected, actual, rule, items_are_actual=False
        )
    return all(any(_equal(a, e, rule, depth + 1) for e in expected) for a in actual) and all(
        any(_equal(a, e, rule, depth + 1) for a in actual) for e in expected
    )


def _without_nans(numbers: list) -> tuple[int, list]:
    """How many NaNs, and the other numbers sorted (a NaN would break the order)."""
    rest = [x for x in numbers if not _is_nan(x)]
    return len(numbers) - len(rest), sorted(rest)


def _each_has_close(items: list, others: list, rule: _Rule, items_are_actual: bool) -> bool:
    """Whether each number in `items` is within tolerance of one in `others`.

    Only an item's two neighbours in sorted order need checking: the interval a
    number accepts has ends that grow with it.
    """
    other_nans, ordered = _without_nans(others)
    for item in items:
        if _is_nan(item):
            if not other_nans:
                return False
            continue
        index = bisect.bisect_left(ordered, item)
        pairs = (
            (item, other) if items_are_actual else (other, item) for other in ordered[max(0, index - 1) : index + 1]
        )
        if not any(_numbers_equal(actual, expected, rule) for actual, expected in pairs):
            return False
    return True


def _canonical(value: Any, python: bool = False) -> Any:
    """A hashable key that is equal exactly when `_equal` says so (without tolerance)."""
    if isinstance(value, bool) and not python:
        return ("bool", value)
    if isinstance(value, (int, float, complex)):
        return _number_key(value, python)
    if isinstance(value, _SEQUENCES):
        kind = type(value).__name__ if python else "seq"
        return (kind, tuple(_canonical(v, python) for v in value))
    if isinstance(value, _SETS):
        return ("set", frozenset(_canonical(v, python) for v in value))
    if isinstance(value, dict):
        return ("dict", frozenset((_canonical(k, python), _canonical(v, python)) for k, v in value.items()))
    return _atom_key(value, python)


def _number_key(value: int | float | complex, python: bool) -> Any:
    if _is_nan(value) or (isinstance(value, complex) and math.isnan(value.real + value.imag)):
        return ("nan", object()) if python else ("nan",)  # Python: NaN equals nothing, not even NaN
    if isinstance(value, complex) and not (python and value.imag == 0):
        return ("complex", _canonical(value.real, python), _canonical(value.imag, python))
    return ("num", value)


def _atom_key(value: Any, python: bool) -> Any:
    if isinstance(value, _BYTES):
        return ("bytes", bytes(value))
    if isinstance(value, Opaque):
        return ("opaque", object())  # a fresh key: an opaque value equals nothing, not even itself
    if isinstance(value, Record):
        return ("record", value.type_name, _canonical(value.fields, python))
    return (type(value).__name__, value)


_COLLECTIONS: tuple[tuple[Any, Callable[[Any, Any, _Rule, int], bool]], ...] = (
    (_SEQUENCES, _sequences_equal),
    (dict, lambda a, e, rule, depth: _dicts_equal(a, e, rule, depth)),
    (_SETS, _sets_equal),
    (Record, _records_equal),
    (_BYTES, _bytes_equal),
)


def _python_set(value: Any) -> frozenset | None:
    """`set(value)` as keys, or None where Python's set() would raise (not iterable, unhashable elements)."""
    if isinstance(value, str):
        items: list = list(value)
    elif isinstance(value, _BYTES):
        items = list(bytes(value))
    elif isinstance(value, (*_SEQUENCES, *_SETS, dict)):
        items = list(value)
    else:
        return None
    if any(not _hashable(item) for item in items):
        return None
    return frozenset(_canonical(item, python=True) for item in items)


def _hashable(value: Any, depth: int = 0) -> bool:
    if depth > MAX_COMPARE_DEPTH or isinstance(value, (list, dict, set, bytearray, Opaque)):
        return False
    if isinstance(value, tuple):
        return all(_hashable(v, depth + 1) for v in value)
    return True


def presence(value: Any) -> Any:
    """`not_none` mode: a bool stands for itself, anything else for whether it is None."""
    return value if isinstance(value, bool) else value is not None


def _is_root(actual: Any, args: Sequence[Any], tolerance: float) -> bool:
    """Whether `actual` is a root of the polynomial whose coefficients are the first argument."""
    coefficients = args[0] if args else None
    if not isinstance(coefficients, _SEQUENCES) or not isinstance(actual, (int, float)):
        return False
    try:
        value = sum(c * math.pow(actual, i) for i, c in enumerate(coefficients))
        return bool(abs(value) <= tolerance)
    except (OverflowError, TypeError, ValueError):
        return False


def _evalplus_floats(value: Any) -> bool:
    """EvalPlus's `is_floats`: a float, or a non-empty list or tuple of floats."""
    if isinstance(value, float):
        return True
    return isinstance(value, _SEQUENCES) and bool(value) and all(isinstance(v, float) for v in value)


def _allclose(actual: Any, expected: Any, atol: float, depth: int = 0) -> bool:
    """numpy.allclose(actual, expected, rtol=1e-7, atol) on numbers and equal-shaped lists of them."""
    if depth > MAX_COMPARE_DEPTH:
        return False
    if isinstance(actual, (int, float)) and isinstance(expected, (int, float)):
        if _is_nan(actual) or _is_nan(expected):
            return False
        if _is_inf(actual) or _is_inf(expected):
            return actual == expected
        try:
            return abs(actual - expected) <= atol + EVALPLUS_RTOL * abs(expected)
        except OverflowError:
            return abs(Fraction(actual) - Fraction(expected)) <= (
                Fraction(atol) + Fraction(EVALPLUS_RTOL) * abs(Fraction(expected))
            )
    if isinstance(actual, _SEQUENCES) and isinstance(expected, _SEQUENCES):
        return len(actual) == len(expected) and all(
            _allclose(a, e, atol, depth + 1) for a, e in zip(actual, expected, strict=True)
        )
    return False


def _mode_match(actual: Any, expected: Any, compare: Compare, rule: _Rule) -> bool:
    if compare.mode == "not_none":
        return _equal(presence(actual), presence(expected), rule, 0)
    if compare.mode in ("unordered", "set"):
        if rule.python and compare.mode == "set":
            actual_set, expected_set = _python_set(actual), _python_set(expected)
            if actual_set is not None and expected_set is not None and actual_set == expected_set:
                return True
            if not rule.tolerant:
                return False
        if not isinstance(actual, (*_SEQUENCES, *_SETS)) or not isinstance(expected, (*_SEQUENCES, *_SETS)):
            return _equal(actual, expected, rule, 0)
        if compare.mode == "unordered":
            return _same_multiset(list(actual), list(expected), rule)
        return _same_distinct(list(actual), list(expected), rule)
    return _equal(actual, expected, rule, 0)


def outputs_match(actual: Any, expected: Any, compare: Compare, args: Sequence[Any] = ()) -> bool:
    """Whether a solution's output matches the expected one under the problem's `compare`.

    `args` are the call's arguments (only `root` mode reads them).
    """
    if compare.mode == "root":
        return _is_root(actual, args, compare.float_tolerance or ROOT_ATOL)
    if compare.mode == "exact" and compare.equality != "structural" and _natively_equal(actual, expected):
        return True  # Python's `==` is the rule: asked of Python first, in C (a list of a million in a millisecond)
    rule = _rule_of(compare)
    if _mode_match(actual, expected, compare, rule):
        return True
    if any(_equal(actual, accepted, rule, 0) for accepted in compare.also_accept):
        return True
    if compare.equality != "evalplus":
        return False
    atol = compare.float_tolerance or (EVALPLUS_ATOL if _evalplus_floats(expected) else 0.0)
    if not atol or type(actual) is not type(expected):
        return False
    return _allclose(actual, expected, atol)


def _natively_equal(actual: Any, expected: Any) -> bool:
    """Python's own `==` on decoded values, True only when it says so (a comparison that raises or recurses too
    deeply is left to codeeval's walk). Decoded values never share a NaN, and an Opaque equals nothing."""
    try:
        return bool(actual == expected)
    except (RecursionError, TypeError, ValueError, OverflowError):
        return False


def exception_matches(expected_name: str, exc_type: str | None, exc_mro: list[str]) -> bool:
    """`raises: LookupError` accepts a KeyError: any class in the raised exception's MRO counts."""
    return expected_name == exc_type or expected_name in exc_mro
