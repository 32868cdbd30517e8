"""Quality findings as CI reads them back from `codeeval check`'s SARIF, and the annotations made from them.

SARIF is the published form of check's findings (the same file goes to code
scanning), so the annotations and the uploaded file cannot disagree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

from ..base.findings import Severity
from ..report.workflow_commands import SEVERITY_LEVELS, annotation
from .git import ChangedLines
from .workflow import WorkflowError


@dataclass(frozen=True)
class QualityFinding:
    """One SARIF result of `codeeval check`, with what an annotation needs."""

    path: str  # relative to the workspace, as git names it
    rule: str
    severity: Severity
    message: str
    start_line: int
    end_line: int
    start_column: int  # 1-based
    end_column: int
    low_confidence: bool
    dismissed: str = ""  # "dismissed by ana: <reason>" when people judged it wrong (a SARIF suppression)

    def touches(self, changed: ChangedLines) -> bool:
        """True when any of the finding's lines was added or modified."""
        lines = changed.get(self.path, set())
        return any(line in lines for line in range(self.start_line, self.end_line + 1))

    def at_or_above(self, threshold: Severity | None) -> bool:
        """At least as severe as `threshold` (None, `fail-on: none`, matches nothing); low-confidence findings
        and dismissed ones never count."""
        return not self.low_confidence and not self.dismissed and self.severity.at_least(threshold)

    def annotation(self) -> str:
        """The workflow command that shows the finding on its lines."""
        return annotation(
            SEVERITY_LEVELS[self.severity],
            self.message,
            self.path,
            (self.start_line, self.end_line),
            (self.start_column, self.end_column),
            f"codeeval {self.rule} {self.severity}",
        )


def read_sarif(path: Path, workspace: Path) -> list[QualityFinding]:
    """Every result of a codeeval SARIF log, most severe first, with paths relative to the workspace."""
    try:
        log = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise WorkflowError(f"cannot read the SARIF log: {exc}", str(path)) from None
    findings = []
    for run in log.get("runs", []):
        for result in run.get("results", []):
            location = result["locations"][0]["physicalLocation"]
            region = location["region"]
            properties = result.get("properties", {})
            findings.append(
                QualityFinding(
                    path=_workspace_path(location["artifactLocation"]["uri"], workspace),
                    rule=result["ruleId"],
                    severity=Severity(properties.get("severity", Severity.WARNING)),
                    message=result["message"]["text"],
                    start_line=region["startLine"],
                    end_line=region.get("endLine", region["startLine"]),
                    start_column=region.get("startColumn", 1),
                    end_column=region.get("endColumn", 1),
                    low_confidence=bool(properties.get("lowConfidence")),
                    dismissed=_dismissal(result.get("suppressions")),
                )
            )
    findings.sort(key=lambda finding: (finding.severity.rank, finding.path, finding.start_line))
    return findings


def _dismissal(suppressions: object) -> str:
    """Who dismissed the finding and why, from its first accepted SARIF suppression; empty when none."""
    for suppression in suppressions if isinstance(suppressions, list) else ():
        if isinstance(suppression, dict) and suppression.get("status", "accepted") == "accepted":
            reviewer = (suppression.get("properties") or {}).get("reviewer", "a reviewer")
            return f"dismissed by {reviewer}: {suppression.get('justification', '')}".rstrip(": ")
    return ""


def _workspace_path(uri: str, workspace: Path) -> str:
    """A SARIF artifact URI (relative to the check's working folder, or a file: URI) as git names the file."""
    if not uri.startswith("file:"):
        return unquote(uri)
    absolute = Path(unquote(urlparse(uri).path))
    try:
        return absolute.relative_to(workspace.resolve()).as_posix()
    except ValueError:
        return absolute.as_posix()
