"""What `analyze` returns: the file's score and findings, and each function's share of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base.findings import Finding, Range, Severity


@dataclass
class FunctionQuality:
    """One function's score, sub-scores, measurements and findings (what hover and code lens show)."""

    name: str  # qualified name (`Cache.get`, `outer.helper`), `@line` added for a redefinition
    name_range: Range  # the name in `def name(`: where an editor puts a diagnostic or a code lens
    range: Range  # from `def` to the end of the body
    score: float
    sub_scores: dict[str, float]  # docs, typing, naming, complexity, size, robustness: 0-100 each
    metrics: dict[str, int]  # lines, parameters, complexity, cognitive, branches, nesting
    findings: list[Finding] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name_range": self.name_range.to_dict(),
            "range": self.range.to_dict(),
            "score": round(self.score, 1),
            "sub_scores": dict(self.sub_scores),
            "metrics": dict(self.metrics),
            "findings": [f"{finding.rule_id}:{finding.range.start_line}" for finding in self.findings],
        }


@dataclass
class QualityReport:
    """The quality of one file: its score, findings with their points, and each function's share."""

    path: str
    score: float  # 0-100; 0 when the source does not parse
    findings: list[Finding]
    functions: dict[str, FunctionQuality]
    rationale: list[str]  # one sentence per rule that cost points
    parse_error: str | None = None  # "line 3: invalid syntax"
    parse_error_range: Range | None = None
    suppressed: int = 0  # findings silenced by `# codeeval: ignore` comments

    @property
    def parses(self) -> bool:
        return self.parse_error is None

    def counts(self) -> dict[str, int]:
        counts = {severity.value: 0 for severity in Severity}
        for finding in self.findings:
            counts[finding.severity] += 1
        counts["low_confidence"] = sum(finding.is_low_confidence for finding in self.findings)
        return counts

    def summary(self) -> str:
        if self.parse_error:
            return f"does not parse: {self.parse_error}"
        if not self.findings:
            return "no findings"
        counts = self.counts()
        parts = [count(counts[s], s) for s in Severity if counts[s]]
        low = f"; {counts['low_confidence']} low confidence" if counts["low_confidence"] else ""
        return f"{count(len(self.findings), 'finding')} ({', '.join(parts)}{low})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "score": round(self.score, 2),
            "summary": self.summary(),
            "parse_error": self.parse_error,
            "parse_error_range": self.parse_error_range.to_dict() if self.parse_error_range else None,
            "findings": [finding.to_dict() for finding in self.findings],
            "functions": {name: function.to_dict() for name, function in self.functions.items()},
            "rationale": list(self.rationale),
            "suppressed": self.suppressed,
        }


def count(number: int, noun: str) -> str:
    """'1 warning', '3 warnings', '2 critical' (an adjective used as a noun stays as it is)."""
    plural = noun if noun == "critical" or number == 1 else noun + "s"
    return f"{number} {plural}"
