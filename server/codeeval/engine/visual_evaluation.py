"""One solution of a plot or web-page problem: its parts scored, with the pictures that show why.

The parts (execution, data fidelity or interaction, static aesthetics) are
dimension results like any other, so the score is the weighted combination
the problem's weights ask for (the AesCoder paper's r = sum of w_part * r_part).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..base.catalog import ProblemKind
from ..problem.definition import Problem
from ..results.result import DimensionResult, ReportImage
from ..results.score_cap import ScoreCap
from ..sandbox import Launcher, PlotStatus
from ..visual.caps import score_cap
from ..visual.checks import Check, Evidence, Part, PartDetails, PictureBook
from ..visual.judge import JudgeSettings, judge_picture
from ..visual.page_evaluation import PageSource, page_source, run_page
from ..visual.page_protocol import PageStatus
from ..visual.part_dimensions import VisualRun
from ..visual.plot_evaluation import run_plot, score_plot
from .registry import dimensions_for

JUDGED_PICTURES = ("plot.png", "desktop.png", "page.png")  # what the judge sees: the figure, or the widest view


@dataclass
class VisualEvaluation:
    """A plot's or page's parts, pictures, errors and printed output, ready for an EvaluationResult."""

    dimensions: dict[str, DimensionResult]
    images: list[ReportImage] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    output: str = ""
    notes: list[str] = field(default_factory=list)  # containment of the browser, and what was missing
    cap: ScoreCap | None = None  # a fault that caps the score (visual/caps.py)


def _dimensions(problem: Problem, checks: list[Check], skip: tuple[str, ...]) -> dict[str, DimensionResult]:
    """Each registered part of this kind of problem, scored from the render's checks (unless skipped)."""
    run = VisualRun(checks)
    return {
        part.name: DimensionResult.not_applicable(part.name, "skipped by request")
        if part.name in skip
        else part.evaluate(run)
        for part in dimensions_for(problem.kind)
    }


def _unavailable(problem: Problem, why: str) -> dict[str, DimensionResult]:
    return {part.name: DimensionResult.not_applicable(part.name, why) for part in dimensions_for(problem.kind)}


def evaluate_plot(
    problem: Problem, source: str, label: str, launcher: Launcher, skip: tuple[str, ...] = ()
) -> VisualEvaluation:
    """Run a plotting script in the sandbox and score what it drew."""
    run, printed = run_plot(problem, source, label.rsplit("/", 1)[-1] or "solution.py", launcher)
    if run.status == PlotStatus.UNAVAILABLE:
        return VisualEvaluation(_unavailable(problem, run.message), errors=[f"{label}: {run.message}"], output=printed)
    book = PictureBook()
    checks = score_plot(problem, run, book)
    errors = [] if run.status == PlotStatus.RENDERED else [f"{label}: {run.message}"]
    return VisualEvaluation(_dimensions(problem, checks, skip), book.images, errors, printed, cap=score_cap(checks))


def _no_page(problem: Problem, label: str, source: PageSource, skip: tuple[str, ...]) -> VisualEvaluation:
    why = source.message
    evidence = [Evidence(source.traceback)] if source.traceback else []
    checks = [Check("runs", Part.EXECUTION, "The Python writes a page", 100, 0.0, why, evidence)]
    checks += [
        Check("nothing-rendered", part, "A page to judge", 100, 0.0, "no page was written")
        for part in (Part.STATIC_AESTHETICS, Part.INTERACTION)
    ]
    return VisualEvaluation(_dimensions(problem, checks, skip), errors=[f"{label}: {why}"], output=source.printed)


def evaluate_page(
    problem: Problem, source: str, label: str, launcher: Launcher, skip: tuple[str, ...] = ()
) -> VisualEvaluation:
    """Get the page's HTML (running Python in the sandbox if need be), render it and score it."""
    written = page_source(problem, source, label.rsplit("/", 1)[-1] or "solution.py", launcher)
    if written.html is None:
        return _no_page(problem, label, written, skip)
    outcome = run_page(problem, written.html)
    report = outcome.report
    if report.status == PageStatus.UNAVAILABLE:
        return VisualEvaluation(
            _unavailable(problem, report.message), errors=[f"{label}: {report.message}"], output=written.printed
        )
    notes = [f"browser containment: {', '.join(report.containment)}"] + report.warnings
    errors = [f"{label}: {report.message}"] if report.status == PageStatus.HUNG else []
    return VisualEvaluation(
        _dimensions(problem, report.checks, skip),
        outcome.images,
        errors,
        written.printed,
        notes,
        cap=score_cap(report.checks),
    )


def evaluate_visual(
    problem: Problem,
    source: str,
    label: str,
    launcher: Launcher,
    skip: tuple[str, ...] = (),
    judge: JudgeSettings | None = None,
) -> VisualEvaluation:
    """One solution of a plot or web-page problem, with the model judge's opinion when configured."""
    if problem.kind is ProblemKind.PLOT:
        evaluation = evaluate_plot(problem, source, label, launcher, skip)
    else:
        evaluation = evaluate_page(problem, source, label, launcher, skip)
    if judge is not None:
        _ask_judge(problem, evaluation, judge)
    return evaluation


def _ask_judge(problem: Problem, evaluation: VisualEvaluation, settings: JudgeSettings) -> None:
    """The judge's verdict on the main picture joins static aesthetics' details; the score stays as it is."""
    static = evaluation.dimensions.get(Part.STATIC_AESTHETICS.value)
    picture = next((i for i in evaluation.images if i.name in JUDGED_PICTURES), None)
    if static is None or picture is None or problem.visual is None:
        return
    verdict = judge_picture(settings, problem.visual.prompt, picture.data, picture.media_type, static.score)
    checked = static.details if isinstance(static.details, PartDetails) else PartDetails()  # not checked: skipped
    static.details = replace(checked, judge=verdict)
    if verdict.error:
        evaluation.notes.append(f"model judge: {verdict.error}")
