"""The measuring protocol and the verdict, driven by fake sessions: no processes, no clock, no flakiness."""

import math

import pytest

from codeeval.dimensions import performance
from codeeval.dimensions.performance import Settings
from codeeval.report.sections.performance import render

from .helpers import FakeSession, jitter, problem


def linear(per_item: float):
    return lambda n: per_item * n


def evaluate(candidate, reference, prob=None, **settings):
    return performance.evaluate(prob or problem(), candidate, reference, None, Settings(**settings))


def test_equal_speed_keeps_full_marks_and_both_classes():
    result = evaluate(FakeSession(linear(1e-7), noise=jitter(1)), FakeSession(linear(1e-7), noise=jitter(2)))
    assert result.score == 100
    low, high = result.details.ci95
    assert low <= 1.25 and abs(result.details.ratio - 1) < 0.05 and high - low < 0.1
    assert result.details.complexity.candidate == result.details.complexity.reference == "O(n)"
    assert not result.details.complexity.worse and result.rationale == []


def test_a_constant_factor_slower_loses_points_smoothly():
    result = evaluate(FakeSession(linear(3e-7), noise=jitter(3)), FakeSession(linear(1e-7), noise=jitter(4)))
    assert 2.8 < result.details.ratio < 3.2
    low = result.details.ci95[0]
    assert result.score == pytest.approx(100 - 20 * math.log2(low / 1.25)) and 72 < result.score < 78
    assert result.rationale[0].startswith(f"-{100 - result.score:.1f}: ")
    assert "entirely above the tolerance" in result.rationale[0]


def test_slower_but_within_tolerance_costs_nothing():
    result = evaluate(FakeSession(linear(1.1e-7), noise=jitter(5)), FakeSession(linear(1e-7), noise=jitter(6)))
    assert result.score == 100 and 1.05 < result.details.ratio < 1.15


def test_a_worse_class_is_penalised_even_while_the_largest_size_is_fast():
    # The quadratic candidate is 5x *faster* at the smallest size and 1.6x slower at the largest.
    candidate = FakeSession(lambda n: 2e-8 * n * n / 1000, noise=jitter(7), count=lambda n: 10.0 * n)
    result = evaluate(candidate, FakeSession(linear(1e-7), noise=jitter(8)))
    complexity = result.details.complexity
    assert complexity.candidate == "O(n^2)" and complexity.reference == "O(n)" and complexity.worse
    assert complexity.candidate_fit.basis == "time (work inside C functions)"
    assert result.score <= 50 and "worse complexity class" in result.rationale[0]
    assert complexity.projected_ratio > 10


def test_a_log_factor_difference_alone_is_not_called_worse():
    # n log n against n over one octave of sizes: the ratio grows too little to be told from memory effects.
    import math

    candidate = FakeSession(lambda n: 1e-7 * n * math.log2(n) / 10, noise=jitter(9), count=lambda n: n * math.log2(n))
    result = evaluate(candidate, FakeSession(linear(1e-7), noise=jitter(10)), problem(sizes=(1000, 1400, 2000)))
    assert result.details.complexity.candidate == "O(n log n)"  # the exact counts say so
    assert not result.details.complexity.worse and "less than" in result.details.complexity.reason


def test_a_candidate_past_the_time_limit_fails_on_performance_with_a_clear_message():
    candidate = FakeSession(lambda n: 1e-7 * n * n, limit=1.0)  # 0.4 s at n=2000, 1.6 s at n=4000
    reference = FakeSession(linear(1e-7), limit=1.0)
    result = evaluate(candidate, reference)
    failed = [s for s in result.details.sizes if s.failure]
    assert len(failed) == 1 and "did not finish within the 1 s per-call limit" in failed[0].failure
    assert failed[0].exceeded_ratio > 100 and result.score < 1.25
    assert "A performance failure: the answer was not wrong, it was too slow" in result.rationale[0]
    assert result.details.sizes[-1].n == failed[0].n  # no larger size was tried


def test_a_wrong_answer_is_not_timed_and_scores_zero():
    candidate = FakeSession(linear(1e-8), answer=lambda xs: 0)
    result = evaluate(candidate, FakeSession(linear(1e-7)))
    assert result.score == 0 and "differs from the reference" in result.rationale[0]
    assert all(mode != "cpu" for _, mode, _, _ in candidate.requests if False) and not candidate.requests


def test_a_reference_that_fails_at_the_first_size_makes_the_dimension_not_applicable():
    reference = FakeSession(lambda n: 10.0, limit=1.0)
    result = evaluate(FakeSession(linear(1e-7), limit=1.0), reference)
    assert not result.applicable and "the reference failed at n=1000" in result.reason


def test_unsteady_timings_take_more_pairs_and_are_reported():
    noisy = FakeSession(linear(1e-7), noise=jitter(11, spread=0.15, outliers=0.3, size=4.0))
    result = evaluate(noisy, FakeSession(linear(1e-7), noise=jitter(12, spread=0.15, outliers=0.3, size=4.0)))
    largest = result.details.sizes[-1]
    assert largest.pairs > 10 and largest.warnings
    assert any("extra pairs" in note for note in largest.notes)
    text = "\n".join(render(result))
    if largest.unstable:  # listed, in plain sight or folded (test_report.py: which, and why)
        assert all(f"n={largest.n}: {warning}" in text for warning in largest.warnings)
    assert result.score == 100  # noise alone does not cost points: the interval widens instead


def test_steady_timings_stop_at_the_problem_iterations():
    result = evaluate(
        FakeSession(linear(1e-7), noise=jitter(13, spread=0.01)),
        FakeSession(linear(1e-7), noise=jitter(14, spread=0.01)),
    )
    assert [s.pairs for s in result.details.sizes] == [10, 5, 5, 10]


