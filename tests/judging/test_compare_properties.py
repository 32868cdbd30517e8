"""The comparator never raises, whatever two decoded values a solution and a reference produce.

Values are drawn from the wire's whole value space (huge ints, NaN and
infinities, complex, bytes, nested containers, records, opaque objects) and
sent through encode/decode, so they are exactly what the evaluator compares.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codeeval.judging.compare import outputs_match, values_equal
from codeeval.problem.definition import Compare
from codeeval.sandbox import Opaque, Record
from codeeval.sandbox.child import wire

EXAMPLES = 10_000

huge_ints = st.builds(
    lambda base, exponent, sign: sign * base * 10**exponent,
    st.integers(1, 10**6),
    st.integers(300, 5000),
    st.sampled_from([1, -1]),
)
numbers = st.one_of(st.integers(), huge_ints, st.floats(), st.sampled_from([0, 1, -1, 0.0, -0.0, 1.0, 1e308]))
scalars = st.one_of(
    st.none(),
    st.booleans(),
    numbers,
    st.complex_numbers(),
    st.text(max_size=8),
    st.binary(max_size=8),
    st.builds(bytearray, st.binary(max_size=8)),
    st.builds(Opaque, st.sampled_from(["x.Thing", "builtins.function"]), st.text(max_size=5)),
)
hashables = st.recursive(
    st.one_of(st.none(), st.booleans(), numbers, st.text(max_size=4), st.binary(max_size=4)),
    lambda inner: st.one_of(st.tuples(inner), st.tuples(inner, inner), st.frozensets(inner, max_size=3)),
    max_leaves=6,
)


def containers(inner: st.SearchStrategy) -> st.SearchStrategy:
    fields = st.lists(st.tuples(st.sampled_from(["a", "b", "c"]), inner), max_size=3).map(tuple)
    return st.one_of(
        st.lists(inner, max_size=6),
        st.lists(inner, max_size=4).map(tuple),
        st.sets(hashables, max_size=5),
        st.frozensets(hashables, max_size=5),
        st.dictionaries(hashables, inner, max_size=4),
        st.builds(Record, st.sampled_from(["Point", "Node"]), fields),
    )


values = st.recursive(scalars, containers, max_leaves=24)
tolerances = st.one_of(st.none(), st.sampled_from([0.0, 1e-9, 1e-6, 1e-3, 0.5]))
modes = st.sampled_from(["exact", "unordered", "set"])


def decoded(value: object) -> object:
    """What the evaluator holds after the value crossed the wire."""
    return wire.decode(wire.loads(wire.dumps({"v": wire.encode(value)}))["v"])


def has_opaque(value: object) -> bool:
    if isinstance(value, Opaque):
        return True
    if isinstance(value, Record):
        return any(has_opaque(v) for _, v in value.fields)
    if isinstance(value, dict):
        return any(has_opaque(k) or has_opaque(v) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(has_opaque(v) for v in value)
    return False


@pytest.mark.timeout(1200)  # about a minute alone; several times that on a machine loaded by other work
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values, values, tolerances, modes)
def test_any_two_decoded_values_compare_without_raising(actual, expected, tolerance, mode):
    actual, expected = decoded(actual), decoded(expected)
    verdict = outputs_match(actual, expected, Compare(mode=mode, float_tolerance=tolerance))
    assert isinstance(verdict, bool)
    assert isinstance(values_equal(actual, expected, tolerance), bool)


@settings(max_examples=EXAMPLES // 10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values, tolerances, modes)
def test_a_value_without_opaque_parts_matches_itself(value, tolerance, mode):
    value = decoded(value)
    if not has_opaque(value):
        assert outputs_match(value, value, Compare(mode=mode, float_tolerance=tolerance))


def test_huge_ints_against_floats():
    assert not values_equal(10**400, 1.5, 1e-6)
    assert not values_equal(1.5, 10**400, 1e-6)
    assert not values_equal(10**400, float("inf"), 1e-6)
    assert values_equal(10**400 + 1, 10**400, 1e-6)  # relative tolerance, in exact arithmetic
    assert not values_equal(10**400 + 10**395, 10**400, 1e-6)
    assert values_equal(2**1100, float(2**1000) * 2**100, None) is False  # the float overflowed to inf
    assert not values_equal(10**400, 3 + 0j, 1e-6)


def test_unordered_and_set_with_tolerance_stay_fast_on_long_lists():
    expected = [i / 7 for i in range(200_000)]
    actual = [x + 1e-9 for x in reversed(expected)]
    assert outputs_match(actual, expected, Compare("unordered", 1e-6))
    assert outputs_match(actual, expected, Compare("set", 1e-6))
    actual[0] += 1.0
    assert not outputs_match(actual, expected, Compare("unordered", 1e-6))


def test_nan_in_unordered_lists_with_tolerance():
    nan = float("nan")
    assert outputs_match([nan, 1.0, 0.5], [0.5000001, nan, 1.0], Compare("unordered", 1e-6))
    assert not outputs_match([nan, 1.0], [1.0, 1.0], Compare("unordered", 1e-6))
    assert outputs_match([nan, 1.0], [1.0000001, nan, nan], Compare("set", 1e-6))
    assert not outputs_match([1.0], [nan, 1.0], Compare("set", 1e-6))
