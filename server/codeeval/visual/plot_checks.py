"""The checks on a plot: did the script run, does the figure show the data asked for, is it legible.

Input is the figure as typed facts (figure_facts.py) plus its PNG; output is a list
of checks with evidence and the pictures the report shows. Deterministic: the
same figure always gets the same verdicts.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..base.color_math import parse_color, worst_deficiency_distance
from ..base.outcome_status import PlotStatus
from ..problem.visual_definition import ExpectedSeries, PlotSpec
from .checks import Check, Evidence, Part, PictureBook, not_applicable
from .evidence import crop_svg
from .figure_facts import FigureFacts, Series, TextItem
from .geometry import Box
from .plot_asked import Matcher, asked_fidelity_checks, figure_size_check
from .plot_contrast import contrast_check

OVERLAP_SHARE = 0.1  # of the smaller box: less is kerning and padding, not a collision
MIN_OVERLAP_PX = 2.0
CVD_MIN_DELTA_E = 10.0
LEGIBLE_ROTATION = 45.0
MAX_CROPS = 3
MAX_COMPARED_COLOURS = 40  # more colours than this are flagged as too many anyway
TICK_ROLES = ("xtick", "ytick")
NO_LINE = ("None", "", " ")  # matplotlib's line styles that draw no line
LABEL_ROLES = ("title", "xlabel", "ylabel", "legend", "annotation", "other")


@dataclass
class PlotRun:
    """What the sandbox reported, reduced to what the checks need."""

    status: PlotStatus
    message: str
    warnings: list[str]
    traceback: str
    figure: FigureFacts | None
    png: bytes
    figures: int = 1


# -- execution -------------------------------------------------------------------


def execution_checks(run: PlotRun) -> list[Check]:
    """The execution part's checks for a plot script: did it run to the end and leave a figure."""
    ran = run.status == PlotStatus.RENDERED
    if ran:
        outcome = "ran to the end and left a figure" + (
            f" ({run.figures} figures; the last one is judged)" if run.figures > 1 else ""
        )
    else:
        outcome = {
            PlotStatus.RAISED: "the script raised an exception",
            PlotStatus.SYNTAX_ERROR: "the script does not parse",
            PlotStatus.NO_FIGURE: "the script drew no figure",
            PlotStatus.TIMEOUT: "the script did not finish in time",
        }.get(run.status, f"the script could not be run ({run.status})")
        outcome += f": {run.message}" if run.message else ""
    evidence = [Evidence(run.traceback)] if run.traceback else []
    checks = [Check("runs", Part.EXECUTION, "Runs and draws a figure", 70, 1.0 if ran else 0.0, outcome, evidence)]
    count = len(run.warnings)
    if not ran:
        checks.append(not_applicable("warnings", Part.EXECUTION, "No warnings", "the script did not finish"))
    else:
        checks.append(
            Check(
                "warnings",
                Part.EXECUTION,
                "No warnings",
                30,
                max(0.0, 1 - 0.25 * count),
                "no warnings" if not count else f"{count} warning(s) while running",
                [Evidence(w) for w in run.warnings[:5]],
            )
        )
    return checks


# -- data fidelity -----------------------------------------------------------------


def _close(expected: float, drawn: float | None, tolerance: float, slack: float = 0.0) -> bool:
    if math.isnan(expected):
        return drawn is None
    if drawn is None:
        return False
    return abs(expected - drawn) <= max(slack, tolerance * max(1.0, abs(expected)))


def _mismatch(
    expected: Sequence[float], drawn: Sequence[float | None], tolerance: float, slack: float = 0.0
) -> str | None:
    """None when the sequences agree (each value within the tolerance, or `slack`), else a sentence about
    the first difference."""
    if len(expected) != len(drawn):
        return f"{len(drawn)} values drawn, {len(expected)} expected"
    pairs = enumerate(zip(expected, drawn, strict=True))
    wrong = [i for i, (e, d) in pairs if not _close(e, d, tolerance, slack)]
    if not wrong:
        return None
    first = wrong[0]
    seen = drawn[first]
    return (
        f"{len(wrong)} of {len(expected)} values differ (first at position {first + 1}: "
        f"expected {expected[first]:.6g}, drawn {'nothing' if seen is None else f'{seen:.6g}'})"
    )


