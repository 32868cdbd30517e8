"""The unbiased pass@k estimator against its definition, counted by brute force."""

from itertools import combinations
from math import comb

import pytest

from codeeval.report.pass_at_k import mean_pass_at_k, pass_at_k


@pytest.mark.parametrize(("n", "c", "k"), [(5, 0, 1), (5, 2, 1), (5, 2, 3), (6, 3, 4), (7, 1, 7), (4, 4, 2)])
def test_pass_at_k_is_the_share_of_k_subsets_with_a_correct_sample(n, c, k):
    samples = [True] * c + [False] * (n - c)
    subsets = list(combinations(range(n), k))
    expected = sum(any(samples[i] for i in subset) for subset in subsets) / len(subsets)
    assert pass_at_k(n, c, k) == pytest.approx(expected, abs=1e-12)


def test_large_n_stays_exact_where_binomials_are_huge():
    assert pass_at_k(200, 13, 100) == pytest.approx(1 - comb(187, 100) / comb(200, 100), rel=1e-9)
    assert pass_at_k(200, 13, 1) == pytest.approx(13 / 200)


def test_bad_counts_are_refused():
    for n, c, k in [(3, 4, 1), (3, 1, 4), (3, 1, 0)]:
        with pytest.raises(ValueError):
            pass_at_k(n, c, k)


def test_mean_over_tasks_and_only_the_ks_every_task_allows():
    outcomes = [("a", True)] * 3 + [("a", False)] * 9 + [("b", False)] * 12 + [("c", True)] * 10
    result = mean_pass_at_k(outcomes)
    assert set(result) == {1, 10}  # c has 10 samples: no pass@100
    assert result[1] == pytest.approx((3 / 12 + 0 + 1) / 3)
    assert result[10] == pytest.approx((pass_at_k(12, 3, 10) + 0 + 1) / 3)
    assert mean_pass_at_k([]) == {}
