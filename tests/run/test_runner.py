"""Benchmark runs that never die: one bad solution costs only itself, nothing finished is lost,
and open workers do not grow with the number of problems."""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from codeeval.cli import main
from codeeval.engine.evaluator import EvaluationOptions
from codeeval.report.results_log import ResultsLog, read_results_log
from codeeval.report.standings import ResultRow
from codeeval.results.result import EvaluationResult, EvaluationStatus
from codeeval.run import runner
from tests.support import REPO, run_cli

PROBLEM = """\
format: 1
name: {name}
summary: Add {k}.
entry_point: add
reference: |
  def add(x: int) -> int:
      \"\"\"x plus {k}.\"\"\"
      return x + {k}
limits: {{time_per_call_s: 3.0}}
tests:
  - args: [1]
    expected: {k1}
  - args: [5]
    expected: {k5}
"""


def write_problems(folder: Path, count: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(count):
        (folder / f"add{k}.yaml").write_text(PROBLEM.format(name=f"add{k}", k=k, k1=1 + k, k5=5 + k))
    return folder


def write_solutions(folder: Path, count: int, body: str = "return x + {k}") -> Path:
    for k in range(count):
        (folder / f"add{k}").mkdir(parents=True, exist_ok=True)
        (folder / f"add{k}" / "a.py").write_text(f"def add(x):\n    {body.format(k=k)}\n")
    return folder


def test_an_internal_error_costs_only_its_own_solution(tmp_path, monkeypatch, capsys):
    problems = write_problems(tmp_path / "problems", 3)
    solutions = write_solutions(tmp_path / "solutions", 3)
    real = runner.evaluate_source

    def faulty(source, label, context):  # a bug of ours that strikes one solution only
        if context.problem.name == "add1":
            raise OverflowError("int too large to convert to float")
        return real(source, label, context)

    monkeypatch.setattr(runner, "evaluate_source", faulty)
    code = main(
        [
            "run",
            str(problems),
            "--solutions",
            str(solutions),
            "-o",
            str(tmp_path / "out"),
            "-q",
            "--skip",
            "code_quality",
        ]
    )

    assert code == 1
    assert "1 solution(s) hit an internal error" in capsys.readouterr().err
    rows, warnings = read_results_log(tmp_path / "out" / "results.jsonl")
    assert warnings == [] and len(rows) == 3
    by_problem = {row.problem: row for row in rows}
    assert by_problem["add1"].status is EvaluationStatus.INTERNAL_ERROR
    assert by_problem["add0"].status is EvaluationStatus.OK and by_problem["add0"].score > 90
    report = json.loads((tmp_path / "out" / "add1" / "a.json").read_text())
    assert report["status"] == "internal_error"
    assert report["internal_error"]["type"] == "OverflowError"
    assert "in faulty" in report["internal_error"]["traceback"]
    board = json.loads((tmp_path / "out" / "leaderboard.json").read_text())
    assert board["internal_errors"] == 1
    [group] = board["groups"]
    assert {key: group[key] for key in ("group", "mean_score", "solutions", "internal_errors")} == {
        "group": "a",
        "mean_score": by_problem["add0"].score,
        "solutions": 3,
        "internal_errors": 1,
    }  # the failure is counted, not averaged in as 0
    markdown = (tmp_path / "out" / "add1" / "a.md").read_text()
    assert "**No score**" in markdown and "OverflowError" in markdown


def open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_open_workers_do_not_grow_with_the_number_of_problems(tmp_path):
    count = 24
    problems, errors = runner.load_problems(write_problems(tmp_path / "problems", count))
    assert errors == []
    submissions = runner.collect_folder(problems, write_solutions(tmp_path / "solutions", count)).submissions
    before = open_descriptors()
    seen: list[int] = []
    for finished in runner.run_stream(problems, submissions, EvaluationOptions(skip=("code_quality",)), jobs=2):
        # Performance runs too (it opens workers of its own) but its timings on a loaded machine are noise here.
        dimensions = finished.result.dimensions
        assert dimensions["correctness"].score == dimensions["edge_cases"].score == 100.0, finished.result.errors
        seen.append(open_descriptors())
    assert len(seen) == count
    # Each problem's reference workers hold descriptors while it is in flight; they are closed when its
    # last solution finishes, so the count does not climb from problem to problem. Medians, since workers
    # started ahead (the warm pool) come and go: on a loaded machine single readings swing by a dozen,
    # while a problem's workers left open would add about 48 between the first eight and the last eight.
    assert statistics.median(seen[-8:]) - statistics.median(seen[:8]) <= 12, seen
    assert open_descriptors() <= before + 2, (before, open_descriptors())


def test_results_are_in_submission_order_from_run_all(tmp_path):
    problems, _ = runner.load_problems(write_problems(tmp_path / "problems", 4))
    submissions = runner.collect_folder(problems, write_solutions(tmp_path / "solutions", 4)).submissions
    submissions.reverse()
    pairs = runner.run_all(problems, submissions, EvaluationOptions(skip=("code_quality", "edge_cases")), jobs=2)
    assert [s.problem for s, _ in pairs] == [s.problem for s in submissions]
    assert [r.problem for _, r in pairs] == [s.problem for s in submissions]


def test_a_run_killed_halfway_keeps_every_result_it_finished(tmp_path):
    count = 8
    problems = write_problems(tmp_path / "problems", count)
    # About half a second a solution, so the run is still going when it is killed.
    solutions = write_solutions(tmp_path / "solutions", count, body="import time; time.sleep(0.25); return x + {k}")
    out = tmp_path / "out"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "codeeval",
            "run",
            str(problems),
            "--solutions",
            str(solutions),
            "-o",
            str(out),
            "-q",
            "-j",
            "1",
            "--skip",
            "code_quality",
            "--skip",
            "edge_cases",
        ],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    log = out / "results.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if log.exists() and log.read_text().count("\n") >= 3:
            break
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    process.stderr.close()

    rows, warnings = read_results_log(log)
    assert 3 <= len(rows) < count, "the run should have been killed halfway"
    assert all(w.endswith("line ignored") and "cut short" in w for w in warnings)
    for row in rows:  # a row is logged only after its reports are complete
        report = json.loads((out / row.report).read_text())
        assert report["status"] == "ok" and report["score"] == row.score
        assert (out / row.report).with_suffix(".md").read_text().startswith("# codeeval: ")
    done = run_cli("leaderboard", str(out), "-q")
    assert done.returncode == 0, done.stderr
    board = json.loads((out / "leaderboard.json").read_text())
    assert len(board["results"]) == len(rows) and board["groups"][0]["solutions"] == len(rows)


