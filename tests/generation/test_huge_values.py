"""Every place a value becomes text or is compared survives ints past Python's 4300-digit conversion limit.

`repr(10**5000)` raises ValueError ("Exceeds the limit (4300 digits) for integer string conversion"); a solution
returning such an int once killed an evaluation. The property: for any value holding huge ints (nested, signed,
beside floats), each place below returns text or a verdict, and never raises.
"""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from codeeval.base.display import short_repr
from codeeval.base.outcome_status import CallStatus
from codeeval.dimensions.edge_findings import EdgeFinding, Failure, price, rationale_line, rounding_relevance
from codeeval.generation.counterexamples import Counterexample
from codeeval.generation.domain import Domain, Relevance
from codeeval.generation.pytest_text import pytest_for
from codeeval.generation.values import py_source, safe_repr, simplicity_key
from codeeval.judging.case_runner import Expectation, judged
from codeeval.judging.compare import outputs_match
from codeeval.judging.reference_cache import StoredAnswer
from codeeval.problem.definition import Case, Compare
from codeeval.results.case_details import CaseVerdict
from codeeval.results.edge_case_details import GenerationPhase
from codeeval.sandbox import CallOutcome
from codeeval.sandbox.child import wire

HUGE = st.integers(min_value=4_400, max_value=6_000).flatmap(
    lambda digits: st.sampled_from([10**digits, -(10**digits) + 7, 3**digits])
)
SCALARS = st.one_of(HUGE, st.integers(), st.floats(allow_nan=False), st.text(max_size=5), st.booleans())
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.tuples(inner, inner), st.dictionaries(st.text(max_size=3), inner, max_size=2)
    ),
    max_leaves=6,
)
COMPARES = st.sampled_from(
    [
        Compare(),
        Compare(equality="python"),
        Compare(equality="evalplus"),
        Compare(mode="unordered"),
        Compare(float_tolerance=1e-6),
    ]
)


def _holding_huge(value: object) -> object:
    return [value, 10**5000]


@settings(max_examples=60, deadline=None)
@given(VALUES, VALUES, COMPARES)
def test_values_become_text_and_compare_without_the_conversion_limit(actual, expected, compare):
    actual, expected = _holding_huge(actual), _holding_huge(expected)
    case = Case(args=[actual], kwargs={"k": expected})
    assert short_repr(actual, 200) and safe_repr(actual, 200) and py_source(actual)
    assert simplicity_key(actual) is not None
    assert case.input_text("f", 300).startswith("f(")
    assert isinstance(outputs_match(actual, expected, compare, [actual]), bool)
    assert Expectation(value=expected).text()
    outcome = CallOutcome(CallStatus.RETURNED, actual)
    result = judged(outcome, case, 0, Expectation(value=expected), compare)
    json.dumps(result.record("f").to_dict())  # what the reports and the cache write
    assert wire.decode(json.loads(json.dumps(wire.encode(actual)))) == actual
    json.dumps(StoredAnswer(value=expected).to_json())
    failure = Failure(result, (actual,), GenerationPhase.BOUNDARY, expected, outcome, Relevance(1.0, []), 1.0)
    finding = EdgeFinding((CaseVerdict.WRONG_OUTPUT, ""), [failure])
    price(finding, 10)
    assert rationale_line(finding, "f", 1.0).startswith("-")
    json.dumps(finding.record("f", lambda c: c.record("f", compare, 1)).to_dict())


@settings(max_examples=30, deadline=None)
@given(st.lists(HUGE, min_size=1, max_size=3), HUGE)
def test_relevance_reasons_and_findings_show_huge_ints(examples, value):
    domain = Domain(["n"], [(x,) for x in examples] + [(5,)])
    relevance = domain.relevance((-value,))
    assert relevance.describe()
    assert rounding_relevance(Relevance(1.0, []), 1e300, value).score <= 1.0
    case = Case(args=[value])
    counterexample = Counterexample(
        case, (value,), value + 1, short_repr(value), CaseVerdict.WRONG_OUTPUT, GenerationPhase.BOUNDARY, "f(0)", 1, 1
    )
    record = counterexample.record("f", Compare(), 1)
    assert "def test_f_counterexample_1" in record.pytest
    assert pytest_for("f", case, expected=value + 1)
