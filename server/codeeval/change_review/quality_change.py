"""A changed function's code quality before and after: its score on the file's scale and the rules that now
find something they did not find before (the same analysis as `codeeval check` and the editor's health)."""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass

from ..base.findings import Finding
from ..quality.analyzer import analyze
from ..quality.quality_report import FunctionQuality


@dataclass(frozen=True)
class QualityChange:
    """The function's quality score at the base and now (None where it does not exist), and new findings."""

    before: float | None
    after: float | None
    new_findings: tuple[str, ...]  # "CQ104: `f` has cyclomatic complexity 12 (limit 10)"

    @property
    def delta(self) -> float | None:
        return None if self.before is None or self.after is None else round(self.after - self.before, 1)

    def to_dict(self) -> dict:
        findings = list(self.new_findings)
        return {"before": self.before, "after": self.after, "delta": self.delta, "new_findings": findings}

    def sentence(self) -> str:
        if self.after is None:
            return ""
        if self.before is None:
            return f"quality {self.after:.1f} (new function)"
        delta = self.delta or 0.0
        trend = "better" if delta > 0 else "worse" if delta < 0 else "unchanged"
        return f"quality {self.before:.1f} -> {self.after:.1f} ({trend})"


def quality_change(qualname: str, base_module: str | None, new_module: str | None) -> QualityChange:
    """The function's quality in both versions of its module; findings matched by rule and message."""
    before = _function(base_module, qualname)
    after = _function(new_module, qualname)
    seen = Counter(_key(f) for f in before.findings) if before is not None else Counter()
    new: list[str] = []
    for finding in after.findings if after is not None else []:
        if seen[_key(finding)]:
            seen[_key(finding)] -= 1
        else:
            new.append(f"{finding.rule_id}: {finding.message}")
    return QualityChange(
        None if before is None else round(before.score, 1), None if after is None else round(after.score, 1), tuple(new)
    )


def _function(module: str | None, qualname: str) -> FunctionQuality | None:
    return None if module is None else _functions(module).get(qualname)


@functools.lru_cache(maxsize=16)
def _functions(module: str) -> dict[str, FunctionQuality]:
    """Each function's quality in a module's text (cached: a file's changed functions share one analysis)."""
    return analyze(module).functions


def _key(finding: Finding) -> tuple[str, str]:
    return (finding.rule_id, finding.message)
