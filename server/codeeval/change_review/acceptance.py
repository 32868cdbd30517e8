"""People's acceptances of behaviour changes applied to a review: an accepted change is listed with who and
why, and no longer counts (exit code, summary, the Action's annotations). It holds for the function's exact
text: once the function changes again, the change is reported anew (decisions/accepted_changes.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..base.python_functions import FunctionText, top_level_functions
from ..decisions.accepted_changes import acceptances, accepted_text, change_fingerprint
from ..decisions.store import DecisionLog
from .report import FindingKind, FunctionReview, ReviewReport


def mark_accepted(report: ReviewReport, log: DecisionLog) -> None:
    """Mark each behaviour change people accepted for the function's current text in the working tree."""
    if not log:
        return
    texts: dict[str, dict[str, FunctionText]] = {}
    for function in report.functions:
        if not any(f.kind is FindingKind.BEHAVIOUR for f in function.findings):
            continue
        if function.path not in texts:
            texts[function.path] = _functions(Path(report.root) / function.path)
        current = texts[function.path].get(function.qualname)
        if current is not None:
            _mark(function, log, current.text)


def _mark(function: FunctionReview, log: DecisionLog, text: str) -> None:
    marked = []
    for finding in function.findings:
        if finding.kind is FindingKind.BEHAVIOUR:
            decisions = acceptances(log, function.path, text, change_fingerprint(function.qualname, finding.call))
            finding = replace(finding, accepted=accepted_text(decisions)) if decisions else finding
        marked.append(finding)
    function.findings = marked


def _functions(path: Path) -> dict[str, FunctionText]:
    try:
        return top_level_functions(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError):
        return {}
