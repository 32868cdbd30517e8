"""The leaderboard of a run: one row per evaluated solution, ranked by group (a model, a sample kind).

Rows are what `codeeval run` appends to its results log as each evaluation
finishes, so a leaderboard can always be rebuilt from the log, including the
log of a run that was killed halfway.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..dimensions.catalog import CORRECTNESS, FUNCTION_KIND, dimensions_of, info_of, report_order
from ..result import EvaluationResult, EvaluationStatus
from ..test_tiers import tier_verdicts
from .markdown_text import cell, table


def dimension_columns(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(name, heading) of the dimensions a problem's rows have, in report order (a function problem's
    four when none has any: rows of internal errors)."""
    seen = report_order(list(dict.fromkeys(name for row in rows for name in row["dimensions"])))
    if not seen:
        seen = [info.name for info in dimensions_of(FUNCTION_KIND)]
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

    @classmethod
    def of(cls, problem: str, solution: str, group: str, origin: str, result: EvaluationResult,
           report: str | None = None) -> ResultRow:
        return cls(problem, solution, group, origin, result.status, round(result.score, 2),
                   {n: (None if d.score is None else round(d.score, 2)) for n, d in result.dimensions.items()},
                   tuple(result.errors), report, tier_verdicts(result.dimensions.get(CORRECTNESS.name)))

    def to_dict(self) -> dict[str, Any]:
        return {"problem": self.problem, "solution": self.solution, "group": self.group, "origin": self.origin,
                "status": self.status.value, "score": self.score, "dimensions": dict(self.dimensions),
                "errors": list(self.errors), "report": self.report, "tiers": dict(self.tiers)}

    @classmethod
    def from_dict(cls, data: Any) -> ResultRow:
        """A row read back from a log; ValueError when it is not one."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        try:
            dimensions = data.get("dimensions") or {}
            return cls(str(data["problem"]), str(data["solution"]), str(data["group"]), str(data["origin"]),
                       EvaluationStatus(data.get("status", "ok")), float(data["score"]),
                       {str(k): (None if v is None else float(v)) for k, v in dict(dimensions).items()},
                       tuple(str(e) for e in data.get("errors") or ()), data.get("report"),
                       {str(k): bool(v) for k, v in dict(data.get("tiers") or {}).items()})
        except KeyError as exc:
            raise ValueError(f"missing field {exc}") from None
        except (TypeError, ValueError) as exc:
            raise ValueError(str(exc)) from None


@dataclass(frozen=True)
class GroupStanding:
    """A group's line in the ranking: the mean over its solutions that have a score."""

    group: str
    mean_score: float | None  # None when every solution hit an internal error
    solutions: int
    internal_errors: int

    def to_dict(self) -> dict[str, Any]:
        return {"group": self.group, "mean_score": self.mean_score, "solutions": self.solutions,
                "internal_errors": self.internal_errors}


def standings(rows: list[ResultRow]) -> list[GroupStanding]:
    """Groups ranked by mean score. Internal errors have no score: counted, never averaged in as 0."""
    scores: dict[str, list[float]] = defaultdict(list)
    failures: dict[str, int] = defaultdict(int)
    for row in rows:
        if row.status is EvaluationStatus.OK:
            scores[row.group].append(row.score)
        else:
            failures[row.group] += 1
    groups = [GroupStanding(g, round(sum(scores[g]) / len(scores[g]), 2) if scores[g] else None,
                            len(scores[g]) + failures[g], failures[g]) for g in sorted(set(scores) | set(failures))]
    return sorted(groups, key=lambda g: -1.0 if g.mean_score is None else -g.mean_score)


def leaderboard_data(rows: list[ResultRow], warnings: list[str]) -> dict[str, Any]:
    return {
        "schema_version": 1,
        "groups": [group.to_dict() for group in standings(rows)],
        "results": [row.to_dict() for row in rows],
        "internal_errors": sum(row.status is EvaluationStatus.INTERNAL_ERROR for row in rows),
        "warnings": warnings,
    }


def leaderboard_markdown(data: dict[str, Any]) -> str:
    lines = ["# codeeval leaderboard", ""]
    lines.append(table(["rank", "group", "mean score", "solutions", "internal errors"],
                       [[i + 1, cell(g["group"]), "n/a" if g["mean_score"] is None else f"{g['mean_score']:.1f}",
                         g["solutions"], g.get("internal_errors", 0)] for i, g in enumerate(data["groups"])]))
    if data.get("internal_errors"):
        lines += ["", f"> {data['internal_errors']} solution(s) have no score: codeeval hit an internal error "
                      "while evaluating them (status `internal_error`; each report has the traceback)."]
    by_problem: dict[str, list[dict]] = defaultdict(list)
    for row in data["results"]:
        by_problem[row["problem"]].append(row)
    for problem, problem_rows in sorted(by_problem.items()):
        lines += ["", f"## {cell(problem)}", ""]
        columns = dimension_columns(problem_rows)
        body = [[cell(r["solution"]), _score_cell(r)] + [_dimension_cell(r, name) for name, _ in columns]
                for r in sorted(problem_rows, key=lambda r: -r["score"])]
        lines.append(table(["solution", "score"] + [title for _, title in columns], body))
    if data["warnings"]:
        lines += ["", "## Warnings", ""] + [f"- {cell(w, 300)}" for w in data["warnings"]]
    return "\n".join(lines) + "\n"


def _score_cell(row: dict[str, Any]) -> str:
    return "internal error" if row.get("status") == EvaluationStatus.INTERNAL_ERROR.value else f"**{row['score']:.1f}**"


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
