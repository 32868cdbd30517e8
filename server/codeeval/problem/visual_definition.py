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


@dataclass(frozen=True)
class ExpectedSeries:
    """One series the figure must show: x and y values (already resolved from `data` columns)."""

    label: str | None
    x: tuple[float, ...] | None  # None: only the y values are checked (bars, pie slices, histogram counts)
    y: tuple[float, ...]
    line: int | None = None


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


class StepAction(str, Enum):
    """One kind of scripted step: act on an element, or expect something of it."""

    CLICK = "click"
    TYPE = "type"
    SELECT = "select"
    PRESS = "press"
    EXPECT_TEXT = "expect_text"
    EXPECT_VISIBLE = "expect_visible"
    EXPECT_HIDDEN = "expect_hidden"


@dataclass(frozen=True)
class Step:
    """One step of a scripted interaction, on the element a CSS selector finds."""

    action: StepAction
    selector: str
    value: str = ""  # text to type, option to select, key to press, text expected
    exact: bool = False  # expect_text: equals instead of contains
    line: int | None = None

    def describe(self) -> str:
        """The step as a reader would say it: `type 'Ada' into #name`."""
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
        return {"action": self.action.value, "selector": self.selector, "value": self.value, "exact": self.exact}


@dataclass(frozen=True)
class Interaction:
    """A named sequence of steps, a pass or a fail as a whole."""

    name: str
    steps: tuple[Step, ...]
    line: int | None = None


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
