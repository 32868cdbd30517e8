"""One solution against one problem: every dimension, one score, one result.

The solution runs only inside sandbox sessions; this module reads its source,
scores quality statically, and asks each dimension for its verdict.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base.catalog import ProblemKind
from ..base.errors import IsolationError, SolutionError
from ..base.isolation import IsolationReport
from ..dimensions.contract import Dimension, SolutionRun
from ..dimensions.performance.budget import Settings as PerformanceSettings
from ..judging.case_runner import Deadline
from ..judging.frozen_verdicts import FrozenVerdicts
from ..judging.oracle import Oracle
from ..problem import Problem, load_problem
from ..problem.yaml_source import read_text
from ..results.case_details import LoadFailureDetails
from ..results.overall_score import combine
from ..results.result import DimensionResult, EvaluationResult, LoadRecord
from ..results.review import solution_hash
from ..sandbox import CallClock, Limits, LoadOutcome, Session, default_launcher
from ..sandbox.program_adapter import program_adapter
from .evaluation_options import EvaluationOptions, IsolationRequirement
from .registry import dimensions_for

# Problems whose solution is loaded once and called per test; the others (plots, pages) render instead.
CALLED_KINDS = frozenset({ProblemKind.FUNCTION, ProblemKind.PROGRAM})

if TYPE_CHECKING:
    from ..generation.frozen_suites import FrozenSuites


class ProblemContext:
    """A problem plus what is shared by all its evaluations: the cached reference oracle."""

    def __init__(self, problem: Problem, options: EvaluationOptions | None = None):
        self.problem = problem
        self.options = options or EvaluationOptions()
        self.launcher = self.options.launcher or default_launcher()
        self.limits = limits_for(problem, self.options)
        self.oracle = Oracle(problem, self.limits, self.launcher)
        # Deterministic mode: the same generated inputs in every run, whatever the machine's speed, and the
        # same verdict for a call near its time limit.
        self.frozen_suites = frozen_suites() if self.options.deterministic else None
        self.frozen_verdicts = FrozenVerdicts() if self.options.deterministic else None

    def close(self) -> None:
        self.oracle.close()

    def __enter__(self) -> ProblemContext:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def frozen_suites() -> FrozenSuites:
    from ..generation.frozen_suites import FrozenSuites  # noqa: PLC0415  (Hypothesis, 0.6 s: deterministic mode only)

    return FrozenSuites()


def limits_for(problem: Problem, options: EvaluationOptions) -> Limits:
    """The sandbox limits for a problem's solutions: the problem's, with the options' overrides."""
    limits = problem.limits
    return Limits(
        time_per_call_s=options.time_per_call_s or limits.time_per_call_s,
        # Deterministic mode: a call's limit is CPU seconds, so a busy machine gives the same verdicts.
        call_clock=CallClock.CPU if options.deterministic else CallClock.WALL,
        memory_mb=options.memory_mb or limits.memory_mb,
        cpu_s=int(limits.total_time_s) + 30,
        capabilities=problem.sandbox.capabilities,  # granted only where namespaces contain them
    )


def check_isolation(isolation: IsolationReport, required: IsolationRequirement | None) -> None:
    """Refuse to run when strict isolation is required and a layer is missing (IsolationError)."""
    if required == "strict" and isolation.missing:
        missing = ", ".join(isolation.missing)
        why = "; ".join(isolation.warnings)
        raise IsolationError(
            f"--require-isolation=strict: refusing to run solutions, these isolation layers are "
            f"missing: {missing}" + (f" ({why})" if why else "") + "; see docs/security.md"
        )


def read_solution(path: str | Path) -> str:
    return read_text(str(path), error=SolutionError)


def evaluate(
    solution: str | Path,
    problem: str | Path | Problem,
    *,
    source: str | None = None,
    options: EvaluationOptions | None = None,
    **option_fields: Any,
) -> EvaluationResult:
    """Evaluate a solution file (or `source` text, labelled `solution`) against a problem."""
    options = options or EvaluationOptions(**option_fields)
    loaded = problem if isinstance(problem, Problem) else load_problem(problem)
    text = source if source is not None else read_solution(solution)
    with ProblemContext(loaded, options) as context:
        return evaluate_source(text, str(solution), context)


