"""One evaluation for the editor, in a worker thread: the engine, then the reports on disk.

No LSP types here. The solution's code runs only in the engine's sandbox; the
launcher is wrapped so cancelling kills its processes (see jobs.py).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..base.catalog import CODE_QUALITY, CORRECTNESS, EDGE_CASES, PERFORMANCE
from ..dimensions.code_quality import dimension
from ..engine.evaluator import EvaluationOptions, ProblemContext, evaluate_source
from ..generation.robustness import check_robustness
from ..report import to_json, to_markdown
from ..report.images import save_images
from ..results.edge_case_details import RobustnessCounterexample, RobustnessDetails
from ..results.overall_score import combine
from ..results.result import DimensionResult, EvaluationResult
from ..sandbox import Launcher, Limits, default_launcher
from .editor_settings import Settings
from .evaluation_request import EvaluationRequest
from .jobs import CancellableLauncher, CancelToken, EvaluationCancelled
from .report_files import report_dir

NO_PROBLEM_NAME = "(no problem)"


@dataclass
class EvaluationOutcome:
    """A finished evaluation and the paths of its markdown and JSON reports."""

    result: EvaluationResult
    report_path: Path
    json_path: Path


def options_for(settings: Settings, launcher: Launcher) -> EvaluationOptions:
    """EvaluationOptions from the editor's settings."""
    memory_mb = settings.limits.get("memory_mb")  # a whole number already (settings._limits)
    return EvaluationOptions(
        weights=dict(settings.weights) or None,
        time_per_call_s=settings.limits.get("time_per_call_s"),
        memory_mb=None if memory_mb is None else int(memory_mb),
        launcher=launcher,
    )


def run(request: EvaluationRequest, token: CancelToken, progress: Callable[[str], None]) -> EvaluationOutcome:
    """Evaluate, write both reports, return where they are. Raises EvaluationCancelled."""
    token.check()
    launcher = CancellableLauncher(default_launcher(), token)
    if request.problem is None:
        progress("checking code quality (no problem: nothing to run against)")
        result = evaluate_without_problem(request, launcher)
    else:
        progress(f"running {request.problem.name} in the sandbox")
        with ProblemContext(request.problem, options_for(request.settings, launcher)) as context:
            result = evaluate_source(request.source, request.label, context)
    token.check()  # a cancel that landed after the last worker: do not report a half-run result
    progress("writing reports")
    report_path, json_path = write_reports(result, report_dir(request.base), request.stem)
    return EvaluationOutcome(result, report_path, json_path)


def evaluate_without_problem(request: EvaluationRequest, launcher: Launcher) -> EvaluationResult:
    """Quality, plus robustness on generated inputs when the generation API is installed."""
    reason = "no problem file: there are no tests or reference to run against"
    dimensions = {
        CORRECTNESS.name: DimensionResult.not_applicable(CORRECTNESS.name, reason),
        EDGE_CASES.name: _robustness(request, launcher),
        PERFORMANCE.name: DimensionResult.not_applicable(
            PERFORMANCE.name, "no problem file: there is no reference to time against"
        ),
        CODE_QUALITY.name: _quality(request),
    }
    score = combine(dimensions, dict(request.settings.weights))
    return EvaluationResult(
        problem=NO_PROBLEM_NAME,
        solution=request.label,
        score=score,
        dimensions=dimensions,
        isolation=launcher.isolation(),
    )


def _quality(request: EvaluationRequest) -> DimensionResult:
    """The code_quality dimension of the source."""
    return dimension(request.source, {}, path=request.label)


def _robustness(request: EvaluationRequest, launcher: Launcher) -> DimensionResult:
    """No crash, no hang on inputs generated from the type hints (the generation API), as the edge-case score."""
    limits = Limits(
        time_per_call_s=float(request.settings.limits.get("time_per_call_s", 1.0)),
        memory_mb=int(request.settings.limits.get("memory_mb", 512)),
    )
    findings, targets = check_robustness(
        request.source, launcher=launcher, limits=limits, filename=Path(request.label).name or "solution.py"
    )
    tested = [t for t in targets if t.cases]
    if not tested:
        reasons = "; ".join(f"{t.function}: {t.reason}" for t in targets if t.reason) or "no public functions"
        return DimensionResult.not_applicable(
            EDGE_CASES.name, f"no problem file, and no inputs could be generated ({reasons})"
        )
    crashed = {f.function for f in findings}
    passed = [t for t in tested if t.function not in crashed]
    counterexamples = tuple(
        RobustnessCounterexample(
            function=f.function,
            input=f.input,
            expected="no crash, no hang",
            actual=f"{f.exc_type}: {f.message}" if f.exc_type else f.kind,
            line=f.line,
            pytest=f.pytest,
        )
        for f in findings
    )
    rationale = [
        f"-{100 / len(tested):.1f}: `{f.function}` {f.kind} on {f.input}"
        + (f" ({f.exc_type}: {f.message})" if f.exc_type else "")
        for f in findings
    ]
    total = sum(len(t.cases) for t in tested)
    return DimensionResult(
        name=EDGE_CASES.name,
        score=100.0 * len(passed) / len(tested),
        summary=f"robustness: {len(passed)}/{len(tested)} functions survived {total} generated inputs",
        rationale=rationale,
        details=RobustnessDetails(mode="robustness", counterexamples=counterexamples),
    )


def write_reports(result: EvaluationResult, directory: Path, stem: str) -> tuple[Path, Path]:
    """Write the result's JSON and markdown reports as <stem>.json and <stem>.md; their paths."""
    report_path, json_path = directory / f"{stem}.md", directory / f"{stem}.json"
    report_path.parent.mkdir(parents=True, exist_ok=True)
    _write_atomically(json_path, to_json(result) + "\n")
    _write_atomically(report_path, to_markdown(result, save_images(result, report_path)))
    return report_path, json_path


def _write_atomically(path: Path, text: str) -> None:
    """A client opening the report never sees half of it."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


__all__ = ["EvaluationCancelled", "EvaluationOutcome", "EvaluationRequest", "run", "write_reports"]
