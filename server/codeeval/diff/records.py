"""Reading what a run left behind: a leaderboard (with its per-solution reports) or one result.

`load_snapshot(path)` accepts a `codeeval run` output folder, its
`leaderboard.json`, or one result JSON (`codeeval evaluate --format json`).
The JSON formats are described in docs/result-format.md; everything read is
turned into the records below, so the comparison never handles raw dicts.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from ..base.errors import CodeevalError
from ..results.result import EvaluationStatus

LEADERBOARD_FILE = "leaderboard.json"
_POINTS = re.compile(r"^-(\d+(?:\.\d+)?):\s*(.*)$", re.DOTALL)


class RunFileError(CodeevalError):
    """A file given to `codeeval diff` is missing, not JSON, or not a codeeval leaderboard or result."""


class SnapshotKind(Enum):
    """What kind of file a snapshot was read from."""

    LEADERBOARD = "leaderboard"
    RESULT = "result"


@dataclass(frozen=True)
class Reason:
    """One sentence of a dimension's rationale and the dimension points it cost (None when not stated)."""

    text: str
    points: float | None = None

    @classmethod
    def parse(cls, line: str) -> Reason:
        """`-12.5: text` -> Reason("text", 12.5); a line without points keeps None."""
        match = _POINTS.match(line.strip())
        if match:
            return cls(match.group(2).strip(), float(match.group(1)))
        return cls(line.strip())

    def __str__(self) -> str:
        return f"-{self.points:g} {self.text}" if self.points is not None else self.text


@dataclass(frozen=True)
class DimensionRecord:
    """One dimension of one solution, as a run reported it."""

    name: str
    score: float | None  # None: not applicable
    summary: str = ""
    reasons: tuple[Reason, ...] | None = None  # None: the report with the details was not found


@dataclass(frozen=True)
class SolutionRecord:
    """One evaluated solution, as a run reported it."""

    problem: str
    solution: str  # the label a run shows ("good.py", "model-a#3") or the solution's path
    score: float
    dimensions: dict[str, DimensionRecord]
    errors: tuple[str, ...] = ()
    group: str = ""  # what a leaderboard ranks: a sample kind, a model
    status: EvaluationStatus = EvaluationStatus.OK  # INTERNAL_ERROR: codeeval failed, the score means nothing
    excluded: bool = False  # its problem's reference fails where it ran: scored, but not counted in means
    reviewed: bool = False  # its score includes people's decisions (a dismissed finding, an override)

    @property
    def has_score(self) -> bool:
        """False when codeeval itself could not evaluate the solution."""
        return self.status is EvaluationStatus.OK

    @property
    def counted(self) -> bool:
        """Whether the solution counts in a mean: it has a score and its problem was not excluded."""
        return self.has_score and not self.excluded

    @property
    def key(self) -> tuple[str, str]:
        """What pairs a solution across runs: (problem, solution label)."""
        return self.problem, self.solution


@dataclass(frozen=True)
class Snapshot:
    """Every solution of one run (or the single solution of one result)."""

    path: Path
    kind: SnapshotKind
    solutions: tuple[SolutionRecord, ...]

    @property
    def mean_score(self) -> float | None:
        """The mean over the solutions that count (a score, a problem not excluded), None when none does."""
        scored = [record.score for record in self.solutions if record.counted]
        return sum(scored) / len(scored) if scored else None

    @property
    def reviewed(self) -> int:
        """How many solutions' scores include people's decisions."""
        return sum(record.reviewed for record in self.solutions)

    @property
    def internal_errors(self) -> int:
        """How many solutions codeeval could not evaluate."""
        return sum(not record.has_score for record in self.solutions)


