"""The performance section: the verdict and one line on stability first, then time against n as a table and
a chart, the classes, and any timing warnings (folded when they cannot change the verdict).

The chart is an SVG embedded as a data: URI image, so the report stays one
self-contained file that VS Code's Markdown preview shows as it is. GitHub
does not display data: URI images; for a report meant for GitHub, call
`write_plot` to save the SVG beside the report and pass its name to `render`
as `plot_href`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from ...results.performance_details import (
    ClassBasis,
    ClassCallRecord,
    ComplexityRecord,
    Measure,
    PerformanceDetails,
    SizeRecord,
)
from ...results.result import DimensionResult
from ..markdown_text import cell, table
from .plot import Series, data_uri, loglog_svg

CANDIDATE_COLOR, REFERENCE_COLOR = "#d9480f", "#1864ab"
# Closer to the tolerance than this (10%, in log terms) counts as touching it, however narrow the interval: two
# evaluations of one solution have been seen to differ by up to 7% in the ratio, drift no single interval sees.
NEAR = math.log(1.10)


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


def _of_tests(details: PerformanceDetails) -> bool:
    """Whether the sizes are a program's tests (n: the bytes of each one's input), not an input expression's n."""
    return any(s.test is not None for s in details.sizes)


def _at(details: PerformanceDetails, n: int) -> str:
    """Where a size is, for a sentence: `n=4000`, or `n=4000 input bytes, test big`."""
    test = next((s.test for s in details.sizes if s.n == n and s.test is not None), None)
    return f"n={n}" if test is None else f"n={n} input bytes, test {test}"


def _rows(details: PerformanceDetails) -> list[list[object]]:
    candidate, reference, show = _fields(details)
    tests = _of_tests(details)
    rows: list[list[object]] = []
    for s in details.sizes:
        ci = s.ci95
        ratio = (
            f"{s.ratio:.2f}x" if s.ratio is not None else (f"> {s.exceeded_ratio:.3g}x" if s.exceeded_ratio else "-")
        )
        interval = "exact" if details.counts_instructions and ci else (f"{ci[0]:.2f}-{ci[1]:.2f}" if ci else "-")
        row: list[object] = [s.n, show(candidate(s)), show(reference(s)), ratio, interval, s.pairs or "-", _note(s)]
        rows.append([s.n, cell(s.test or "-", 60), *row[1:]] if tests else row)
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
        "n (input bytes)" if _of_tests(details) else "n",
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
        if _of_tests(details):
            return ["**Complexity**: not fitted (fewer than three tests with clearly different input sizes timed)."]
        return ["**Complexity**: not fitted (fewer than three sizes measured)."]
    verdict = "clearly worse than the reference's" if comparison.worse else "not penalised"
    return [f"**Complexity**: {'; '.join(described)}. Class {verdict}: {comparison.reason}."]


def _ratio(value: float) -> str:
    """A ratio as a reader takes it in: whole numbers from 10x up, two decimals below."""
    return f"{value:,.0f}" if value >= 10 else f"{value:.2f}"


def _span(interval: tuple[float, float]) -> str:
    return f"{_ratio(interval[0])}-{_ratio(interval[1])}x"


def _half_width(interval: tuple[float, float]) -> float:
    """An interval's half-width in log terms (ratios are multiplicative: 2x and 0.5x are equally far from 1)."""
    low, high = interval
    return math.log(high / low) / 2 if low > 0 else math.inf


def _percent(log_width: float) -> str:
    value = 100 * (math.exp(log_width) - 1)
    return f"{value:.0f}%" if value >= 1 else f"{value:.1f}%"


def _judged(details: PerformanceDetails) -> SizeRecord | None:
    """The size the speed verdict rests on."""
    return next((s for s in details.sizes if s.n == details.n), None)


def _timed_interval(size: SizeRecord) -> tuple[float, float] | None:
    """A size's interval when the verdict uses it: timed in repeated pairs (not once), without a failure."""
    return None if size.rough or size.failure or size.reference_failure else size.ci95


