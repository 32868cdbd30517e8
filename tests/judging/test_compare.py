"""Output comparison in the evaluator."""

import pytest

from codeeval.judging.compare import exception_matches, outputs_match, values_equal
from codeeval.problem.definition import Compare
from codeeval.sandbox import Opaque


@pytest.mark.parametrize(
    "actual, expected, equal",
    [
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
    ],
)
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


PYTHON = Compare(equality="python")
EVALPLUS = Compare(equality="evalplus")


@pytest.mark.parametrize(
    "actual, expected, equal",
    [
        ([1, 2], (1, 2), False),  # a tuple is not a list
        ((1, [2]), (1, [2]), True),
        (True, 1, True),  # Python: True == 1 == 1.0
        (1, 1.0, True),
        ({1: "x"}, {True: "x"}, True),
        (float("nan"), float("nan"), False),  # NaN equals nothing
        ({1, 2}, frozenset({2, 1}), True),
        (b"ab", bytearray(b"ab"), True),
        (1 + 0j, 1, True),
        ("1", 1, False),
        (10**400, 10**400, True),
    ],
)
def test_python_equality_is_pythons_double_equals(actual, expected, equal):
    assert outputs_match(actual, expected, PYTHON) is equal


def test_evalplus_float_rule_applies_to_float_outputs_with_the_same_type_and_length():
    assert outputs_match(0.1 + 0.2, 0.3, EVALPLUS)  # a float output: atol 1e-6
    assert outputs_match([1.0000001, 2.0], [1.0, 2.0], EVALPLUS)
    assert outputs_match((1.0000001, 2.0), (1.0, 2.0), EVALPLUS)
    assert not outputs_match([1.0000001, 2.0], (1.0, 2.0), EVALPLUS)  # the type must match
    assert not outputs_match(1.00001, 1.0, EVALPLUS)  # beyond 1e-6 + 1e-7 * 1.0
    assert not outputs_match(1, 1.0000001, EVALPLUS)  # an int for a float: `==` fails, and the types differ
    assert not outputs_match((1, 2.0000001), (1, 2.0), EVALPLUS)  # not all floats: `==` alone
    assert not outputs_match({"a": 1.0000001}, {"a": 1.0}, EVALPLUS)
    atol = Compare(equality="evalplus", float_tolerance=1e-4)  # a task's own atol covers any output
    assert outputs_match((1, 2.00001), (1, 2.0), atol)
    assert not outputs_match((1, 2.001), (1, 2.0), atol)
    assert not outputs_match(["a"], ["b"], atol)


def test_set_mode_with_python_equality_is_set_of_the_output():
    compare = Compare("set", equality="evalplus")
    assert outputs_match([2, 1, 1], (1, 2), compare)
    assert outputs_match({"a", "b"}, ["b", "a"], compare)
    assert outputs_match("ab", ["b", "a"], compare)  # set("ab")
    assert not outputs_match([[1], [2]], [[1], [2]], compare)  # set() of lists raises in Python
    assert not outputs_match(3, [3], compare)


def test_not_none_mode_compares_whether_the_output_is_none_and_bools_as_themselves():
    compare = Compare("not_none", equality="evalplus")
    match = Opaque("re.Match", "<re.Match object; span=(0, 5), match='annie'>")
    assert outputs_match(match, True, compare) and outputs_match("annie", match, compare)
    assert outputs_match(None, False, compare) and outputs_match(False, None, compare)
    assert not outputs_match(False, True, compare) and not outputs_match(None, match, compare)
    assert outputs_match(0, True, compare)  # 0 is not None


def test_root_mode_accepts_any_root_of_the_polynomial_in_the_first_argument():
    compare = Compare("root", float_tolerance=1e-4, equality="evalplus")
    coefficients = [-6, 11, -6, 1]  # (x - 1)(x - 2)(x - 3)
    for root in (1.0, 2.0000001, 3):
        assert outputs_match(root, 1.0, compare, [coefficients])
    assert not outputs_match(2.5, 1.0, compare, [coefficients])
    assert not outputs_match("1", 1.0, compare, [coefficients])
    assert not outputs_match(1e308, 1.0, compare, [coefficients])  # overflows: not a root
    assert not outputs_match(1.0, 1.0, compare, [])


def test_relative_tolerance_is_math_isclose_rel_tol():
    compare = Compare(relative_tolerance=1e-3, equality="python")
    assert outputs_match(1000.9, 1000.0, compare)
    assert not outputs_match(1002.0, 1000.0, compare)
    assert not outputs_match(1e-4, 0.0, compare)  # relative only: nothing is close to zero but zero
