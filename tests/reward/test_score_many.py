"""score_many: one reward per item, in order, every unscored one explained, the same reward every time."""

from __future__ import annotations

import pickle

import pytest

import codeeval
from codeeval.problem.definition import MISSING
from codeeval.reward import RewardItem, RewardScorer, RewardStatus
from tests.support import ANSWER, FORKS, GOOD, HANGS, WRONG, write_problems


@pytest.fixture(scope="module")
def problems(tmp_path_factory):
    return write_problems(tmp_path_factory.mktemp("problems"))


def test_rewards_come_back_in_order_and_every_unscored_one_says_why(problems):
    items = [
        (GOOD, "add"),
        RewardItem(WRONG, "add", id="wrong"),
        {"solution": ANSWER, "problem": "add"},
        ("I do not know.", "add"),
        (GOOD, "no_such_problem"),
        (GOOD, "broken"),
        (GOOD, str(problems / "add.yaml")),
        ("x" * 1_000_001, "add"),
        (GOOD, "add", {"code_quality": 0}),
        (GOOD, "Bench/7"),
    ]
    rewards = codeeval.score_many(items, problems=problems, skip=("performance",))

    assert [r.status for r in rewards] == [
        RewardStatus.SCORED,
        RewardStatus.SCORED,
        RewardStatus.SCORED,
        RewardStatus.NO_CODE,
        RewardStatus.UNKNOWN_PROBLEM,
        RewardStatus.BAD_PROBLEM,
        RewardStatus.SCORED,
        RewardStatus.REJECTED,
        RewardStatus.SCORED,
        RewardStatus.BAD_PROBLEM,
    ]
    good, wrong, answer, prose, unknown, broken, by_path, huge, weighted, broken_by_task_id = rewards
    assert good.dimensions["correctness"] == 100 and 0.9 < good.reward <= 1.0
    assert wrong.id == "wrong" and wrong.dimensions["correctness"] == 0 and wrong.reward < good.reward
    assert answer.dimensions["correctness"] == 100  # the code block was found in the Markdown answer
    assert prose.reward == 0.0 and "no Python code" in prose.reason
    assert unknown.reward == 0.0 and "no problem named 'no_such_problem'" in unknown.reason
    assert broken.reward == 0.0 and "broken.yaml" in broken.reason
    assert "Bench_7.yaml" in broken_by_task_id.reason  # found by its file name, not called unknown
    assert by_path.reward == good.reward
    assert huge.reward == 0.0 and "longer than" in huge.reason
    assert weighted.reward == 1.0  # quality weighs nothing for this item: correctness and edge cases are perfect
    for reward in rewards:
        assert 0.0 <= reward.reward <= 1.0
        assert reward.status is RewardStatus.SCORED or reward.reason


def test_a_solution_that_hangs_or_forks_costs_only_itself(problems):
    rewards = codeeval.score_many(
        [(HANGS, "add"), (FORKS, "add"), (GOOD, "add")], problems=problems, skip=("performance", "edge_cases"), jobs=2
    )
    hangs, forks, good = rewards
    assert hangs.status is RewardStatus.SCORED and hangs.dimensions["correctness"] == 0
    assert "timeout" in str(hangs.result.dimensions["correctness"].details).lower()
    assert forks.status is RewardStatus.SCORED
    assert good.dimensions["correctness"] == 100


def test_deterministic_mode_gives_the_same_rewards_every_time(problems, tmp_path, monkeypatch):
    monkeypatch.setenv("CODEEVAL_CACHE_DIR", str(tmp_path))  # where the generated suite is frozen
    items = [(GOOD, "add"), (WRONG, "add"), ("def add(a, b):\n    return sum([a, b])\n", "add")]
    with RewardScorer(problems, deterministic=True) as scorer:
        first = scorer.score_many(items)
        again = scorer.score_many(items)  # warm: the same contexts and generated suite
    with RewardScorer(problems, deterministic=True) as fresh:
        cold = fresh.score_many(items)  # a new scorer: contexts built again, the frozen suite replayed
    assert all(r.dimensions["performance"] is not None for r in first)
    assert [r.reward for r in first] == [r.reward for r in again] == [r.reward for r in cold]
    assert [r.dimensions for r in first] == [r.dimensions for r in cold]
    assert any(path.suffix == ".json" for path in (tmp_path / "suites").iterdir())


def test_a_scorer_keeps_problem_contexts_warm_between_batches(problems):
    with RewardScorer(problems, skip=("performance",)) as scorer:
        scorer.score_many([(GOOD, "add")])
        context = scorer.contexts.get("add")
        scorer.score_many([(WRONG, "add")])
        assert scorer.contexts.get("add") is context
        assert scorer.contexts.open_count() == 1


def test_missing_survives_pickling_as_itself():
    # A problem sent to another process (a Ray task) must still mark computed expectations as MISSING.
    assert pickle.loads(pickle.dumps(MISSING)) is MISSING


def test_a_parked_problem_keeps_its_suite_and_restarts_its_workers(problems):
    with RewardScorer(problems, skip=("performance",)) as scorer:
        scorer.contexts.keep = 0  # every idle context is parked at once: workers stopped, caches kept
        first = scorer.score_many([(WRONG, "add")])[0]
        assert scorer.contexts.open_count() == 0
        again = scorer.score_many([(WRONG, "add")])[0]
    suite = first.result.to_dict()["dimensions"]["edge_cases"]["generation"]
    assert again.result.to_dict()["dimensions"]["edge_cases"]["generation"] == suite  # not generated again
    assert suite["generated"] > 0 and again.reward == first.reward


def test_the_test_modes_read_correctness_alone_and_binary_stops_at_the_first_failure(problems):
    half = "def add(a, b):\n    return 0 if a == -b else 1\n"  # passes the second test of two only
    items = [RewardItem(half, "add", mode=mode) for mode in ("score", "fraction", "binary")]
    score, fraction, binary = codeeval.score_many(items, problems=problems, skip=("performance",))
    assert score.dimensions["edge_cases"] is not None and score.mode == "score"
    assert fraction.reward == 0.5 and fraction.dimensions["edge_cases"] is None  # not run: the reward ignores it
    assert binary.reward == 0.0 and binary.tests_passed == 0 and "1 wrong_output, 1 skipped" in binary.reason
    correctness = binary.result.dimensions["correctness"]
    assert "stopped at the first failure" in " ".join(correctness.rationale)
