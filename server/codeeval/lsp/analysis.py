"""Quality analysis off the event loop: a thread for small files, a worker process for large ones.

The analyzer is CPU-bound Python. For a file of up to INLINE_MAX_LINES lines
it runs in a thread of the server: it holds the GIL for tens of milliseconds
at most, and skips the ~20 ms of pickling a result across processes (most of
the save-path budget at 1,000 lines). A larger file goes to one long-lived
worker process, so a multi-second analysis never stalls hovers; a crash there
cannot take the server down (the pool is rebuilt). Fixes (libcst: slow, and
heavy to import) are always computed in the worker process.
This module imports no LSP types: it is also the worker side.
"""

from __future__ import annotations

import ast
import logging
import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from ..base import python_ast
from ..base.calibration import NO_CALIBRATION, Calibration
from ..base.findings import Finding, Fix, Range

log = logging.getLogger(__name__)

INLINE_MAX_LINES = 2500


@dataclass
class FunctionInfo:
    qualname: str
    name_range: Range  # the name in `def name(`: where lenses and diagnostics point
    range: Range  # the whole definition
    score: float | None
    sub_scores: dict[str, float] = field(default_factory=dict)
    findings: list[int] = field(default_factory=list)  # indexes into Analysis.findings


@dataclass
class Analysis:
    """What the editor needs from one quality analysis of one text."""

    findings: list[Finding]
    functions: list[FunctionInfo]
    score: float | None
    parse_error: str = ""
    parse_error_range: Range | None = None
    rationale: list[str] = field(default_factory=list)
    available: bool = True  # False: the quality analyzer is not installed
    duration_s: float = 0.0


def analyze(source: str, path: str, settings: dict | None, calibration: Calibration = NO_CALIBRATION) -> Analysis:
    """Runs in the worker process: the quality analyzer's report, reduced to an `Analysis`; `calibration`:
    people's decisions on each rule's findings (their confidence moves with them)."""
    started = time.perf_counter()
    try:
        from .. import quality  # noqa: PLC0415  (the analyzer, 0.13 s: on the first analysis or in _warm_up's thread, not at start)
    except ImportError as exc:  # the analyzer is a separate piece of work; degrade, don't die
        return _without_analyzer(source, f"quality analyzer unavailable: {exc}")
    run = getattr(quality, "analyze", None)
    if run is None:
        return _without_analyzer(source, "quality analyzer unavailable")
    report = run(source, path=path, settings=quality_settings(settings, quality), calibration=calibration)
    analysis = _from_report(report)
    analysis.duration_s = time.perf_counter() - started
    return analysis


def quality_settings(editor: dict | None, quality: Any) -> dict | None:
    """The editor's enabledRules/disabledRules as the analyzer's `rules:` mapping (unknown ids dropped)."""
    if not editor:
        return None
    known = _known_rule_ids(quality)
    enabled, disabled = editor.get("enabled_rules"), set(editor.get("disabled_rules") or ())
    off = {rule for rule in known if rule in disabled or (enabled is not None and rule not in enabled)}
    return {"rules": dict.fromkeys(sorted(off), False)} if off else None


def _known_rule_ids(quality: Any) -> list[str]:
    try:
        from ..quality.rules import RULES_BY_ID  # noqa: PLC0415  (as in analyze)
    except ImportError:
        return []
    return list(RULES_BY_ID)


def _from_report(report: Any) -> Analysis:
    findings = list(getattr(report, "findings", []) or [])
    position = {id(f): i for i, f in enumerate(findings)}
    functions = []
    for qualname, fq in (getattr(report, "functions", None) or {}).items():
        own = [position[id(f)] for f in (getattr(fq, "findings", None) or []) if id(f) in position]
        functions.append(
            FunctionInfo(
                qualname=getattr(fq, "name", None) or qualname,
                name_range=fq.name_range,
                range=fq.range,
                score=getattr(fq, "score", None),
                sub_scores=dict(getattr(fq, "sub_scores", None) or {}),
                findings=own,
            )
        )
    error_text, error_range = _parse_error(getattr(report, "parse_error", None))
    error_range = getattr(report, "parse_error_range", None) or error_range
    return Analysis(
        findings=findings,
        functions=functions,
        score=getattr(report, "score", None),
        parse_error=error_text,
        parse_error_range=error_range,
        rationale=list(getattr(report, "rationale", None) or []),
    )


