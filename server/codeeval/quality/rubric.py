"""The rubric: findings -> points -> a 0-100 quality score (documented in docs/scoring.md).

1. A finding's base cost is its severity's points times its confidence:
   critical 20, warning 10, suggestion 4; a suggestion at confidence 0.5
   costs 2.
2. Repeats diminish: the n-th finding of the same rule in a file (most
   costly first) counts 1/n, so twelve undocumented helpers do not weigh
   twelve times one.
3. One function costs at most UNIT_CAP points (a method, or a top-level
   function with everything nested in it): one messy function cannot sink
   an otherwise sound file below 55.
4. The score is 100 minus the points. Past 100 points in all, every
   finding is scaled down alike, so the score stops at 0 and each finding's
   `points` (explained by its `rationale`) still add up to exactly 100
   minus the score.
5. A function's score, and each category's sub-score, is on the same scale:
   100 minus the points its own findings cost the file.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..base.calibration import NOTE_KEY
from ..base.findings import Finding, Severity

TIER_POINTS = {Severity.CRITICAL: 20.0, Severity.WARNING: 10.0, Severity.SUGGESTION: 4.0}
UNIT_CAP = 45.0
_ORDINALS = {2: "2nd", 3: "3rd"}


def base_points(finding: Finding) -> float:
    """What a finding costs before scaling: its severity's points times its confidence; nothing when people's
    decisions on its rule took it below the low-confidence line (base/calibration.py)."""
    if finding.is_low_confidence and NOTE_KEY in finding.details:
        return 0.0
    return TIER_POINTS[finding.severity] * finding.confidence.value


@dataclass
class Scored:
    """The file's score and the report's rationale."""

    score: float
    rationale: list[str]  # "-12.5: <rule>, <findings>." per rule that cost points, most costly first


def score_findings(
    findings: list[Finding], unit_of: Callable[[Finding], str], title_of: Callable[[str], str]
) -> Scored:
    """Set each finding's points and rationale; return the score and the report's rationale."""
    damped, notes = _damp_repeats(findings)
    capped = _cap_units(findings, damped, unit_of, notes)
    _fit_within_100(findings, capped, notes)
    for finding in findings:
        base = base_points(finding)
        steps = "".join(notes[id(finding)])
        finding.points = capped[id(finding)]
        finding.rationale = (
            f"{finding.severity} ({TIER_POINTS[finding.severity]:g} points) at confidence "
            f"{finding.confidence.value:.2f} = {base:.1f}{steps}; costs {finding.points:.1f}."
        )
        if NOTE_KEY in finding.details and finding.is_low_confidence:
            finding.rationale = (
                f"confidence {finding.confidence.value:.2f}, low after people's decisions on "
                f"{finding.rule_id} ({finding.details[NOTE_KEY]}): shown, costs nothing."
            )
    total = sum(finding.points for finding in findings)
    return Scored(round(max(0.0, 100.0 - total), 9), _rationale(findings, title_of, unit_of, damped))


def _damp_repeats(findings: list[Finding]) -> tuple[dict[int, float], dict[int, list[str]]]:
    by_rule: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        by_rule[finding.rule_id].append(finding)
    damped: dict[int, float] = {}
    notes: dict[int, list[str]] = defaultdict(list)
    for rule_id, group in by_rule.items():
        group.sort(key=lambda f: (-base_points(f), f.range.start_line, f.range.start_col))
        for n, finding in enumerate(group, start=1):
            damped[id(finding)] = base_points(finding) / n
            if n > 1:
                notes[id(finding)].append(
                    f"; the {_ORDINALS.get(n, f'{n}th')} {rule_id} finding in this file counts 1/{n}"
                )
    return damped, notes


def _cap_units(
    findings: list[Finding], damped: dict[int, float], unit_of: Callable[[Finding], str], notes: dict[int, list[str]]
) -> dict[int, float]:
    by_unit: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        by_unit[unit_of(finding)].append(finding)
    capped = dict(damped)
    for unit, group in by_unit.items():
        total = sum(damped[id(f)] for f in group)
        if unit and total > UNIT_CAP:
            factor = UNIT_CAP / total
            for finding in group:
                capped[id(finding)] = damped[id(finding)] * factor
                notes[id(finding)].append(
                    f"; scaled by {factor:.2f} so that `{unit}` costs at most {UNIT_CAP:g} points"
                )
    return capped


def _fit_within_100(findings: list[Finding], points: dict[int, float], notes: dict[int, list[str]]) -> None:
    """Past 100 points in all, scale every finding down so that the points still add up to what was lost."""
    total = sum(points[id(f)] for f in findings)
    if total <= 100.0:
        return
    factor = 100.0 / total
    for finding in findings:
        points[id(finding)] *= factor
        notes[id(finding)].append(f"; scaled by {factor:.2f} because the file's findings exceed 100 points")


def _rationale(
    findings: list[Finding], title_of: Callable[[str], str], unit_of: Callable[[Finding], str], damped: dict[int, float]
) -> list[str]:
    by_rule: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        by_rule[finding.rule_id].append(finding)
    ranked = sorted(by_rule.items(), key=lambda item: -sum(f.points for f in item[1]))
    sentences = []
    for rule_id, group in ranked:
        where = _places(group)
        count = f"{len(group)} findings" if len(group) > 1 else "1 finding"
        sentences.append(f"-{sum(f.points for f in group):.1f}: {title_of(rule_id)} ({rule_id}), {count} ({where}).")
    units: dict[str, float] = defaultdict(float)
    for finding in findings:
        units[unit_of(finding)] += damped[id(finding)]
    for unit, total in units.items():
        if unit and total > UNIT_CAP:
            sentences.append(
                f"`{unit}` alone came to {total:.1f} points, capped at {UNIT_CAP:g} so that one "
                f"function cannot sink the whole file."
            )
    return sentences


def _places(group: Iterable[Finding]) -> str:
    names: list[str] = []
    for finding in group:
        if finding.symbol:
            name = f"`{finding.symbol}`"
        else:
            name = "the module" if finding.details.get("scope") == "module" else f"line {finding.range.start_line}"
        if name not in names:
            names.append(name)
    shown = ", ".join(names[:4])
    return shown + (f" and {len(names) - 4} more" if len(names) > 4 else "")


def function_score(findings: Iterable[Finding]) -> float:
    """A function's score on the file's scale: 100 minus the points its findings cost the file.

    The file's score is 100 minus all points, so the points a file lost are its functions' lost points
    plus its module-level findings'. One function costs at most UNIT_CAP, hence scores at least 55."""
    return round(max(0.0, 100.0 - sum(finding.points for finding in findings)), 9)


def sub_scores(findings: Iterable[Finding], category_of: Callable[[str], str], categories: Iterable[str]) -> dict:
    """Per category (docs, typing, ...), on the same scale: 100 minus the points its findings cost."""
    spent: dict[str, float] = defaultdict(float)
    for finding in findings:
        spent[category_of(finding.rule_id)] += finding.points
    return {name: round(max(0.0, 100.0 - spent[name]), 1) for name in categories}
