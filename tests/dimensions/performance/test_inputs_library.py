"""The generator library's additions, variants of an input, and number helpers in expressions."""

from itertools import pairwise

import pytest

from codeeval.problem.inputs import GENERATORS, InputExpression, InputExpressionError


def build(text: str, n: int = 50, seed: int = 0, variant: int = 0):
    return InputExpression(text).build(n, seed, variant)


def test_variants_are_different_draws_of_the_same_size_and_variant_0_is_the_classic_input():
    base, again, other = build("args(ints(n))"), build("args(ints(n))", variant=0), build("args(ints(n))", variant=1)
    assert base == again and len(other.args[0]) == 50 and other.args[0] != base.args[0]
    assert build("args(ints(n))", variant=1) == other


@pytest.mark.parametrize(
    "text, check",
    [
        ("args(distinct_ints(n, 0, 99))", lambda v: len(set(v)) == 50 and all(0 <= x <= 99 for x in v)),
        ("args(permutation(n))", lambda v: sorted(v) == list(range(50))),
        ("args(nearly_sorted_ints(n, 3))", lambda v: sum(a > b for a, b in pairwise(v)) <= 3),
        ("args(few_unique_ints(n, 4))", lambda v: len(set(v)) <= 4 and len(v) == 50),
        ("args(repeat('ab', n))", lambda v: v == ["ab"] * 50),
        ("args(sorted_floats(n))", lambda v: v == sorted(v) and isinstance(v[0], float)),
        ("args(strings(n, 3, 'xy'))", lambda v: len(v) == 50 and all(len(s) == 3 and set(s) <= {"x", "y"} for s in v)),
        ("args(text(n))", lambda v: len(v.split(" ")) == 50),
        ("args(matrix(3, 4))", lambda v: len(v) == 3 and all(len(r) == 4 for r in v)),
        ("args(points(n))", lambda v: all(isinstance(p, tuple) and len(p) == 2 for p in v)),
        ("args(intervals(n))", lambda v: all(a <= b <= a + 1000 for a, b in v)),
        ("args(tree(n))", lambda v: sum(map(len, v.values())) == 2 * 49),
        ("args(edge_list(n))", lambda v: all(a < b for a, b in v) and len(v) >= 49),
        ("args(weighted_graph(n))", lambda v: all(1 <= w <= 100 for adj in v.values() for _, w in adj)),
        ("args(dag(n))", lambda v: all(b > a for a, succ in v.items() for b in succ)),
        ("args(grid(4, 5))", lambda v: len(v) == 4 and v[0][0] == v[-1][-1] == "." and set("".join(v)) <= {".", "#"}),
    ],
)
def test_new_generators_have_their_documented_shapes(text, check):
    assert check(build(text).args[0])


def test_every_generator_is_deterministic_for_a_seed():
    for name in GENERATORS:
        text = {
            "method_calls": "args(method_calls(n, put=2))",
            "matrix": "args(matrix(4, n))",
            "grid": "args(grid(4, n))",
            "repeat": "args(repeat(1, n))",
        }.get(name, f"args({name}(n))")
        assert build(text, 30, seed=5) == build(text, 30, seed=5), name


def test_number_helpers_work_on_numbers_only():
    assert build("args(max(1, n // 100), min(3, n), abs(-n))").args == [1, 3, 50]
    with pytest.raises(InputExpressionError, match="takes numbers only"):
        build("args(max(ints(3)))")
    with pytest.raises(InputExpressionError, match="unknown generator 'sorted'"):
        InputExpression("args(sorted(ints(n)))")


@pytest.mark.parametrize(
    "text, message",
    [
        ("args(distinct_ints(n, 0, 9))", "holds fewer than"),
        ("args(repeat(ints(2), n))", "must be a number"),
        ("args(matrix(10**4, 10**4))", "size must be"),
    ],
)
def test_impossible_requests_are_refused_with_a_reason(text, message):
    with pytest.raises(InputExpressionError, match=message):
        build(text)
