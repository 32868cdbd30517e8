"""What an evaluation produces: one score, four dimension results, and how isolated the run was.

`to_dict()` gives the JSON result format (docs/result-format.md); bump
SCHEMA_VERSION on any incompatible change.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..base.isolation import IsolationReport
from ..base.outcome_status import LoadStatus
from .detail_record import OMITTED_WHEN_NONE as OMITTED_WHEN_NONE  # re-exported: the records' shared metadata
from .detail_record import DetailRecord
from .detail_record import json_key as json_key
from .exclusion import Exclusion
from .review import ReviewRecord
from .score_cap import ScoreCap

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class DimensionDetails(DetailRecord):
    """What a dimension reports beyond its score: each dimension has its own subclass (`details/`);
    this base, with no fields, is the details of a result that has none (skipped, not applicable)."""


@dataclass
class DimensionResult:
    """One dimension's verdict. `score` is 0-100, or None when the dimension does not apply."""

    name: str
    score: float | None
    applicable: bool = True
    reason: str = ""  # why it does not apply
    summary: str = ""  # one line for tables: "6/7 tests passed"
    rationale: list[str] = field(default_factory=list)  # one sentence per lost point
    details: DimensionDetails = field(default_factory=DimensionDetails)  # the dimension's own typed record
    weight: float = 0.0  # share of the final score after renormalisation (set by scoring)

    @classmethod
    def not_applicable(cls, name: str, reason: str, details: DimensionDetails | None = None) -> DimensionResult:
        return cls(
            name=name,
            score=None,
            applicable=False,
            reason=reason,
            summary=f"not applicable: {reason}",
            details=DimensionDetails() if details is None else details,
        )

    def to_dict(self) -> dict:
        data = {
            "score": None if self.score is None else round(self.score, 2),
            "weight": round(self.weight, 4),
            "applicable": self.applicable,
            "summary": self.summary,
            "rationale": list(self.rationale),
        }
        if not self.applicable:
            data["reason"] = self.reason
        data.update(self.details.to_dict())
        return data


class EvaluationStatus(str, Enum):
    """Whether the evaluation itself completed; a solution's own failures are scored, not statuses."""

    OK = "ok"
    INTERNAL_ERROR = "internal_error"  # a bug of codeeval's while evaluating this solution: no score


@dataclass(frozen=True)
class InternalError:
    """What went wrong inside codeeval while evaluating one solution (kept for a bug report)."""

    type: str
    message: str
    traceback: str

    @classmethod
    def from_exception(cls, exc: BaseException) -> InternalError:
        return cls(
            type(exc).__name__,
            str(exc)[:2000],
            "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))[-20_000:],
        )

    def to_dict(self) -> dict:
        return {"type": self.type, "message": self.message, "traceback": self.traceback}


@dataclass(frozen=True)
class ReportImage:
    """A picture for the report (the plot, a screenshot, a crop), saved beside it as `<report>.<name>`."""

    name: str  # a file-name suffix: "plot.png", "desktop.png", "overlap-1.svg"
    data: bytes
    caption: str
    media_type: str = "image/png"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "caption": self.caption, "media_type": self.media_type, "bytes": len(self.data)}


@dataclass(frozen=True)
class LoadRecord(DetailRecord):
    """How loading the solution went (compile, import, find the entry point), as the result reports it."""

    status: LoadStatus
    message: str  # why it did not load; empty when it did
    lineno: int | None  # the line a syntax error is on
    traceback: str


@dataclass
class EvaluationResult:
    problem: str
    solution: str
    score: float
    dimensions: dict[str, DimensionResult]
    isolation: IsolationReport | None  # None: the evaluation failed before a sandbox was chosen
    errors: list[str] = field(default_factory=list)
    load: LoadRecord | None = None  # None: no solution was loaded (a plot, a web page, an internal error)
    output: str = ""  # what the solution printed, truncated
    duration_s: float = 0.0
    problem_path: str | None = None
    status: EvaluationStatus = EvaluationStatus.OK
    internal_error: InternalError | None = None

    @classmethod
    def failed(
        cls, problem: str, solution: str, exc: BaseException, duration_s: float = 0.0, problem_path: str | None = None
    ) -> EvaluationResult:
        """The result of an evaluation that codeeval itself could not complete: status, message, traceback."""
        error = InternalError.from_exception(exc)
        return cls(
            problem=problem,
            solution=solution,
            score=0.0,
            dimensions={},
            isolation=None,
            errors=[f"{solution}: internal error: {error.type}: {error.message}"],
            duration_s=duration_s,
            problem_path=problem_path,
            status=EvaluationStatus.INTERNAL_ERROR,
            internal_error=error,
        )

    images: list[ReportImage] = field(default_factory=list)  # plots and screenshots, saved beside the reports
    excluded: Exclusion | None = None  # the problem's reference fails here: not counted (results/exclusion.py)
    solution_hash: str = ""  # sha256 of the solution's source: what people's decisions are keyed by
    review: ReviewRecord | None = None  # people's decisions on this result (results/review.py); None: none
    cap: ScoreCap | None = None  # a fault that set a ceiling on the score (plots and pages: visual/caps.py)

    def to_dict(self) -> dict:
        data = {
            "schema_version": SCHEMA_VERSION,
            "status": self.status.value,
            **({"excluded": self.excluded.to_dict()} if self.excluded is not None else {}),
            "problem": self.problem,
            "problem_path": self.problem_path,
            "solution": self.solution,
            **({"solution_sha256": self.solution_hash} if self.solution_hash else {}),
            "score": round(self.score, 2),
            **({"cap": self.cap.to_dict()} if self.cap is not None else {}),
            "dimensions": {name: result.to_dict() for name, result in self.dimensions.items()},
            "load": {} if self.load is None else self.load.to_dict(),
            "isolation": {} if self.isolation is None else self.isolation.to_dict(),
            "errors": list(self.errors),
            "output": self.output,
            "duration_s": round(self.duration_s, 3),
            **({"images": [image.to_dict() for image in self.images]} if self.images else {}),
        }
        if self.internal_error is not None:
            data["internal_error"] = self.internal_error.to_dict()
        if self.review is not None:
            data["review"] = self.review.to_dict()
        return data
