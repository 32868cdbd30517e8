"""One solution against one problem: every dimension, one score, one result.

The solution runs only inside sandbox sessions; this module reads its source,
scores quality statically, and asks each dimension for its verdict.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .dimensions import correctness, edge_cases, performance
from .dimensions.case_runner import Deadline
from .dimensions.oracle import Oracle
from .dimensions.quality import dimension
from .errors import IsolationError, SolutionError
from .overall_score import combine
from .result import DimensionResult, EvaluationResult
from .sandbox import Limits, Session, default_launcher
from .spec import Problem, load_problem
from .spec.yaml_source import read_text


@dataclass
class EvaluationOptions:
    weights: dict[str, float] | None = None  # overrides the problem's weights
    time_per_call_s: float | None = None
    memory_mb: int | None = None
    require_isolation: str | None = None  # "strict": refuse to run with any isolation layer missing
    launcher: Any = None
    skip: tuple[str, ...] = ()  # dimensions not to run (reported as not applicable)
    deterministic: bool = False  # performance counts bytecode instructions instead of timing (same result every run)
    extra: dict[str, Any] = field(default_factory=dict)  # options for individual dimensions


class ProblemContext:
    """A problem plus what is shared by all its evaluations: the cached reference oracle."""

    def __init__(self, problem: Problem, options: EvaluationOptions | None = None):
        self.problem = problem
        self.options = options or EvaluationOptions()
        self.launcher = self.options.launcher or default_launcher()
        self.limits = limits_for(problem, self.options)
        self.oracle = Oracle(problem, self.limits, self.launcher)

    def close(self) -> None:
        self.oracle.close()

    def __enter__(self) -> ProblemContext:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def limits_for(problem: Problem, options: EvaluationOptions) -> Limits:
    limits = problem.limits
    return Limits(
        time_per_call_s=options.time_per_call_s or limits.time_per_call_s,
        memory_mb=options.memory_mb or limits.memory_mb,
        cpu_s=int(limits.total_time_s) + 30,
    )


def check_isolation(isolation: dict, required: str | None) -> None:
    if required == "strict" and isolation.get("missing"):
        missing = ", ".join(isolation["missing"])
        why = "; ".join(isolation.get("warnings") or [])
        raise IsolationError(f"--require-isolation=strict: refusing to run solutions, these isolation layers are "
                             f"missing: {missing}" + (f" ({why})" if why else "") + "; see docs/security.md")


def read_solution(path: str | Path) -> str:
    return read_text(str(path), error=SolutionError)


def evaluate(solution: str | Path, problem: str | Path | Problem, *, source: str | None = None,
             options: EvaluationOptions | None = None, **option_fields: Any) -> EvaluationResult:
    """Evaluate a solution file (or `source` text, labelled `solution`) against a problem."""
    options = options or EvaluationOptions(**option_fields)
    loaded = problem if isinstance(problem, Problem) else load_problem(problem)
    text = source if source is not None else read_solution(solution)
    with ProblemContext(loaded, options) as context:
        return evaluate_source(text, str(solution), context)


def evaluate_source(source: str, label: str, context: ProblemContext) -> EvaluationResult:
    """The whole evaluation of one solution's source text in a problem's context."""
    started = time.monotonic()
    problem, options = context.problem, context.options
    isolation = context.launcher.isolation()
    check_isolation(isolation, options.require_isolation)
    deadline = Deadline(problem.limits.total_time_s)
    dimensions: dict[str, DimensionResult] = {}
    errors: list[str] = []

    if "code_quality" not in options.skip:
        dimensions["code_quality"] = quality_result(source, problem, label)
    filename = Path(label).name or "solution.py"
    with Session(source, problem.entry_point, filename, context.limits, launcher=context.launcher) as candidate:
        load = candidate.load()
        if not load.ok:
            errors.append(f"{label}: {load.describe()}")
        run = _dimension_runner(options, load, dimensions)
        run("correctness", lambda: correctness.evaluate(problem, candidate, deadline))
        run("edge_cases", lambda: edge_cases.evaluate(problem, candidate, context.oracle, deadline))
        if problem.performance is None:
            run("performance", lambda: DimensionResult.not_applicable(
                "performance", "the problem defines no performance inputs"))
        else:
            run("performance", lambda: _timed(problem, candidate, context, deadline))
        output = candidate.output()
    ordered: dict[str, DimensionResult] = {
        name: dimensions[name] for name in ("correctness", "edge_cases", "performance", "code_quality")
        if name in dimensions}
    score = combine(ordered, {**problem.weights, **(options.weights or {})})
    return EvaluationResult(
        problem=problem.name,
        problem_path=problem.path,
        solution=label,
        score=score,
        dimensions=ordered,
        isolation=isolation,
        errors=errors,
        load={"status": load.status, "message": load.describe() if not load.ok else "", "lineno": load.lineno,
              "traceback": load.traceback},
        output=output,
        duration_s=time.monotonic() - started,
    )


def _dimension_runner(options: EvaluationOptions, load, dimensions: dict):
    """Runs a dimension unless skipped; a solution that did not load scores 0 in each runtime dimension."""
    def run(name: str, compute) -> None:
        if name in options.skip:
            dimensions[name] = DimensionResult.not_applicable(name, "skipped by request")
        elif not load.ok:
            dimensions[name] = DimensionResult(
                name=name, score=0.0, summary="solution did not load",
                rationale=[f"-100: the solution did not load ({load.describe()}), so nothing could run."],
                details={"load_error": load.describe()})
        else:
            dimensions[name] = compute()
    return run


def _timed(problem: Problem, candidate: Session, context: ProblemContext, deadline: Deadline) -> DimensionResult:
    """Performance needs its own reference worker: timings are paired with this candidate's."""
    with Session(problem.reference, problem.entry_point, problem.reference_filename, context.limits,
                 launcher=context.launcher) as reference:
        loaded = reference.load()
        if not loaded.ok:
            return DimensionResult.not_applicable("performance", f"the reference did not load: {loaded.describe()}")
        return performance.evaluate(problem, candidate, reference, deadline,
                                    performance.Settings.from_options(context.options))


def quality_result(source: str, problem: Problem, label: str) -> DimensionResult:
    return dimension(source, problem.quality, path=label)