def _series_values(series: Series) -> tuple[list[float | None], list[float | None]]:
    """x and y in the order a reader sees them (bars sorted by position)."""
    if series.kind == "bar":
        pairs = sorted(zip(series.x, series.y, strict=False), key=lambda p: (p[0] is None, p[0] or 0.0))
        return [p[0] for p in pairs], [p[1] for p in pairs]
    return series.x, series.y


def _number(text: str | None) -> float | None:
    try:
        return float((text or "").replace("\u2212", "-"))  # matplotlib writes minus signs as U+2212
    except ValueError:
        return None


def _x_mismatch(
    expected: Sequence[float], series: Series, xs: Sequence[float | None], tolerance: float, slack: float
) -> str | None:
    """The x values' difference, None when they agree as drawn or as the tick labels read (pandas and
    string x put bars at 0, 1, 2... under labels that name the values: "2019", "2020")."""
    problem = _mismatch(expected, xs, tolerance, slack)
    if problem is None or series.kind != "bar":
        return problem
    order = sorted(range(len(series.x)), key=lambda i: (series.x[i] is None, series.x[i] or 0.0))
    read = [_number(series.x_labels[i]) if i < len(series.x_labels) else None for i in order]
    if None not in read and _mismatch(expected, read, tolerance) is None:
        return None
    return problem


def group_slack(spec: PlotSpec, expected: ExpectedSeries) -> float:
    """How far a bar of two or more series may sit from its category's x (grouped bars stand beside it):
    half the gap between categories. Whether they should be grouped is the structure check's question."""
    if spec.chart not in ("bar", "barh") or len(spec.series) < 2 or expected.x is None:
        return 0.0
    ordered = sorted(v for v in expected.x if not math.isnan(v))
    gaps = [b - a for a, b in itertools.pairwise(ordered) if b > a]
    return 0.499 * min(gaps) if gaps else 0.0


def _series_problem(expected: ExpectedSeries, series: Series, tolerance: float, x_slack: float) -> str | None:
    """How a drawn series differs from an expected one (y first, then x), or None."""
    xs, ys = _series_values(series)
    problem = _mismatch(expected.y, ys, tolerance)
    if problem is None and expected.x is not None:
        problem = _x_mismatch(expected.x, series, xs, tolerance, x_slack if series.kind == "bar" else 0.0)
        problem = f"x: {problem}" if problem else None
    return problem


def _match_series(
    expected: ExpectedSeries, drawn: list[Series], tolerance: float, x_slack: float = 0.0
) -> tuple[Series | None, str]:
    best: tuple[Series | None, str] = (None, "no drawn series has these values")
    for series in drawn:
        problem = _series_problem(expected, series, tolerance, x_slack)
        if problem is None:
            return series, ""
        if expected.label is not None and series.label == expected.label:
            best = (None, f"the series labelled {expected.label!r} is wrong: {problem}")
        elif best[0] is None and best[1].startswith("no drawn") and len(series.y) == len(expected.y):
            best = (None, f"closest drawn series {series.label or '(unlabelled)'!r}: {problem}")
    return best


def _pie_check(spec: PlotSpec, figure: FigureFacts) -> Check:
    wedges = [w for axes in figure.axes for w in axes.wedges]
    expected = spec.series[0].y
    total = sum(v for v in expected if not math.isnan(v))
    if not wedges or total <= 0:
        return Check("series", Part.DATA_FIDELITY, "Shows the data asked for", 75, 0.0, "no pie slices drawn")
    shares = [w.degrees / 360 for w in wedges]
    problem = _mismatch([v / total for v in expected], shares, max(spec.tolerance, 1e-3))
    if problem is None:
        return Check(
            "series",
            Part.DATA_FIDELITY,
            "Shows the data asked for",
            75,
            1.0,
            f"all {len(expected)} slices have the expected shares",
        )
    return Check("series", Part.DATA_FIDELITY, "Shows the data asked for", 75, 0.0, f"slice shares: {problem}")


