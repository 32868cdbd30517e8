"""One evaluation for the editor, in a worker thread: the engine, then the reports on disk.

No LSP types here. The solution's code runs only in the engine's sandbox; the
launcher is wrapped so cancelling kills its processes (see jobs.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from ..base.atomic_file import write_text_atomically
from ..base.catalog import CODE_QUALITY, CORRECTNESS, EDGE_CASES, PERFORMANCE
from ..decisions.apply import apply_decisions
from ..decisions.store import DecisionLog
from ..dimensions.code_quality import dimension
from ..engine.evaluator import EvaluationOptions, ProblemContext, evaluate_source
from ..generation.robustness import check_robustness
from ..report import to_json, to_markdown
from ..report.images import save_images
from ..results.edge_case_details import RobustnessCounterexample, RobustnessDetails
from ..results.overall_score import combine
from ..results.result import DimensionResult, EvaluationResult
from ..results.review import solution_hash
from ..sandbox import Launcher, Limits, default_launcher
from .decision_logs import NO_PROBLEM
from .evaluation_request import NO_PROBLEM_NAME, EvaluationRequest
from .jobs import CancellableLauncher, CancelToken, EvaluationCancelled
from .report_files import report_dir


@dataclass
class EvaluationOutcome:
    """A finished evaluation (people's decisions applied), the paths of its reports, and the result before
    any decision (for applying later decisions to)."""

    result: EvaluationResult
    report_path: Path
    json_path: Path
    automatic: EvaluationResult


def options_for(request: EvaluationRequest, launcher: Launcher) -> EvaluationOptions:
    """EvaluationOptions from the editor's settings and the document's decisions."""
    settings = request.settings
    memory_mb = settings.limits.get("memory_mb")  # a whole number already (settings._limits)
    return EvaluationOptions(
        weights=dict(settings.weights) or None,
        time_per_call_s=settings.limits.get("time_per_call_s"),
        memory_mb=None if memory_mb is None else int(memory_mb),
        launcher=launcher,
        calibration=request.calibration,
    )


def reviewed(result: EvaluationResult, log: DecisionLog) -> EvaluationResult:
    """`result` with people's decisions applied. Without a problem, decisions name the problem "none" (as the
    diagnostics key them), not the report's "(no problem)"."""
    if result.problem != NO_PROBLEM_NAME:
        return apply_decisions(result, log)
    return replace(apply_decisions(replace(result, problem=NO_PROBLEM), log), problem=NO_PROBLEM_NAME)


def run(request: EvaluationRequest, token: CancelToken, progress: Callable[[str], None]) -> EvaluationOutcome:
    """Evaluate, write both reports, return where they are. Raises EvaluationCancelled."""
    token.check()
    launcher = CancellableLauncher(default_launcher(), token)
    if request.problem is None:
        progress("checking code quality (no problem: nothing to run against)")
        result = evaluate_without_problem(request, launcher)
    else:
        progress(f"running {request.problem.name} in the sandbox")
        with ProblemContext(request.problem, options_for(request, launcher)) as context:
            result = evaluate_source(request.source, request.label, context)
    token.check()  # a cancel that landed after the last worker: do not report a half-run result
    progress("writing reports")
    final = reviewed(result, request.decisions)
    report_path, json_path = write_reports(final, report_dir(request.base), request.stem)
    return EvaluationOutcome(final, report_path, json_path, result)


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
        solution_hash=solution_hash(request.source),
    )


def _quality(request: EvaluationRequest) -> DimensionResult:
    """The code_quality dimension of the source."""
    return dimension(request.source, {}, path=request.label, calibration=request.calibration)


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
    write_text_atomically(json_path, to_json(result) + "\n")
    write_text_atomically(report_path, to_markdown(result, save_images(result, report_path)))
    return report_path, json_path


__all__ = ["NO_PROBLEM_NAME", "EvaluationCancelled", "EvaluationOutcome", "EvaluationRequest", "run", "write_reports"]
