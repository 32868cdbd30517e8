"""Comparing outputs in the evaluator, on plain decoded values only.

Exact mode is structural: lists and tuples are interchangeable, `bool` is not a
number, ints equal floats of the same value and NaN equals NaN. Opaque values
(objects the sandbox could not turn into data) equal nothing.

A solution chooses the values compared here, so no pair of decoded values may
make a comparison raise (a huge int against a float, say) or take quadratic
time on a big collection: either would let one solution end or stall a whole
benchmark run.
"""

from __future__ import annotations

import bisect
import math
from collections import Counter
from fractions import Fraction
from typing import Any

from .sandbox import Opaque, Record
from .spec.problem import Compare

MAX_COMPARE_DEPTH = 2500  # deeper than the wire allows, so any decoded value can be compared
_SEQUENCES = (list, tuple)
_SETS = (set, frozenset)
_BYTES = (bytes, bytearray)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def values_equal(actual: Any, expected: Any, tolerance: float | None = None, depth: int = 0) -> bool:
    """Structural equality as described in the module docstring, with optional float tolerance."""
    if depth > MAX_COMPARE_DEPTH or isinstance(actual, Opaque) or isinstance(expected, Opaque):
        return False
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(actual) is type(expected) and actual == expected
    if _is_number(expected) and _is_number(actual):
        return _numbers_equal(actual, expected, tolerance)
    if isinstance(expected, complex):
        return _complex_equal(actual, expected, tolerance)
    if isinstance(expected, _SEQUENCES) and isinstance(actual, _SEQUENCES):
        return len(actual) == len(expected) and all(
            values_equal(a, e, tolerance, depth + 1) for a, e in zip(actual, expected, strict=True))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return _dicts_equal(actual, expected, tolerance, depth)
    if isinstance(expected, _SETS) and isinstance(actual, _SETS):
        return _same_distinct(list(actual), list(expected), tolerance, depth)
    if isinstance(expected, Record) and isinstance(actual, Record):
        return (actual.type_name == expected.type_name
                and values_equal(actual.fields, expected.fields, tolerance, depth + 1))
    if isinstance(expected, _BYTES) and isinstance(actual, _BYTES):
        return bytes(actual) == bytes(expected)
    return type(actual) is type(expected) and actual == expected


def _numbers_equal(actual: int | float, expected: int | float, tolerance: float | None) -> bool:
    if _is_nan(actual) or _is_nan(expected):
        return _is_nan(actual) and _is_nan(expected)
    if actual == expected:  # exact for any int and float, however large
        return True
    if tolerance is None or _is_inf(actual) or _is_inf(expected):
        return False
    try:
        return abs(actual - expected) <= tolerance * max(1.0, abs(expected))
    except OverflowError:  # an int too large for a float: the same test in exact arithmetic
        difference = abs(Fraction(actual) - Fraction(expected))
        return difference <= Fraction(tolerance) * max(Fraction(1), abs(Fraction(expected)))


def _complex_equal(actual: Any, expected: complex, tolerance: float | None) -> bool:
    if isinstance(actual, complex):
        real, imag = actual.real, actual.imag
    elif _is_number(actual):
        real, imag = actual, 0.0
    else:
        return False
    return _numbers_equal(real, expected.real, tolerance) and _numbers_equal(imag, expected.imag, tolerance)


def _is_nan(value: Any) -> bool:
    return isinstance(value, float) and math.isnan(value)


def _is_inf(value: Any) -> bool:
    return isinstance(value, float) and math.isinf(value)


def _dicts_equal(actual: dict, expected: dict, tolerance: float | None, depth: int) -> bool:
    """Keys match exactly (as `_canonical` keys), values with tolerance."""
    if len(actual) != len(expected):
        return False
    by_key = {_canonical(k): v for k, v in actual.items()}
    for key, value in expected.items():
        canonical = _canonical(key)
        if canonical not in by_key or not values_equal(by_key[canonical], value, tolerance, depth + 1):
            return False
    return True


def _all_numbers(*groups: list) -> bool:
    return all(_is_number(item) for group in groups for item in group)


