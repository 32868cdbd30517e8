"""Each signal of the review queue on typed facts (the records `read_run` makes from a run's reports), for the
cases a small real run cannot produce on demand: a timing interval straddling the tolerance, a disagreement
between tests and generated inputs, a thin generated suite."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from codeeval.triage.ranking import build_queue
from codeeval.triage.run_facts import FindingFacts, ResultFacts, ReviewFacts, RunFacts, Tally, TimingFacts
from codeeval.triage.signals import ReasonKind, closeness, reasons_for
from codeeval.triage.weights import REVIEWED_FACTOR

CLEAN = ResultFacts(
    problem="p",
    solution="s.py",
    group="g",
    score=100.0,
    report="p/s.json",
    correctness=Tally(10, 10),
    generated=Tally(200, 200),
    findings=(),
    timing=None,
    review=None,
)


def _edge(confidence: float, points: float, label: str = "wrong output", inputs: int = 3) -> FindingFacts:
    return FindingFacts("edge_cases", label, "abc123", confidence, confidence < 0.6, points, inputs)


def _kinds(facts: ResultFacts, threshold: float | None = None) -> dict[ReasonKind, float]:
    return {reason.kind: reason.strength for reason in reasons_for(facts, threshold, 5.0)}


def test_a_clean_pass_on_a_full_suite_has_no_reason() -> None:
    assert _kinds(CLEAN) == {}


def test_closeness_peaks_at_the_confidence_where_findings_start_to_cost() -> None:
    assert closeness(0.6) == 1.0 and closeness(1.0) == pytest.approx(0) and closeness(0.2) == pytest.approx(0)
    assert closeness(0.05) == 0.0 and closeness(1.2) == 0.0
    assert closeness(0.65) > closeness(0.8) > closeness(0.95) > 0


def test_the_costing_finding_nearest_0_6_is_named() -> None:
    facts = replace(CLEAN, score=80.0, generated=Tally(190, 200), findings=(_edge(0.95, 25), _edge(0.62, 25)))
    reason = next(r for r in reasons_for(facts, None, 5.0) if r.kind is ReasonKind.UNCERTAIN_EDGE_FINDING)
    assert reason.strength == pytest.approx(closeness(0.62)) and "0.62" in reason.text and "1 more" in reason.text
    cheap = FindingFacts("code_quality", "CQ101", "f00d", 0.62, False, 2.0, 1)  # 2 points at stake of 10
    assert _kinds(replace(CLEAN, findings=(cheap,)))[ReasonKind.UNCERTAIN_QUALITY_FINDING] == pytest.approx(
        closeness(0.62) * 0.2, abs=1e-3
    )


def test_an_interval_straddling_the_tolerance_is_inconclusive_and_one_above_it_is_not() -> None:
    straddling = replace(CLEAN, timing=TimingFacts(1.4, 0.9, 2.1, 1.5, False))
    assert _kinds(straddling)[ReasonKind.INCONCLUSIVE_TIMING] == pytest.approx(0.5)
    assert ReasonKind.INCONCLUSIVE_TIMING not in _kinds(replace(CLEAN, timing=TimingFacts(3.0, 2.5, 3.5, 1.5, False)))
    assert _kinds(replace(CLEAN, timing=TimingFacts(1.0, 0.9, 1.1, 1.5, True)))[ReasonKind.INCONCLUSIVE_TIMING] == 0.5


def test_tests_and_generated_inputs_that_disagree_either_way() -> None:
    most_fail = replace(CLEAN, generated=Tally(20, 200), findings=(_edge(0.97, 25, inputs=180),))
    assert _kinds(most_fail)[ReasonKind.DIMENSIONS_DISAGREE] == pytest.approx(0.9)
    tests_fail = replace(CLEAN, correctness=Tally(2, 10))
    assert _kinds(tests_fail)[ReasonKind.DIMENSIONS_DISAGREE] == pytest.approx(0.8)
    a_few_fail = replace(CLEAN, generated=Tally(150, 200), findings=(_edge(0.97, 25, inputs=50),))
    assert ReasonKind.DIMENSIONS_DISAGREE not in _kinds(a_few_fail)


def test_a_clean_pass_on_few_generated_inputs_is_thin() -> None:
    assert ReasonKind.THIN_EDGE_EVIDENCE in _kinds(replace(CLEAN, generated=Tally(64, 64)))
    assert ReasonKind.THIN_EDGE_EVIDENCE not in _kinds(
        replace(CLEAN, generated=Tally(64, 64), correctness=Tally(9, 10))
    )


def test_time_outs_are_a_clock_verdict_whether_they_cost_or_not() -> None:
    costing = replace(CLEAN, findings=(_edge(0.94, 25, label="times out", inputs=10),))
    free = replace(CLEAN, findings=(_edge(0.46, 0, label="times out", inputs=1),))
    assert _kinds(costing)[ReasonKind.TIME_LIMIT_FINDING] == 1.0
    assert _kinds(free) == {ReasonKind.TIME_LIMIT_FINDING: 0.5}  # not also counted as a free edge finding


def test_many_free_findings_add_up() -> None:
    few, many = _edge(0.4, 0, inputs=1), _edge(0.4, 0, inputs=12)
    assert _kinds(replace(CLEAN, findings=(few,)))[ReasonKind.FREE_EDGE_FINDINGS] == pytest.approx(0.2)
    assert _kinds(replace(CLEAN, findings=(many,)))[ReasonKind.FREE_EDGE_FINDINGS] == 1.0


def test_near_the_threshold_on_either_side() -> None:
    assert _kinds(replace(CLEAN, score=78.0), threshold=80)[ReasonKind.NEAR_THRESHOLD] == pytest.approx(0.6)
    assert _kinds(replace(CLEAN, score=83.0), threshold=80)[ReasonKind.NEAR_THRESHOLD] == pytest.approx(0.4)
    assert ReasonKind.NEAR_THRESHOLD not in _kinds(replace(CLEAN, score=70.0), threshold=80)


def test_reviews_lower_a_result_and_stale_ones_raise_it() -> None:
    slow = replace(CLEAN, findings=(_edge(0.94, 25, label="times out"),))
    reviewed = replace(slow, solution="r.py", review=ReviewFacts(1, 0, ("ana",), frozenset()))
    stale = replace(CLEAN, solution="t.py", review=ReviewFacts(0, 1, ("bob",), frozenset()))
    queue = build_queue(RunFacts(folder=Path("."), results=(slow, reviewed, stale), warnings=(), unscored=0))
    by_name = {item.solution: item for item in queue.items}
    assert by_name["r.py"].priority == pytest.approx(by_name["s.py"].priority * REVIEWED_FACTOR)
    assert [item.solution for item in queue.items] == ["t.py", "s.py", "r.py"]