def evaluate_source(source: str, label: str, context: ProblemContext) -> EvaluationResult:
    """The whole evaluation of one solution's source text in a problem's context, keyed by its content hash
    (what people's decisions on it are keyed by)."""
    result = _evaluated(source, label, context)
    result.solution_hash = solution_hash(source)
    return result


def _evaluated(source: str, label: str, context: ProblemContext) -> EvaluationResult:
    started = time.monotonic()
    problem, options = context.problem, context.options
    isolation = context.launcher.isolation()
    check_isolation(isolation, options.require_isolation)
    if problem.kind not in CALLED_KINDS:
        return _visual_result(source, label, context, isolation, started)
    deadline = Deadline(problem.limits.total_time_s)
    errors: list[str] = []
    filename = Path(label).name or "solution.py"
    with Session(
        _callable_source(source, filename, problem),
        problem.entry_point,
        filename,
        context.limits,
        launcher=context.launcher,
        verdicts=context.frozen_verdicts,
        prelude=problem.load_prelude,
    ) as candidate:
        load = candidate.load()
        if not load.ok:
            errors.append(f"{label}: {load.describe()}")
        run = SolutionRun(
            problem,
            source,
            label,
            candidate,
            context.oracle,
            deadline,
            PerformanceSettings.from_options(options),
            context.frozen_suites,
            options.tests,
            stop_at_first_failure=options.stop_at_first_failure,
            calibration=options.calibration,
        )
        dimensions = {
            dimension.name: _verdict(dimension, run, load, options.skip) for dimension in dimensions_for(problem.kind)
        }
        output = candidate.output()
    score = combine(dimensions, {**problem.weights, **(options.weights or {})})
    return EvaluationResult(
        problem=problem.name,
        problem_path=problem.path,
        solution=label,
        score=score,
        dimensions=dimensions,
        isolation=isolation,
        errors=errors,
        load=LoadRecord(
            status=load.status,
            message=load.describe() if not load.ok else "",
            lineno=load.lineno,
            traceback=load.traceback,
        ),
        output=output,
        duration_s=time.monotonic() - started,
    )


def _callable_source(source: str, filename: str, problem: Problem) -> str:
    """What the worker loads: a function problem's solution as it is; a program wrapped so each test is a call."""
    if problem.program is None:
        return source
    return program_adapter(source, filename, problem.program.output_limit_bytes, problem.prelude)


def _verdict(dimension: Dimension, run: SolutionRun, load: LoadOutcome, skip: tuple[str, ...]) -> DimensionResult:
    """One dimension's result: skipped on request, 0 when it needs the solution and that did not load,
    not applicable when it says so, else its own verdict."""
    name = dimension.name
    if name in skip:
        return DimensionResult.not_applicable(name, "skipped by request")
    if dimension.runs_solution and not load.ok:
        failure = load.describe()
        return DimensionResult(
            name=name,
            score=0.0,
            summary="solution did not load",
            rationale=[f"-100: the solution did not load ({failure}), so nothing could run."],
            details=LoadFailureDetails(failure),
        )
    why = dimension.applies_to(run.problem)
    if why is not None:
        return DimensionResult.not_applicable(name, why)
    return dimension.evaluate(run)


def _visual_result(
    source: str, label: str, context: ProblemContext, isolation: IsolationReport, started: float
) -> EvaluationResult:
    """Plot and web-page problems: their own parts, scored from what the sandbox and the browser showed."""
    from .visual_evaluation import evaluate_visual  # noqa: PLC0415  (plots and pages only)

    problem, options = context.problem, context.options
    visual = evaluate_visual(problem, source, label, context.launcher, options.skip, options.extra.get("judge"))
    score = combine(visual.dimensions, {**problem.weights, **(options.weights or {})})
    if visual.cap is not None:
        score = min(score, visual.cap.limit)
    return EvaluationResult(
        problem=problem.name,
        problem_path=problem.path,
        solution=label,
        score=score,
        dimensions=visual.dimensions,
        isolation=isolation.with_notes(visual.notes),
        errors=visual.errors,
        output=visual.output,
        duration_s=time.monotonic() - started,
        images=visual.images,
        cap=visual.cap,
    )
