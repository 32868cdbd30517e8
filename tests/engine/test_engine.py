"""End to end through the real engine and sandbox: scores, failures, and bad solutions."""

import json

import pytest

from codeeval.base.errors import SolutionError
from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.report import to_json, to_markdown
from codeeval.sandbox import Session, default_launcher

PROBLEM = """
name: total
summary: Sum of a list of integers.
entry_point: total
reference: |
  def total(xs: list[int]) -> int:
      \"\"\"Sum of xs.\"\"\"
      result = 0
      for x in xs:
          result += x
      return result
limits: {time_per_call_s: 1.0, total_time_s: 60}
tests:
  - args: [[1, 2, 3]]
    expected: 6
  - args: [[5]]
    expected: 5
  - args: [[10, -10]]
    expected: 0
  - args: [[1, "x"]]
    raises: TypeError
edge_cases:
  cases:
    - args: [[]]
    - args: [[7]]
    - args: [[-5, -6]]
      expected: -11
performance:
  sizes: [2000, 20000]
  input: "args(ints(n))"
  iterations: 5
"""

GOOD = '''
def total(xs: list[int]) -> int:
    """Add up the numbers."""
    return sum(xs)
'''


@pytest.fixture
def problem_path(write_problem):
    return write_problem(PROBLEM)


def run(problem_path, write_solution, source, **options):
    return evaluate(write_solution(source), problem_path, options=EvaluationOptions(**options))


def test_a_good_solution_gets_full_marks_where_it_runs(problem_path, write_solution):
    result = run(problem_path, write_solution, GOOD)
    dims = result.dimensions
    assert dims["correctness"].score == 100 and dims["correctness"].summary == "4/4 tests passed"
    assert dims["edge_cases"].score == 100
    assert dims["performance"].applicable and dims["performance"].score == 100
    assert dims["code_quality"].applicable
    assert abs(sum(d.weight for d in dims.values()) - 1) < 1e-9
    assert result.score > 90 and result.errors == []


def test_failing_cases_carry_input_expected_and_actual(problem_path, write_solution):
    result = run(problem_path, write_solution, "def total(xs):\n    return sum(xs[1:])\n", skip=("performance",))
    correctness = result.dimensions["correctness"]
    assert correctness.score == 25  # only the TypeError case passes
    failures = {case.input: case for case in correctness.details.cases}
    assert failures["total([1, 2, 3])"].expected == "6" and failures["total([1, 2, 3])"].actual == "5"
    assert failures["total([5])"].verdict == "wrong_output" and failures["total([5])"].line == 15
    assert len(correctness.rationale) == 3 and "total([5])" in correctness.rationale[1]
    edge = result.dimensions["edge_cases"]
    hand_written = {case.input: case for case in edge.details.cases if case.origin == "edge"}
    assert set(hand_written) == {"total([7])", "total([-5, -6])"}
    assert hand_written["total([7])"].expected == "7"  # no `expected` in the file: the reference supplied it
    assert (edge.details.by_origin["edge"].passed, edge.details.by_origin["edge"].total) == (1, 3)
    assert edge.score < 100


def test_a_solution_that_does_not_parse_still_gets_a_report(problem_path, write_solution):
    result = run(problem_path, write_solution, "def total(xs)\n    return 1\n")
    assert result.dimensions["correctness"].score == 0
    assert result.dimensions["performance"].score == 0
    assert "syntax error (line 1)" in result.errors[0]
    assert result.score <= 15
    report = to_markdown(result)
    assert "## Errors" in report and "syntax error (line 1)" in report


@pytest.mark.parametrize(
    "source, message",
    [
        ("", "entry point missing"),
        ("def other():\n    pass\n", "entry point missing"),
        ("total = 5\n", "not callable"),
        ("import sys\nsys.exit(0)\n", "raised SystemExit while loading"),
        ("raise ImportError('nope')\n", "raised ImportError while loading"),
    ],
)
def test_solutions_that_do_not_load_score_zero_with_the_reason(problem_path, write_solution, source, message):
    result = run(problem_path, write_solution, source, skip=("code_quality",))
    assert result.score == 0
    assert message in result.errors[0]


