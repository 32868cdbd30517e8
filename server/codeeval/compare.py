"""Comparing outputs in the evaluator, on plain decoded values only.

Exact mode is structural: lists and tuples are interchangeable, `bool` is not a
number, ints equal floats of the same value and NaN equals NaN. Opaque values
(objects the sandbox could not turn into data) equal nothing.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from .sandbox import Opaque, Record
from .spec.problem import Compare

MAX_COMPARE_DEPTH = 2500  # deeper than the wire allows, so any decoded value can be compared
_SEQUENCES = (list, tuple)
_SETS = (set, frozenset)


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
    if isinstance(expected, complex) and isinstance(actual, (complex, int, float)):
        actual = complex(actual)
        return (_numbers_equal(actual.real, expected.real, tolerance)
                and _numbers_equal(actual.imag, expected.imag, tolerance))
    if isinstance(expected, _SEQUENCES) and isinstance(actual, _SEQUENCES):
        return len(actual) == len(expected) and all(
            values_equal(a, e, tolerance, depth + 1) for a, e in zip(actual, expected, strict=True))
    if isinstance(expected, dict) and isinstance(actual, dict):
        if len(actual) != len(expected):
            return False
        by_key = {_canonical(k): v for k, v in actual.items()}  # keys match exactly, values with tolerance
        return all(_canonical(k) in by_key and values_equal(by_key[_canonical(k)], v, tolerance, depth + 1)
                   for k, v in expected.items())
    if isinstance(expected, _SETS) and isinstance(actual, _SETS):
        return _same_distinct(list(actual), list(expected), tolerance)
    if isinstance(expected, Record) and isinstance(actual, Record):
        return actual.type_name == expected.type_name and values_equal(actual.fields, expected.fields, tolerance)
    if isinstance(expected, (bytes, bytearray)) and isinstance(actual, (bytes, bytearray)):
        return bytes(actual) == bytes(expected)
    if type(actual) is not type(expected):
        return False
    return actual == expected


def _numbers_equal(actual: int | float, expected: int | float, tolerance: float | None) -> bool:
    if isinstance(actual, float) and math.isnan(actual):
        return isinstance(expected, float) and math.isnan(expected)
    if isinstance(expected, float) and math.isnan(expected):
        return False
    if actual == expected:
        return True
    if tolerance is None or math.isinf(actual) or math.isinf(expected):
        return False
    return abs(actual - expected) <= tolerance * max(1.0, abs(expected))


def _same_multiset(actual: list, expected: list, tolerance: float | None) -> bool:
    if len(actual) != len(expected):
        return False
    if tolerance is None:
        try:
            return Counter(map(_canonical, actual)) == Counter(map(_canonical, expected))
        except TypeError:
            pass
    remaining = list(actual)
    for item in expected:
        for index, candidate in enumerate(remaining):
            if values_equal(candidate, item, tolerance):
                del remaining[index]
                break
        else:
            return False
    return True


def _same_distinct(actual: list, expected: list, tolerance: float | None) -> bool:
    return (all(any(values_equal(a, e, tolerance) for e in expected) for a in actual)
            and all(any(values_equal(a, e, tolerance) for a in actual) for e in expected))


def _canonical(value: Any) -> Any:
    """A hashable key that is equal exactly when `values_equal` says so (without tolerance)."""
    if isinstance(value, bool):
        return ("bool", value)
    if _is_number(value):
        if isinstance(value, float) and math.isnan(value):
            return ("nan",)
        return ("num", value)
    if isinstance(value, _SEQUENCES):
        return ("seq", tuple(_canonical(v) for v in value))
    if isinstance(value, _SETS):
        return ("set", frozenset(_canonical(v) for v in value))
    if isinstance(value, dict):
        return ("dict", frozenset((_canonical(k), _canonical(v)) for k, v in value.items()))
    if isinstance(value, (bytes, bytearray)):
        return ("bytes", bytes(value))
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
