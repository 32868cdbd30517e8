"""`codeeval review --sarif`: a change's behaviour changes, slow-downs and newly failing tests as SARIF 2.1.0,
for code scanning on a pull request. A change people accepted as intended keeps its result, with an external
suppression whose justification is their reason (as a dismissed quality finding in `codeeval check`)."""

from __future__ import annotations

import json
from pathlib import Path

from ..base.version import __version__
from ..change_review.report import BehaviourFinding, FindingKind, FunctionReview, ReviewReport
from .sarif import SCHEMA_URI, location

RULES = (
    ("behaviour-change", "BehaviourChange", "The function returns or raises something else than at the base."),
    ("slowdown", "Slowdown", "The function got slower than at the base (paired timings, 95% interval)."),
    ("test-newly-failing", "TestNewlyFailing", "A repository test that passed at the base fails now."),
)
BEHAVIOUR = FindingKind.BEHAVIOUR
_INDEX = {rule_id: index for index, (rule_id, _, _) in enumerate(RULES)}


def document(report: ReviewReport) -> str:
    """The SARIF document of a review, as text."""
    return json.dumps(build(report), indent=2, ensure_ascii=False) + "\n"


def build(report: ReviewReport) -> dict:
    results: list[dict] = []
    for function in report.functions:
        results += [
            _behaviour(function, finding) for finding in function.findings if str(finding.kind) == "behaviour change"
        ]
        if function.slower and function.speed is not None:
            results.append(_result("slowdown", function, f"{function.qualname}: {function.speed.summary}"))
        results += [
            _result("test-newly-failing", function, f"{test.test}: {test.base} at the base, {test.new} now")
            for test in function.newly_failing
        ]
    rules = [
        {"id": rule_id, "name": name, "shortDescription": {"text": text}, "defaultConfiguration": {"level": "warning"}}
        for rule_id, name, text in RULES
    ]
    root = Path(report.root).resolve().as_uri()
    run = {
        "tool": {"driver": {"name": "codeeval review", "version": __version__, "rules": rules}},
        "originalUriBaseIds": {"SRCROOT": {"uri": root + "/"}},
        "versionControlProvenance": [{"repositoryUri": root, "revisionId": report.commit}],
        "results": results,
    }
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


def _result(rule_id: str, function: FunctionReview, text: str) -> dict:
    return {
        "ruleId": rule_id,
        "ruleIndex": _INDEX[rule_id],
        "level": "warning",
        "message": {"text": text},
        "locations": [location(function.path, function.line, 0, function.line, 0)],
        "properties": {"function": function.qualname},
    }


def _behaviour(function: FunctionReview, finding: BehaviourFinding) -> dict:
    result = _result("behaviour-change", function, f"{function.qualname}: {finding.message}")
    result["properties"] = {
        "function": function.qualname,
        "counterexample": finding.call,
        "confidence": finding.confidence.to_dict(),
    }
    if finding.accepted:
        result["suppressions"] = [{"kind": "external", "status": "accepted", "justification": finding.accepted}]
    return result
