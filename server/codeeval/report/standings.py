"""The leaderboard of a run: one row per evaluated solution, ranked by group (a model, a sample kind).

Rows are what `codeeval run` appends to its results log as each evaluation
finishes, so a leaderboard can always be rebuilt from the log, including the
log of a run that was killed halfway.
"""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from ..base.catalog import CORRECTNESS, ProblemKind, dimensions_of, info_of, report_order
from ..results.exclusion import Exclusion
from ..results.result import EvaluationResult, EvaluationStatus
from ..results.test_tiers import Tier, plus_verdict, tier_verdicts
from .exclusions import excluded_column, excluded_heading, excluded_markdown, excluded_summary
from .markdown_text import cell, table
from .pass_at_k import KS, mean_pass_at_k

REVIEWED_MARK = "†"  # a score that includes people's decisions (docs/decisions.md)


def dimension_columns(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(name, heading) of the dimensions a problem's rows have, in report order (a function problem's
    four when none has any: rows of internal errors)."""
    seen = report_order(list(dict.fromkeys(name for row in rows for name in row["dimensions"])))
    if not seen:
        seen = [info.name for info in dimensions_of(ProblemKind.FUNCTION)]
    return [(name, info.column if (info := info_of(name)) else name) for name in seen]


@dataclass(frozen=True)
class ResultRow:
    """One solution's line in the results log and the leaderboard."""

    problem: str
    solution: str  # the label shown in tables: "slow.py", "gpt-x#3"
    group: str
    origin: str  # file, or samples file and line
    status: EvaluationStatus
    score: float
    dimensions: dict[str, float | None] = field(default_factory=dict)
    errors: tuple[str, ...] = ()
    report: str | None = None  # the JSON report, relative to the run's output folder
    tiers: dict[str, bool] = field(default_factory=dict)  # test tier -> all its tests passed (test_tiers.py)
    excluded: Exclusion | None = None  # the problem's reference fails here: shown, not counted (run/precheck.py)
    reviewed: bool = False  # people's decisions apply to this result: its score includes them (results/review.py)
    automatic_score: float | None = None  # the score before them, when they changed it

    @property
    def counted(self) -> bool:
        """Whether the row counts in the means and pass@k: scored, and its problem not excluded."""
        return self.status is EvaluationStatus.OK and self.excluded is None

    @classmethod
    def of(
        cls, problem: str, solution: str, group: str, origin: str, result: EvaluationResult, report: str | None = None
    ) -> ResultRow:
        return cls(
            problem,
            solution,
            group,
            origin,
            result.status,
            round(result.score, 2),
            {n: (None if d.score is None else round(d.score, 2)) for n, d in result.dimensions.items()},
            tuple(result.errors),
            report,
            tier_verdicts(result.dimensions.get(CORRECTNESS.name)),
            result.excluded,
            reviewed=result.review is not None and bool(result.review.applied),
            automatic_score=result.review.automatic_score
            if result.review is not None and result.review.changed_score
            else None,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "problem": self.problem,
            "solution": self.solution,
            "group": self.group,
            "origin": self.origin,
            "status": self.status.value,
            "score": self.score,
            "dimensions": dict(self.dimensions),
            "errors": list(self.errors),
            "report": self.report,
            "tiers": dict(self.tiers),
            **({"excluded": self.excluded.to_dict()} if self.excluded is not None else {}),
            "reviewed": self.reviewed,
            **({"automatic_score": self.automatic_score} if self.automatic_score is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: Any) -> ResultRow:
        """A row read back from a log; ValueError when it is not one."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        try:
            dimensions = data.get("dimensions") or {}
            return cls(
                str(data["problem"]),
                str(data["solution"]),
                str(data["group"]),
                str(data["origin"]),
                EvaluationStatus(data.get("status", "ok")),
                float(data["score"]),
                {str(k): (None if v is None else float(v)) for k, v in dict(dimensions).items()},
                tuple(str(e) for e in data.get("errors") or ()),
                data.get("report"),
                {str(k): bool(v) for k, v in dict(data.get("tiers") or {}).items()},
                None if data.get("excluded") is None else Exclusion.from_dict(data["excluded"]),
                reviewed=bool(data.get("reviewed", False)),  # a log written before reviews: not reviewed
                automatic_score=_optional_number(data.get("automatic_score")),
            )
        except KeyError as exc:
            raise ValueError(f"missing field {exc}") from None
        except (TypeError, ValueError) as exc:
            raise ValueError(str(exc)) from None


def _optional_number(value: Any) -> float | None:
    return None if value is None else float(value)


@dataclass(frozen=True)
class GroupStanding:
    """A group's line in the ranking: the mean over its solutions that have a score, how sure that mean is,
    and pass@k per test tier when the run judged tests."""

    group: str
    mean_score: float | None  # None when every solution hit an internal error
    solutions: int
    internal_errors: int
    ci95: tuple[float, float] | None = None  # Student's t interval of the mean (None below two scores)
    dimensions: dict[str, float | None] = field(default_factory=dict)  # per-dimension means
    pass_at_k: dict[str, dict[int, float]] = field(default_factory=dict)  # "base"/"plus" -> {k: pass@k}
    distinct_from_above: bool | None = None  # Welch's t-test against the group ranked just above, at 5%
    p_value_vs_above: float | None = None
    excluded: int = 0  # solutions left out: their problem's reference fails here
    reviewed: int = 0  # counted solutions whose score includes people's decisions

    def to_dict(self) -> dict[str, Any]:
        return {
            "group": self.group,
            "mean_score": self.mean_score,
            "solutions": self.solutions,
            "internal_errors": self.internal_errors,
            "ci95": None if self.ci95 is None else [round(self.ci95[0], 2), round(self.ci95[1], 2)],
            "dimensions": dict(self.dimensions),
            "pass_at_k": {
                tier: {str(k): round(v, 4) for k, v in values.items()} for tier, values in self.pass_at_k.items()
            },
            "distinct_from_above": self.distinct_from_above,
            "p_value_vs_above": None if self.p_value_vs_above is None else round(self.p_value_vs_above, 4),
            "excluded": self.excluded,
            "reviewed": self.reviewed,
        }


def standings(rows: list[ResultRow]) -> list[GroupStanding]:
    """Groups ranked by mean score. Internal errors have no score: counted, never averaged in as 0; nor are
    the results of an excluded problem (its reference fails here)."""
    by_group: dict[str, list[ResultRow]] = defaultdict(list)
    for row in rows:
        by_group[row.group].append(row)
    groups = [_standing(group, group_rows) for group, group_rows in sorted(by_group.items())]
    ranked = sorted(groups, key=lambda g: -1.0 if g.mean_score is None else -g.mean_score)
    scores = {group: [r.score for r in group_rows if r.counted] for group, group_rows in by_group.items()}
    if not ranked:
        return []
    return [ranked[0], *(_against(above, below, scores) for above, below in pairwise(ranked))]


def _standing(group: str, rows: list[ResultRow]) -> GroupStanding:
    scored = [r for r in rows if r.counted]
    internal_errors = sum(r.status is EvaluationStatus.INTERNAL_ERROR for r in rows)
    scores = [r.score for r in scored]
    mean = round(sum(scores) / len(scores), 2) if scores else None
    names = list(dict.fromkeys(name for r in scored for name in r.dimensions))
    dimensions: dict[str, float | None] = {}
    for name in names:
        values = [v for r in scored if (v := r.dimensions.get(name)) is not None]
        dimensions[name] = round(sum(values) / len(values), 2) if values else None
    return GroupStanding(
        group,
        mean,
        len(rows),
        internal_errors,
        mean_interval(scores),
        dimensions,
        tier_pass_at_k(scored),
        excluded=sum(r.excluded is not None and r.status is EvaluationStatus.OK for r in rows),
        reviewed=sum(r.reviewed for r in scored),
    )


def tier_pass_at_k(rows: list[ResultRow]) -> dict[str, dict[int, float]]:
    """pass@k on the base tests, and EvalPlus's plus verdict (base and extended) when every row has it."""
    result: dict[str, dict[int, float]] = {}
    base = [(r.problem, r.tiers[Tier.BASE.value]) for r in rows if Tier.BASE.value in r.tiers]
    if base and len(base) == len(rows):
        result["base"] = mean_pass_at_k(base)
    plus = [(r.problem, verdict) for r in rows if (verdict := plus_verdict(r.tiers)) is not None]
    if plus and len(plus) == len(rows) and any(Tier.EXTENDED.value in r.tiers for r in rows):
        result["plus"] = mean_pass_at_k(plus)
    return result


def mean_interval(scores: list[float]) -> tuple[float, float] | None:
    """The 95% Student's t interval of the mean score, or None below two scores."""
    if len(scores) < 2:
        return None
    mean = sum(scores) / len(scores)
    spread = statistics.stdev(scores)
    if spread == 0:  # every score the same (a benchmark's canonical solutions): no need to load scipy for t
        return mean, mean
    from scipy.special import stdtrit  # noqa: PLC0415  (numpy + scipy take a second to import: only when needed)

    half = float(stdtrit(len(scores) - 1, 0.975)) * (spread / math.sqrt(len(scores)))
    return max(0.0, mean - half), min(100.0, mean + half)


def welch_p_value(a: list[float], b: list[float]) -> float:
    """Two-sided p-value of Welch's t-test (unequal variances) that the two means are equal."""
    from scipy.special import stdtr  # noqa: PLC0415  (see mean_interval)

    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    t = (statistics.fmean(a) - statistics.fmean(b)) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1))
    return float(2 * stdtr(df, -abs(t)))


