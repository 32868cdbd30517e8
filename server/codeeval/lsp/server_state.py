"""What the server remembers per document: the last analysis, the analysis in flight, the last evaluation."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..results.result import EvaluationResult
from .analysis import Analysis
from .command_replies import LastResult
from .decision_logs import DecisionPlace
from .finding_reviews import NO_REVIEWS, FindingReview
from .positions import Lines
from .review_marks import ReviewedFile


@dataclass
class AnalysisJob:
    version: int | None
    source: str
    epoch: int


@dataclass
class DocumentState:
    uri: str
    epoch: int = 0  # bumped on every open, so a result for an earlier opening is never published
    analysis: Analysis | None = None
    analysis_version: int | None = None
    analysis_lines: Lines | None = None  # the analysed text, split once, for position conversion
    analysis_source: str = ""
    running: bool = False
    pending: AnalysisJob | None = None
    debounce: asyncio.TimerHandle | None = None
    open: bool = True
    published: int = 0  # diagnostics notifications sent (for logs and tests)
    reviews: Mapping[str, FindingReview] = field(default_factory=lambda: NO_REVIEWS)  # the analysis' findings'
    decision_place: DecisionPlace | None = None  # where its decisions are kept (document_decisions.py)
    decision_comment: str | None = None  # the problem comment the place was found with


@dataclass
class EvaluationRecord:
    """The last finished evaluation of one document, kept after the document closes."""

    uri: str
    score: float | None
    problem: str | None
    report_uri: str
    json_uri: str | None
    dimensions: dict[str, float | None]
    result: EvaluationResult | None = None  # for hover: failing cases, counterexamples (decisions applied)
    entry_point: str | None = None
    automatic: EvaluationResult | None = None  # before any decision: decisions are applied to it again
    decision_place: DecisionPlace | None = None
    report_stem: str = ""  # where its reports are rewritten after a decision
    base: Path | None = None

    def show(self, result: EvaluationResult, report_uri: str, json_uri: str | None) -> None:
        """Show `result` (the same evaluation, its decisions applied again) from now on."""
        self.result, self.report_uri, self.json_uri = result, report_uri, json_uri
        self.score = round(result.score, 2)
        self.dimensions = dimension_scores(result)

    def summary(self) -> LastResult:
        """What `codeeval.lastResult` answers for this evaluation."""
        return LastResult(score=self.score, problem=self.problem, report_uri=self.report_uri)


def dimension_scores(result: EvaluationResult) -> dict[str, float | None]:
    """Each dimension's score as the client sees it: None when it did not apply."""
    return {
        name: (None if not d.applicable or d.score is None else round(d.score, 2))
        for name, d in result.dimensions.items()
    }


@dataclass
class ServerState:
    documents: dict[str, DocumentState] = field(default_factory=dict)
    evaluations: dict[str, EvaluationRecord] = field(default_factory=dict)
    epochs: int = 0
    head_analyses: dict[str, Analysis] = field(default_factory=dict)  # git HEAD versions, by text (health.py)
    # files on disk that are not open, by (path, size, mtime) (workspace_quality.py)
    file_analyses: dict[tuple[str, int, int], Analysis] = field(default_factory=dict)
    change_reviews: dict[str, ReviewedFile] = field(default_factory=dict)  # codeeval.reviewChanges' marks, by file

    def opened(self, uri: str) -> DocumentState:
        self.epochs += 1
        old = self.documents.get(uri)
        if old is not None and old.debounce is not None:
            old.debounce.cancel()
        state = DocumentState(uri=uri, epoch=self.epochs)
        self.documents[uri] = state
        return state

    def closed(self, uri: str) -> DocumentState | None:
        state = self.documents.pop(uri, None)
        if state is not None:
            state.open = False
            state.pending = None
            if state.debounce is not None:
                state.debounce.cancel()
        return state

    def get(self, uri: str) -> DocumentState | None:
        return self.documents.get(uri)
