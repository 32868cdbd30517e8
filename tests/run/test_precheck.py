"""The reference pre-check of `codeeval run`: real problems, the real sandbox, the real command."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from codeeval.badge import score_message
from codeeval.engine.evaluation_options import EvaluationOptions
from codeeval.problem import load_problem
from codeeval.results.exclusion import EnvironmentCause
from codeeval.run.precheck import ReferencePrecheck
from tests.support import run_cli

SUITE = """\
import unittest


class TestCases(unittest.TestCase):
    def test_adds(self):
        self.assertEqual(task_func(1, 2), 3)
"""

REFERENCES = {
    "adds": "def task_func(a, b):\n    return a + b\n",
    "needs_lib": "import sklearn_not_installed_here\n\n\ndef task_func(a, b):\n    return a + b\n",
    # `.invalid` never resolves (RFC 2606), with or without a network: the reference always needs what it lacks.
    "needs_net": (
        "import urllib.request\n\n\ndef task_func(a, b):\n"
        "    urllib.request.urlopen('http://codeeval-precheck.invalid/data', timeout=2)\n    return a + b\n"
    ),
}
GOOD = "def task_func(a, b):\n    return a + b\n"
WRONG = "def task_func(a, b):\n    return a - b\n"
SKIP = ("--skip", "code_quality", "--skip", "performance", "--skip", "edge_cases", "--quiet", "--jobs", "2")


def write_problems(folder: Path) -> Path:
    folder.mkdir()
    for name, reference in REFERENCES.items():
        text = f"name: {name}\nsummary: adds\nentry_point: task_func\nreference: |\n{textwrap.indent(reference, '  ')}"
        text += "test_suite: |\n" + textwrap.indent(SUITE, "  ")
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    (folder / "no_reference.yaml").write_text(
        "name: no_reference\nsummary: adds\nentry_point: task_func\ntests:\n  - args: [1, 2]\n    expected: 3\n",
        encoding="utf-8",
    )
    return folder


def write_samples(path: Path) -> Path:
    samples = [("adds", GOOD), ("adds", WRONG), ("needs_lib", WRONG), ("needs_net", GOOD), ("no_reference", GOOD)]
    path.write_text("".join(json.dumps({"task_id": t, "solution": s}) + "\n" for t, s in samples), encoding="utf-8")
    return path


def test_a_task_whose_reference_fails_here_is_excluded_with_its_cause_and_not_counted(tmp_path):
    problems = write_problems(tmp_path / "problems")
    samples = write_samples(tmp_path / "model.jsonl")
    done = run_cli("run", str(problems), "--samples", str(samples), "-o", str(tmp_path / "out"), *SKIP, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "excluded needs_lib: the reference fails here: missing library sklearn_not_installed_here" in done.stderr
    assert "excluded needs_net: the reference fails here: network codeeval-precheck.invalid" in done.stderr

    board = json.loads((tmp_path / "out" / "leaderboard.json").read_text())
    causes = {entry["cause"]: entry for entry in board["excluded"]["causes"]}
    assert causes["missing library"]["first"] == ["needs_lib"]
    assert causes["network"]["details"] == ["codeeval-precheck.invalid"]
    assert board["excluded"]["tasks"] == 2 and board["excluded"]["counted_tasks"] == 2
    (group,) = board["groups"]
    # Over `adds` (one of two passes) and `no_reference` (passes): the excluded tasks count neither way.
    assert group["pass_at_k"]["base"]["1"] == pytest.approx(0.75)
    assert group["mean_score"] == pytest.approx((100 + 0 + 100) / 3, abs=0.01)
    assert group["excluded"] == 2 and group["solutions"] == 5

    markdown = (tmp_path / "out" / "leaderboard.md").read_text()
    assert "2 task(s) excluded" in markdown and "| missing library | 1 | needs_lib |" in markdown
    report = json.loads((tmp_path / "out" / "needs_lib" / "model_1.json").read_text())
    assert list(report)[:3] == ["schema_version", "status", "excluded"]
    assert report["excluded"]["cause"] == "missing library"
    assert report["excluded"]["detail"] == "sklearn_not_installed_here"
    top = (tmp_path / "out" / "needs_lib" / "model_1.md").read_text().splitlines()[2]
    assert top.startswith("> **Excluded: the reference fails here: missing library sklearn_not_installed_here.**")
    # The solution's own failure is still shown in full: the failing assertion and its frames.
    failing = json.loads((tmp_path / "out" / "adds" / "model_2.json").read_text())
    (case,) = failing["dimensions"]["correctness"]["cases"]
    assert case["actual"] == "-1 != 3" and "self.assertEqual(task_func(1, 2), 3)" in case["traceback"]
    assert "excluded" not in failing

    # `codeeval diff` and `codeeval badge` leave them out of the mean too.
    badge = run_cli("badge", str(tmp_path / "out"), "--endpoint", str(tmp_path / "badge.json"))
    assert badge.returncode == 0, badge.stderr
    assert json.loads((tmp_path / "badge.json").read_text())["message"] == score_message((100 + 0 + 100) / 3)
    diff = run_cli("diff", str(tmp_path / "out"), str(tmp_path / "out"))
    assert "Mean score 66.7" in diff.stdout, diff.stdout + diff.stderr


def test_the_second_check_of_the_same_problems_in_the_same_environment_runs_nothing(tmp_path):
    problems = [load_problem(path) for path in sorted(write_problems(tmp_path / "problems").glob("*.yaml"))]
    first = ReferencePrecheck(EvaluationOptions(), jobs=2, folder=tmp_path / "prechecks")
    summary = first.check(problems)
    assert (summary.checked, summary.reused) == (3, 0)  # the problem without a reference costs nothing
    assert {name: e.cause for name, e in summary.exclusions.items()} == {
        "needs_lib": EnvironmentCause.MISSING_LIBRARY,
        "needs_net": EnvironmentCause.NETWORK,
    }
    assert len(list((tmp_path / "prechecks").rglob("*.json"))) == 3

    second = ReferencePrecheck(EvaluationOptions(), jobs=2, folder=tmp_path / "prechecks")
    again = second.check(problems)
    assert (again.checked, again.reused, second.ran) == (0, 3, 0)
    assert again.exclusions == summary.exclusions


def test_no_precheck_runs_no_reference_and_excludes_nothing(tmp_path):
    problems = write_problems(tmp_path / "problems")
    samples = write_samples(tmp_path / "model.jsonl")
    done = run_cli("run", str(problems), "--samples", str(samples), "-o", str(tmp_path / "out"), "--no-precheck", *SKIP)
    assert done.returncode == 0, done.stderr
    assert "pre-check" not in done.stderr
    board = json.loads((tmp_path / "out" / "leaderboard.json").read_text())
    assert "excluded" not in board and board["groups"][0]["excluded"] == 0
    assert board["groups"][0]["pass_at_k"]["base"]["1"] == pytest.approx((0.5 + 0 + 1 + 1) / 4)


def test_validate_tells_an_environment_problem_from_a_broken_file(tmp_path):
    problems = write_problems(tmp_path / "problems")
    done = run_cli("validate", str(problems / "needs_lib.yaml"), str(problems / "adds.yaml"))
    assert done.returncode == 0, done.stderr
    assert "env " in done.stdout and "missing library sklearn_not_installed_here" in done.stdout
    assert "1 cannot be checked in this environment" in done.stderr