def _against(above: GroupStanding, below: GroupStanding, scores: dict[str, list[float]]) -> GroupStanding:
    """`below` with whether its mean differs from `above`'s (Welch's t-test, 5%); None when either has
    fewer than two scores."""
    a, b = scores[above.group], scores[below.group]
    if len(a) < 2 or len(b) < 2:
        return below
    no_spread = len(set(a)) == 1 and len(set(b)) == 1  # equal means are then a tie, different ones are not
    p_value = float(a[0] == b[0]) if no_spread else welch_p_value(a, b)
    return dataclasses.replace(below, distinct_from_above=p_value < 0.05, p_value_vs_above=p_value)


def any_excluded(rows: list[ResultRow]) -> bool:
    return any(row.excluded is not None for row in rows)


def leaderboard_data(rows: list[ResultRow], warnings: list[str]) -> dict[str, Any]:
    """The leaderboard as JSON-ready data: groups ranked by mean score, every result, warnings."""
    return {
        "schema_version": 1,
        "groups": [group.to_dict() for group in standings(rows)],
        "results": [row.to_dict() for row in rows],
        "internal_errors": sum(row.status is EvaluationStatus.INTERNAL_ERROR for row in rows),
        "reviewed": sum(row.reviewed for row in rows),
        **({"excluded": excluded_summary([(r.problem, r.excluded) for r in rows])} if any_excluded(rows) else {}),
        "warnings": warnings,
    }


