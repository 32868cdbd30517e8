"""Running a plotting script in the sandbox and scoring what it drew."""

from __future__ import annotations

from ..problem.definition import Problem
from ..sandbox import Launcher, Limits, PlotStatus, Session
from .checks import Check, PictureBook
from .figure_facts import parse_figure
from .plot_checks import PlotRun, plot_checks

UNAVAILABLE_HINT = (
    "matplotlib is not available to the sandbox's interpreter {python}: run scripts/setup as root, "
    "or install Debian's python3-matplotlib (and python3-pandas)"
)


def sandbox_limits(problem: Problem) -> Limits:
    assert problem.visual is not None
    limits = problem.visual.limits
    return Limits(time_per_call_s=limits.time_s, memory_mb=limits.memory_mb, cpu_s=int(limits.time_s) + 30)


def run_plot(problem: Problem, source: str, filename: str, launcher: Launcher) -> tuple[PlotRun, str]:
    """The script's run as the checks see it, and what it printed."""
    visual = problem.visual
    assert visual is not None and visual.plot is not None
    entry_point = visual.plot.entry_point
    with Session(source, entry_point, filename, sandbox_limits(problem), launcher=launcher) as session:
        outcome = session.plot(visual.data, visual.plot.dpi, visual.limits.time_s)
        printed = session.output()
    message = outcome.message
    if outcome.status == PlotStatus.UNAVAILABLE:
        message = UNAVAILABLE_HINT.format(python=launcher.python) + f" ({outcome.message})"
    elif outcome.status in (PlotStatus.RAISED, PlotStatus.SYNTAX_ERROR):
        where = f" (line {outcome.lineno})" if outcome.lineno else ""
        message = f"{outcome.exc_type or 'SyntaxError'}{where}: {outcome.message}"
    figure = parse_figure(outcome.figure) if outcome.status == PlotStatus.RENDERED else None
    run = PlotRun(
        status=outcome.status,
        message=message,
        warnings=outcome.warnings,
        traceback=outcome.traceback,
        figure=figure,
        png=outcome.png,
        figures=outcome.figures,
    )
    return run, printed


def score_plot(problem: Problem, run: PlotRun, book: PictureBook) -> list[Check]:
    assert problem.visual is not None and problem.visual.plot is not None
    return plot_checks(problem.visual.plot, run, book)
