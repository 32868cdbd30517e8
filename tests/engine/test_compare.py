"""Output comparison in the evaluator."""

import pytest

from codeeval.compare import exception_matches, outputs_match, values_equal
from codeeval.sandbox import Opaque
from codeeval.spec.problem import Compare


@pytest.mark.parametrize("actual, expected, equal", [
    ([1, 2], (1, 2), True),
    (2, 2.0, True),
    (True, 1, False),
    (1, True, False),
    (float("nan"), float("nan"), True),
    ({"a": [1, (2,)]}, {"a": ((1), [2])}, True),
    ({1: "x"}, {True: "x"}, False),
    (b"ab", bytearray(b"ab"), True),
    ("1", 1, False),
    (None, [], False),
    ({1, 2}, frozenset({2, 1}), True),
])
def test_exact_equality(actual, expected, equal):
    assert values_equal(actual, expected) is equal


def test_opaque_values_never_match():
    fake = Opaque("x.AlwaysEqual", "<obj>")
    assert not outputs_match(fake, fake, Compare())
    assert not outputs_match([fake], [fake], Compare("unordered"))


def test_float_tolerance_is_absolute_near_zero_and_relative_for_large_values():
    compare = Compare(float_tolerance=1e-6)
    assert outputs_match(0.1 + 0.2, 0.3, compare)
    assert outputs_match([1e12 + 1], [1e12], compare)
    assert not outputs_match(1e-3, 0.0, compare)
    assert not outputs_match(0.1 + 0.2, 0.3, Compare())


def test_unordered_counts_duplicates_but_set_does_not():
    assert outputs_match([3, 1, 1], [1, 3, 1], Compare("unordered"))
    assert not outputs_match([3, 1], [1, 3, 1], Compare("unordered"))
    assert outputs_match([3, 1], [1, 3, 1], Compare("set"))
    assert not outputs_match([3, 2], [1, 3], Compare("set"))


def test_unordered_with_unhashable_elements_and_tolerance():
    assert outputs_match([[2, 1.0000001], [0]], [[0], [2, 1.0]], Compare("unordered", 1e-6))
    assert not outputs_match([[2, 1.1], [0]], [[0], [2, 1.0]], Compare("unordered", 1e-6))


def test_exception_names_match_through_the_hierarchy():
    assert exception_matches("LookupError", "KeyError", ["KeyError", "LookupError", "Exception"])
    assert not exception_matches("ValueError", "KeyError", ["KeyError", "LookupError"])


def test_deeply_nested_values_compare_without_recursion_errors():
    def nest(depth):
        value = []
        for _ in range(depth):
            value = [value]
        return value

    assert values_equal(nest(900), nest(900))
    assert not values_equal(nest(900), nest(899))