def fidelity_checks(spec: PlotSpec, figure: FigureFacts) -> list[Check]:
    """The data-fidelity checks: the chart type, then the series, labels and values the spec asks for."""
    drawn = figure.all_series()
    chart_ok, chart_note = _chart_type(spec.chart, figure)
    checks = [
        Check("chart-type", Part.DATA_FIDELITY, f"Is a {spec.chart} chart", 25, 1.0 if chart_ok else 0.0, chart_note)
    ]
    if spec.chart == "pie":
        return checks + [_pie_check(spec, figure)]
    evidence: list[Evidence] = []
    matched = 0.0
    for index, expected in enumerate(spec.series):
        name = expected.label or f"series {index + 1}"
        series, problem = _match_series(expected, drawn, spec.tolerance, group_slack(spec, expected))
        if series is None:
            evidence.append(Evidence(f"{name}: {problem}"))
            continue
        if expected.label is not None and series.label != expected.label:
            matched += 0.5
            evidence.append(Evidence(f"{name}: values right, but labelled {series.label!r}"))
        else:
            matched += 1
    score = matched / len(spec.series)
    summary = (
        f"all {len(spec.series)} series match the data"
        if score >= 1
        else f"{matched:g} of {len(spec.series)} series match the data"
    )
    checks.append(Check("series", Part.DATA_FIDELITY, "Shows the data asked for", 75, score, summary, evidence))
    return checks + asked_fidelity_checks(spec, figure, _matcher(spec))


def _matcher(spec: PlotSpec) -> Matcher:
    """The drawn series that shows an expected one (for the checks of categories)."""

    def match(expected: ExpectedSeries, drawn: list[Series]) -> Series | None:
        return _match_series(expected, drawn, spec.tolerance, group_slack(spec, expected))[0]

    return match


def _chart_kind(series: Series) -> str:
    """What a reader would call this series: a line, scattered points, vertical or horizontal bars."""
    if series.kind == "line":
        return "scatter" if series.linestyle in NO_LINE else "line"
    if series.kind == "bar":
        return "barh" if series.orientation == "horizontal" else "bar"
    return series.kind


def chart_counts(figure: FigureFacts) -> dict[str, int]:
    """How many series of each chart kind the figure draws (pie: wedges)."""
    counts = dict.fromkeys(("line", "scatter", "bar", "barh", "pie"), 0)
    for series in figure.all_series():
        counts[_chart_kind(series)] += 1
    counts["pie"] = sum(len(axes.wedges) for axes in figure.axes)
    return counts


def _chart_type(chart: str, figure: FigureFacts) -> tuple[bool, str]:
    found = chart_counts(figure)
    drawn = ", ".join(f"{kind} x{count}" for kind, count in found.items() if count) or "no data artists"
    wanted = "bar" if chart == "hist" else chart  # a histogram is drawn as bars
    if found.get(wanted, 0):
        return True, f"drawn: {drawn}"
    return False, f"expected a {chart} chart; drawn: {drawn}"


# -- static aesthetics ---------------------------------------------------------------


def _overlaps(first: Box, second: Box) -> bool:
    inter = first.intersection(second)
    if inter is None or min(inter.width, inter.height) < MIN_OVERLAP_PX:
        return False
    smaller = min(first.area, second.area) or 1.0
    return inter.area / smaller >= OVERLAP_SHARE


def _crop(book: PictureBook, run: PlotRun, boxes: list[Box], name: str, caption: str) -> str | None:
    if not run.png or run.figure is None:
        return None
    svg = crop_svg(run.png, run.figure.bounds, boxes)
    return book.add(name, svg, caption, "image/svg+xml")


