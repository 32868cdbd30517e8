"""Checks of what a plot task says beyond the data: axis scales, an axis from zero, grouped or stacked bars,
texts word for word, categories named on the axis, the figure's size.

Each check exists only when the problem asks for it (`plot:` in the problem file), and says what was drawn
instead. The data-fidelity ones judge whether the figure shows what was asked; the figure's size is a
static-aesthetics matter (it changes how the figure reads, not what it says).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from ..problem.visual_definition import ExpectedSeries, PlotSpec, PlotTexts
from .checks import Check, Evidence, Part, not_applicable
from .figure_facts import AxesFacts, FigureFacts, Series

ZERO_SHARE = 1e-3  # of the axis span: a lower limit this close to 0 starts at 0
SAME_PLACE_SHARE = 0.05  # of a bar's width: bars this close share a position
OVERLAP_SHARE = 0.1  # of a bar's width: bars overlapping more than this are on top of each other

Matcher = Callable[[ExpectedSeries, list[Series]], Series | None]


def _data_axes(figure: FigureFacts) -> list[AxesFacts]:
    return [axes for axes in figure.axes if axes.series]


def _scale_evidence(figure: FigureFacts, axis: str, wanted: str) -> list[Evidence]:
    evidence = []
    for index, axes in enumerate(_data_axes(figure)):
        drawn = axes.xscale if axis == "x" else axes.yscale
        if drawn != wanted:
            where = f" (axes {index + 1})" if len(figure.axes) > 1 else ""
            evidence.append(Evidence(f"the {axis} axis{where} is {drawn}, {wanted} asked"))
    return evidence


def _scale_check(spec: PlotSpec, figure: FigureFacts) -> Check:
    asked = [(axis, wanted) for axis, wanted in (("x", spec.x_scale), ("y", spec.y_scale)) if wanted]
    evidence = [e for axis, wanted in asked for e in _scale_evidence(figure, axis, wanted)]
    said = ", ".join(f"{axis} {wanted}" for axis, wanted in asked)
    summary = f"axis scales as asked ({said})" if not evidence else "; ".join(e.text for e in evidence)
    return Check(
        "axis-scale", Part.DATA_FIDELITY, "Axis scales as asked", 30, 0.0 if evidence else 1.0, summary, evidence
    )


def _zero_check(spec: PlotSpec, figure: FigureFacts) -> Check:
    axis = "x" if spec.chart == "barh" else "y"
    title = f"The {axis} axis starts at zero"
    evidence = []
    checked = 0
    for axes in _data_axes(figure):
        limits = axes.xlim if axis == "x" else axes.ylim
        if limits is None:
            continue
        checked += 1
        low, high = sorted(limits)
        if abs(low) > ZERO_SHARE * max(high - low, 1e-12):
            evidence.append(
                Evidence(f"the {axis} axis starts at {low:.6g}, not at 0 (it shows {low:.6g} to {high:.6g})")
            )
    if not checked:
        return not_applicable("axis-zero", Part.DATA_FIDELITY, title, "no axes with data to check")
    summary = f"the {axis} axis starts at 0" if not evidence else evidence[0].text
    return Check("axis-zero", Part.DATA_FIDELITY, title, 20, 0.0 if evidence else 1.0, summary, evidence)


@dataclass(frozen=True)
class _Bar:
    series: int  # which bar series (container) it belongs to
    position: float  # centre along the category axis
    base: float
    height: float
    width: float

    @property
    def top(self) -> float:
        return self.base + self.height


def _bars(series: list[Series]) -> list[_Bar]:
    bars = []
    for index, item in enumerate(series):
        for position, base, height, width in zip(item.x, item.base, item.y, item.widths, strict=False):
            if position is not None and base is not None and height is not None and width:
                bars.append(_Bar(index, position, base, height, abs(width)))
    return bars


def _overlap(first: _Bar, second: _Bar) -> bool:
    shared = min(first.position + first.width / 2, second.position + second.width / 2) - max(
        first.position - first.width / 2, second.position - second.width / 2
    )
    return shared > OVERLAP_SHARE * min(first.width, second.width)


def _any_crossing(bars: list[_Bar]) -> bool:
    """Whether bars of different series overlap along the category axis (neighbours only: sorted by
    position, a bar can only overlap those that start before it ends)."""
    ordered = sorted(bars, key=lambda b: b.position)
    widest = max(b.width for b in ordered)
    for index, bar in enumerate(ordered):
        for other in ordered[index + 1 :]:
            if other.position - bar.position >= widest:
                break
            if other.series != bar.series and _overlap(bar, other):
                return True
    return False


def _stacks(bars: list[_Bar]) -> list[list[_Bar]]:
    """Bars grouped by shared position, each stack ordered from its base up."""
    stacks: list[list[_Bar]] = []
    for bar in sorted(bars, key=lambda b: b.position):
        if stacks and abs(stacks[-1][0].position - bar.position) <= SAME_PLACE_SHARE * bar.width:
            stacks[-1].append(bar)
        else:
            stacks.append([bar])
    return [sorted(stack, key=lambda b: b.base) for stack in stacks]


def _tiles(stack: list[_Bar], slack: float) -> bool:
    """Each bar starts where the one below ends, the lowest at 0."""
    if abs(stack[0].base) > slack:
        return False
    return all(abs(upper.base - lower.top) <= slack for lower, upper in itertools.pairwise(stack))


def _stacked(bars: list[_Bar], slack: float) -> bool:
    """At every position, one bar per series, each starting where the one below ends."""
    return all(len({b.series for b in stack}) == len(stack) and _tiles(stack, slack) for stack in _stacks(bars))


def bar_structure(series: list[Series], tolerance: float) -> str:
    """How two or more bar series share their categories: grouped, stacked, overlaid, or mixed."""
    bars = _bars(series)
    if not bars:
        return "no bars"
    slack = tolerance * max(1.0, max(abs(b.height) for b in bars))
    crossing = _any_crossing(bars)
    from_zero = all(abs(b.base) <= slack for b in bars)
    if not crossing:
        return "grouped" if from_zero else "side by side, not all starting at 0"
    if _stacked(bars, slack):
        return "stacked"
    return "overlaid (drawn over each other from 0)" if from_zero else "neither grouped nor stacked"


def _structure_check(spec: PlotSpec, figure: FigureFacts) -> Check:
    title = f"Bars are {spec.structure}"
    candidates = [[s for s in axes.series if s.kind == "bar"] for axes in figure.axes]
    bars = max(candidates, key=len, default=[])
    if len(bars) < 2:
        summary = f"{len(bars)} bar series drawn: {spec.structure} bars need two or more"
        return Check("structure", Part.DATA_FIDELITY, title, 30, 0.0, summary)
    drawn = bar_structure(bars, spec.tolerance)
    if drawn == spec.structure:
        return Check("structure", Part.DATA_FIDELITY, title, 30, 1.0, f"{len(bars)} bar series, {drawn}")
    names = ", ".join(repr(s.label) for s in bars if s.labelled) or f"{len(bars)} series"
    evidence = [Evidence(f"{spec.structure} bars asked; the bars of {names} are {drawn}")]
    return Check("structure", Part.DATA_FIDELITY, title, 30, 0.0, evidence[0].text, evidence)


def _reader_labels(series: Series) -> list[str | None]:
    """The category names under a series' points, in the order a reader sees them (bars by position)."""
    if series.kind != "bar":
        return list(series.x_labels)
    order = sorted(range(len(series.x)), key=lambda i: (series.x[i] is None, series.x[i] or 0.0))
    return [series.x_labels[i] if i < len(series.x_labels) else None for i in order]


