"""People's decisions in every report: the Markdown report's Review section and marked findings, the JSON,
the results log and leaderboard of a real run folder, `codeeval diff` and the Action's summary.

Two bundled samples are evaluated once by the real engine (performance skipped, to stay fast); decisions are
made as the editor and `codeeval decide` make them (`decidable_result(...).decide(...)`), written to a real
decision file and applied with `apply_decisions`."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from codeeval.base.calibration import Calibration, DecisionCounts
from codeeval.ci.summary import SummaryParts
from codeeval.ci.summary import render as render_summary
from codeeval.decisions.apply import apply_decisions
from codeeval.decisions.making import decidable_result
from codeeval.decisions.store import FILE_NAME, add_decision, read_decisions
from codeeval.diff import compare, load_snapshot
from codeeval.diff.markdown import to_markdown as diff_markdown
from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.problem import load_problem
from codeeval.report.json_report import to_json
from codeeval.report.markdown_report import to_markdown
from codeeval.report.results_log import read_results_log
from codeeval.report.run_folder import RunFolder
from codeeval.results.review import DecisionKind, solution_hash
from tests.support import REPO

SAMPLES = REPO / "problems" / "samples" / "two_sum"
NOT_TIMED = EvaluationOptions(skip=("performance",))


@dataclasses.dataclass(frozen=True)
class Reviewed:
    """The automatic results, the decision file, and the results with the decisions applied."""

    messy: object
    fragile: object
    decisions: Path
    messy_reviewed: object
    fragile_reviewed: object
    fingerprints: dict[str, str]


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory) -> Reviewed:
    problem = load_problem(REPO / "problems" / "two_sum.yaml")
    messy = evaluate(SAMPLES / "messy.py", problem, options=NOT_TIMED)  # quality findings, no edge finding
    fragile = evaluate(SAMPLES / "fragile.py", problem, options=NOT_TIMED)  # an edge finding, clean code
    path = tmp_path_factory.mktemp("decisions") / FILE_NAME
    quality = decidable_result(messy)
    docstring = next(f.fingerprint for f in quality.findings if "module has no docstring" in f.title)
    function_doc = next(f.fingerprint for f in quality.findings if "`two_sum` has no docstring" in f.title)
    hints = next(f.fingerprint for f in quality.findings if f.rule == "CQ102")
    add_decision(path, quality.decide(DecisionKind.DISMISS, "ana", "a one-function module needs none", docstring))
    add_decision(path, quality.decide(DecisionKind.CONFIRM, "bob", "the contract is not obvious", function_doc))
    add_decision(path, quality.decide(DecisionKind.DISMISS, "ana", "the prompt has none", hints))
    add_decision(path, quality.decide(DecisionKind.CONFIRM, "carl", "hints are the contract", hints))
    stale = quality.decide(DecisionKind.OVERRIDE, "bob", "the old version was clearer", "code_quality", 30)
    add_decision(path, dataclasses.replace(stale, solution_sha256=solution_hash("def two_sum(): pass\n")))
    edge = decidable_result(fragile)
    wrong_order = edge.findings[0].fingerprint
    add_decision(path, edge.decide(DecisionKind.DISMISS, "ana", "the prompt allows either order", wrong_order))
    add_decision(path, edge.decide(DecisionKind.OVERRIDE, "bob", "good enough for the course", "total", 95))
    log = read_decisions(path)
    fingerprints = {"docstring": docstring, "function_doc": function_doc, "hints": hints, "edge": wrong_order}
    return Reviewed(messy, fragile, path, apply_decisions(messy, log), apply_decisions(fragile, log), fingerprints)


def test_the_review_section_comes_first_with_both_scores_and_every_decision(reviewed):
    result = reviewed.messy_reviewed
    text = to_markdown(result, json_report="out/two_sum/messy.json")
    assert result.score > reviewed.messy.score  # the dismissed docstring finding gave its points back
    assert text.index("## Review") < text.index("## Where points were lost") < text.index("## Code quality")
    review = text[text.index("## Review") : text.index("## Where points were lost")]
    assert f"**Reviewed score {result.score:.1f} / 100** (automatic {reviewed.messy.score:.1f})" in review
    assert f"(reviewed; automatic {reviewed.messy.score:.1f})" in text.splitlines()[2]
    docstring = reviewed.fingerprints["docstring"]
    assert f"dismissed finding {docstring} (CQ101) in code quality" in review
    assert "| ana | a one-function module needs none |" in review
    assert f"`{FILE_NAME}:1`" in review and "| applied |" in review
    assert "confirmed finding" in review and "the contract is not obvious" in review
    assert "override of Code quality" in review
    assert "stale: made on another version of this solution, not applied" in review
    assert "not applied: reviewers disagree" in review  # ana and carl on the type hints


def test_findings_show_their_fingerprint_and_who_decided(reviewed):
    text = to_markdown(reviewed.messy_reviewed)
    quality = text[text.index("## Code quality") :]
    fingerprints = reviewed.fingerprints
    docstring_row = next(line for line in quality.splitlines() if fingerprints["docstring"] in line)
    assert "0 (was -1.4: dismissed)" in docstring_row
    assert "[dismissed by ana: a one-function module needs none]" in docstring_row
    confirmed_row = next(line for line in quality.splitlines() if fingerprints["function_doc"] in line)
    assert "[confirmed by bob: the contract is not obvious]" in confirmed_row and "| -9.0 |" in confirmed_row
    disputed_row = next(line for line in quality.splitlines() if fingerprints["hints"] in line)
    assert "not applied: see the Review section" in disputed_row
    assert all(f"`{f.fingerprint}`" in quality for f in decidable_result(reviewed.messy).findings)


def test_an_edge_case_finding_is_marked_and_the_total_override_shown(reviewed):
    result = reviewed.fragile_reviewed
    assert result.score == 95.0
    text = to_markdown(result)
    edge = text[text.index("### Findings") : text.index("### Minimal counterexamples")]
    row = next(line for line in edge.splitlines() if reviewed.fingerprints["edge"] in line)
    assert "[dismissed by ana: the prompt allows either order]" in row and "(was -25.0: dismissed)" in row
    assert "| override of the total |" in text and "| bob | good enough for the course |" in text


def test_the_report_ends_with_how_to_decide(reviewed):
    text = to_markdown(reviewed.messy, json_report="out/two_sum/messy.json")  # no decision yet: no Review
    assert "## Review\n" not in text
    tail = text[text.index("## Reviewing this result") :]
    first = decidable_result(reviewed.messy).findings[0].fingerprint
    assert f'codeeval decide dismiss out/two_sum/messy.json {first} --reason "' in tail
    assert "codeeval decide confirm out/two_sum/messy.json" in tail
    assert "codeeval decide override out/two_sum/messy.json correctness 90 --reason" in tail
    assert "quick action" in tail


def test_a_calibrated_finding_shows_how_decisions_moved_it():
    problem = load_problem(REPO / "problems" / "two_sum.yaml")
    calibration = Calibration({"CQ103": DecisionCounts(confirmed=0, dismissed=20)})
    result = evaluate(
        SAMPLES / "messy.py", problem, options=EvaluationOptions(skip=NOT_TIMED.skip, calibration=calibration)
    )
    text = to_markdown(result)
    row = next(line for line in text.splitlines() if line.startswith("| CQ103 |"))
    assert "(accuracy 0.55 -> 0.09 after 0 confirmed, 20 dismissed)" in row and "⚠" in row
    assert "moved by people's decisions" in text


def test_the_json_report_carries_the_review_and_the_fingerprints(reviewed):
    data = json.loads(to_json(reviewed.messy_reviewed))
    assert data["solution_sha256"] == solution_hash((SAMPLES / "messy.py").read_text(encoding="utf-8"))
    assert data["review"]["automatic_score"] == round(reviewed.messy.score, 2)
    kinds = [(d["kind"], d["applied"], d["stale"]) for d in data["review"]["decisions"]]
    assert ("dismiss", True, False) in kinds and ("override", False, True) in kinds
    findings = data["dimensions"]["code_quality"]["findings"]
    assert {f["fingerprint"] for f in findings} >= set(reviewed.fingerprints.values()) - {reviewed.fingerprints["edge"]}


def _run_folder(path: Path, messy, fragile) -> RunFolder:
    folder = RunFolder(path)
    folder.record("two_sum", "messy.py", "samples", "messy.py", messy)
    folder.record("two_sum", "fragile.py", "samples", "fragile.py", fragile)
    folder.finish([])
    return folder


def test_the_leaderboard_uses_reviewed_scores_and_marks_them(reviewed, tmp_path):
    folder = _run_folder(tmp_path / "run", reviewed.messy_reviewed, reviewed.fragile_reviewed)
    rows, warnings = read_results_log(folder.path / "results.jsonl")
    assert not warnings and all(row.reviewed for row in rows)
    board = json.loads((folder.path / "leaderboard.json").read_text(encoding="utf-8"))
    by_label = {row["solution"]: row for row in board["results"]}
    assert by_label["fragile.py"]["score"] == 95.0 and by_label["fragile.py"]["reviewed"] is True
    assert by_label["fragile.py"]["automatic_score"] == round(reviewed.fragile.score, 2)
    assert board["reviewed"] == 2 and board["groups"][0]["reviewed"] == 2
    assert board["groups"][0]["mean_score"] == round((reviewed.messy_reviewed.score + 95.0) / 2, 2)
    text = (folder.path / "leaderboard.md").read_text(encoding="utf-8")
    assert f"**95.0**† (automatic {reviewed.fragile.score:.1f})" in text
    assert "> † 2 results reviewed by people: scores include their decisions." in text
    report = (folder.path / "two_sum" / "fragile.md").read_text(encoding="utf-8")
    assert f"codeeval decide dismiss {folder.path / 'two_sum' / 'fragile.json'} " in report


def test_a_log_from_before_reviews_reads_as_not_reviewed(reviewed, tmp_path):
    folder = _run_folder(tmp_path / "run", reviewed.messy, reviewed.fragile)
    log = folder.path / "results.jsonl"
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [line["reviewed"] for line in lines] == [False, False]
    old = [{key: value for key, value in line.items() if key != "reviewed"} for line in lines]
    log.write_text("".join(json.dumps(line) + "\n" for line in old), encoding="utf-8")
    rows, warnings = read_results_log(log)
    assert not warnings and [row.reviewed for row in rows] == [False, False]
    assert "†" not in (folder.path / "leaderboard.md").read_text(encoding="utf-8")


def test_diff_and_the_actions_summary_mark_reviewed_scores(reviewed, tmp_path):
    before = _run_folder(tmp_path / "before", reviewed.messy, reviewed.fragile)
    after = _run_folder(tmp_path / "after", reviewed.messy_reviewed, reviewed.fragile_reviewed)
    snapshot = load_snapshot(after.path)
    assert snapshot.reviewed == 2
    diff = compare(load_snapshot(before.path), snapshot, threshold=0)
    text = diff_markdown(diff)
    assert f"{reviewed.fragile.score:.1f} → 95.0†" in text
    assert "† reviewed by people: the score includes their decisions (0 result(s) before, 2 now" in text
    single = load_snapshot(after.path / "two_sum" / "fragile.json")  # one result's JSON: its `review`
    assert single.reviewed == 1
    parts = SummaryParts(
        title="mean of 2 solution(s) to 1 problem(s)",
        score=snapshot.mean_score,
        failures=(),
        notes=(),
        diff=diff,
        findings=(),
        findings_scope="in the checked files",
        leaderboard=(after.path / "leaderboard.md").read_text(encoding="utf-8"),
        artifact=None,
        reviewed=snapshot.reviewed,
    )
    summary = render_summary(parts)
    assert f"**Score {snapshot.mean_score:.1f} / 100**†" in summary
    assert "† 2 results reviewed by people: scores include their decisions" in summary
