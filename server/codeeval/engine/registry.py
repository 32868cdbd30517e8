"""The dimensions each kind of problem is scored on, bound to the code that scores them.

The engine, and everything that lists dimensions, iterates these; names,
titles and default weights are the catalog's (`catalog.py`), so the two stay
one list (a test holds them to the same set). A new kind of problem registers
its own parts under its kind, each a `Dimension`.
"""

from __future__ import annotations

from typing import Any

from ..base.catalog import (
    CODE_QUALITY,
    CORRECTNESS,
    EDGE_CASES,
    PERFORMANCE,
    ProblemKind,
)
from ..dimensions import correctness, performance, program_correctness
from ..dimensions.contract import Dimension, SolutionRun
from ..problem.definition import Problem
from ..results.result import DimensionResult
from ..visual.part_dimensions import DataFidelityPart, ExecutionPart, InteractionPart, StaticAestheticsPart


class Correctness(Dimension[SolutionRun]):
    """The problem's own tests."""

    info = CORRECTNESS

    def evaluate(self, run: SolutionRun) -> DimensionResult:
        return correctness.evaluate(
            run.problem, run.candidate, run.deadline, run.tests, run.oracle, run.stop_at_first_failure
        )


class EdgeCases(Dimension[SolutionRun]):
    """Hand-written edge cases and inputs generated from the signature, judged by the reference."""

    info = EDGE_CASES

    def evaluate(self, run: SolutionRun) -> DimensionResult:
        from ..dimensions import edge_cases  # noqa: PLC0415  (Hypothesis, 0.6 s: not when edge cases are skipped)

        return edge_cases.evaluate(
            run.problem, run.candidate, run.oracle, run.deadline, run.frozen_suites, run.calibration
        )


class Performance(Dimension[SolutionRun]):
    """Paired timings (or instruction counts) against the reference at growing sizes."""

    info = PERFORMANCE

    def applies_to(self, problem: Problem) -> str | None:
        return None if problem.performance is not None else "the problem defines no performance inputs"

    def evaluate(self, run: SolutionRun) -> DimensionResult:
        return performance.evaluate_against_reference(run.problem, run.candidate, run.deadline, run.performance)


class CodeQuality(Dimension[SolutionRun]):
    """Static findings on the source; nothing runs, so it is judged even when the solution does not load."""

    info = CODE_QUALITY
    runs_solution = False

    def evaluate(self, run: SolutionRun) -> DimensionResult:
        from ..dimensions.code_quality import dimension  # noqa: PLC0415  (the analyzer's rules, 0.15 s: not when quality is skipped)

        return dimension(run.source, run.problem.quality, path=run.label, calibration=run.calibration)


class ProgramCorrectness(Dimension[SolutionRun]):
    """A stdin/stdout program's tests, its output judged by the problem's checker."""

    info = CORRECTNESS

    def evaluate(self, run: SolutionRun) -> DimensionResult:
        return program_correctness.evaluate(run.problem, run.candidate, run.deadline, run.stop_at_first_failure)


class ProgramEdgeCases(Dimension[SolutionRun]):
    """The tests' inputs changed in ways that keep their layout, judged by the reference program's output."""

    info = EDGE_CASES

    def applies_to(self, problem: Problem) -> str | None:
        if not problem.reference:
            return "the problem has no reference program to judge generated inputs by"
        return None if problem.edge_cases.generate.enabled else "edge-case generation is turned off for this problem"

    def evaluate(self, run: SolutionRun) -> DimensionResult:
        from ..dimensions import program_edge_cases  # noqa: PLC0415  (only when a program's edge cases are judged)

        return program_edge_cases.evaluate(run.problem, run.candidate, run.oracle, run.deadline)


class ProgramPerformance(Dimension[SolutionRun]):
    """Paired timings (or instruction counts) against the reference program on the problem's largest tests."""

    info = PERFORMANCE

    def applies_to(self, problem: Problem) -> str | None:
        from ..dimensions import program_performance  # noqa: PLC0415  (only when a program's performance is judged)

        return program_performance.not_applicable_reason(problem)

    def evaluate(self, run: SolutionRun) -> DimensionResult:
        from ..dimensions import program_performance  # noqa: PLC0415

        return program_performance.evaluate(run.problem, run.candidate, run.deadline, run.performance)


REGISTRY: dict[ProblemKind, tuple[Dimension[Any], ...]] = {
    ProblemKind.FUNCTION: (Correctness(), EdgeCases(), Performance(), CodeQuality()),
    ProblemKind.PLOT: (ExecutionPart(), DataFidelityPart(), StaticAestheticsPart()),
    ProblemKind.WEBPAGE: (ExecutionPart(), StaticAestheticsPart(), InteractionPart()),
    ProblemKind.PROGRAM: (ProgramCorrectness(), ProgramEdgeCases(), ProgramPerformance(), CodeQuality()),
}


def dimensions_for(kind: ProblemKind = ProblemKind.FUNCTION) -> tuple[Dimension[Any], ...]:
    return REGISTRY[kind]