# "Could change the verdict". The verdict has two parts, and timing noise reaches each one only one way:
# - speed: points are lost only when the judged size's 95% interval lies wholly above the tolerance. The interval
#   already accounts for the spread the warnings describe; what noise could still do is put another evaluation's
#   interval on the other side of the tolerance. Two 95% intervals of half-width h have centres within about 1.4h
#   of each other nineteen times in twenty, so an interval whose gap to the tolerance is at least its own width
#   (2h), and at least NEAR, keeps its side on a rerun. Closer than that (or straddling it) it may not.
# - class: a class read from instruction counts does not depend on timings (counts are exact); one read from a time
#   curve does, at every size. Whether a higher class counts as worse also rests on the median ratio's growth from
#   the smallest size to the largest; each median may move by about its interval's half-width, so a growth nearer
#   the growth needed than those two half-widths (and NEAR) could tip either way.
# Only these inputs move the verdict, and all of them are in the details the verdict was made from.
def _speed_risk(details: PerformanceDetails) -> str:
    """Why timing noise could move the speed verdict, or "" when it cannot."""
    judged = _judged(details)
    if details.counts_instructions or details.ci95 is None or judged is None:
        return ""  # exact counts; or no size judged on speed (a failure decides the verdict)
    low, high = details.ci95
    tolerance = details.tolerance
    if judged.rough:
        return (
            f"n={judged.n} was timed only once, so its ratio is known only to within "
            f"{math.sqrt(high / low):.0f}x either way"
        )
    if low <= tolerance <= high:
        return f"the 95% interval ({_span(details.ci95)}) straddles the tolerance ({tolerance:g}x)"
    gap = math.log(low / tolerance) if low > tolerance else math.log(tolerance / high)
    if gap < max(2 * _half_width(details.ci95), NEAR):
        return f"the 95% interval ({_span(details.ci95)}) lies within {_percent(gap)} of the tolerance ({tolerance:g}x)"
    return ""


def _class_risk(details: PerformanceDetails) -> str:
    """Why timing noise could move the class verdict, or "" when it cannot."""
    comparison = details.complexity
    if comparison is None or details.counts_instructions:
        return ""
    timed = _read_from_time(comparison)
    if timed:
        return f"the {timed}'s class is read from its times"
    growth, needed = comparison.ratio_growth, comparison.growth_needed
    if growth is None or needed is None or (growth >= needed and not comparison.worse):
        return ""  # no growth test, or one passed that the (exact) class fits overruled
    ends = _growth_ends(details)
    if len(ends) < 2 or abs(math.log(growth / needed)) >= max(ends[0] + ends[-1], NEAR):
        return ""
    return f"the ratio grew {growth:.2f}x across the sizes, near the {needed:.2f}x that marks a worse class"


def _read_from_time(comparison: ComplexityRecord) -> str:
    """The side whose class was read from a time curve ("" when both come from instruction counts)."""
    for who, call in (("candidate", comparison.candidate_fit), ("reference", comparison.reference_fit)):
        if call is not None and call.basis is not ClassBasis.INSTRUCTIONS:
            return who
    return ""


def _growth_ends(details: PerformanceDetails) -> list[float]:
    """The half-width of each size the ratio's growth can be read from, smallest first: sizes timed in pairs, and a
    size where the candidate hit the limit (0: a bound from the limit, not from noise)."""
    widths = []
    for s in details.sizes:
        interval = _timed_interval(s)
        if interval is not None:
            widths.append(_half_width(interval))
        elif s.exceeded_ratio is not None:
            widths.append(0.0)
    return widths


def _class_settled(details: PerformanceDetails) -> str:
    """Why timings at the sizes before the judged one cannot move the class verdict (when `_class_risk` is "")."""
    comparison = details.complexity
    if comparison is None or comparison.ratio_growth is None or comparison.growth_needed is None:
        return "the smaller sizes only feed the class, which comes from instruction counts"
    return (
        f"the smaller sizes only feed a clear-cut class call (the ratio grew {comparison.ratio_growth:.1f}x; "
        f"{comparison.growth_needed:.1f}x marks a worse class)"
    )


Warning = tuple[int, str]  # (n, what looked unsteady there)


def _sort_warnings(details: PerformanceDetails) -> tuple[list[Warning], list[Warning], list[str]]:
    """pyperf-style warnings, size by size: (those that could change the verdict, those that cannot, why the first
    could)."""
    speed, klass = _speed_risk(details), _class_risk(details)
    prominent: list[Warning] = []
    folded: list[Warning] = []
    reasons: list[str] = []
    for s in (s for s in details.sizes if s.unstable):
        why = _size_risks(details, s, speed) + ([klass] if klass else [])
        (prominent if why else folded).extend((s.n, w) for w in s.warnings)
        reasons += [w for w in why if w not in reasons]
    return prominent, folded, reasons