def _parse_error(error: Any) -> tuple[str, Range | None]:
    """The analyzer may describe a syntax error as text, a Finding or a SyntaxError."""
    if not error:
        return "", None
    if isinstance(error, Finding):
        return error.message, error.range
    if isinstance(error, SyntaxError):
        line = error.lineno or 1
        col = max((error.offset or 1) - 1, 0)
        return f"syntax error: {error.msg}", Range(line, col, line, col + 1)
    at = getattr(error, "line", None) or getattr(error, "lineno", None)
    column = getattr(error, "column", None) or getattr(error, "col", None) or 0
    text = getattr(error, "message", None) or str(error)
    return text, (Range(at, column, at, column + 1) if isinstance(at, int) else None)


def _without_analyzer(source: str, note: str) -> Analysis:
    """Function outlines only, so lenses and the evaluate action still work."""
    try:
        tree = python_ast.parse(source)
    except (SyntaxError, ValueError) as exc:
        text, where = _parse_error(exc if isinstance(exc, SyntaxError) else str(exc))
        return Analysis([], [], None, parse_error=text, parse_error_range=where, available=False, rationale=[note])
    lines = source.splitlines()
    functions = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            text = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
            start = text.find(node.name)
            name_range = Range(node.lineno, max(start, 0), node.lineno, max(start, 0) + len(node.name))
            whole = Range(node.lineno, 0, node.end_lineno or node.lineno, 0)
            functions.append(FunctionInfo(node.name, name_range, whole, None))
    return Analysis([], functions, None, available=False, rationale=[note])


def resolve_fix(source: str, finding: Finding) -> Fix | None:
    """Runs in the worker process: a lazy fix's edits (libcst), or the fix as it is."""
    fix = finding.fix
    if fix is None or fix.edits or not fix.codemod:
        return fix
    from ..quality import compute_fix  # noqa: PLC0415  (as in analyze)

    return compute_fix(source, finding)


def _warm_up() -> bool:
    try:
        from .. import quality  # noqa: F401, PLC0415  (imports are the slow part of a first analysis)
    except ImportError:
        pass
    return True


class AnalysisPool:
    """A one-process pool, rebuilt if its worker dies. Methods return concurrent futures."""

    def __init__(self) -> None:
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._inline = ThreadPoolExecutor(max_workers=1, thread_name_prefix="codeeval-analysis")

    def _pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                # spawn, not fork: the server has threads, and a forked copy of a
                # threaded process can deadlock on a lock held at fork time.
                self._executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            return self._executor

    def submit(self, fn: Callable, *args: Any) -> Future:
        try:
            return self._pool().submit(fn, *args)
        except (BrokenProcessPool, RuntimeError):
            self._reset()
            return self._pool().submit(fn, *args)

    def analyze(
        self, source: str, path: str, settings: dict | None, calibration: Calibration = NO_CALIBRATION
    ) -> Future:
        if source.count("\n") <= INLINE_MAX_LINES:
            return self._inline.submit(analyze, source, path, settings, calibration)
        return self.submit(analyze, source, path, settings, calibration)

    def resolve_fix(self, source: str, finding: Finding) -> Future:
        return self.submit(resolve_fix, source, finding)

    def warm_up(self) -> Future:
        self._inline.submit(_warm_up)
        return self.submit(_warm_up)

    def on_broken(self, exc: BaseException) -> None:
        if isinstance(exc, BrokenProcessPool):
            log.warning("analysis worker died; starting a new one")
            self._reset()

    def _reset(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        self._inline.shutdown(wait=False, cancel_futures=True)
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