def _text_pairs(texts: list[TextItem], ticks: bool) -> list[tuple[TextItem, TextItem]]:
    """Overlapping pairs: among tick labels of one axis (`ticks`), or between any texts but tick-tick pairs."""
    pairs = []
    for first, second in itertools.combinations(texts, 2):
        same_axis_ticks = first.role == second.role and first.role in TICK_ROLES
        any_ticks = first.role in TICK_ROLES and second.role in TICK_ROLES
        if (ticks and not same_axis_ticks) or (not ticks and any_ticks):
            continue
        if _overlaps(first.box, second.box):
            pairs.append((first, second))
    return pairs


def _overlap_check(run: PlotRun, book: PictureBook) -> Check:
    assert run.figure is not None
    pairs = _text_pairs(run.figure.texts, ticks=False)
    evidence = []
    for first, second in pairs[:MAX_CROPS]:
        image = _crop(book, run, [first.box, second.box], "overlap.svg", f"{first.text!r} overlaps {second.text!r}")
        evidence.append(
            Evidence(
                f"{first.role} {first.text!r} {first.box.as_list()} overlaps {second.role} "
                f"{second.text!r} {second.box.as_list()}",
                image,
            )
        )
    summary = "no texts overlap" if not pairs else f"{len(pairs)} pair(s) of texts overlap"
    return Check(
        "text-overlap",
        Part.STATIC_AESTHETICS,
        "Texts do not overlap",
        25,
        max(0.0, 1 - len(pairs) / 3),
        summary,
        evidence,
    )


def _covered_points(run: PlotRun) -> tuple[int, int, list[tuple[TextItem | None, Box]]]:
    """Data points hidden under the legend or texts (tick labels excluded: they sit outside the axes)."""
    assert run.figure is not None
    covers: list[tuple[TextItem | None, Box]] = [(None, a.legend_box) for a in run.figure.axes if a.legend_box]
    covers += [(t, t.box) for t in run.figure.texts if t.role in ("annotation", "title", "other")]
    points = [p for s in run.figure.all_series() for p in s.pixels]
    points += [((b.left + b.right) / 2, b.top) for s in run.figure.all_series() for b in s.bar_boxes]
    hits = [(text, box) for text, box in covers if any(box.contains_point(x, y) for x, y in points)]
    hidden = sum(1 for x, y in points if any(box.contains_point(x, y) for _, box in covers))
    return hidden, len(points), hits


def _data_cover_check(run: PlotRun, book: PictureBook) -> Check:
    hidden, total, hits = _covered_points(run)
    evidence = []
    for text, box in hits[:MAX_CROPS]:
        what = "the legend" if text is None else f"{text.role} {text.text!r}"
        image = _crop(book, run, [box], "covers-data.svg", f"{what} covers data points")
        evidence.append(Evidence(f"{what} {box.as_list()} covers data points", image))
    score = 1.0 if hidden == 0 else (0.5 if hidden <= 2 else 0.0)
    summary = (
        "no data point is hidden under a text or the legend"
        if not hidden
        else f"{hidden} of {total} data points lie under a text or the legend"
    )
    return Check(
        "covers-data", Part.STATIC_AESTHETICS, "Texts and legend leave the data visible", 10, score, summary, evidence
    )