def _size_risks(details: PerformanceDetails, size: SizeRecord, speed: str) -> list[str]:
    """Why this size's own timings could change the verdict, beside the class."""
    if size.n == details.n:
        return [speed] if speed else []
    # Timed once: its share of the time budget ran out, worth seeing wherever it is.
    return [f"n={size.n} was timed only once"] if size.rough else []


def _where(details: PerformanceDetails, found: list[Warning]) -> str:
    """How many warnings, at which sizes, and how wide those sizes' intervals are."""
    sizes = sorted({n for n, _ in found})
    timed = [s for s in details.sizes if s.ci95 is not None and not s.failure]
    count = f"{len(found)} timing warning" + ("s" if len(found) != 1 else "")
    widths = [_half_width(s.ci95) for s in timed if s.n in sizes and s.ci95 is not None]
    where = f"{count} {_place(sizes, len(timed))}"
    if not widths:
        return where
    return f"{where} (95% interval{'s up to' if len(widths) > 1 else ''} ±{_percent(max(widths))})"


def _place(sizes: list[int], timed: int) -> str:
    if len(sizes) > 1 and len(sizes) == timed:
        return "at every size"
    return "at n=" + (f"{', '.join(map(str, sizes[:-1]))} and {sizes[-1]}" if len(sizes) > 1 else str(sizes[0]))


def _stability_line(
    details: PerformanceDetails, prominent: list[Warning], folded: list[Warning], reasons: list[str]
) -> str:
    """One line: whether the timings were steady, and whether any unsteadiness could change the verdict."""
    if details.counts_instructions:
        text = "exact: instruction counts are the same on every run."
    elif prominent:
        text = _unsettled(details, prominent, folded, reasons)
    elif folded:
        text = _settled(details, folded)
    else:
        timed = [_half_width(s.ci95) for s in details.sizes if s.ci95 is not None and not s.rough and not s.failure]
        text = "steady, no timing warnings" + (
            f" (95% intervals ±{_percent(max(timed))} or narrower)." if timed else "."
        )
    if details.budget.cut_short:
        text += f" Measuring was cut short: {cell(details.budget.cut_short, 200)}."
    return f"**Stability**: {text}"


def _unsettled(details: PerformanceDetails, prominent: list[Warning], folded: list[Warning], reasons: list[str]) -> str:
    where = _where(details, prominent)
    text = f"the timings may be unsteady enough to change the verdict on another run: {'; '.join(reasons)}. "
    text += f"{where[0].upper()}{where[1:]}, listed at the end of this section"
    return text + (f" ({len(folded)} more that cannot change it are folded there)." if folded else ".")


def _settled(details: PerformanceDetails, folded: list[Warning]) -> str:
    one = len({n for n, _ in folded}) == 1
    why = ["its interval accounts for the spread" if one else "the intervals account for the spread"]
    if details.ci95 is not None and any(n == details.n for n, _ in folded):
        side = "above" if details.ci95[0] > details.tolerance else "below"
        why.append(f"the judged interval lies far {side} the tolerance")
    if any(n != details.n for n, _ in folded):
        why.append(_class_settled(details))
    return (
        f"{_where(details, folded)}. None can change the verdict: {', '.join(why[:-1])} and {why[-1]}. "
        "Details are folded at the end of this section."
    )


def _speed_text(details: PerformanceDetails) -> str:
    if details.ratio is None or details.ci95 is None or details.n is None:
        return ""
    tolerance = f"tolerance {details.tolerance:g}x"
    if details.counts_instructions:
        where = _at(details, details.n)
        return f"{_ratio(details.ratio)}x the reference's instruction count at {where} (exact, {tolerance})"
    judged = _judged(details)
    span = ("rough range " if judged is not None and judged.rough else "95% interval ") + _span(details.ci95)
    clock = ", on wall time" if details.judged_on is Measure.WALL else ""
    ratio = details.ratio
    if ratio >= 1.005:
        head = f"{_ratio(ratio)}x slower than the reference"
    else:  # the interval is in ratios: the ratio beside it, so "2.00x faster" and "0.50-0.55x" agree
        head = f"{_ratio(1 / ratio)}x faster than the reference" if ratio < 0.995 else "as fast as the reference"
        span = f"ratio {_ratio(ratio)}x, {span}"
    return f"{head} at {_at(details, details.n)} ({span}, {tolerance}{clock})"


