"""People's decisions move a rule's confidence: twenty dismissals on code where the rule is wrong take its
findings below the low-confidence line (shown, marked, costing nothing); confirmations raise it."""

from __future__ import annotations

from pathlib import Path

from tests.support import REPO

from codeeval.base.calibration import Calibration, DecisionCounts, edge_key
from codeeval.base.findings import Confidence
from codeeval.decisions.agreement import AUTOMATIC, agreements, cohens_kappa
from codeeval.decisions.decision import Decision
from codeeval.decisions.making import decidable_result
from codeeval.decisions.rule_calibration import calibration_of, calibration_table
from codeeval.decisions.store import DecisionLog
from codeeval.engine.evaluation_options import EvaluationOptions
from codeeval.engine.evaluator import evaluate
from codeeval.quality.analyzer import analyze
from codeeval.results.review import DecisionKind, solution_hash

# A bare `except:` that the author means: a cleanup that must never raise, whatever goes wrong.
GUARDED = '''\
"""Best-effort cleanup."""


def close_quietly{n}(handle: object) -> None:
    """Close `handle`, ignoring every failure: this runs while the program is already exiting."""
    try:
        handle.close()  # type: ignore[attr-defined]
    except:
        pass
'''


def bare_except_decisions(kind: DecisionKind, count: int, reviewer: str = "ana") -> list[Decision]:
    """`count` decisions on CQ112 findings of `count` different files, as a reviewer makes them."""
    decisions = []
    for n in range(count):
        source = GUARDED.format(n=n)
        [finding] = [f for f in analyze(source).findings if f.rule_id == "CQ112"]
        decisions.append(
            Decision(
                kind,
                "none",
                f"cleanup_{n}.py",
                solution_hash(source),
                "code_quality",
                reviewer,
                "intended: nothing may escape a cleanup at exit",
                "2026-12-04T00:00:00Z",
                finding=finding.fingerprint,
                rule="CQ112",
                confidence=finding.confidence,
                line=n + 1,
            )
        )
    return decisions


def cq112(source: str, calibration: Calibration) -> tuple[Confidence, float, str]:
    report = analyze(source, calibration=calibration)
    [finding] = [f for f in report.findings if f.rule_id == "CQ112"]
    return finding.confidence, finding.points, finding.rationale


def test_twenty_dismissals_take_a_rule_below_the_line_on_the_same_kind_of_code() -> None:
    fresh = GUARDED.format(n=99)  # a file nobody decided on
    automatic, automatic_points, _ = cq112(fresh, Calibration())
    assert not automatic.is_low and automatic_points > 0

    log = DecisionLog("d.jsonl", tuple(bare_except_decisions(DecisionKind.DISMISS, 20)))
    confidence, points, rationale = cq112(fresh, calibration_of(log))
    assert confidence.value < 0.6 and confidence.is_low
    assert points == 0
    assert "costs nothing" in rationale and "20 dismissed" in rationale
    assert analyze(fresh, calibration=calibration_of(log)).score > analyze(fresh).score

    fewer = DecisionLog("d.jsonl", tuple(bare_except_decisions(DecisionKind.DISMISS, 3)))
    assert not cq112(fresh, calibration_of(fewer))[0].is_low  # three dismissals are not yet a record


def test_confirmations_raise_a_rules_confidence() -> None:
    fresh = GUARDED.format(n=99)
    automatic, _, _ = cq112(fresh, Calibration())
    log = DecisionLog("d.jsonl", tuple(bare_except_decisions(DecisionKind.CONFIRM, 20)))
    confirmed, _, _ = cq112(fresh, calibration_of(log))
    assert confirmed.accuracy > automatic.accuracy
    assert confirmed.value > automatic.value


def test_the_calibration_table_shows_decisions_precision_and_confidence_before_and_after() -> None:
    decisions = bare_except_decisions(DecisionKind.DISMISS, 18) + bare_except_decisions(DecisionKind.CONFIRM, 2, "bob")
    [row] = calibration_table(DecisionLog("d.jsonl", tuple(decisions)))
    assert (row.rule, row.counts) == ("CQ112", DecisionCounts(confirmed=2, dismissed=18))
    assert row.precision == 0.1
    assert row.confidence_before is not None and row.confidence_after is not None
    assert row.confidence_before >= 0.6 > row.confidence_after