def _tick_check(run: PlotRun, book: PictureBook) -> Check:
    assert run.figure is not None
    ticks = [t for t in run.figure.texts if t.role in TICK_ROLES]
    if not ticks:
        return not_applicable("tick-labels", Part.STATIC_AESTHETICS, "Tick labels are legible", "no tick labels")
    crowded = _text_pairs(ticks, ticks=True)
    steep = [
        t for t in ticks if t.role == "xtick" and LEGIBLE_ROTATION < abs(t.rotation) % 180 < 180 - LEGIBLE_ROTATION
    ]
    evidence = []
    if crowded:
        boxes = [b for pair in crowded[:4] for b in (pair[0].box, pair[1].box)]
        image = _crop(book, run, boxes, "ticks.svg", "crowded tick labels")
        evidence.append(
            Evidence(
                f"{len(crowded)} pair(s) of tick labels overlap, e.g. {crowded[0][0].text!r} and "
                f"{crowded[0][1].text!r}",
                image,
            )
        )
    if steep:
        evidence.append(Evidence(f"{len(steep)} x tick label(s) rotated {steep[0].rotation:g} degrees"))
    score = max(0.0, 1 - len(crowded) / max(1, len(ticks) / 4) - 0.5 * bool(steep))
    summary = "tick labels are apart and upright enough" if not evidence else "; ".join(e.text for e in evidence)
    return Check(
        "tick-labels", Part.STATIC_AESTHETICS, "Tick labels are legible", 20, max(0.0, score), summary, evidence
    )


def _font_check(spec: PlotSpec, figure: FigureFacts) -> Check:
    small = [t for t in figure.texts if t.fontsize < spec.min_font_pt]
    summary = (
        f"every text is at least {spec.min_font_pt:g} pt"
        if not small
        else f"{len(small)} of {len(figure.texts)} texts are smaller than {spec.min_font_pt:g} pt"
    )
    return Check(
        "font-size",
        Part.STATIC_AESTHETICS,
        "Text is large enough",
        10,
        1 - len(small) / max(1, len(figure.texts)),
        summary,
        [Evidence(f"{t.role} {t.text!r}: {t.fontsize:g} pt") for t in small[:5]],
    )


def _look(series: Series) -> tuple[str, str, str]:
    return (series.kind, series.linestyle, series.marker)


def _confused_pairs(series: list[Series]) -> tuple[int, list[tuple[Series, Series, float, str]]]:
    """Pairs told apart only by colour (same marker and line style), and those among them that look alike
    to someone with a colour-vision deficiency."""
    distinct: dict[tuple[str, tuple[str, str, str]], Series] = {}  # one series per colour and look
    for item in series:
        distinct.setdefault((item.color[:7], _look(item)), item)
    shown = list(distinct.values())[:MAX_COMPARED_COLOURS]  # thousands of artists: pairs grow as the square
    pairs = [(a, b) for a, b in itertools.combinations(shown, 2) if a.color[:7] != b.color[:7] and _look(a) == _look(b)]
    confused = []
    for first, second in pairs:
        one, two = parse_color(first.color), parse_color(second.color)
        if one is not None and two is not None:
            delta, vision = worst_deficiency_distance(one.rgb, two.rgb)
            if delta < CVD_MIN_DELTA_E:
                confused.append((first, second, delta, vision))
    return len(pairs), confused


def _colour_check(spec: PlotSpec, figure: FigureFacts) -> Check:
    series = [s for s in figure.all_series() if s.color]
    colours = {s.color[:7] for s in series} | {w.color[:7] for axes in figure.axes for w in axes.wedges if w.color}
    evidence = []
    too_many = len(colours) > spec.max_colors
    if too_many:
        evidence.append(Evidence(f"{len(colours)} colours (at most {spec.max_colors} can be told apart)"))
    compared, confused = _confused_pairs(series)
    for first, second, delta, vision in confused[:5]:
        one_name, two_name = first.label or first.color, second.label or second.color
        evidence.append(
            Evidence(
                f"{one_name!r} ({first.color[:7]}) and {two_name!r} "
                f"({second.color[:7]}) differ only by colour, and look alike with {vision} "
                f"(delta E {delta:.1f} < {CVD_MIN_DELTA_E:g})"
            )
        )
    problems = 0.5 * too_many + (len(confused) / compared if compared else 0.0)
    summary = (
        "colours are few and distinguishable, also with colour-vision deficiencies"
        if not evidence
        else f"{len(confused)} pair(s) of series are hard to tell apart" + ("; too many colours" if too_many else "")
    )
    return Check(
        "colors", Part.STATIC_AESTHETICS, "Colours are distinguishable", 10, max(0.0, 1 - problems), summary, evidence
    )