def _class_text(details: PerformanceDetails) -> str:
    comparison = details.complexity
    if comparison is None or comparison.candidate is None or comparison.reference is None:
        return "complexity not fitted"
    candidate, reference = comparison.candidate, comparison.reference
    if comparison.worse:
        return f"a worse complexity class, {candidate} against the reference's {reference}"
    if candidate == reference:
        return f"complexity {candidate}, the same as the reference's"
    return f"complexity {candidate} against the reference's {reference} (not counted as worse)"


def _verdict_line(result: DimensionResult, details: PerformanceDetails) -> str:
    """The verdict in one line: how the judged size compares, any failure, the classes, the score."""
    parts = []
    failed = next((s for s in details.sizes if s.failure), None)
    if failed is not None:
        least = f": at least {_ratio(failed.exceeded_ratio)}x slower" if failed.exceeded_ratio is not None else ""
        parts.append(f"at n={failed.n} {failed.failure}{least}")  # a program's failure names its test
    speed = _speed_text(details)
    if speed:
        parts.append(speed)
    stopped = next((s for s in details.sizes if s.reference_failure), None)
    if stopped is not None:
        parts.append(f"not measured beyond n={stopped.n}: {stopped.reference_failure}")
    parts.append(_class_text(details))
    score = "" if result.score is None else f" Score {result.score:.1f}."
    return f"**Verdict**: {cell('; '.join(parts), 600)}.{score}"


def _warning_blocks(prominent: list[Warning], folded: list[Warning], reasons: list[str]) -> list[str]:
    """The warnings, size by size: those that could change the verdict in plain sight, the others folded."""
    explained = (
        "At the largest size more pairs are taken while the result is unsteady (up to a limit and "
        "the time budget). The 95% interval already accounts for the spread: points are still lost "
        "only when it lies above the tolerance."
    )
    lines = []
    if prominent:
        lines += [
            f"> **Warning: the measurement may be unstable, enough to change the verdict**: {'; '.join(reasons)}."
        ]
        lines += [f"> - n={n}: {cell(w, 200)}" for n, w in prominent] + [f"> {explained}"]
    if folded:
        # <details> folds on GitHub and in VS Code's preview; the blank lines let the Markdown inside it render.
        summary = f"{len(folded)} timing warning{'s' if len(folded) != 1 else ''} that cannot change the verdict"
        lines += [""] if lines else []
        lines += [f"<details><summary>{summary}</summary>", ""] + [f"- n={n}: {cell(w, 200)}" for n, w in folded]
        lines += ["", explained, "", "</details>"]
    return lines


def _footer(details: PerformanceDetails) -> str:
    budget = details.budget
    if details.counts_instructions:
        what = (
            "Executed Python bytecode instructions per call (deterministic mode: the same on every run; "
            "work inside C builtins is added in instruction-equivalents, by the size it works on)."
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
    if _of_tests(details):
        text += " The sizes are the program's largest tests: n is the bytes of each one's input."
    text += f" Measuring took {budget.used_s:.1f} s of a {budget.budget_s:g} s budget"
    text += f"; cut short: {budget.cut_short}." if budget.cut_short else "."
    return text


def render(result: DimensionResult, plot_href: str | None = None) -> list[str]:
    """The report's performance section: the verdict and one line on stability, then the per-size timings, the
    complexity verdict, the plot, and the timing warnings (folded when they cannot change the verdict)."""
    details = _details(result)
    if details is None or not details.sizes:
        return []
    prominent, folded, reasons = _sort_warnings(details)
    lines = [_verdict_line(result, details), "", _stability_line(details, prominent, folded, reasons), ""]
    header = ["n", "candidate", "reference", "ratio", "95% CI", "pairs", "note"]
    if _of_tests(details):
        header = ["n (input bytes)", "test", *header[1:]]
    lines += [table(header, _rows(details)), _footer(details), ""]
    lines += _complexity_lines(details) + [""]
    svg = plot_svg(result)
    if svg is not None:
        lines += [f"![Per-call cost against n for candidate and reference]({plot_href or data_uri(svg)})", ""]
    lines += _warning_blocks(prominent, folded, reasons)
    while lines and not lines[-1]:  # the report closes the section itself
        lines.pop()
    return lines
