"""Decisions on real evaluations: recorded from a report, applied on every later run, stale once the code
changes; overrides, disputes and findings that no longer exist."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from tests.support import REPO, run_cli

from codeeval.decisions.apply import apply_decisions
from codeeval.decisions.making import decidable_result
from codeeval.decisions.store import FILE_NAME, DecisionLog, add_decision, read_decisions
from codeeval.engine.evaluation_options import EvaluationOptions
from codeeval.engine.evaluator import evaluate
from codeeval.results.result import EvaluationResult
from codeeval.results.review import TOTAL, DecisionKind

SAMPLE = REPO / "problems" / "samples" / "two_sum" / "fragile.py"  # fails a kind of generated edge case
PROBLEM = REPO / "problems" / "two_sum.yaml"


@pytest.fixture(scope="module")
def fragile() -> EvaluationResult:
    return evaluate(SAMPLE, PROBLEM, options=EvaluationOptions(skip=("performance",)))


def edge_fingerprint(result: EvaluationResult) -> str:
    return next(f.fingerprint for f in decidable_result(result).findings if f.dimension == "edge_cases")


def test_a_dismissal_recorded_from_a_report_holds_on_every_run_until_the_code_changes(tmp_path: Path) -> None:
    (tmp_path / "problems").mkdir()
    problem = tmp_path / "problems" / "two_sum.yaml"
    shutil.copy(PROBLEM, problem)
    solution = tmp_path / "fragile.py"
    shutil.copy(SAMPLE, solution)
    report = tmp_path / "first.json"

    def evaluated() -> dict:
        done = run_cli(
            "evaluate", str(solution), "-p", str(problem), "--skip", "performance", "-f", "json", "-o", str(report)
        )
        assert done.returncode == 0, done.stderr
        return json.loads(report.read_text(encoding="utf-8"))

    first = evaluated()
    finding = first["dimensions"]["edge_cases"]["findings"][0]
    decided = run_cli(
        "decide", "dismiss", str(report), finding["fingerprint"], "--reason", "out of contract", "--reviewer", "ana"
    )
    assert decided.returncode == 0, decided.stderr
    assert (tmp_path / "problems" / FILE_NAME).is_file()  # beside the problem: the nearest place to commit it

    again = evaluated()
    assert again["review"]["automatic_score"] == first["score"]
    [applied] = again["review"]["decisions"]
    assert (applied["kind"], applied["reviewer"], applied["applied"], applied["decided"]) == ("dismiss", "ana", True, 0)
    assert again["dimensions"]["edge_cases"]["score"] > first["dimensions"]["edge_cases"]["score"]
    assert again["score"] > first["score"]
    assert any("dismissed by ana: out of contract" in line for line in again["dimensions"]["edge_cases"]["rationale"])

    solution.write_text(solution.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    changed = evaluated()
    [stale] = changed["review"]["decisions"]
    assert stale["stale"] and not stale["applied"]
    assert changed["score"] == first["score"]  # the finding is back, costing what it cost


def test_an_override_replaces_a_dimension_and_the_total_follows(fragile: EvaluationResult, tmp_path: Path) -> None:
    decidable = decidable_result(fragile)
    add_decision(
        tmp_path / FILE_NAME, decidable.decide(DecisionKind.OVERRIDE, "bob", "spec allows it", "edge_cases", 100)
    )
    reviewed = apply_decisions(fragile, read_decisions(tmp_path / FILE_NAME))
    assert reviewed.dimensions["edge_cases"].score == 100
    assert reviewed.score == pytest.approx(
        sum(d.weight * d.score for d in reviewed.dimensions.values() if d.score is not None)
    )
    assert reviewed.score > fragile.score
    assert fragile.dimensions["edge_cases"].score < 100  # the automatic result is left as it was
    add_decision(tmp_path / FILE_NAME, decidable.decide(DecisionKind.OVERRIDE, "bob", "final call", TOTAL, 42))
    assert apply_decisions(fragile, read_decisions(tmp_path / FILE_NAME)).score == 42


def test_reviewers_who_disagree_leave_the_automatic_value(fragile: EvaluationResult, tmp_path: Path) -> None:
    decidable = decidable_result(fragile)
    fingerprint = edge_fingerprint(fragile)
    add_decision(tmp_path / FILE_NAME, decidable.decide(DecisionKind.DISMISS, "ana", "not a bug", fingerprint))
    add_decision(tmp_path / FILE_NAME, decidable.decide(DecisionKind.CONFIRM, "bob", "a real bug", fingerprint))
    reviewed = apply_decisions(fragile, read_decisions(tmp_path / FILE_NAME))
    assert reviewed.score == fragile.score
    assert reviewed.review is not None
    assert all(not d.applied and "reviewers disagree" in (d.note or "") for d in reviewed.review.decisions)


def test_a_decision_on_a_finding_this_result_lacks_is_shown_not_applied(fragile: EvaluationResult) -> None:
    decision = replace(
        decidable_result(fragile).decide(DecisionKind.DISMISS, "ana", "x", edge_fingerprint(fragile)),
        finding="ffffffffffff",
        line=1,
    )
    reviewed = apply_decisions(fragile, DecisionLog("d.jsonl", (decision,)))
    assert reviewed.score == fragile.score
    assert reviewed.review is not None and "no such finding" in (reviewed.review.decisions[0].note or "")


def test_decisions_on_other_solutions_leave_a_result_alone(fragile: EvaluationResult) -> None:
    decision = replace(
        decidable_result(fragile).decide(DecisionKind.OVERRIDE, "ana", "x", TOTAL, 1),
        solution="other.py",
        solution_sha256="b" * 64,
    )
    assert apply_decisions(fragile, DecisionLog("d.jsonl", (decision,))) is fragile


def test_a_broken_decision_file_stops_a_run_naming_its_line(tmp_path: Path) -> None:
    decisions = tmp_path / FILE_NAME
    decisions.write_text('{"kind": "dismiss"}\n', encoding="utf-8")
    done = run_cli("evaluate", str(SAMPLE), "-p", str(PROBLEM), "--decisions", str(decisions))
    assert done.returncode == 2
    assert f"{decisions}:1: missing" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_run_applies_decisions_to_cached_results_and_its_leaderboard(tmp_path: Path) -> None:
    problems, solutions, out = tmp_path / "problems", tmp_path / "solutions" / "two_sum", tmp_path / "out"
    problems.mkdir()
    solutions.mkdir(parents=True)
    shutil.copy(PROBLEM, problems / "two_sum.yaml")
    shutil.copy(SAMPLE, solutions / "fragile.py")
    arguments = ["run", str(problems), "--solutions", str(tmp_path / "solutions"), "-o", str(out)]
    arguments += ["--skip", "performance", "--cache-dir", str(tmp_path / "cache"), "--quiet"]
    first = run_cli(*arguments)
    assert first.returncode == 0, first.stderr
    report = out / "two_sum" / "fragile.json"
    decided = run_cli("decide", "override", str(report), "total", "12.5", "--reason", "not what was asked")
    assert decided.returncode == 0, decided.stderr

    second = run_cli(*arguments)
    assert second.returncode == 0, second.stderr
    assert "1 reused from the cache" in second.stderr  # the automatic result is reused; the decision is applied on it
    result = json.loads(report.read_text(encoding="utf-8"))
    assert result["score"] == 12.5 and result["review"]["decisions"][0]["decided"] == 12.5
    assert "12.5" in (out / "leaderboard.md").read_text(encoding="utf-8")
