"""Rewards on a problem judged by a test suite (the bundled problems/chunk_list.yaml): suite tests count as tests
in every mode, and a cap on tests never cuts the suite. Every sample runs in the real sandbox."""

from __future__ import annotations

import pytest

from codeeval.reward import RewardItem, RewardMode, RewardScorer, RewardStatus
from tests.support import REPO

SAMPLES = REPO / "problems" / "samples" / "chunk_list"


@pytest.fixture(scope="module")
def scorer():
    with RewardScorer(REPO / "problems") as scorer:
        yield scorer


def reward_of(scorer, sample: str, mode: RewardMode, **fields):
    source = (SAMPLES / sample).read_text()
    (reward,) = scorer.score_many([RewardItem(source, "chunk_list", mode=mode, **fields)])
    assert reward.status is RewardStatus.SCORED, reward.reason
    return reward


def test_suite_tests_count_in_the_test_modes(scorer):
    good = reward_of(scorer, "good.py", RewardMode.BINARY)
    assert (good.reward, good.tests_passed, good.tests_run, good.tests_total) == (1.0, 9, 9, 9)
    mutating = reward_of(scorer, "mutating.py", RewardMode.FRACTION)
    assert (mutating.tests_passed, mutating.tests_total) == (7, 9)
    assert mutating.reward == pytest.approx(7 / 9, abs=1e-6)
    assert "TestCases.test_the_argument_is_not_modified" in mutating.reason
    assert reward_of(scorer, "mutating.py", RewardMode.BINARY).reward == 0.0


def test_a_cap_cuts_the_tests_and_never_the_suite(scorer):
    capped = reward_of(scorer, "good.py", RewardMode.FRACTION, max_tests=2)
    assert (capped.tests_run, capped.tests_total) == (8, 9)
    assert "capped: the 2 longest of 3 tests (max_tests 2); the suite's 6 tests run whole" in capped.reason