def test_an_infinite_loop_times_out_and_the_other_cases_still_run(problem_path, write_solution):
    source = "def total(xs):\n    while len(xs) == 1:\n        pass\n    return sum(xs)\n"
    result = run(problem_path, write_solution, source, skip=("performance", "code_quality"))
    correctness = result.dimensions["correctness"]
    assert correctness.details.passed == 3
    assert [c.verdict for c in correctness.details.cases] == ["timeout"]


def test_a_solution_that_prints_a_lot_is_scored_and_its_output_truncated(problem_path, write_solution):
    source = "def total(xs):\n    for _ in range(200000):\n        print('spam' * 50)\n    return sum(xs)\n"
    # Correctness only: the cap is per worker, and a generated edge case that times out on a loaded machine
    # starts a second worker with a cap of its own.
    result = run(problem_path, write_solution, source, skip=("performance", "code_quality", "edge_cases"))
    assert result.dimensions["correctness"].score == 100
    assert len(result.output) < 70_000 and "more bytes of output dropped" in result.output


def test_a_memory_hog_fails_its_cases_without_harming_the_evaluator(problem_path, write_solution):
    source = "def total(xs):\n    hog = bytearray(4 * 1024 ** 3)\n    return sum(xs)\n"
    result = run(problem_path, write_solution, source, skip=("performance", "code_quality"))
    correctness = result.dimensions["correctness"]
    assert correctness.score == 0  # the allocation fails before anything else, even the TypeError case
    assert all("raised MemoryError" in case.actual for case in correctness.details.cases)


def test_not_applicable_dimensions_renormalise_the_weights(write_problem, write_solution):
    path = write_problem(PROBLEM.split("performance:")[0])
    result = evaluate(write_solution(GOOD), path)
    perf = result.dimensions["performance"]
    assert not perf.applicable and perf.weight == 0 and "no performance inputs" in perf.reason
    assert result.dimensions["correctness"].weight == pytest.approx(40 / 80)
    assert "weights renormalised" in to_markdown(result)


def test_weights_can_be_overridden(problem_path, write_solution):
    result = run(
        problem_path,
        write_solution,
        "def total(xs):\n    return 6\n",
        weights={"correctness": 1, "edge_cases": 0, "performance": 0, "code_quality": 0},
    )
    assert result.score == pytest.approx(result.dimensions["correctness"].score)


def test_json_report_follows_the_result_format(problem_path, write_solution):
    data = json.loads(to_json(run(problem_path, write_solution, GOOD)))
    assert data["schema_version"] == 1 and data["problem"] == "total"
    assert set(data["dimensions"]) == {"correctness", "edge_cases", "performance", "code_quality"}
    perf = data["dimensions"]["performance"]
    assert perf["applicable"] and len(perf["ci95"]) == 2 and perf["ratio"] > 0
    assert {"level", "layers", "missing"} <= set(data["isolation"])


def test_evaluating_twice_gives_scores_within_one_point(problem_path, write_solution):
    slowish = "def total(xs):\n    out = 0\n    for i in range(len(xs)):\n        out = out + xs[i]\n    return out\n"
    first = run(problem_path, write_solution, slowish)
    second = run(problem_path, write_solution, slowish)
    assert abs(first.score - second.score) <= 1


def test_binary_solution_file_is_refused_with_its_name(problem_path, tmp_path):
    path = tmp_path / "blob.py"
    path.write_bytes(b"\x7fELF\x00\x00")
    with pytest.raises(SolutionError, match="binary file"):
        evaluate(path, problem_path)


def test_one_worker_runs_all_of_a_solutions_calls():
    with Session("import os\ndef pid():\n    return os.getpid()\n", "pid", launcher=default_launcher()) as session:
        pids = {session.call([]).value for _ in range(5)}
    assert len(pids) == 1