def test_dismissed_edge_case_findings_recalibrate_that_kind_on_that_problem() -> None:
    sample = REPO / "problems" / "samples" / "two_sum" / "fragile.py"
    problem = REPO / "problems" / "two_sum.yaml"
    options = EvaluationOptions(skip=("performance", "code_quality"))
    automatic = evaluate(sample, problem, options=options)
    [finding] = [f for f in decidable_result(automatic).findings if f.dimension == "edge_cases"]
    assert finding.rule == edge_key("two_sum", "wrong output")
    assert automatic.dimensions["edge_cases"].score is not None and automatic.dimensions["edge_cases"].score < 100

    options.calibration = Calibration({finding.rule: DecisionCounts(dismissed=20)})
    recalibrated = evaluate(sample, problem, options=options)
    edge = recalibrated.dimensions["edge_cases"]
    [record] = edge.details.findings  # type: ignore[attr-defined]
    assert record.confidence.is_low and record.points == 0
    assert record.automatic_confidence == automatic.dimensions["edge_cases"].details.findings[0].confidence  # type: ignore[attr-defined]
    assert edge.score is not None and edge.score > automatic.dimensions["edge_cases"].score


def test_cohens_kappa_matches_a_worked_example() -> None:
    # 50 items: both yes 20, both no 15, first yes / second no 5, first no / second yes 10 -> kappa 0.4
    pairs = [("y", "y")] * 20 + [("n", "n")] * 15 + [("y", "n")] * 5 + [("n", "y")] * 10
    kappa = cohens_kappa(pairs)
    assert kappa is not None and abs(kappa - 0.4) < 1e-9
    assert cohens_kappa([("y", "y")] * 5) is None  # no variation: undefined, not 1


def test_agreement_between_reviewers_and_with_the_automatic_verdict(tmp_path: Path) -> None:
    ana = bare_except_decisions(DecisionKind.DISMISS, 4)
    bob = bare_except_decisions(DecisionKind.DISMISS, 2, "bob") + [
        d.__class__(**{**d.__dict__, "kind": DecisionKind.CONFIRM, "reviewer": "bob"})
        for d in bare_except_decisions(DecisionKind.DISMISS, 4)[2:]
    ]
    found = {(a.first, a.second): a for a in agreements(DecisionLog("d.jsonl", tuple(ana + bob)))}
    between = found[("ana", "bob")]
    assert (between.dimension, between.items, between.agreed) == ("code_quality", 4, 2)
    machine = found[(AUTOMATIC, "reviewers")]
    assert machine.items == 8 and machine.agreed == 2  # the rule said "costs points"; only bob's confirmations agree


def test_check_calibrates_with_the_decision_file_beside_the_code(tmp_path: Path) -> None:
    import json

    from tests.support import run_cli

    from codeeval.decisions.store import FILE_NAME, add_decision

    for decision in bare_except_decisions(DecisionKind.DISMISS, 20):
        add_decision(tmp_path / FILE_NAME, decision)
    (tmp_path / "cleanup.py").write_text(GUARDED.format(n=99), encoding="utf-8")
    done = run_cli("check", str(tmp_path / "cleanup.py"), "--format", "json", cwd=tmp_path)
    [finding] = [f for f in json.loads(done.stdout)["files"][0]["findings"] if f["rule"] == "CQ112"]
    assert finding["confidence"]["low"] and finding["points"] == 0
    assert "20 dismissed" in finding["details"]["calibration"]
    done = run_cli("check", str(tmp_path / "cleanup.py"), "--format", "json", "--decisions", "none", cwd=tmp_path)
    [automatic] = [f for f in json.loads(done.stdout)["files"][0]["findings"] if f["rule"] == "CQ112"]
    assert not automatic["confidence"]["low"]