def leaderboard_markdown(data: dict[str, Any]) -> str:
    """The leaderboard data as a markdown page: groups ranked by mean score."""
    lines = ["# codeeval leaderboard", ""]
    lines += ranking_table(data["groups"])
    if data.get("internal_errors"):
        lines += [
            "",
            f"> {data['internal_errors']} solution(s) have no score: codeeval hit an internal error "
            "while evaluating them (status `internal_error`; each report has the traceback).",
        ]
    lines += excluded_markdown(data.get("excluded"))
    lines += reviewed_note(data.get("reviewed", 0))
    by_problem: dict[str, list[dict]] = defaultdict(list)
    for row in data["results"]:
        by_problem[row["problem"]].append(row)
    for problem, problem_rows in sorted(by_problem.items()):
        lines += ["", f"## {cell(problem)}", ""] + excluded_heading(problem_rows)
        columns = dimension_columns(problem_rows)
        body = [
            [cell(r["solution"]), _score_cell(r)] + [_dimension_cell(r, name) for name, _ in columns]
            for r in sorted(problem_rows, key=lambda r: -r["score"])
        ]
        lines.append(table(["solution", "score"] + [title for _, title in columns], body))
    if data["warnings"]:
        lines += ["", "## Warnings", ""] + [f"- {cell(w, 300)}" for w in data["warnings"]]
    return "\n".join(lines) + "\n"