def _normal(text: str, ignore_case: bool) -> str:
    joined = " ".join(text.split())
    return joined.casefold() if ignore_case else joined


def _category_problem(expected: ExpectedSeries, drawn: Series, ignore_case: bool) -> str | None:
    assert expected.categories is not None
    labels = _reader_labels(drawn)
    if len(labels) != len(expected.categories):
        return f"{len(labels)} positions drawn, {len(expected.categories)} categories asked"
    if all(label is None for label in labels):
        return "no tick label names the categories (the axis shows numbers or nothing)"
    for position, (want, seen) in enumerate(zip(expected.categories, labels, strict=True)):
        if seen is not None and _normal(seen, ignore_case) != _normal(want, ignore_case):
            return f"position {position + 1} is labelled {seen!r}, {want!r} asked"
    return None


def _category_check(spec: PlotSpec, figure: FigureFacts, match: Matcher) -> Check:
    title = "Categories named on the axis"
    evidence = []
    checked = 0
    for index, expected in enumerate(spec.series):
        if expected.categories is None:
            continue
        drawn = match(expected, figure.all_series())
        if drawn is None:
            continue  # the data check already says this series is missing
        checked += 1
        problem = _category_problem(expected, drawn, spec.texts.ignore_case)
        if problem:
            evidence.append(Evidence(f"{expected.label or f'series {index + 1}'}: {problem}"))
    if not checked:
        return not_applicable("categories", Part.DATA_FIDELITY, title, "no series with categories was found drawn")
    score = 1 - len(evidence) / checked
    summary = "each category is named under its value" if not evidence else evidence[0].text
    return Check("categories", Part.DATA_FIDELITY, title, 25, score, summary, evidence)


