"""Code health over time: a file's quality now against its version in git HEAD (as CodeScene's code-health
monitor does): better or worse, which functions moved, which findings are new.

The HEAD version is analysed with the same settings as the open document, off the event loop, and kept
by its text (a file whose HEAD did not change is analysed once).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..base.findings import Finding
from .analysis import Analysis
from .diagnostics import analysis_label
from .folders import uri_path
from .git_versions import head_text
from .views import score_text

MAX_LISTED = 5  # functions or findings named in a hover; the rest are counted
HEAD_CACHE_SIZE = 64
SAME = 0.05  # score changes below this are rounding, not a trend


@dataclass(frozen=True)
class FunctionChange:
    name: str
    before: float | None  # None: the function is new since HEAD
    after: float | None  # None: the function is gone


@dataclass
class Health:
    score: float | None
    head_score: float | None  # None: git has no HEAD version of the file
    changes: list[FunctionChange] = field(default_factory=list)
    new_findings: list[Finding] = field(default_factory=list)
    fixed: int = 0  # findings in HEAD that are gone

    @property
    def delta(self) -> float | None:
        if self.score is None or self.head_score is None:
            return None
        return self.score - self.head_score

    @property
    def trend(self) -> str:
        """'better', 'worse', 'unchanged', or 'untracked' (no HEAD version to compare with)."""
        delta = self.delta
        if delta is None:
            return "untracked"
        if abs(delta) < SAME:
            return "unchanged"
        return "better" if delta > 0 else "worse"

    def headline(self) -> str:
        now = score_text(self.score)
        if self.trend == "untracked":
            return f"quality {now} (not in git HEAD: nothing to compare with)"
        if self.trend == "unchanged":
            return f"quality {now}, as in git HEAD"
        delta = self.delta or 0.0
        change = f"{'+' if delta > 0 else '−'}{score_text(abs(delta))}"
        return f"quality {now}: {self.trend} than git HEAD ({score_text(self.head_score)}, {change})"

    def markdown(self) -> str:
        out = [f"**Health since HEAD**: {self.headline()}", ""]
        moved = [c for c in self.changes if c.before is None or c.after is None or abs(c.after - c.before) >= SAME]
        if moved:
            out += ["Functions:", ""]
            out += [f"- {_change_line(change)}" for change in moved[:MAX_LISTED]]
            if len(moved) > MAX_LISTED:
                out.append(f"- …and {len(moved) - MAX_LISTED} more")
            out.append("")
        if self.new_findings:
            out += ["New findings:", ""]
            out += [f"- **{f.rule_id}** line {f.range.start_line}: {f.message}" for f in self.new_findings[:MAX_LISTED]]
            if len(self.new_findings) > MAX_LISTED:
                out.append(f"- …and {len(self.new_findings) - MAX_LISTED} more")
            out.append("")
        if self.fixed:
            out += [f"Fixed since HEAD: {self.fixed} finding{'s' if self.fixed > 1 else ''}.", ""]
        return "\n".join(out).rstrip() + "\n"

    def to_dict(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "headScore": self.head_score,
            "delta": self.delta,
            "trend": self.trend,
            "headline": self.headline(),
            "markdown": self.markdown(),
            "functions": [{"name": c.name, "before": c.before, "after": c.after} for c in self.changes],
            "newFindings": [
                {"rule": f.rule_id, "line": f.range.start_line, "message": f.message} for f in self.new_findings
            ],
            "fixed": self.fixed,
        }


def _change_line(change: FunctionChange) -> str:
    if change.before is None:
        return f"`{change.name}` new: {score_text(change.after)}"
    if change.after is None:
        return f"`{change.name}` removed (was {score_text(change.before)})"
    word = "better" if change.after > change.before else "worse"
    return f"`{change.name}` {word}: {score_text(change.before)} → {score_text(change.after)}"


def compare(head: Analysis | None, now: Analysis) -> Health:
    """`now` against `head` (None: no HEAD version). Findings are matched by rule and function, so a
    finding whose numbers changed (complexity 13 -> 14) is not new."""
    if head is None:
        return Health(score=now.score, head_score=None)
    before = {f.qualname: f.score for f in head.functions}
    after = {f.qualname: f.score for f in now.functions}
    changes = [
        FunctionChange(name, before.get(name), score)
        for name, score in after.items()
        if name not in before or before[name] != score
    ]
    changes += [FunctionChange(name, score, None) for name, score in before.items() if name not in after]
    changes.sort(key=_impact)
    head_keys = Counter(_key(f) for f in head.findings)
    now_keys = Counter(_key(f) for f in now.findings)
    new: list[Finding] = []
    seen: Counter = Counter()
    for finding in sorted(now.findings, key=lambda f: -f.points):
        seen[_key(finding)] += 1
        if seen[_key(finding)] > head_keys[_key(finding)]:
            new.append(finding)
    fixed = sum((head_keys - now_keys).values())
    return Health(score=now.score, head_score=head.score, changes=changes, new_findings=new, fixed=fixed)


def _key(finding: Finding) -> tuple[str, str]:
    return finding.rule_id, finding.symbol or ""


def _impact(change: FunctionChange) -> float:
    """Worst first: the largest drop, then new functions by their score, then gains."""
    if change.before is None:
        return change.after - 100 if change.after is not None else 0.0
    if change.after is None:
        return 0.0
    return change.after - change.before


async def health_of(server, uri: str) -> Health | None:
    """The open document's health against git HEAD; None until it has been analysed."""
    state = server.state.get(uri)
    if state is None or state.analysis is None:
        return None
    path = uri_path(uri)
    if path is None:
        return compare(None, state.analysis)
    loop = asyncio.get_running_loop()
    text = await loop.run_in_executor(server.io, head_text, path)
    if text is None:
        return compare(None, state.analysis)
    head = await head_analysis(server, uri, text)
    return compare(head, state.analysis)


async def head_analysis(server, uri: str, text: str) -> Analysis:
    """The analysis of a HEAD version, cached by its text and the rules in force."""
    settings = server.settings_for(uri).quality_settings()
    key = hashlib.sha1(f"{sorted(settings.items())!r}\0{text}".encode()).hexdigest()
    cache = server.state.head_analyses
    cached = cache.get(key)
    if cached is not None:
        return cached
    analysis = await asyncio.wrap_future(server.pool.analyze(text, analysis_label(uri), settings))
    if len(cache) >= HEAD_CACHE_SIZE:
        cache.pop(next(iter(cache)))
    cache[key] = analysis
    return analysis