def ranking_table(groups: list[dict[str, Any]]) -> list[str]:
    """The ranking: mean score and its 95% interval, pass@k per tier, per-dimension means; then which
    neighbours' means cannot be told apart."""
    tiers = [
        (tier, k)
        for tier in ("base", "plus")
        for k in KS
        if any(str(k) in g.get("pass_at_k", {}).get(tier, {}) for g in groups)
    ]
    names = list(dict.fromkeys(name for g in groups for name in g.get("dimensions", {})))
    columns = [(name, info.column if (info := info_of(name)) else name) for name in report_order(names)]
    header = (
        ["rank", "group", "mean score", "95% interval"]
        + [f"pass@{k} {tier}" for tier, k in tiers]
        + [title for _, title in columns]
        + ["solutions", "internal errors"]
        + ["excluded"] * excluded_column(groups)
    )
    body = []
    for index, group in enumerate(groups):
        interval = group.get("ci95")
        body.append(
            [
                _rank(groups, index),
                cell(group["group"]),
                _number(group["mean_score"]) + (REVIEWED_MARK if group.get("reviewed") else ""),
                f"{interval[0]:.1f}-{interval[1]:.1f}" if interval else "n/a",
            ]
            + [_rate(group.get("pass_at_k", {}).get(tier, {}).get(str(k))) for tier, k in tiers]
            + [_number(group.get("dimensions", {}).get(name), 0) for name, _ in columns]
            + [group["solutions"], group.get("internal_errors", 0)]
            + [group.get("excluded", 0)] * excluded_column(groups)
        )
    lines = [table(header, body)]
    close = [
        f"{cell(g['group'])} and {cell(groups[i - 1]['group'])} (p = {g['p_value_vs_above']:.2f})"
        for i, g in enumerate(groups)
        if g.get("distinct_from_above") is False
    ]
    if close:
        lines += [
            "",
            "> Statistically indistinguishable from the group ranked just above (Welch's t-test on "
            "the scores, 5%; `=` in the rank column): " + "; ".join(close) + ".",
        ]
    return lines


def _rank(groups: list[dict[str, Any]], index: int) -> str:
    """1, 2, ...; a group indistinguishable from the one above shares its rank, marked `=`."""
    rank = index
    while rank > 0 and groups[rank].get("distinct_from_above") is False:
        rank -= 1
    return (
        f"{rank + 1}="
        if rank != index or (index + 1 < len(groups) and groups[index + 1].get("distinct_from_above") is False)
        else str(rank + 1)
    )


def _number(value: float | None, digits: int = 1) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def _rate(value: float | None) -> str:
    return "" if value is None else f"{value:.3f}"


def _score_cell(row: dict[str, Any]) -> str:
    if row.get("status") == EvaluationStatus.INTERNAL_ERROR.value:
        return "internal error"
    if not row.get("reviewed"):
        return f"**{row['score']:.1f}**"
    automatic = row.get("automatic_score")
    was = f" (automatic {automatic:.1f})" if automatic is not None else ""
    return f"**{row['score']:.1f}**{REVIEWED_MARK}{was}"


def reviewed_note(count: int) -> list[str]:
    """The footnote of the reviewed mark, when some result has it."""
    if not count:
        return []
    results = "result" if count == 1 else "results"
    return ["", f"> {REVIEWED_MARK} {count} {results} reviewed by people: scores include their decisions."]


def _dimension_cell(row: dict[str, Any], name: str) -> str:
    value = row["dimensions"].get(name)
    return "n/a" if value is None else f"{value:.0f}"


def write_leaderboard(folder: Path, rows: list[ResultRow], warnings: list[str]) -> str:
    """`leaderboard.json` and `leaderboard.md` in `folder`; returns the Markdown."""
    ordered = sorted(rows, key=lambda r: (r.problem, r.group, r.solution))
    data = leaderboard_data(ordered, warnings)
    board = leaderboard_markdown(data)
    (folder / "leaderboard.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    (folder / "leaderboard.md").write_text(board, encoding="utf-8")
    return board
