"""Rewards on program data: stdin/stdout and class-method problems, verl's data sources, the three modes,
the cap on tests. Every sample runs in the real sandbox."""

from __future__ import annotations

import json

import pytest

from codeeval.problem.io_problems import CallTest, StdinTest, call_problem, stdin_problem
from codeeval.reward import GroundTruth, RewardItem, RewardMode, RewardScorer, RewardStatus
from codeeval.reward.test_cap import longest_tests
from tests.support import SUM_PAIRS

GOOD_SCRIPT = "for _ in range(int(input())):\n    a, b = map(int, input().split())\n    print(a + b)\n"
# Clean, documented and wrong: prints -1 for each pair, so it passes no test.
CLEAN_WRONG_SCRIPT = '''"""Sums of pairs."""


def main() -> None:
    """Print one answer per pair."""
    for _ in range(int(input())):
        input()
        print(-1)


main()
'''
SLEEPS = "import time\ntime.sleep(60)\n"
SUM_ONE = "a, b = map(int, input().split())\nprint(a + b)\n"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("programs")
    (path / "sum_pairs.yaml").write_text(SUM_PAIRS)
    return path


@pytest.fixture(scope="module")
def scorer(folder):
    with RewardScorer(folder, jobs=2, time_per_call_s=1.0) as scorer:
        yield scorer


def test_program_and_class_method_problems_by_name_path_and_in_memory(scorer, folder):
    in_memory = stdin_problem("one_sum", [StdinTest("1 2\n", "3\n"), StdinTest("5 5\n", "10\n")])
    method = call_problem(
        "total", "Solution.total", [CallTest(([1, 2, 3],), 6), CallTest(([],), 0)], prelude="from typing import *\n"
    )
    rewards = scorer.score_many(
        [
            (GOOD_SCRIPT, "sum_pairs"),
            (f"```python\n{GOOD_SCRIPT}```", str(folder / "sum_pairs.yaml")),
            (SUM_ONE, in_memory),
            ("class Solution:\n    def total(self, xs: List[int]) -> int:\n        return sum(xs)\n", method),
            ("def total(xs):\n    return sum(xs)\n", method),  # no class Solution: the method is missing
        ]
    )
    by_name, by_path, memory, good_method, no_class = rewards
    assert [r.status for r in rewards] == [RewardStatus.SCORED] * 5
    assert by_name.dimensions["correctness"] == by_path.dimensions["correctness"] == 100
    assert by_name.mode is RewardMode.SCORE and by_name.reward > 0.9  # a problem file's default: the score
    assert memory.dimensions["correctness"] == 100 and good_method.dimensions["correctness"] == 100
    assert no_class.dimensions["correctness"] == 0 and "Solution" in no_class.reason


def test_a_clean_wrong_program_gets_nothing_from_quality_in_the_test_modes(scorer):
    items = [RewardItem(CLEAN_WRONG_SCRIPT, "sum_pairs", mode=mode) for mode in RewardMode]
    score, fraction, binary = scorer.score_many(items)
    assert score.dimensions["correctness"] == 0 and score.reward > 0.1  # quality's weight, renormalised
    assert fraction.reward == 0.0 and fraction.dimensions["code_quality"] is None  # not even run
    assert (fraction.tests_passed, fraction.tests_run, fraction.tests_total) == (0, 3, 3)
    assert "(3 wrong_answer); first failure #1: wrong_answer" in fraction.reason
    assert binary.reward == 0.0 and binary.tests_passed == 0
    assert "1 wrong_answer, 2 skipped" in binary.reason  # stopped at the first failing test


def test_binary_is_one_only_when_every_test_passes(scorer):
    good, wrong = scorer.score_many(
        [RewardItem(GOOD_SCRIPT, "sum_pairs", mode="binary"), RewardItem(SUM_ONE, "sum_pairs", mode="binary")]
    )
    assert good.reward == 1.0 and good.reason == ""
    assert wrong.reward == 0.0 and wrong.status is RewardStatus.SCORED


def test_a_time_out_is_reported_as_one(scorer):
    [slow] = scorer.score_many([RewardItem(SLEEPS, "sum_pairs", mode="fraction")])
    assert slow.status is RewardStatus.SCORED and slow.reward == 0.0
    assert "3 timeout" in slow.reason and "no result within 1 s" in slow.reason


