"""Code health over time: a file's quality now against its version in git HEAD (as CodeScene's code-health
monitor does): better or worse, which functions moved, which findings are new.

The HEAD version is analysed with the same settings as the open document, off the event loop, and kept
by its text (a file whose HEAD did not change is analysed once).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import Counter
from collections.abc import Sequence

from ..base.findings import Finding
from .analysis import Analysis
from .command_replies import FunctionChange, Health, NewFinding, Trend
from .diagnostics import analysis_label
from .folders import uri_path
from .git_versions import head_text
from .server_host import ServerHost
from .views import score_text

MAX_LISTED = 5  # functions or findings named in a hover; the rest are counted
HEAD_CACHE_SIZE = 64
SAME = 0.05  # score changes below this are rounding, not a trend


def build_health(
    score: float | None,
    head_score: float | None,
    changes: Sequence[FunctionChange] = (),
    new_findings: Sequence[NewFinding] = (),
    fixed: int = 0,
) -> Health:
    """A file's health from its scores now and in HEAD (None: no HEAD version) and what changed between."""
    delta = None if score is None or head_score is None else score - head_score
    trend = _trend(delta)
    headline = _headline(score, head_score, delta, trend)
    markdown = _markdown(headline, changes, new_findings, fixed)
    return Health(score, head_score, delta, trend, headline, markdown, tuple(changes), tuple(new_findings), fixed)


def _trend(delta: float | None) -> Trend:
    """Better or worse than HEAD, unchanged within rounding, or untracked (no HEAD version)."""
    if delta is None:
        return Trend.UNTRACKED
    if abs(delta) < SAME:
        return Trend.UNCHANGED
    return Trend.BETTER if delta > 0 else Trend.WORSE


def _headline(score: float | None, head_score: float | None, delta: float | None, trend: Trend) -> str:
    """One line: the quality now and how it compares with HEAD."""
    now = score_text(score)
    if trend is Trend.UNTRACKED:
        return f"quality {now} (not in git HEAD: nothing to compare with)"
    if trend is Trend.UNCHANGED:
        return f"quality {now}, as in git HEAD"
    delta = delta or 0.0
    change = f"{'+' if delta > 0 else '−'}{score_text(abs(delta))}"
    return f"quality {now}: {trend.value} than git HEAD ({score_text(head_score)}, {change})"


def _markdown(headline: str, changes: Sequence[FunctionChange], new_findings: Sequence[NewFinding], fixed: int) -> str:
    """The comparison for a hover: the headline, the functions that moved, the new findings, the fixed count."""
    out = [f"**Health since HEAD**: {headline}", ""]
    moved = [c for c in changes if c.before is None or c.after is None or abs(c.after - c.before) >= SAME]
    out += _listed("Functions", [_change_line(change) for change in moved])
    out += _listed("New findings", [f"**{f.rule}** line {f.line}: {f.message}" for f in new_findings])
    if fixed:
        out += [f"Fixed since HEAD: {fixed} finding{'s' if fixed > 1 else ''}.", ""]
    return "\n".join(out).rstrip() + "\n"


def _listed(title: str, lines: list[str]) -> list[str]:
    """A titled Markdown list of the first MAX_LISTED lines and how many more there are; nothing for none."""
    if not lines:
        return []
    out = [f"{title}:", ""] + [f"- {line}" for line in lines[:MAX_LISTED]]
    if len(lines) > MAX_LISTED:
        out.append(f"- …and {len(lines) - MAX_LISTED} more")
    return out + [""]


def _change_line(change: FunctionChange) -> str:
    """One moved function: new, removed, or better/worse with both scores."""
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
        return build_health(now.score, None)
    head_keys = Counter(_key(f) for f in head.findings)
    fixed = sum((head_keys - Counter(_key(f) for f in now.findings)).values())
    return build_health(now.score, head.score, _function_changes(head, now), _new_findings(head_keys, now), fixed)


def _function_changes(head: Analysis, now: Analysis) -> list[FunctionChange]:
    """The functions whose score differs from HEAD's, new and removed ones included, worst first."""
    before = {f.qualname: f.score for f in head.functions}
    after = {f.qualname: f.score for f in now.functions}
    changes = [
        FunctionChange(name, before.get(name), score)
        for name, score in after.items()
        if name not in before or before[name] != score
    ]
    changes += [FunctionChange(name, score, None) for name, score in before.items() if name not in after]
    return sorted(changes, key=_impact)


def _new_findings(head_keys: Counter[tuple[str, str]], now: Analysis) -> list[NewFinding]:
    """The findings beyond HEAD's count for their rule and function, costliest first."""
    new: list[NewFinding] = []
    seen: Counter[tuple[str, str]] = Counter()
    for finding in sorted(now.findings, key=lambda f: -f.points):
        seen[_key(finding)] += 1
        if seen[_key(finding)] > head_keys[_key(finding)]:
            new.append(NewFinding(rule=finding.rule_id, line=finding.range.start_line, message=finding.message))
    return new


def _key(finding: Finding) -> tuple[str, str]:
    """What makes two findings the same across versions: the rule and the function."""
    return finding.rule_id, finding.symbol or ""


def _impact(change: FunctionChange) -> float:
    """Worst first: the largest drop, then new functions by their score, then gains."""
    if change.before is None:
        return change.after - 100 if change.after is not None else 0.0
    if change.after is None:
        return 0.0
    return change.after - change.before


async def health_of(server: ServerHost, uri: str) -> Health | None:
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


async def head_analysis(server: ServerHost, uri: str, text: str) -> Analysis:
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
