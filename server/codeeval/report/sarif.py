"""SARIF 2.1.0 for code scanning: one run, the rules that exist, a result per finding.

Calibration travels in each result's property bag (confidence and its parts,
the low-confidence reason, the points it cost), so a viewer that knows
nothing of codeeval still shows the finding and one that does can mark it.
Files that could not be checked become error notifications of the
invocation, with their location when there is one. A finding people dismissed
(report/check_decisions.py) keeps its result, with an external suppression
whose justification is their reason, so code scanning shows it as dismissed.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from ..base.findings import Finding, Severity
from ..base.version import __version__
from ..quality.rule import Rule
from ..quality.rules import ALL_RULES
from .check_files import Dismissal, FileResult

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
LEVELS = {Severity.CRITICAL: "error", Severity.WARNING: "warning", Severity.SUGGESTION: "note"}
_RULE_INDEX = {rule.id: index for index, rule in enumerate(ALL_RULES)}


def document(results: list[FileResult]) -> str:
    """The SARIF 2.1.0 document for `codeeval check`'s results, as text."""
    return json.dumps(build(results), indent=2, ensure_ascii=False) + "\n"


def build(results: list[FileResult]) -> dict:
    """The SARIF log as plain data: one run, all rules, a result per finding, a notification per bad file."""
    sarif_results: list[dict] = []
    notifications: list[dict] = []
    for result in results:
        if result.bad:
            notifications.append(_notification(result))
            continue
        assert result.report is not None
        sarif_results.extend(
            _result(result.display, finding, result.dismissed.get(finding.fingerprint))
            for finding in result.report.findings
        )
    run = {
        "tool": {
            "driver": {
                "name": "codeeval",
                "version": __version__,
                "semanticVersion": __version__,
                "rules": [_rule(rule) for rule in ALL_RULES],
            }
        },
        "originalUriBaseIds": {"SRCROOT": {"uri": Path.cwd().resolve().as_uri() + "/"}},
        "columnKind": "unicodeCodePoints",
        "invocations": [{"executionSuccessful": not notifications, "toolExecutionNotifications": notifications}],
        "results": sarif_results,
    }
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


def _rule(rule: Rule) -> dict:
    return {
        "id": rule.id,
        "name": _pascal(rule.name),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.description or rule.summary},
        "help": {"text": f"{rule.summary} See {rule.doc_path}.", "markdown": rule.description or rule.summary},
        "defaultConfiguration": {"level": "warning"},
        "properties": {
            "tags": ["maintainability", rule.category],
            "category": rule.category,
            "documentation": rule.doc_path,
        },
    }


def _result(path: str, finding: Finding, dismissal: Dismissal | None = None) -> dict:
    confidence = finding.confidence
    properties = {
        "fingerprint": finding.fingerprint,
        "severity": finding.severity,
        "confidence": confidence.to_dict(),
        "lowConfidence": confidence.is_low,
        "points": round(finding.points, 2),
        "rationale": finding.rationale,
    }
    if confidence.is_low:
        properties["lowConfidenceReason"] = confidence.low_reason()
    if finding.symbol:
        properties["symbol"] = finding.symbol
    if finding.fix is not None:
        properties["fix"] = finding.fix.description
    message = finding.message + (f" ({confidence.low_reason()})" if confidence.is_low else "")
    if finding.suggestion:
        message += f". {finding.suggestion}"
    result = {
        "ruleId": finding.rule_id,
        "ruleIndex": _RULE_INDEX[finding.rule_id],
        "rule": {"id": finding.rule_id, "index": _RULE_INDEX[finding.rule_id]},
        "kind": "fail",
        "level": LEVELS[finding.severity],
        "message": {"text": message},
        "locations": [
            location(
                path, finding.range.start_line, finding.range.start_col, finding.range.end_line, finding.range.end_col
            )
        ],
        "properties": properties,
        "partialFingerprints": {"codeevalFinding/v1": finding.fingerprint},
    }
    if dismissal is not None:
        result["suppressions"] = [_suppression(dismissal)]
    return result


def _suppression(dismissal: Dismissal) -> dict:
    """SARIF's suppression of a result that people judged wrong: external (a decision file, not the source)."""
    return {
        "kind": "external",
        "status": "accepted",
        "justification": dismissal.reason,
        "properties": {"reviewer": dismissal.reviewer, "decision": dismissal.source},
    }


def location(path: str, line: int, column: int, end_line: int, end_column: int) -> dict:
    """A SARIF physical location: a path relative to SRCROOT (the working folder), or an absolute file URI."""
    region = {"startLine": line, "startColumn": column + 1, "endLine": end_line, "endColumn": end_column + 1}
    artifact = {"uri": quote(path, safe="/")}
    if Path(path).is_absolute():  # outside the working folder: an absolute file URI, no base
        artifact = {"uri": Path(path).as_uri()}
    else:
        artifact["uriBaseId"] = "SRCROOT"
    return {"physicalLocation": {"artifactLocation": artifact, "region": region}}


def _notification(result: FileResult) -> dict:
    notification: dict = {
        "level": "error",
        "message": {"text": f"{result.display}: {result.error}"},
        "descriptor": {"id": "file-not-checked"},
    }
    if result.error_line:
        column = result.error_column or 0
        notification["locations"] = [location(result.display, result.error_line, column, result.error_line, column)]
    return notification


def _pascal(slug: str) -> str:
    return "".join(part.capitalize() for part in slug.split("-"))
