"""Visual problems (`kind: plot` and `kind: webpage`): their part of the problem file, as plain data.

A plot problem gives the script its data and says what the figure must show;
a web-page problem says at which widths to render the page and which
interactions must work. Nothing here runs code or opens a browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..base.catalog import ProblemKind

CHART_TYPES = ("line", "bar", "barh", "scatter", "pie", "hist")
PLOT_REQUIREMENTS = ("title", "xlabel", "ylabel", "legend")
AXIS_SCALES = ("linear", "log", "symlog")
BAR_STRUCTURES = ("grouped", "stacked")


@dataclass(frozen=True)
class ExpectedSeries:
    """One series the figure must show: x and y values (already resolved from `data` columns)."""

    label: str | None
    x: tuple[float, ...] | None  # None: only the y values are checked (bars, pie slices, histogram counts)
    y: tuple[float, ...]
    line: int | None = None
    categories: tuple[str, ...] | None = None  # x given as names (quarters, months): read from the tick labels


@dataclass(frozen=True)
class PlotTexts:
    """Texts the task asks for word for word (None: not asked); compared after collapsing white space."""

    title: str | None = None
    xlabel: str | None = None
    ylabel: str | None = None
    legend_title: str | None = None
    legend_entries: tuple[str, ...] = ()
    ignore_case: bool = False

    @property
    def asked(self) -> bool:
        """Whether any text is asked for."""
        fields = (self.title, self.xlabel, self.ylabel, self.legend_title)
        return any(value is not None for value in fields) or bool(self.legend_entries)


@dataclass(frozen=True)
class PlotSpec:
    """What a plot must show: the chart type, the series, the labels, and legibility limits."""

    chart: str  # one of CHART_TYPES
    series: tuple[ExpectedSeries, ...]
    require: tuple[str, ...] = ("title", "xlabel", "ylabel")
    tolerance: float = 1e-6  # relative, per value
    min_font_pt: float = 8.0
    max_colors: int = 10
    dpi: float = 100.0
    line: int | None = None
    entry_point: str = ""  # a function returning a Figure or an Axes, called after the script ran ("": none)
    x_scale: str | None = None  # one of AXIS_SCALES, when the task asks
    y_scale: str | None = None
    y_starts_at_zero: bool = False  # the value axis (y; x for barh) begins at 0
    structure: str | None = None  # one of BAR_STRUCTURES, for two or more bar series
    texts: PlotTexts = field(default_factory=PlotTexts)
    figsize: tuple[float, float] | None = None  # inches, width and height
    figsize_tolerance: float = 0.05  # relative, per side


class StepAction(str, Enum):
    """One kind of scripted step: act on an element, or expect something of it."""

    CLICK = "click"
    TYPE = "type"
    SELECT = "select"
    PRESS = "press"
    EXPECT_TEXT = "expect_text"
    EXPECT_VISIBLE = "expect_visible"
    EXPECT_HIDDEN = "expect_hidden"
    RESIZE = "resize"  # value: "375" or "375x700"; no selector
    EXPECT_VALUE = "expect_value"  # an input's, select's or textarea's value
    EXPECT_URL = "expect_url"  # the address after the page's own ("?q=ada#top"); no selector
    EXPECT_IN_VIEW = "expect_in_view"  # visible in the viewport and not covered by another element
    EXPECT_COUNT = "expect_count"  # visible elements matching; value: the number (exact: equals, else at least)
    EXPECT_STYLE = "expect_style"  # a computed style: `property` equals or contains the value


@dataclass(frozen=True)
class Step:
    """One step of a scripted interaction, on the element a CSS selector finds."""

    action: StepAction
    selector: str
    value: str = ""  # text to type, option to select, key to press, text expected
    exact: bool = False  # expect_text: equals instead of contains
    line: int | None = None
    property: str = ""  # expect_style: the CSS property read

    def describe(self) -> str:
        """The step as a reader would say it: `type 'Ada' into #name`."""
        checked = EXPECTATIONS.get(self.action)
        if checked is not None:
            compared = "be" if self.exact else "contain"
            if self.action is StepAction.EXPECT_COUNT:
                compared = "be" if self.exact else "be at least"
            return (
                f"expect {checked.format(selector=self.selector, property=self.property)} to {compared} {self.value!r}"
            )
        if self.action is StepAction.RESIZE:
            return f"resize the window to {self.value} px"
        if self.action is StepAction.EXPECT_IN_VIEW:
            return f"expect {self.selector} in view and not covered"
        if self.action is StepAction.TYPE:
            return f"type {self.value!r} into {self.selector}"
        if self.action is StepAction.SELECT:
            return f"select {self.value!r} in {self.selector}"
        if self.action is StepAction.PRESS:
            return f"press {self.value} in {self.selector}"
        if self.action is StepAction.EXPECT_TEXT:
            return f"expect {self.selector} to {'read' if self.exact else 'contain'} {self.value!r}"
        return f"{self.action.value.replace('_', ' ')} {self.selector}"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the page runner's request."""
        return {
            "action": self.action.value,
            "selector": self.selector,
            "value": self.value,
            "exact": self.exact,
            "property": self.property,
        }


# How `describe` names what an expectation reads.
EXPECTATIONS = {
    StepAction.EXPECT_VALUE: "the value of {selector}",
    StepAction.EXPECT_URL: "the URL",
    StepAction.EXPECT_COUNT: "the number of visible {selector}",
    StepAction.EXPECT_STYLE: "{property} of {selector}",
}


@dataclass(frozen=True)
class Interaction:
    """A named sequence of steps, a pass or a fail as a whole."""

    name: str
    steps: tuple[Step, ...]
    line: int | None = None
    width: int | None = None  # run at this viewport width (a phone-only menu); None: the first width


@dataclass(frozen=True)
class PageSpec:
    """How a page is rendered and exercised: widths, required text, interactions."""

    entry_point: str = "render"  # for Python solutions: the function that returns the HTML
    widths: tuple[int, ...] = (1280, 375)
    height: int = 800
    interactions: tuple[Interaction, ...] = ()
    discover: bool = True  # also try every button, link, input and select found on the page
    max_interactions: int = 20
    require_text: tuple[str, ...] = ()
    line: int | None = None


@dataclass(frozen=True)
class VisualLimits:
    """Time and memory for one plot script's run, or one page's whole evaluation."""

    time_s: float = 20.0  # a plot script's run, or the whole page evaluation
    memory_mb: int = 1024


@dataclass
class VisualSpec:
    """The visual part of a problem; exactly one of `plot` and `page` is set."""

    kind: ProblemKind
    prompt: str
    data: dict[str, list[Any]] = field(default_factory=dict)
    plot: PlotSpec | None = None
    page: PageSpec | None = None
    limits: VisualLimits = field(default_factory=VisualLimits)
