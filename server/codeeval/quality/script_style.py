"""Quality judged as for a script: a contest program or a one-off answer, not a library.

A 30-line program that reads its input and prints an answer is not made better by docstrings, type hints
or names longer than the statement's own (`n`, `k`, `a` mirror N, K, A). Under `style: script` (the
default for `kind: program` problems) those findings are still shown, but as suggestions of low
relevance whose severity does not fit this code (confidence below 0.6), and they cost nothing; every
other rule (bare except, complexity, nesting, length, ...) judges a script as any code.
"""

from __future__ import annotations

from dataclasses import replace

from ..base.findings import Finding, Severity
from ..base.vocabulary import Vocabulary


class Style(Vocabulary):
    """What kind of code the quality rules judge."""

    LIBRARY = "library"  # code others read, call and maintain: every rule at full weight
    SCRIPT = "script"  # a program run for its output (contest code): documentation conventions weigh nothing


LIBRARY_CONVENTIONS = frozenset({"CQ101", "CQ102", "CQ103"})  # docstrings, type hints, naming
SCRIPT_RELEVANCE = 0.1  # how much the convention matters in a script
SCRIPT_CALIBRATION = 0.3  # how well a library's severity fits a script
SCRIPT_NOTE = "a script (quality style: script): a library's conventions are shown but cost nothing"


def as_script(findings: list[Finding]) -> tuple[list[Finding], list[Finding]]:
    """The findings as judged for a script: (those scored as usual, the library conventions demoted to
    low-confidence suggestions that are shown and cost nothing)."""
    scored = [finding for finding in findings if finding.rule_id not in LIBRARY_CONVENTIONS]
    shown = [_demoted(finding) for finding in findings if finding.rule_id in LIBRARY_CONVENTIONS]
    return scored, shown


def _demoted(finding: Finding) -> Finding:
    confidence = replace(
        finding.confidence,
        relevance=min(finding.confidence.relevance, SCRIPT_RELEVANCE),
        severity_calibration=min(finding.confidence.severity_calibration, SCRIPT_CALIBRATION),
    )
    return replace(
        finding,
        severity=Severity.SUGGESTION,
        confidence=confidence,
        points=0.0,
        rationale=f"costs nothing: {SCRIPT_NOTE}.",
    )
