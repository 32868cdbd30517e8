"""Ratio statistics on synthetic pairs: the interval, trimming, instability checks and the score curve."""

import math
import random
import statistics
from itertools import pairwise

import pytest

from codeeval.dimensions.performance.stats import (
    RatioEstimate,
    ratio_estimate,
    score_uncertainty,
    speed_score,
    spread_warnings,
    trim_count,
    trimmed_interval,
    tukey_outliers,
)


def pairs(true_ratio: float, count: int, rng: random.Random, spread=0.05):
    reference = [1e-3 * rng.lognormvariate(0, spread) for _ in range(count)]
    return [r * true_ratio * rng.lognormvariate(0, spread) for r in reference], reference


def test_trimming_drops_a_fifth_from_each_end_and_at_least_one_from_four_values():
    assert [trim_count(n) for n in (1, 3, 4, 9, 10, 20, 30)] == [0, 0, 1, 1, 2, 4, 6]


def test_trimmed_interval_matches_the_tukey_mclaughlin_formula():
    values = [0.1, 0.2, 0.25, 0.3, 0.32, 0.35, 0.4, 0.5, 0.9, 3.0]
    center, low, high = trimmed_interval(values)
    kept = sorted(values)[2:8]
    winsorized = [0.25] * 2 + kept + [0.5] * 2
    se = statistics.stdev(winsorized) / (0.6 * math.sqrt(10))
    t = 2.5705818366147395  # t(0.975, df=5)
    assert center == pytest.approx(statistics.fmean(kept))
    assert (low, high) == pytest.approx((center - t * se, center + t * se))


def test_one_wild_pair_barely_moves_the_interval():
    rng = random.Random(1)
    cand, ref = pairs(2.0, 12, rng)
    calm = ratio_estimate(cand, ref)
    cand[3] *= 50  # a neighbour stalled the candidate once
    wild = ratio_estimate(cand, ref)
    assert wild.ratio == pytest.approx(calm.ratio, rel=0.03)
    assert wild.ci95 == pytest.approx(calm.ci95, rel=0.05) and wild.outliers >= 1


def test_equal_solutions_almost_never_look_slower_than_the_tolerance():
    """A false alarm needs the lower bound above 1.25 when the truth is 1.0: with heavy-tailed noise, never."""
    rng = random.Random(2)
    alarms = 0
    for _ in range(1000):
        ref = [rng.lognormvariate(0, 0.1) for _ in range(10)]
        cand = [r * math.exp(rng.gauss(0, 0.1) if rng.random() > 0.2 else rng.gauss(0, 0.6)) for r in ref]
        alarms += speed_score(ratio_estimate(cand, ref), 1.25) < 100
    assert alarms == 0


def test_interval_coverage_is_close_to_95_percent_on_heavy_tailed_noise():
    rng = random.Random(3)
    covered = 0
    for _ in range(1000):
        ref = [1.0] * 10
        cand = [math.exp(0.3 + 0.05 * rng.gauss(0, 1) / math.sqrt(rng.gammavariate(1.5, 1 / 1.5))) for _ in ref]
        low, high = ratio_estimate(cand, ref).ci95
        covered += low <= math.exp(0.3) <= high
    assert 0.92 <= covered / 1000 <= 0.99


def test_identical_timings_give_a_point_interval():
    estimate = ratio_estimate([2e-3] * 10, [1e-3] * 10)
    assert estimate.ratio == pytest.approx(2.0) and estimate.ci95 == pytest.approx((2.0, 2.0))
    assert not estimate.unstable and estimate.warnings == []


def test_score_is_full_until_the_lower_bound_passes_the_tolerance_then_falls_smoothly():
    def at(low):
        return speed_score(RatioEstimate(low * 1.1, (low, low * 1.2), pairs=10, kept=6), 1.25)

    assert at(1.0) == at(1.25) == 100
    assert at(1.2501) == pytest.approx(100, abs=0.01)  # continuous where points start to be lost
    assert at(2.5) == pytest.approx(80) and at(5.0) == pytest.approx(60)  # 20 points per doubling
    assert at(40.0) == 0 and at(400.0) == 0
    scores = [at(1.25 + k / 10) for k in range(60)]
    assert all(a >= b for a, b in pairwise(scores))


def test_score_uncertainty_tracks_the_interval_width():
    tight = RatioEstimate(2.0, (1.98, 2.02), pairs=20, kept=12, half_width=0.01)
    wide = RatioEstimate(2.0, (1.5, 2.6), pairs=20, kept=12, half_width=0.27)
    assert score_uncertainty(tight, 1.25) < 1 < score_uncertainty(wide, 1.25)
    assert score_uncertainty(RatioEstimate(1.0, (0.9, 1.1), 10, 6, half_width=0.1), 1.25) == 0


def test_pyperf_style_checks_flag_spread_and_extremes():
    assert spread_warnings("candidate", [1.0] * 9 + [1.02]) == []
    warned = spread_warnings("candidate", [1.0] * 9 + [2.5])
    assert any("standard deviation is" in w for w in warned) and any("maximum is" in w for w in warned)
    assert tukey_outliers([0.0, 0.02, -0.02, 0.01, -0.01, 0.03, -0.03, 5.0]) == 1


def test_wide_or_outlying_estimates_are_unstable():
    logs = [-0.5, -0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3, 0.5, 0.6]
    estimate = ratio_estimate([math.exp(v) for v in logs], [1.0] * 10)
    assert estimate.unstable and any("wide" in w for w in estimate.warnings)
    clustered = ratio_estimate([1.0] * 9 + [3.0, 3.0, 3.0], [1.0] * 12)
    assert clustered.outliers == 3 and clustered.unstable  # more than a fifth of the pairs lie far out
    rough = RatioEstimate.rough(3.0, 5.0, "one timing")
    assert rough.ci95 == pytest.approx((0.6, 15.0)) and rough.unstable
