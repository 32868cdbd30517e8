"""The performance section: time against n as a table and a chart, the classes, and any instability.

The chart is an SVG embedded as a data: URI image, so the report stays one
self-contained file that VS Code's Markdown preview shows as it is. GitHub
does not display data: URI images; for a report meant for GitHub, call
`write_plot` to save the SVG beside the report and pass its name to `render`
as `plot_href`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ...results.performance_details import ClassCallRecord, Measure, PerformanceDetails, SizeRecord
from ...results.result import DimensionResult
from ..markdown_text import cell, table
from .plot import Series, data_uri, loglog_svg

CANDIDATE_COLOR, REFERENCE_COLOR = "#d9480f", "#1864ab"


def _seconds(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 1e-3:
        return f"{value * 1e6:.1f} µs"
    if value < 1:
        return f"{value * 1e3:.2f} ms"
    return f"{value:.2f} s"


def _count(value: float | None) -> str:
    if value is None:
        return "-"
    for size, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= size:
            return f"{value / size:.3g}{suffix}"
    return f"{value:.0f}"


def _fields(
    details: PerformanceDetails,
) -> tuple[Callable[[SizeRecord], float | None], Callable[[SizeRecord], float | None], Callable[[float | None], str]]:
    """Each side's per-size figure to show, and how: seconds, or instructions in deterministic mode."""
    if details.counts_instructions:
        return (lambda s: s.candidate_instructions), (lambda s: s.reference_instructions), _count
    return (lambda s: s.candidate_s), (lambda s: s.reference_s), _seconds


def _note(size: SizeRecord) -> str:
    parts = [size.failure, size.reference_failure]
    if size.judged_on is Measure.WALL:
        parts.append("judged on wall time")
    if size.unstable:
        parts.append("unstable")
    parts += size.notes
    return cell("; ".join(p for p in parts if p), 200)


def _rows(details: PerformanceDetails) -> list[list[object]]:
    candidate, reference, show = _fields(details)
    rows = []
    for s in details.sizes:
        ci = s.ci95
        ratio = (
            f"{s.ratio:.2f}x" if s.ratio is not None else (f"> {s.exceeded_ratio:.3g}x" if s.exceeded_ratio else "-")
        )
        interval = "exact" if details.counts_instructions and ci else (f"{ci[0]:.2f}-{ci[1]:.2f}" if ci else "-")
        rows.append([s.n, show(candidate(s)), show(reference(s)), ratio, interval, s.pairs or "-", _note(s)])
    return rows


def _details(result: DimensionResult) -> PerformanceDetails | None:
    return result.details if isinstance(result.details, PerformanceDetails) else None


def plot_svg(result: DimensionResult) -> str | None:
    """Time (or instructions) per call against n for both sides, log-log; None with nothing to draw."""
    details = _details(result)
    if details is None:
        return None
    candidate, reference, _ = _fields(details)
    cand: list[tuple[float, float]] = [(s.n, value) for s in details.sizes if (value := candidate(s)) and s.n > 0]
    ref: list[tuple[float, float]] = [(s.n, value) for s in details.sizes if (value := reference(s)) and s.n > 0]
    if len(cand) + len(ref) < 2:
        return None
    counting = details.counts_instructions
    complexity = details.complexity
    classes = (complexity.reference or "", complexity.candidate or "") if complexity is not None else ("", "")
    series = [
        Series(f"reference {classes[0]}".strip(), ref, REFERENCE_COLOR),
        Series(f"candidate {classes[1]}".strip(), cand, CANDIDATE_COLOR),
    ]
    return loglog_svg(
        series,
        "Per call, against input size n (log-log)",
        "n",
        "instructions per call" if counting else "CPU time per call",
        x_text=lambda v: f"{v:g}",
        y_text=_count if counting else _seconds,
    )


def write_plot(result: DimensionResult, report_path: str | Path) -> str | None:
    """Save the chart beside a report (`<report stem>.performance.svg`); its file name, for `plot_href`."""
    svg = plot_svg(result)
    if svg is None:
        return None
    target = Path(report_path).with_suffix(".performance.svg")
    target.write_text(svg, encoding="utf-8")
    return target.name


def _fit_text(who: str, call: ClassCallRecord) -> str:
    fit = call.basis_fit
    if fit is None:
        return f"{who} {call.best}"
    quality = f"relative error {100 * fit.error:.1f}%"
    if fit.r_squared is not None:
        quality += f", R² {fit.r_squared:.3f}"
    others = [label for label in call.not_ruled_out if label != call.best]
    also = f"; {' or '.join(others)} not ruled out" if others else ""
    return f"{who} {call.best} (from {call.basis}; {quality}{also})"


def _complexity_lines(details: PerformanceDetails) -> list[str]:
    comparison = details.complexity
    described = (
        []
        if comparison is None
        else [
            _fit_text(who, call)
            for who, call in (("candidate", comparison.candidate_fit), ("reference", comparison.reference_fit))
            if call is not None
        ]
    )
    if comparison is None or not described:
        return ["**Complexity**: not fitted (fewer than three sizes measured)."]
    verdict = "clearly worse than the reference's" if comparison.worse else "not penalised"
    return [f"**Complexity**: {'; '.join(described)}. Class {verdict}: {comparison.reason}."]


def _instability_lines(details: PerformanceDetails) -> list[str]:
    """pyperf-style: what looked unsteady, size by size."""
    found = [(s.n, w) for s in details.sizes if s.unstable for w in s.warnings]
    if not found:
        return []
    lines = ["> **Warning: the measurement may be unstable.**"]
    lines += [f"> - n={n}: {cell(w, 200)}" for n, w in found]
    lines.append(
        "> At the largest size more pairs are taken while the result is unsteady (up to a limit and "
        "the time budget). The 95% interval already accounts for the spread: points are still lost "
        "only when it lies above the tolerance."
    )
    return lines


def _footer(details: PerformanceDetails) -> str:
    budget = details.budget
    if details.counts_instructions:
        what = (
            "Executed Python bytecode instructions per call (deterministic mode: the same on every run; "
            "work inside C builtins counts as one instruction)."
        )
    else:
        what = (
            "Median CPU time per call (the worker process, all threads), candidate and reference timed in "
            "interleaved pairs on the same inputs."
        )
    text = (
        f"\n{what} Tolerance {details.tolerance}x: points are lost only when the whole 95% interval "
        "at the largest size lies above it."
    )
    text += f" Measuring took {budget.used_s:.1f} s of a {budget.budget_s:g} s budget"
    text += f"; cut short: {budget.cut_short}." if budget.cut_short else "."
    return text


def render(result: DimensionResult, plot_href: str | None = None) -> list[str]:
    """The report's performance section: per-size timings, the complexity verdict, the plot."""
    details = _details(result)
    if details is None or not details.sizes:
        return []
    header = ["n", "candidate", "reference", "ratio", "95% CI", "pairs", "note"]
    lines = [table(header, _rows(details)), _footer(details), ""]
    lines += _complexity_lines(details) + [""]
    svg = plot_svg(result)
    if svg is not None:
        lines += [f"![Per-call cost against n for candidate and reference]({plot_href or data_uri(svg)})", ""]
    lines += _instability_lines(details)
    return lines
