"""EvalPlus's plus inputs as a second tier of tests: imported, judged apart from the base tests, and
giving the verdicts EvalPlus gave (the labels in ../shared/data/llm-samples)."""

import gzip
import json
import os
import signal
from pathlib import Path

import pytest

from codeeval.base.errors import ProblemError
from codeeval.dimensions.correctness import run_tier
from codeeval.engine.evaluator import EvaluationOptions, limits_for
from codeeval.importers import import_file
from codeeval.judging.case_runner import Deadline
from codeeval.problem import load_problem
from codeeval.problem.loader import problem_from_text
from codeeval.sandbox import Session, default_launcher
from codeeval.sandbox.procfs import run_queue_wait_seconds
from tests.support import SHARED_DATA, run_cli

PLUS = SHARED_DATA / "humanevalplus" / "HumanEvalPlus.jsonl.gz"
MBPP = SHARED_DATA / "mbppplus" / "MbppPlus-v0.1.jsonl.gz"
LABELS = SHARED_DATA / "llm-samples" / "llm-samples.jsonl.gz"
needs_data = pytest.mark.skipif(
    not (PLUS.exists() and MBPP.exists() and LABELS.exists()),
    reason="HumanEval+, MBPP+ or llm-samples not found in ../shared/data",
)
# Both have solutions that pass the base tests and fail the plus inputs (EvalPlus's labels).
TASKS = {"HumanEval/0": PLUS, "Mbpp/104": MBPP, "Mbpp/69": MBPP}  # Mbpp/69: one fails base, passes plus


def labelled(task_id):
    with gzip.open(LABELS, "rt", encoding="utf-8") as handle:
        return [r for r in map(json.loads, handle) if r["task_id"] == task_id]


@needs_data
def test_plus_inputs_are_stored_as_inputs_only(tmp_path):
    """The plus tier keeps EvalPlus's inputs, not the reference's outputs: those are computed at run time."""
    report = import_file("evalplus", PLUS, tmp_path, tasks=["HumanEval/0"])
    path = report.converted[0].path
    problem = load_problem(path)
    with gzip.open(PLUS, "rt", encoding="utf-8") as handle:
        record = next(r for r in map(json.loads, handle) if r["task_id"] == "HumanEval/0")
    assert len(problem.tests) == len(record["base_input"])
    assert problem.extended_tests == []
    stored = problem.extended_inputs.arguments()
    assert stored[0] == record["plus_input"][0]
    assert len(stored) == len({json.dumps(args) for args in record["plus_input"]})  # duplicates stored once
    text = Path(path).read_text(encoding="utf-8")
    assert "extended_inputs: |" in text and "extended_tests" not in text
    assert problem.extended_inputs.first_line == text.splitlines().index("extended_inputs: |") + 2


def test_an_extended_test_without_an_expectation_is_named_by_line():
    text = """\
name: double
summary: Twice a number.
entry_point: double
reference: |
  def double(x):
      return 2 * x
tests:
  - args: [2]
    expected: 4
extended_tests:
  - args: [3]
    expected: 6
  - args: [4]
"""
    with pytest.raises(ProblemError) as raised:
        problem_from_text(text, "double.yaml")
    assert "extended_tests[1].expected: missing" in raised.value.location_message()
    assert ":13:" in raised.value.location_message()


def judge_like_evalplus(tmp_path, task_id, source, records):
    """Import the task, run its labelled solutions with `--tests plus`: each verdict is EvalPlus's label."""
    import_file("evalplus", source, tmp_path / "problems", tasks=[task_id])
    samples = tmp_path / "samples.jsonl"
    samples.write_text("".join(json.dumps({"task_id": task_id, "solution": r["solution"]}) + "\n" for r in records))
    out = tmp_path / "out"
    ran = run_cli(
        "run",
        str(tmp_path / "problems"),
        "--samples",
        str(samples),
        "-o",
        str(out),
        "-q",
        "--tests",
        "plus",
        "--skip",
        "edge_cases",
        "--skip",
        "performance",
        "--skip",
        "code_quality",
    )
    assert ran.returncode == 0, ran.stderr
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(rows) == len(records)
    for row in rows:
        label = records[int(row["origin"].rsplit(":", 1)[1]) - 1]
        verdict = {tier: "pass" if passed else "fail" for tier, passed in row["tiers"].items()}
        assert verdict["base"] == label["base_status"], row
        assert verdict.get("extended", "fail") == label["plus_status"], row
    return samples


@needs_data
def test_a_task_without_plus_inputs_passes_plus_when_it_passes_base(tmp_path):
    """MBPP+ v0.1's Mbpp/793 has no plus inputs: EvalPlus's plus verdict is then the base verdict."""
    records = labelled("Mbpp/793")
    assert {(r["base_status"], r["plus_status"]) for r in records} == {("pass", "pass"), ("fail", "fail")}
    judge_like_evalplus(tmp_path, "Mbpp/793", MBPP, records)


@needs_data
@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_verdicts_per_tier_equal_evalplus_labels(tmp_path, task_id):
    records = labelled(task_id)
    assert {(r["base_status"], r["plus_status"]) for r in records} >= {("pass", "fail"), ("pass", "pass")}
    samples = judge_like_evalplus(tmp_path, task_id, TASKS[task_id], records)
    base_only = run_cli(
        "run",
        str(tmp_path / "problems"),
        "--samples",
        str(samples),
        "-o",
        str(tmp_path / "b"),
        "-q",
        "--skip",
        "edge_cases",
        "--skip",
        "performance",
        "--skip",
        "code_quality",
    )
    assert base_only.returncode == 0, base_only.stderr
    rows = [json.loads(line) for line in (tmp_path / "b" / "results.jsonl").read_text().splitlines()]
    assert all(set(row["tiers"]) == {"base"} for row in rows)


