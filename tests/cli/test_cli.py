"""The `codeeval` command as a user runs it: real processes, exit codes, messages."""

import json
import os

import pytest

from codeeval.cli.run import default_jobs
from codeeval.engine.evaluation_options import EvaluationOptions
from tests.support import run_cli

PROBLEM = """
name: double
summary: Twice a number.
entry_point: double
prompt: |
  def double(x: int) -> int:
      \"\"\"Twice x.\"\"\"
reference: |
  def double(x: int) -> int:
      \"\"\"Twice x.\"\"\"
      return 2 * x
limits: {time_per_call_s: 1.0}
tests:
  - args: [2]
    expected: 4
  - args: [-3]
    expected: -6
"""


@pytest.fixture
def problem(write_problem):
    return write_problem(PROBLEM, "double.yaml")


def test_evaluate_prints_a_summary_and_exits_zero(problem, write_solution):
    solution = write_solution("def double(x):\n    return x + x\n")
    done = run_cli("evaluate", str(solution), "--problem", str(problem))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("double: ") and "Correctness   100.0  2/2 tests passed" in done.stdout


def test_evaluate_writes_json_and_markdown(problem, write_solution, tmp_path):
    solution = write_solution("def double(x):\n    return 4\n")
    done = run_cli("evaluate", str(solution), "-p", str(problem), "--format", "json", "-o", str(tmp_path / "r.json"))
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["dimensions"]["correctness"]["passed"] == 1
    done = run_cli("evaluate", str(solution), "-p", str(problem), "--format", "markdown")
    assert "**Score:" in done.stdout and "| dimension | score |" in done.stdout


def test_a_broken_problem_file_exits_2_naming_file_and_line(write_problem, write_solution):
    broken = write_problem(PROBLEM.replace("    expected: -6\n", ""), "broken.yaml")
    done = run_cli("evaluate", str(write_solution("def double(x): return 2*x\n")), "-p", str(broken))
    assert done.returncode == 2
    assert "broken.yaml:15: tests[1].expected: missing" in done.stderr and "Traceback" not in done.stderr


def test_a_binary_solution_exits_2_naming_it(problem, tmp_path):
    blob = tmp_path / "blob.py"
    blob.write_bytes(bytes(range(256)))
    done = run_cli("evaluate", str(blob), "-p", str(problem))
    assert done.returncode == 2 and "blob.py: binary file" in done.stderr


def test_a_missing_solution_exits_2(problem, tmp_path):
    done = run_cli("evaluate", str(tmp_path / "nope.py"), "-p", str(problem))
    assert done.returncode == 2 and "nope.py: file not found" in done.stderr


def test_validate_accepts_a_good_problem_and_locates_a_wrong_expectation(problem, write_problem):
    done = run_cli("validate", str(problem))
    assert done.returncode == 0 and "ok" in done.stdout
    wrong = write_problem(PROBLEM.replace("expected: -6", "expected: -7"), "wrong.yaml")
    done = run_cli("validate", str(wrong))
    assert done.returncode == 2
    assert "wrong.yaml:15: tests[1]: the reference fails this case" in done.stderr
    assert "expected -7, got -6" in done.stderr


def test_run_over_a_folder_writes_reports_and_a_leaderboard(problem, tmp_path):
    solutions = tmp_path / "solutions" / "double"
    solutions.mkdir(parents=True)
    (solutions / "right.py").write_text("def double(x):\n    return 2 * x\n")
    (solutions / "wrong.py").write_text("def double(x):\n    return x\n")
    (tmp_path / "solutions" / "stray").mkdir()
    (tmp_path / "solutions" / "stray" / "x.py").write_text("pass\n")
    out = tmp_path / "out"
    done = run_cli(
        "run", str(problem), "--solutions", str(tmp_path / "solutions"), "-o", str(out), "--skip", "code_quality"
    )
    assert done.returncode == 0, done.stderr
    board = json.loads((out / "leaderboard.json").read_text())
    assert [g["group"] for g in board["groups"]] == ["right", "wrong"]
    assert (out / "double" / "wrong.md").exists() and (out / "double" / "right.json").exists()
    assert "no problem named 'stray'" in done.stderr
    assert "| right.py | **100.0** |" in done.stdout


def test_run_reads_benchmark_samples_with_solution_or_completion(problem, tmp_path):
    samples = tmp_path / "model-a.jsonl"
    samples.write_text(
        "\n".join(
            [
                json.dumps({"task_id": "double", "completion": "    return 2 * x\n"}),
                json.dumps({"task_id": "double", "solution": "def double(x):\n    return 0\n"}),
                json.dumps({"task_id": "unknown/1", "completion": "pass"}),
                "{not json",
            ]
        )
        + "\n"
    )
    out = tmp_path / "out"
    done = run_cli("run", str(problem), "--samples", str(samples), "-o", str(out), "--skip", "code_quality", "-q")
    assert done.returncode == 0, done.stderr
    board = json.loads((out / "leaderboard.json").read_text())
    scores = {r["solution"]: r["score"] for r in board["results"]}
    assert scores["model-a#1"] == 100 and scores["model-a#2"] < 100
    assert "model-a.jsonl:3: unknown task id 'unknown/1'" in done.stderr
    assert "model-a.jsonl:4: not JSON" in done.stderr


def test_no_arguments_prints_help_and_exits_2():
    done = run_cli()
    assert done.returncode == 2 and "evaluate" in done.stdout


def test_weights_override_the_problems_weights(problem, write_solution):
    solution = write_solution("def double(x):\n    return 4\n")  # half the tests pass
    done = run_cli(
        "evaluate",
        str(solution),
        "-p",
        str(problem),
        "--format",
        "json",
        "--weights",
        "correctness=1,edge_cases=0,performance=0,code_quality=0",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["score"] == data["dimensions"]["correctness"]["score"] == 50.0


@pytest.mark.parametrize(
    "weights, message",
    [
        ("speed=3", "NAME one of correctness"),
        ("correctness=lots", "not a number"),
        ("correctness=-1", "cannot be negative"),
        ("correctness=0,edge_cases=0,performance=0,code_quality=0", "at least one weight must be positive"),
    ],
)
def test_bad_weights_exit_2_saying_why(problem, write_solution, weights, message):
    done = run_cli(
        "evaluate", str(write_solution("def double(x): return 2*x\n")), "-p", str(problem), "--weights", weights
    )
    assert done.returncode == 2 and message in done.stderr


def test_run_uses_every_core_unless_solutions_are_timed():
    cores = os.cpu_count() or 2
    assert default_jobs(EvaluationOptions()) == max(1, cores // 2)  # a timing has a core to itself
    assert default_jobs(EvaluationOptions(skip=("performance",))) == cores
    assert default_jobs(EvaluationOptions(deterministic=True)) == cores  # instruction counts ignore the load