def _shown_texts(figure: FigureFacts) -> dict[str, list[str]]:
    titles = [a.title for a in figure.axes] + [t.text for t in figure.texts if t.role == "title"]
    return {
        "title": titles,
        "xlabel": [a.xlabel for a in figure.axes],
        "ylabel": [a.ylabel for a in figure.axes],
        "legend_title": [a.legend_title for a in figure.axes],
        "legend entry": [label for a in figure.axes for label in a.legend_labels],
    }


def _asked_texts(texts: PlotTexts) -> list[tuple[str, str]]:
    asked = [(name, getattr(texts, name)) for name in ("title", "xlabel", "ylabel", "legend_title")]
    asked += [("legend entry", entry) for entry in texts.legend_entries]
    return [(name, value) for name, value in asked if value is not None]


def _texts_check(spec: PlotSpec, figure: FigureFacts) -> Check:
    shown = _shown_texts(figure)
    asked = _asked_texts(spec.texts)
    evidence = []
    for name, wanted in asked:
        found = list(dict.fromkeys(t for t in shown[name] if t.strip()))  # an axes title is also a text
        if any(_normal(t, spec.texts.ignore_case) == _normal(wanted, spec.texts.ignore_case) for t in found):
            continue
        seen = ", ".join(repr(t) for t in found[:4]) if found else "nothing"
        evidence.append(Evidence(f"{name}: {wanted!r} asked, the figure shows {seen}"))
    how = " (case ignored)" if spec.texts.ignore_case else ""
    summary = f"all {len(asked)} texts read as asked{how}" if not evidence else evidence[0].text
    score = 1 - len(evidence) / len(asked)
    return Check("texts", Part.DATA_FIDELITY, "Texts read as asked", 20, score, summary, evidence)


def asked_fidelity_checks(spec: PlotSpec, figure: FigureFacts, match: Matcher) -> list[Check]:
    """The data-fidelity checks for what the task asks beyond the data (none when it asks nothing more)."""
    checks = []
    if spec.x_scale or spec.y_scale:
        checks.append(_scale_check(spec, figure))
    if spec.y_starts_at_zero:
        checks.append(_zero_check(spec, figure))
    if spec.structure:
        checks.append(_structure_check(spec, figure))
    if any(s.categories is not None for s in spec.series):
        checks.append(_category_check(spec, figure, match))
    if spec.texts.asked:
        checks.append(_texts_check(spec, figure))
    return checks


def figure_size_check(spec: PlotSpec, figure: FigureFacts) -> Check | None:
    """The figure's size in inches against the size asked (None when none is asked)."""
    if spec.figsize is None:
        return None
    want_w, want_h = spec.figsize
    title = "Figure size as asked"
    if figure.size_inches is None:
        return not_applicable("figure-size", Part.STATIC_AESTHETICS, title, "the figure's size was not reported")
    width, height = figure.size_inches
    off = max(abs(width - want_w) / want_w, abs(height - want_h) / want_h)
    summary = f"{width:.3g} x {height:.3g} in, {want_w:g} x {want_h:g} in asked"
    if off <= spec.figsize_tolerance:
        return Check("figure-size", Part.STATIC_AESTHETICS, title, 10, 1.0, summary)
    evidence = [Evidence(f"{summary} (off by {off:.0%}, at most {spec.figsize_tolerance:.0%} allowed)")]
    return Check("figure-size", Part.STATIC_AESTHETICS, title, 10, 0.0, summary, evidence)