def load_snapshot(path: str | Path) -> Snapshot:
    """A run folder, a leaderboard.json or a single result JSON, as records."""
    path = Path(path)
    if path.is_dir():
        if not (path / LEADERBOARD_FILE).is_file():
            raise RunFileError(f"no {LEADERBOARD_FILE} in this folder (is it a `codeeval run` output?)", str(path))
        path = path / LEADERBOARD_FILE
    data = _read_json(path)
    if isinstance(data, dict) and isinstance(data.get("results"), list) and "groups" in data:
        return Snapshot(path, SnapshotKind.LEADERBOARD, tuple(_leaderboard_rows(path, data["results"])))
    if isinstance(data, dict) and isinstance(data.get("dimensions"), dict) and "score" in data:
        return Snapshot(path, SnapshotKind.RESULT, (_from_result(path, data),))
    raise RunFileError(
        "not a codeeval leaderboard or result (expected `results` and `groups`, or `score` and `dimensions`)", str(path)
    )


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RunFileError("no such file", str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RunFileError(f"cannot be read: {exc}", str(path)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RunFileError(f"not JSON: {exc.msg} (column {exc.colno})", str(path), exc.lineno) from None


def _leaderboard_rows(path: Path, rows: list) -> list[SolutionRecord]:
    return [_leaderboard_row(path, index, row) for index, row in enumerate(rows)]


def _leaderboard_row(path: Path, index: int, row: object) -> SolutionRecord:
    """One row of `results`, with the reasons from its report when the report is beside the leaderboard."""
    if not isinstance(row, dict) or not _has_row_keys(row):
        raise RunFileError(f"results[{index}]: needs `problem`, `solution` and a numeric `score`", str(path))
    details = _report_details(path, row.get("report"))
    dimensions = {
        name: details.get(name) or DimensionRecord(name, _score(score))
        for name, score in (row.get("dimensions") or {}).items()
    }
    return SolutionRecord(
        row["problem"],
        row["solution"],
        float(row["score"]),
        dimensions,
        tuple(str(error) for error in row.get("errors") or ()),
        str(row.get("group") or ""),
        _status(path, row.get("status")),
        bool(row.get("excluded")),
        bool(row.get("reviewed")),  # absent before reviews existed: not reviewed
    )


def _has_row_keys(row: dict) -> bool:
    return isinstance(row.get("problem"), str) and isinstance(row.get("solution"), str) and _is_number(row.get("score"))


def _report_details(leaderboard: Path, report: object) -> dict[str, DimensionRecord]:
    """The per-dimension summaries and reasons from a solution's own report, when it is next to the leaderboard."""
    if not isinstance(report, str):
        return {}
    target = leaderboard.parent / report
    if not target.is_file():
        return {}
    data = _read_json(target)
    if not isinstance(data, dict) or not isinstance(data.get("dimensions"), dict):
        raise RunFileError("not a codeeval result (no `dimensions`)", str(target))
    return _dimensions(data["dimensions"])


def _from_result(path: Path, data: dict) -> SolutionRecord:
    if not _is_number(data.get("score")):
        raise RunFileError("`score` is not a number", str(path))
    return SolutionRecord(
        str(data.get("problem") or "?"),
        str(data.get("solution") or path.name),
        float(data["score"]),
        _dimensions(data["dimensions"]),
        tuple(str(error) for error in data.get("errors") or ()),
        status=_status(path, data.get("status")),
        excluded=bool(data.get("excluded")),
        reviewed=_reviewed(data.get("review")),
    )


def _reviewed(review: object) -> bool:
    """Whether a result's `review` has a decision that applies (docs/result-format.md)."""
    decisions = review.get("decisions") if isinstance(review, dict) else None
    return any(isinstance(d, dict) and d.get("applied") for d in decisions or ())


def _status(path: Path, value: object) -> EvaluationStatus:
    """`status` of a row or result; files from before it existed have none and were all evaluated."""
    try:
        return EvaluationStatus(value or EvaluationStatus.OK.value)
    except ValueError:
        raise RunFileError(f"unknown status {value!r}", str(path)) from None


def _dimensions(data: dict) -> dict[str, DimensionRecord]:
    dimensions = {}
    for name, entry in data.items():
        if not isinstance(entry, dict):
            continue
        summary = str(entry.get("summary") or "")
        reasons = tuple(Reason.parse(str(line)) for line in entry.get("rationale") or ())
        dimensions[name] = DimensionRecord(name, _score(entry.get("score")), summary, reasons)
    return dimensions


def _score(value: object) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return None


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