def _same_multiset(actual: list, expected: list, tolerance: float | None, depth: int = 0) -> bool:
    if len(actual) != len(expected):
        return False
    if Counter(map(_canonical, actual)) == Counter(map(_canonical, expected)):
        return True
    if tolerance is None:
        return False
    if _all_numbers(actual, expected):
        # Each expected number accepts an interval whose ends grow with it, so pairing both lists
        # sorted is an optimal matching, in O(n log n) where trying every pair would stall.
        actual_nans, actual_rest = _without_nans(actual)
        expected_nans, expected_rest = _without_nans(expected)
        return actual_nans == expected_nans and all(
            _numbers_equal(a, e, tolerance) for a, e in zip(actual_rest, expected_rest, strict=True))
    remaining = list(actual)
    for item in expected:
        for index, candidate in enumerate(remaining):
            if values_equal(candidate, item, tolerance, depth + 1):
                del remaining[index]
                break
        else:
            return False
    return True


def _same_distinct(actual: list, expected: list, tolerance: float | None, depth: int = 0) -> bool:
    if set(map(_canonical, actual)) == set(map(_canonical, expected)):
        return True
    if tolerance is None:
        return False
    if _all_numbers(actual, expected):
        return (_each_has_close(actual, expected, tolerance, items_are_actual=True)
                and _each_has_close(expected, actual, tolerance, items_are_actual=False))
    return (all(any(values_equal(a, e, tolerance, depth + 1) for e in expected) for a in actual)
            and all(any(values_equal(a, e, tolerance, depth + 1) for a in actual) for e in expected))


def _without_nans(numbers: list) -> tuple[int, list]:
    """How many NaNs, and the other numbers sorted (a NaN would break the order)."""
    rest = [x for x in numbers if not _is_nan(x)]
    return len(numbers) - len(rest), sorted(rest)


def _each_has_close(items: list, others: list, tolerance: float, items_are_actual: bool) -> bool:
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
        pairs = ((item, other) if items_are_actual else (other, item) for other in ordered[max(0, index - 1):index + 1])
        if not any(_numbers_equal(actual, expected, tolerance) for actual, expected in pairs):
            return False
    return True


def _canonical(value: Any) -> Any:
    """A hashable key that is equal exactly when `values_equal` says so (without tolerance)."""
    if isinstance(value, bool):
        return ("bool", value)
    if _is_number(value):
        return ("nan",) if _is_nan(value) else ("num", value)
    if isinstance(value, _SEQUENCES):
        return ("seq", tuple(_canonical(v) for v in value))
    if isinstance(value, _SETS):
        return ("set", frozenset(_canonical(v) for v in value))
    if isinstance(value, dict):
        return ("dict", frozenset((_canonical(k), _canonical(v)) for k, v in value.items()))
    if isinstance(value, _BYTES):
        return ("bytes", bytes(value))
    if isinstance(value, complex):
        return ("complex", _canonical(value.real), _canonical(value.imag))
    if isinstance(value, Opaque):
        return ("opaque", object())  # a fresh key: an opaque value equals nothing, not even itself
    if isinstance(value, Record):
        return ("record", value.type_name, _canonical(value.fields))
    return (type(value).__name__, value)


def outputs_match(actual: Any, expected: Any, compare: Compare) -> bool:
    """Whether a solution's output matches the expected one under the problem's compare mode."""
    tolerance = compare.float_tolerance
    if compare.mode in ("unordered", "set"):
        if not isinstance(actual, (*_SEQUENCES, *_SETS)) or not isinstance(expected, (*_SEQUENCES, *_SETS)):
            return values_equal(actual, expected, tolerance)
        if compare.mode == "unordered":
            return _same_multiset(list(actual), list(expected), tolerance)
        return _same_distinct(list(actual), list(expected), tolerance)
    return values_equal(actual, expected, tolerance)


def exception_matches(expected_name: str, exc_type: str | None, exc_mro: list[str]) -> bool:
    """`raises: LookupError` accepts a KeyError: any class in the raised exception's MRO counts."""
    return expected_name == exc_type or expected_name in exc_mro
