"""Small helpers for the quality tests: analyze dedented source, pick findings by rule."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from codeeval.base.findings import Finding
from codeeval.quality import QualityReport, analyze

DATA = Path(__file__).resolve().parent / "data"
REPO = Path(__file__).resolve().parents[2]


def report(source: str, settings: Mapping[str, Any] | None = None) -> QualityReport:
    return analyze(textwrap.dedent(source), "solution.py", settings)


def findings(source: str, rule: str | None = None, settings: Mapping[str, Any] | None = None) -> list[Finding]:
    found = report(source, settings).findings
    return [finding for finding in found if rule is None or finding.rule_id == rule]


def messages(source: str, rule: str, settings: Mapping[str, Any] | None = None) -> list[str]:
    return [finding.message for finding in findings(source, rule, settings)]


def names(source: str, rule: str = "CQ103") -> set[str]:
    """The names CQ103 flags."""
    return {finding.details["name"] for finding in findings(source, rule)}


def generated_source(lines: int) -> str:
    """The benchmark's generated module of about `lines` lines (scripts/bench_quality.py)."""
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        from bench_quality import generate
    finally:
        sys.path.pop(0)
    return generate(lines)