def test_a_log_cut_short_keeps_its_complete_lines(tmp_path):
    path = tmp_path / "results.jsonl"
    result = EvaluationResult(problem="p", solution="a.py", score=80.0, dimensions={}, isolation=None)
    with ResultsLog(path) as log:
        log.append(ResultRow.of("p", "a.py", "a", "a.py", result))
        log.append(ResultRow.of("p", "b.py", "b", "b.py", result))
    text = path.read_text()
    path.write_text(text[: len(text) - 25])  # killed while writing the second line
    rows, warnings = read_results_log(path)
    assert [r.solution for r in rows] == ["a.py"]
    assert len(warnings) == 1 and warnings[0].startswith(f"{path}:2: ") and "cut short" in warnings[0]


def test_leaderboard_of_a_folder_without_a_log_is_a_clear_error(tmp_path):
    done = run_cli("leaderboard", str(tmp_path))
    assert done.returncode == 2
    assert f"{tmp_path}: no results.jsonl here" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("value", [10**400, -(10**400)])
def test_a_huge_int_where_a_float_is_expected_fails_its_test_instead_of_ending_the_run(tmp_path, value):
    problems = tmp_path / "problems"
    problems.mkdir()
    (problems / "half.yaml").write_text(
        PROBLEM.format(name="half", k=0, k1=1, k5=5)
        .replace("limits:", "compare: {float_tolerance: 1.0e-6}\nlimits:")
        .replace("expected: 1\n", "expected: 1.5\n")
        .replace("return x + 0", "return x + 0.5")
        .replace("expected: 5\n", "expected: 5.5\n")
    )
    solutions = tmp_path / "solutions" / "half"
    solutions.mkdir(parents=True)
    (solutions / "huge.py").write_text(f"def add(x):\n    return {value}\n")
    (solutions / "good.py").write_text("def add(x):\n    return x + 0.5\n")
    done = run_cli(
        "run",
        str(problems),
        "--solutions",
        str(tmp_path / "solutions"),
        "-o",
        str(tmp_path / "out"),
        "-q",
        "--skip",
        "code_quality",
    )
    assert done.returncode == 0, done.stderr
    rows = {r.solution: r for r in read_results_log(tmp_path / "out" / "results.jsonl")[0]}
    assert rows["huge.py"].status is EvaluationStatus.OK and rows["huge.py"].dimensions["correctness"] == 0
    assert rows["good.py"].dimensions["correctness"] == 100