# verl's code data sources: no problem file, the tests in the row.
APPS_STDIN = {"inputs": ["1 2\n", "5 5\n", "0 0\n"], "outputs": ["3\n", "10\n", "0\n"]}
APPS_LINES = {"inputs": [["1 2"], ["40 2"]], "outputs": [["3"], ["42"]]}  # APPS' lists of lines
TACO_CALLS = {"inputs": [[[1, 2, 3]], [[4]]], "outputs": [[6], [4]], "fn_name": "total"}
LCB_STDIN = [
    {"input": "1 2\n", "output": "3\n", "testtype": "stdin"},
    {"input": "2 2", "output": "4", "testtype": "stdin"},
]


@pytest.mark.parametrize(
    ("source", "truth", "answer"),
    [
        ("apps", json.dumps(APPS_STDIN), SUM_ONE),
        ("apps", APPS_LINES, f"Here:\n```python\n{SUM_ONE}```\n"),
        ("codecontests", APPS_STDIN, SUM_ONE),
        ("codeforces", json.dumps(APPS_STDIN), SUM_ONE),
        ("taco", json.dumps(TACO_CALLS), "def total(xs):\n    return sum(xs)\n"),
        ("taco", TACO_CALLS, "class Solution:\n    def total(self, xs: List[int]) -> int:\n        return sum(xs)\n"),
        ("livecodebench", json.dumps(LCB_STDIN), SUM_ONE),
        ("livecodebench", LCB_STDIN, f"<think>```python\nprint(0)\n```</think>\n```python\n{SUM_ONE}```"),
    ],
)
def test_each_ground_truth_layout_is_scored_with_no_problem_file(scorer, source, truth, answer):
    [reward] = scorer.score_many([RewardItem(answer, GroundTruth(source, truth))])
    assert reward.status is RewardStatus.SCORED, reward.reason
    assert reward.reward == 1.0 and reward.mode is RewardMode.FRACTION  # a data source's default
    assert reward.problem is not None and reward.problem.startswith(f"{source}/")


def test_one_ground_truth_is_one_problem_whatever_its_form(scorer):
    first = scorer.ground_truths.problem(GroundTruth("apps", json.dumps(APPS_STDIN)), SUM_ONE, None)
    again = scorer.ground_truths.problem(GroundTruth("apps", json.dumps(APPS_STDIN)), SUM_ONE, None)
    assert first is again  # parsed once, kept by the hash of its text


def test_a_ground_truth_that_cannot_be_read_says_why(scorer):
    rewards = scorer.score_many(
        [
            RewardItem(SUM_ONE, GroundTruth("apps", "{not json")),
            RewardItem(SUM_ONE, GroundTruth("apps", {"inputs": ["1"], "outputs": []})),
            RewardItem(SUM_ONE, GroundTruth("taco", {"inputs": [], "outputs": []})),
            {"solution": SUM_ONE, "data_source": "apps"},
        ]
    )
    assert [r.status for r in rewards] == [RewardStatus.BAD_PROBLEM] * 3 + [RewardStatus.REJECTED]
    assert "not JSON" in rewards[0].reason
    assert "1 inputs but 0 outputs" in rewards[1].reason
    assert "no tests" in rewards[2].reason
    assert "ground_truth" in rewards[3].reason


def test_the_cap_keeps_the_longest_inputs_and_says_so(scorer):
    tests = {
        "inputs": ["1 2\n", "100000 200000\n", "5 5\n", "1000 2000\n"],
        "outputs": ["3\n", "300000\n", "1\n", "3000\n"],
    }
    [capped, whole] = scorer.score_many(
        [RewardItem(SUM_ONE, GroundTruth("apps", tests), max_tests=2), RewardItem(SUM_ONE, GroundTruth("apps", tests))]
    )
    assert capped.reward == 1.0 and (capped.tests_run, capped.tests_total) == (2, 4)  # "5 5" -> 1 is not run
    assert "capped: the 2 longest of 4 tests" in capped.reason
    assert whole.reward == 0.75 and whole.tests_run == 4


def test_longest_tests_keeps_the_problem_order_and_breaks_ties_by_it():
    problem = stdin_problem("p", [StdinTest(text, "") for text in ("aa", "b", "cccc", "dd", "e")])
    assert [case.args[0] for case in longest_tests(problem, 3).tests] == ["aa", "cccc", "dd"]
    calls = call_problem("f", "f", [CallTest(([1] * n,), 0) for n in (3, 9, 1)] + [CallTest((10**5000,), 0)])
    assert [case.args[0] for case in longest_tests(calls, 2).tests] == [[1] * 9, 10**5000]  # sized without str()
    assert longest_tests(problem, 5) is problem
