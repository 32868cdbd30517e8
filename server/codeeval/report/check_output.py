"""`codeeval check` output: text for people, JSON for programs, GitHub workflow annotations.

SARIF has its own module (sarif.py). Columns are shown 1-based, as
compilers and linters print them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..base.findings import Finding, Severity
from ..quality.quality_report import count
from .check_files import FileResult
from .workflow_commands import SEVERITY_LEVELS, Level, annotation, command

JSON_VERSION = 1


def _confidence_note(finding: Finding) -> str:
    value = finding.confidence.value
    if finding.is_low_confidence:
        return f"confidence {value:.2f}; {finding.confidence.low_reason()}"
    return f"confidence {value:.2f}"


def text(results: list[FileResult]) -> str:
    """One line per finding with its help and fix, a score line per file, and a summary."""
    lines = []
    for result in results:
        if result.bad:
            where = (
                f"{result.display}:{result.error_line}:{(result.error_column or 0) + 1}"
                if result.error_line
                else result.display
            )
            lines.append(f"{where}: error: {result.error}")
            continue
        report = result.report
        assert report is not None
        for finding in report.findings:
            start = finding.range
            dismissal = result.dismissed.get(finding.fingerprint)
            lines.append(
                f"{result.display}:{start.start_line}:{start.start_col + 1}: {finding.rule_id} "
                f"{finding.severity}: {finding.message} [{_confidence_note(finding)}]"
                + (f" [{dismissal.describe()}]" if dismissal else "")
            )
            if finding.suggestion:
                lines.append(f"    help: {finding.suggestion}")
            if finding.fix is not None:
                lines.append(f"    fix: {finding.fix.description}")
        lines.append(f"{result.display}: quality {report.score:.1f}/100, {report.summary()}")
    lines.append(summary_line(results))
    return "\n".join(lines) + "\n"


def summary_line(results: list[FileResult]) -> str:
    """'3 files checked, mean quality 81.2/100: 12 findings (...)'."""
    checked = [result.report for result in results if result.report is not None and not result.bad]
    findings = [finding for report in checked for finding in report.findings]
    parts = ", ".join(count(sum(f.severity == severity for f in findings), severity) for severity in Severity)
    low = sum(f.is_low_confidence for f in findings)
    bad = len(results) - len(checked)
    mean = sum(report.score for report in checked) / len(checked) if checked else 0.0
    failed = f"; {count(bad, 'file')} could not be checked" if bad else ""
    return (
        f"{count(len(checked), 'file')} checked, mean quality {mean:.1f}/100: "
        f"{count(len(findings), 'finding')} ({parts}; {low} low confidence){failed}"
    )


def json_document(results: list[FileResult]) -> str:
    """Every file's report (or error) as one JSON document."""
    files = []
    for result in results:
        if result.bad:
            files.append(
                {
                    "path": result.display,
                    "error": result.error,
                    "line": result.error_line,
                    "column": result.error_column,
                }
            )
        else:
            assert result.report is not None
            entry: dict[str, Any] = {**result.report.to_dict(), "path": result.display}
            if result.dismissed:  # fingerprint -> reviewer, reason, source (the decision file's line)
                entry["dismissed"] = {fp: vars(dismissal) for fp, dismissal in result.dismissed.items()}
            files.append(entry)
    return (
        json.dumps(
            {"version": JSON_VERSION, "tool": "codeeval check", "files": files, "summary": summary_line(results)},
            indent=2,
            ensure_ascii=False,
        )
        + "\n"
    )


def github(results: list[FileResult]) -> str:
    """GitHub Actions workflow commands: each finding becomes an annotation on the file and line."""
    lines = []
    for result in results:
        if result.bad:
            where: dict[str, object] = {"file": result.display}
            if result.error_line:
                where["line"] = result.error_line
            lines.append(command(Level.ERROR, result.error or "", {**where, "title": "codeeval"}))
            continue
        assert result.report is not None
        lines.extend(
            _annotation(result.display, finding)
            for finding in result.report.findings
            if finding.fingerprint not in result.dismissed  # people judged it wrong: no annotation
        )
    lines.append(summary_line(results))
    return "\n".join(lines) + "\n"


def _annotation(path: str, finding: Finding) -> str:
    r = finding.range
    message = finding.message + (f" ({finding.confidence.low_reason()})" if finding.is_low_confidence else "")
    if finding.suggestion:
        message += f"\n{finding.suggestion}"
    return annotation(
        SEVERITY_LEVELS[finding.severity],
        message,
        path,
        (r.start_line, r.end_line),
        (r.start_col + 1, r.end_col + 1),
        f"{finding.rule_id} {finding.severity}",
    )


def counts_at_or_above(results: Iterable[FileResult], threshold: Severity | None, include_low_confidence: bool) -> int:
    """How many findings are at least as severe as `threshold` (None, `--fail-on none`, counts nothing); a
    finding people dismissed never counts."""
    return sum(
        1
        for result in results
        if result.report is not None
        for finding in result.report.findings
        if finding.severity.at_least(threshold)
        and (include_low_confidence or not finding.is_low_confidence)
        and finding.fingerprint not in result.dismissed
    )