def test_a_clearly_slower_candidate_stops_early():
    result = evaluate(FakeSession(linear(2e-6), noise=jitter(15)), FakeSession(linear(1e-7), noise=jitter(16)))
    pairs = [s.pairs for s in result.details.sizes]
    # The scored size may add a pair or two until its score is settled to within 2 points; far from the 30 allowed.
    assert pairs[:-1] == [5] * (len(pairs) - 1) and pairs[-1] <= 8
    assert "clearly slower already" in result.details.sizes[0].notes[0]


def test_work_outside_the_cpu_clock_is_judged_on_wall_time():
    # CPU time says equal, but every call also waits 9x its CPU time (a helper process doing the work).
    candidate = FakeSession(linear(1e-7), noise=jitter(17), wall=lambda cpu: cpu * 10)
    result = evaluate(candidate, FakeSession(linear(1e-7), noise=jitter(18)))
    largest = result.details.sizes[-1]
    assert largest.judged_on == "wall" and result.details.judged_on == "wall"
    assert result.score < 50 and "wall time" in result.rationale[0]  # 10x slower: 100 - 20 x log2(8)


def test_pairs_alternate_which_side_goes_first():
    candidate, reference = FakeSession(linear(1e-7)), FakeSession(linear(1e-7))
    order: list[str] = []
    for name, session in (("C", candidate), ("R", reference)):
        original = session.time

        def spy(*args, _name=name, _original=original, **kwargs):
            if kwargs.get("mode", "cpu") == "cpu":
                order.append(_name)
            return _original(*args, **kwargs)

        session.time = spy
    evaluate(candidate, reference, problem(sizes=(1000, 2000, 4000)))
    first_size = "".join(order[:8])
    assert first_size == "CRCRRCCR"  # warm-up, then pairs alternating C R / R C


def test_an_exhausted_budget_is_reported_not_scored():
    result = evaluate(FakeSession(linear(1e-7)), FakeSession(linear(1e-7)), budget_s=0.0)
    assert not result.applicable and "budget ran out" in result.reason


def test_deterministic_mode_counts_instructions_exactly():
    candidate = FakeSession(linear(1e-7), count=lambda n: 0.5 * n * n)
    reference = FakeSession(linear(1e-7), count=lambda n: 20.0 * n + 7)
    result = evaluate(candidate, reference, deterministic=True)
    largest = result.details.sizes[-1]
    assert largest.ratio == 0.5 * 8000 * 8000 / (20.0 * 8000 + 7) and largest.ci95[0] == largest.ci95[1]
    assert result.details.clock == "instructions" and result.details.complexity.candidate == "O(n^2)"
    assert all(mode == "count" for _, mode, _, _ in candidate.requests)


def test_deterministic_mode_stops_a_candidate_at_the_instruction_limit():
    candidate = FakeSession(linear(1e-7), count=lambda n: 1e6 * n)
    result = evaluate(candidate, FakeSession(linear(1e-7), count=lambda n: 10.0 * n), deterministic=True)
    failed = result.details.sizes[0]
    assert "executed more than" in failed.failure and failed.exceeded_ratio >= 1000
    assert result.score < 0.2


def test_a_falling_count_ratio_alone_does_not_reveal_hidden_work():
    # The candidate bisects in C (few instructions), the reference in Python (n^1.4 of them), and their
    # times keep pace: the count ratio falls while the time ratio stays flat. Their shared time curve
    # (a large fixed cost, then a quadratic term) fits O(n^2) but grows too slowly to outgrow the counts
    # on its own; only the falling count ratio made the paired gap look like hidden work.
    cost = lambda n: 1e-3 + 1e-10 * n * n  # noqa: E731
    candidate = FakeSession(cost, noise=jitter(21), count=lambda n: 10.0 * n)
    reference = FakeSession(cost, noise=jitter(22), count=lambda n: 0.1 * n**1.4)
    result = evaluate(candidate, reference)
    fit = result.details.complexity.candidate_fit
    assert fit.basis == "instructions" and fit.best == "O(n)"
    assert result.score == 100


def test_counts_stopped_early_by_the_class_fit_limit_are_taken_at_smaller_sizes():
    # 2 n^2 instructions pass the 3-million class-fit limit from n=2000 on: the class would rest on time
    # alone (a noisy O(n^2) curve can fit O(n^3)). Halving n below the smallest size gives three counts.
    quadratic = FakeSession(lambda n: 1e-9 * n * n, noise=jitter(23), count=lambda n: 2.0 * n * n)
    result = evaluate(quadratic, FakeSession(linear(1e-7), noise=jitter(24), count=lambda n: 10.0 * n))
    sizes = result.details.sizes
    assert [s.n for s in sizes] == [250, 500, 1000, 2000, 4000, 8000]
    assert [s.candidate_instructions for s in sizes[:3]] == [2.0 * n * n for n in (250, 500, 1000)]
    assert all(s.candidate_instructions is None for s in sizes[3:])
    assert sizes[0].ratio is None and "counted only, for the class fit" in sizes[0].notes[0]
    fit = result.details.complexity.candidate_fit
    assert fit.basis == "instructions" and fit.best == "O(n^2)" and result.details.complexity.worse
    assert result.details.n == 8000  # still scored at the largest size
    assert "counted only" in "\n".join(render(result))


def test_deterministic_mode_adds_no_count_only_sizes():
    quadratic = FakeSession(linear(1e-7), count=lambda n: 2.0 * n * n)
    result = evaluate(quadratic, FakeSession(linear(1e-7), count=lambda n: 10.0 * n), deterministic=True)
    assert [s.n for s in result.details.sizes] == [1000, 2000, 4000, 8000]