def _clipping_check(run: PlotRun, book: PictureBook) -> Check:
    assert run.figure is not None
    bounds = run.figure.bounds
    clipped = [
        t
        for t in run.figure.texts
        if t.box.left < bounds.left - 1
        or t.box.top < bounds.top - 1
        or t.box.right > bounds.right + 1
        or t.box.bottom > bounds.bottom + 1
    ]
    evidence = []
    for text in clipped[:MAX_CROPS]:
        visible = text.box.intersection(bounds) or text.box
        image = _crop(book, run, [visible], "clipped.svg", f"{text.text!r} is cut off at the edge")
        evidence.append(
            Evidence(
                f"{text.role} {text.text!r} {text.box.as_list()} extends past the figure's edge "
                f"({bounds.width:.0f}x{bounds.height:.0f})",
                image,
            )
        )
    important = [t for t in clipped if t.role in LABEL_ROLES]
    score = 0.0 if important else 1 - len(clipped) / max(1, len(run.figure.texts))
    summary = "nothing is cut off" if not clipped else f"{len(clipped)} text(s) cut off at the figure's edge"
    return Check("clipping", Part.STATIC_AESTHETICS, "Nothing is cut off", 10, score, summary, evidence)


def _has(item: str, figure: FigureFacts) -> bool:
    """Whether the figure shows a title, an x or y label, or a legend."""
    if item == "legend":
        return any(a.legend_box is not None and a.legend_labels for a in figure.axes)
    if item == "title":
        return any(a.title.strip() for a in figure.axes) or any(
            t.role == "title" and t.text.strip() for t in figure.texts
        )
    if all(a.wedges for a in figure.axes):
        return True  # a pie has no axes to label
    return any(getattr(a, item).strip() for a in figure.axes if not a.wedges)


def _labels_check(spec: PlotSpec, figure: FigureFacts) -> Check:
    wanted = list(spec.require)
    if "legend" not in wanted and sum(1 for s in figure.all_series() if s.labelled) > 1:
        wanted.append("legend")  # several named series need a key, asked for or not
    if not wanted:
        return not_applicable("labels", Part.STATIC_AESTHETICS, "Title, axis labels and legend", "none required")
    missing = [item for item in wanted if not _has(item, figure)]
    summary = f"has {', '.join(wanted)}" if not missing else f"missing: {', '.join(missing)}"
    return Check(
        "labels", Part.STATIC_AESTHETICS, "Title, axis labels and legend", 20, 1 - len(missing) / len(wanted), summary
    )


def aesthetics_checks(spec: PlotSpec, run: PlotRun, book: PictureBook) -> list[Check]:
    assert run.figure is not None
    checks = [
        _labels_check(spec, run.figure),
        _overlap_check(run, book),
        _data_cover_check(run, book),
        _tick_check(run, book),
        _font_check(spec, run.figure),
        _colour_check(spec, run.figure),
        _clipping_check(run, book),
        contrast_check(run.figure, lambda boxes, caption: _crop(book, run, boxes, "contrast.svg", caption)),
    ]
    size = figure_size_check(spec, run.figure)
    return checks + ([size] if size is not None else [])


def nothing_to_judge(part: Part, why: str) -> Check:
    return Check("nothing-drawn", part, "A figure to judge", 100, 0.0, why)


def plot_checks(spec: PlotSpec, run: PlotRun, book: PictureBook) -> list[Check]:
    """Every check on one plotting script's run."""
    checks = execution_checks(run)
    if run.figure is None:
        why = "the script drew no figure to judge" if run.status != PlotStatus.UNAVAILABLE else run.message
        return checks + [nothing_to_judge(Part.DATA_FIDELITY, why), nothing_to_judge(Part.STATIC_AESTHETICS, why)]
    if run.png:
        book.add("plot.png", run.png, "The figure as drawn")
    return checks + fidelity_checks(spec, run.figure) + aesthetics_checks(spec, run, book)
