"""The verl adapter, called the way verl's reward managers call a custom reward function.

verl is not installed (it pulls in a GPU stack): the test holds the adapter to
the documented signature instead, and calls it with keyword arguments as verl's
naive reward manager does, and with lists as its batch reward manager does.
"""

from __future__ import annotations

import inspect
import json

import pytest

from codeeval.reward import verl
from tests.support import ADD, ANSWER, WRONG, write_problems


@pytest.fixture
def extra(tmp_path, monkeypatch):
    # Rewards without the performance dimension (as an RL reward on correctness is scored): a timing of a one-line
    # function on a loaded CI machine once cost a correct answer 18 points, which is not the adapter's to test.
    monkeypatch.setenv("CODEEVAL_SKIP", "performance")
    yield {"codeeval_problems": str(write_problems(tmp_path / "problems")), "index": 0}
    verl.close_scorers()  # the adapter keeps a scorer per folder for the process's life: not past this test


def test_the_signatures_are_the_ones_verl_calls():
    assert list(inspect.signature(verl.compute_score).parameters)[:4] == [
        "data_source",
        "solution_str",
        "ground_truth",
        "extra_info",
    ]
    assert list(inspect.signature(verl.compute_score_batch).parameters)[:4] == [
        "data_sources",
        "solution_strs",
        "ground_truths",
        "extra_infos",
    ]


def test_a_markdown_answer_is_scored_from_its_code_block(extra):
    result = verl.compute_score(data_source="codeeval/add", solution_str=ANSWER, ground_truth="add", extra_info=extra)
    assert result["codeeval_status"] == "scored"
    assert 0.9 < result["score"] <= 1.0 and result["codeeval_score"] == pytest.approx(100 * result["score"])
    assert all(isinstance(v, (int, float, str)) for v in result.values())  # verl stacks them into arrays


def test_the_ground_truth_may_be_the_problem_yaml_itself(extra):  # `extra` for its clean-up
    result = verl.compute_score("codeeval", ANSWER, ADD, {})
    assert result["codeeval_status"] == "scored" and result["score"] > 0.9


def test_an_answer_without_code_gets_zero_and_says_so(extra):
    result = verl.compute_score("codeeval", "Sorry, I cannot help with that.", "add", extra)
    assert result == {
        "score": 0.0,
        "codeeval_status": "no_code",
        "codeeval_mode": "",
        "codeeval_score": -1.0,
        "codeeval_tests_passed": -1,
        "codeeval_tests_run": -1,
        "codeeval_reason": result["codeeval_reason"],
    }
    assert "no Python code" in result["codeeval_reason"]


def test_the_batch_form_returns_one_result_per_response_in_order(extra):
    results = verl.compute_score_batch(
        data_sources=["a", "b", "c"],
        solution_strs=[ANSWER, WRONG, ANSWER],
        ground_truths=["add", "add", "nope"],
        extra_infos=[extra, extra, extra],
    )
    assert [r["codeeval_status"] for r in results] == ["scored", "scored", "unknown_problem"]
    assert results[0]["score"] > results[1]["score"] > results[2]["score"] == 0.0


# verl's code data sources: the row's tests are the ground truth, as prime_code and rllm read them.
SUM_PROGRAM = "```python\na, b = map(int, input().split())\nprint(a + b)\n```"
APPS_TRUTH = json.dumps({"inputs": ["1 2\n", "5 5\n", "0 0\n"], "outputs": ["3\n", "10\n", "0\n"]})


def test_a_code_data_source_is_scored_from_the_tests_in_its_ground_truth(extra):
    result = verl.compute_score("apps", SUM_PROGRAM, APPS_TRUTH, {"index": 3})
    assert result["codeeval_status"] == "scored" and result["score"] == 1.0
    assert result["codeeval_mode"] == "fraction" and result["codeeval_tests_run"] == 3
    wrong = verl.compute_score("apps", "print(3)\n", APPS_TRUTH, {})
    assert wrong["score"] == pytest.approx(1 / 3) and "wrong_answer" in wrong["codeeval_reason"]


def test_the_mode_and_the_cap_come_from_extra_info(extra):
    binary = verl.compute_score("apps", "print(3)\n", APPS_TRUTH, {"codeeval_reward_mode": "binary"})
    assert binary["score"] == 0.0 and binary["codeeval_mode"] == "binary" and "skipped" in binary["codeeval_reason"]
    capped = verl.compute_score("apps", SUM_PROGRAM, APPS_TRUTH, {"codeeval_max_tests": 2})
    assert capped["codeeval_tests_run"] == 2 and "the 2 longest of 3 tests" in capped["codeeval_reason"]
    bad = verl.compute_score("apps", SUM_PROGRAM, APPS_TRUTH, {"codeeval_reward_mode": "most"})
    assert bad["codeeval_status"] == "rejected" and "most" in bad["codeeval_reason"]


def test_a_livecodebench_row_with_functional_tests_calls_the_solution_class(extra):
    tests = [{"input": "[1, 2, 3]\n2", "output": "5", "testtype": "functional", "metadata": {"func_name": "addLast"}}]
    answer = (  # `List` from the prelude, as LiveCodeBench's harness gives it
        "```python\nclass Solution:\n    def addLast(self, nums: List[int], k: int) -> int:\n"
        "        return nums[-1] + k\n```"
    )
    [result] = verl.compute_score_batch(["livecodebench"], [answer], [json.dumps(tests)], [{}])
    assert result["codeeval_status"] == "scored" and result["score"] == 1.0
