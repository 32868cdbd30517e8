"""What the server remembers per document: the last analysis, the analysis in flight, the last evaluation."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from ..results.result import EvaluationResult
from .analysis import Analysis
from .command_replies import LastResult
from .positions import Lines


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


@dataclass
class EvaluationRecord:
    """The last finished evaluation of one document, kept after the document closes."""

    uri: str
    score: float | None
    problem: str | None
    report_uri: str
    json_uri: str | None
    dimensions: dict[str, float | None]
    result: EvaluationResult | None = None  # for hover: failing cases, counterexamples
    entry_point: str | None = None

    def summary(self) -> LastResult:
        """What `codeeval.lastResult` answers for this evaluation."""
        return LastResult(score=self.score, problem=self.problem, report_uri=self.report_uri)


@dataclass
class ServerState:
    documents: dict[str, DocumentState] = field(default_factory=dict)
    evaluations: dict[str, EvaluationRecord] = field(default_factory=dict)
    epochs: int = 0
    head_analyses: dict[str, Analysis] = field(default_factory=dict)  # git HEAD versions, by text (health.py)
    # files on disk that are not open, by (path, size, mtime) (workspace_quality.py)
    file_analyses: dict[tuple[str, int, int], Analysis] = field(default_factory=dict)

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
