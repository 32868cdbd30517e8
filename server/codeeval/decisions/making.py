"""Making a decision from what a person sees: a result (the editor) or its JSON report (the command line).

Both give a `Decidable`: the solution's identity and the findings one can dismiss or confirm, each with the
calibration key its decision counts towards and the confidence the rules gave it before any decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base.calibration import AUTOMATIC_KEY, edge_key
from ..base.catalog import CODE_QUALITY, EDGE_CASES
from ..base.errors import CodeevalError
from ..base.findings import Confidence
from ..results.edge_case_details import EdgeCaseDetails
from ..results.quality_details import QualityDetails
from ..results.result import EvaluationResult
from ..results.review import TOTAL, DecisionKind
from .decision import Decision, now


@dataclass(frozen=True)
class DecidableFinding:
    """A finding a person can dismiss or confirm."""

    dimension: str
    fingerprint: str
    rule: str  # its calibration key: a quality rule id, or `edge_cases:<problem>:<kind>`
    title: str  # "CQ101 line 4: ..." as people read it
    points: float
    automatic: Confidence  # before any decision moved it


@dataclass(frozen=True)
class Decidable:
    """What decisions about one result need: whose result it is, its scores, its findings."""

    problem: str
    solution: str
    solution_sha256: str
    scores: Mapping[str, float | None]  # dimension -> score, and `total`
    findings: tuple[DecidableFinding, ...]

    def finding(self, wanted: str) -> DecidableFinding:
        """The finding with this fingerprint, or the only one of this rule id; CodeevalError otherwise."""
        exact = [f for f in self.findings if f.fingerprint == wanted]
        by_rule = [f for f in self.findings if f.rule == wanted or f.title.startswith(wanted + " ")]
        if exact:
            return exact[0]
        if len(by_rule) == 1:
            return by_rule[0]
        known = ", ".join(f"{f.fingerprint} ({f.title[:60]})" for f in self.findings[:12]) or "none"
        several = (
            f"{len(by_rule)} findings match {wanted!r}: give a fingerprint" if by_rule else f"no finding {wanted!r}"
        )
        raise CodeevalError(f"{several}; this result's findings: {known}")

    def decide(
        self, kind: DecisionKind, reviewer: str, reason: str, target: str = "", score: float | None = None
    ) -> Decision:
        """A dismissal or confirmation of the finding `target`, or an override of the dimension `target`."""
        if not reason.strip():
            raise CodeevalError("a decision needs a reason: say why, for whoever reads the report next")
        if kind is DecisionKind.OVERRIDE:
            if target != TOTAL and self.scores.get(target) is None:
                scored = ", ".join(name for name, value in self.scores.items() if value is not None)
                raise CodeevalError(f"{target!r} is not a scored dimension of this result (scored: {scored})")
            return Decision(
                kind, self.problem, self.solution, self.solution_sha256, target, reviewer, reason, now(), score=score
            )
        found = self.finding(target)
        return Decision(
            kind,
            self.problem,
            self.solution,
            self.solution_sha256,
            found.dimension,
            reviewer,
            reason,
            now(),
            finding=found.fingerprint,
            rule=found.rule,
            confidence=found.automatic,
        )


def decidable_result(result: EvaluationResult) -> Decidable:
    """The findings of an evaluation, as the editor has it."""
    findings: list[DecidableFinding] = []
    quality = result.dimensions.get(CODE_QUALITY.name)
    if quality is not None and isinstance(quality.details, QualityDetails):
        for finding in quality.details.findings:
            automatic = Confidence.from_dict(finding.details.get(AUTOMATIC_KEY)) or finding.confidence
            title = f"{finding.rule_id} line {finding.range.start_line}: {finding.message}"
            findings.append(
                DecidableFinding(
                    CODE_QUALITY.name, finding.fingerprint, finding.rule_id, title, finding.points, automatic
                )
            )
    edge = result.dimensions.get(EDGE_CASES.name)
    if edge is not None and isinstance(edge.details, EdgeCaseDetails):
        for record in edge.details.findings:
            findings.append(
                DecidableFinding(
                    EDGE_CASES.name,
                    record.fingerprint,
                    edge_key(result.problem, record.kind),
                    f"{record.kind} on {record.inputs} generated input(s), e.g. {record.input[:80]}",
                    record.points,
                    record.automatic_confidence or record.confidence,
                )
            )
    scores: dict[str, float | None] = {name: d.score for name, d in result.dimensions.items()}
    scores[TOTAL] = result.score
    return Decidable(result.problem, result.solution, result.solution_hash, scores, tuple(findings))


def decidable_report(data: Mapping[str, Any], path: str) -> Decidable:
    """The findings of a JSON report (docs/result-format.md); CodeevalError naming `path` when it is not one."""
    sha = data.get("solution_sha256")
    if not isinstance(sha, str) or not isinstance(data.get("dimensions"), dict):
        raise CodeevalError("not a codeeval result with a solution hash (evaluate it again with this version)", path)
    dimensions: dict[str, Any] = data["dimensions"]
    findings = [*_quality_findings(dimensions), *_edge_findings(dimensions, str(data.get("problem", "")))]
    scores: dict[str, float | None] = {name: value.get("score") for name, value in dimensions.items()}
    scores[TOTAL] = data.get("score")
    return Decidable(str(data.get("problem", "")), str(data.get("solution", "")), sha, scores, tuple(findings))


def _quality_findings(dimensions: Mapping[str, Any]) -> list[DecidableFinding]:
    found = []
    for item in dimensions.get(CODE_QUALITY.name, {}).get("findings", []):
        automatic = Confidence.from_dict(item.get("details", {}).get(AUTOMATIC_KEY)) or Confidence.from_dict(
            item["confidence"]
        )
        line = item.get("range", {}).get("start", {}).get("line", "?")
        found.append(
            DecidableFinding(
                CODE_QUALITY.name,
                item["fingerprint"],
                item["rule"],
                f"{item['rule']} line {line}: {item['message']}",
                float(item.get("points", 0.0)),
                automatic or Confidence(1, 1, 1, 1),
            )
        )
    return found


def _edge_findings(dimensions: Mapping[str, Any], problem: str) -> list[DecidableFinding]:
    found = []
    for item in dimensions.get(EDGE_CASES.name, {}).get("findings", []):
        automatic = Confidence.from_dict(item.get("automatic_confidence")) or Confidence.from_dict(item["confidence"])
        found.append(
            DecidableFinding(
                EDGE_CASES.name,
                item["fingerprint"],
                edge_key(problem, item["kind"]),
                f"{item['kind']} on {item['inputs']} generated input(s), e.g. {str(item['input'])[:80]}",
                float(item.get("points", 0.0)),
                automatic or Confidence(1, 1, 1, 1),
            )
        )
    return found
