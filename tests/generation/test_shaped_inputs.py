"""Inputs reshaped from the examples where real bugs hide, and only where the type admits them (pure, nothing runs):
all-negative and all-zero lists, the largest first or last, a matrix's row or column negated, ragged and
deeper nesting, element kinds mixed."""

import math

from codeeval.generation.plan import make_plan
from codeeval.generation.value_types import AnyT, FloatT, GenContext, IntT, ListT, StrT, TupleT, UnionT, infer_type
from codeeval.problem.definition import Case


def boundary(t):
    return t.boundary(GenContext.seeded(0))


def leaves(value):
    if isinstance(value, (list, tuple)):
        return [leaf for item in value for leaf in leaves(item)]
    return [value]


def depth(value):
    return 1 + max((depth(v) for v in value), default=0) if isinstance(value, list) else 0


def first_list_boundary(reference, entry_point, args):
    plan = make_plan(reference, entry_point, [Case(args=args)])
    return plan, boundary(plan.top.items[0])


def test_a_list_of_numbers_gets_all_negative_all_zero_and_its_largest_first_and_last():
    values = boundary(ListT(IntT()).with_seen([[5, 2, 8, 1]]))
    assert [-5, -2, -8, -1] in values
    assert [0, 0, 0, 0] in values
    assert [8, 5, 2, 1] in values and [5, 2, 1, 8] in values


def test_a_matrix_gets_a_negative_row_a_negative_column_and_ragged_rows():
    matrix = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    values = boundary(ListT(ListT(IntT())).with_seen([matrix]))
    assert [[-1, -2, -3], [4, 5, 6], [7, 8, 9]] in values  # first row all negative
    assert [[1, 2, 3], [4, 5, 6], [-7, -8, -9]] in values  # last row
    assert [[-1, 2, 3], [-4, 5, 6], [-7, 8, 9]] in values  # first column
    assert [[1, 2, -3], [4, 5, -6], [7, 8, -9]] in values  # last column
    assert [[-1, -2, -3], [-4, -5, -6], [-7, -8, -9]] in values
    assert [[0, 0, 0], [0, 0, 0], [0, 0, 0]] in values
    assert [[3, 1, 2], [6, 4, 5], [9, 7, 8]] in values  # each row's largest first
    assert [[1], [4], [7]] in values  # rows of length 1
    assert [[1, 2, 3], [], [4, 5, 6], [7, 8, 9]] in values  # an empty row among full ones
    assert [[1, 2, 3], [4, 5, 6], [7, 8]] in values  # ragged
    assert all(depth(v) <= 2 for v in values)  # list[list[int]] never nests deeper


def test_no_negative_where_a_bound_forbids_it():
    values = boundary(ListT(ListT(IntT(lo=0))).with_seen([[[1, 2], [3, 4]]]))
    assert all(leaf >= 0 for v in values for leaf in leaves(v))


def test_untyped_nested_lists_are_nested_deeper_than_the_examples():
    examples = [[1, [2, 3], [4, [5]]], [[1, 2], 3]]
    values = boundary(infer_type(examples))
    assert max(depth(v) for v in values) > max(depth(e) for e in examples)
    assert [1, [2, [3, [4]]]] in values
    assert [1, [2, 3], [4, [[5]]]] in values


def test_list_of_any_gets_a_content_bearing_chain():
    values = boundary(ListT(AnyT()).with_seen([[1, "a", [2, 3]]]))
    assert [1, ["a", [2, [3]]]] in values


def test_a_union_of_kinds_is_mixed_even_when_the_examples_hold_one():
    plan, values = first_list_boundary("def f(xs: list[int | str]) -> int:\n    return len(xs)\n", "f", [[3, 4, 5]])
    assert isinstance(plan.top, TupleT) and isinstance(plan.top.items[0].elem, UnionT)
    assert any({type(x) for x in v} == {int, str} and len(v) >= 4 for v in values)


def test_a_list_of_ints_never_gets_strings_floats_or_bools():
    _, values = first_list_boundary("def f(xs: list[int]) -> int:\n    return sum(xs)\n", "f", [[3, 4, 5]])
    assert all(type(x) is int for v in values for x in v)
    inferred = boundary(infer_type([[3, 4, 5]]))
    assert all(type(x) is int for v in inferred for x in v)


def test_a_float_hint_mixes_ints_among_floats_in_lists_only():
    plan, values = first_list_boundary(
        "def f(xs: list[float], x: float) -> float:\n    return sum(xs) + x\n", "f", [[1.5, 2.5, 3.0], 0.5]
    )
    assert [1.5, 2, 3.0] in values
    assert all(type(x) is float for v in values if not any(type(y) is int for y in v) for x in v)
    assert all(type(v) is float for v in boundary(plan.top.items[1]))  # a scalar float stays a float
    assert [1.0, 2.0, 3.0, 4.0, 5.0] in values  # the progression keeps its floats


def test_floats_without_a_hint_are_not_mixed_with_ints():
    values = boundary(infer_type([[1.5, 2.5, 3.0]]))
    assert all(type(x) is float for v in values for x in v)


def test_strings_get_no_number_shapes():
    values = boundary(ListT(StrT()).with_seen([["ab", "cd", "ef"]]))
    assert all(type(x) is str for v in values for x in v)


def test_an_int_mixed_in_never_equals_the_float_it_replaces():
    values = boundary(ListT(FloatT(ints=True)).with_seen([[1.0, 3.0, 2.0], [0.5, math.inf]]))
    assert [1.0, 4, 2.0] in values
    assert not any(v == [1.0, 3.0, 2.0] and int in {type(x) for x in v} for v in values)  # the example by `==`