REPEAT = {
    "task_id": "Big/0",
    "entry_point": "repeat",
    "prompt": 'def repeat(n: int) -> str:\n    """x n times."""\n',
    "canonical_solution": "    return 'x' * n\n",
    "base_input": [[1], [2]],
    "atol": 0,
}


def test_huge_plus_outputs_are_judged_at_run_time_not_stored(tmp_path):
    """HumanEval/15's plus outputs came to 152 MB of YAML, more than a problem file may hold (8 MB): now the file
    holds the inputs (a few bytes) and a run judges every one against the reference's output."""
    source = tmp_path / "big.jsonl"
    source.write_text(json.dumps({**REPEAT, "plus_input": [[3], [12_000_000], [4]]}) + "\n", encoding="utf-8")
    report = import_file("evalplus", source, tmp_path / "problems")
    assert not report.failed, report.failed
    [converted] = report.converted
    assert Path(converted.path).stat().st_size < 2000
    samples = tmp_path / "samples.jsonl"
    solutions = [
        "def repeat(n):\n    return 'x' * n\n",
        "def repeat(n):\n    return 'x' * min(n, 10_000_000)\n",
    ]  # wrong on the large input only
    samples.write_text("".join(json.dumps({"task_id": "Big/0", "solution": s}) + "\n" for s in solutions))
    out = tmp_path / "out"
    ran = run_cli(
        "run",
        str(tmp_path / "problems"),
        "--samples",
        str(samples),
        "-o",
        str(out),
        "-q",
        "--tests",
        "plus",
        "--skip",
        "edge_cases",
        "--skip",
        "performance",
        "--skip",
        "code_quality",
    )
    assert ran.returncode == 0, ran.stderr
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    verdicts = {row["origin"].rsplit(":", 1)[1]: row["tiers"] for row in rows}
    assert verdicts == {"1": {"base": True, "extended": True}, "2": {"base": True, "extended": False}}


def test_plus_inputs_beyond_the_files_budget_are_left_out_and_said_so(tmp_path):
    """The inputs themselves are kept within 6 MB of the file (the loader reads 8 MB), the largest left out."""
    huge = "y" * (4 * 2**20)
    source = tmp_path / "big.jsonl.gz"  # gzipped: a plain JSONL file is read up to 8 MB
    record = {
        **REPEAT,
        "entry_point": "size",
        "prompt": "def size(text):\n",
        "canonical_solution": "    return len(text)\n",
        "base_input": [["a"]],
        "plus_input": [["bc"], [huge], [huge + "z"], ["d"]],
    }
    with gzip.open(source, "wt", encoding="utf-8") as handle:
        handle.write(json.dumps(record) + "\n")
    report = import_file("evalplus", source, tmp_path / "out")
    assert not report.failed, report.failed
    [converted] = report.converted
    problem = load_problem(converted.path)  # within the loader's size limit
    assert problem.extended_inputs.arguments() == [["bc"], [huge], ["d"]]
    assert any("1 of 4 plus inputs left out" in w and "6 MB" in w for w in converted.warnings), converted.warnings


BENCHMARK_PROBLEM = """\
name: double
summary: Twice a number.
entry_point: double
reference: |
  def double(x):
      return 2 * x
limits:
  time_per_call_s: 0.5
compare:
  equality: evalplus
tests:
  - args: [2]
    expected: 4
  - args: [3]
    expected: 6
"""


def _tier_verdicts(source: str, stop_first_call: bool, benchmark: bool) -> list[str]:
    """The tier's verdicts for `source`, its worker stopped (SIGSTOP: no CPU, as a loaded machine may give it)
    before the first call when `stop_first_call`."""
    problem = problem_from_text(BENCHMARK_PROBLEM, "double.yaml")
    limits = limits_for(problem, EvaluationOptions())
    with Session(source, "double", "solution.py", limits, launcher=default_launcher()) as candidate:
        assert candidate.load().ok
        if stop_first_call:
            if candidate.child is None or candidate.child.worker_pid is None:
                pytest.skip("this launcher does not expose the worker's pid")
            os.kill(candidate.child.worker_pid, signal.SIGSTOP)
        results = run_tier(problem, problem.tests, candidate, Deadline(120), stop_on_timeout=benchmark)
    return [r.verdict for r in results]


def test_a_benchmark_time_out_counts_only_if_the_call_times_out_alone_too():
    """A benchmark tier's time-out is run once more, by itself in a fresh worker, under the same limit on the time
    it takes alone: a call that got no core passes; one that is slow alone times out again (and the tier stops
    there, as EvalPlus's does). Outside a benchmark run a time-out is not run again. (A call that sleeps past the
    limit times out again too: tests/problem/test_extended_inputs.py.)"""
    right = "def double(x):\n    return x * 2\n"
    assert _tier_verdicts(right, stop_first_call=True, benchmark=False) == ["timeout", "passed"]
    assert _tier_verdicts(right, stop_first_call=True, benchmark=True) == ["passed", "passed"]
    endless = "def double(x):\n    while True:\n        pass\n"
    assert _tier_verdicts(endless, stop_first_call=False, benchmark=True) == ["timeout", "skipped"]


def test_run_queue_wait_is_read_for_a_live_process_only():
    waited = run_queue_wait_seconds(os.getpid())
    assert waited is not None and waited >= 0
    assert run_queue_wait_seconds(None) is None and run_queue_wait_seconds(2**22 + 1) is None  # above pid_max
