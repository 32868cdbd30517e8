"""A drawn matplotlib figure as typed facts, parsed from what the sandboxed worker reported.

The worker's reply is untrusted in shape as well as content: every field is
type-checked here and anything malformed becomes empty, so the checks never
see a value of a type they did not expect. Coordinates are PNG pixels with the
origin at the top left.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

from .geometry import Box


@dataclass(frozen=True)
class TextItem:
    """A visible text of the figure: what it says, its role, its box, size and rotation."""

    text: str
    role: str  # title | xlabel | ylabel | xtick | ytick | legend | annotation | other
    box: Box
    fontsize: float
    rotation: float
    color: str
    bold: bool = False
    backdrop: tuple[str, ...] = ()  # the colours behind it, top first (box, legend frame, axes, figure)


@dataclass
class Series:
    """One plotted series: a line, a bar container, a scatter collection (x/y in data units)."""

    kind: str  # line | bar | scatter
    label: str
    x: list[float | None]
    y: list[float | None]
    color: str
    linestyle: str = ""
    marker: str = ""
    orientation: str = "vertical"
    pixels: list[tuple[float, float]] = field(default_factory=list)  # data points in PNG pixels
    bar_boxes: list[Box] = field(default_factory=list)
    base: list[float | None] = field(default_factory=list)  # bars: where each bar starts (stacked: below's top)
    widths: list[float | None] = field(default_factory=list)  # bars: thickness along the category axis
    x_labels: list[str | None] = field(default_factory=list)  # the tick label naming each x (categorical axes)

    @property
    def labelled(self) -> bool:
        """matplotlib labels unlabelled artists `_child0`, `_line1`...: those are not meant for a legend."""
        return bool(self.label) and not self.label.startswith("_")


@dataclass
class Wedge:
    """A pie slice: its label, angle and colour."""

    label: str
    degrees: float
    color: str


@dataclass
class AxesFacts:
    """One axes: its box, labels, legend and what was drawn on it."""

    box: Box
    title: str
    xlabel: str
    ylabel: str
    projection: str
    legend_box: Box | None
    legend_labels: list[str]
    series: list[Series]
    wedges: list[Wedge]
    images: int
    xscale: str = "linear"
    yscale: str = "linear"
    xlim: tuple[float, float] | None = None
    ylim: tuple[float, float] | None = None
    legend_title: str = ""
    xticks: list[tuple[float, str]] = field(default_factory=list)  # drawn major tick labels: position, text
    yticks: list[tuple[float, str]] = field(default_factory=list)


@dataclass
class FigureFacts:
    """The whole figure: its size, axes and texts."""

    width: float
    height: float
    dpi: float
    axes: list[AxesFacts]
    texts: list[TextItem]
    size_inches: tuple[float, float] | None = None
    facecolor: str = ""

    @property
    def bounds(self) -> Box:
        """The figure's own rectangle."""
        return Box(0.0, 0.0, self.width, self.height)

    def all_series(self) -> list[Series]:
        """Every series on every axes."""
        return [series for axes in self.axes for series in axes.series]


def _float(value: Any, default: float = 0.0) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return default
    return float(value)


def _optional_float(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def _text(value: Any, limit: int = 300) -> str:
    return value[:limit] if isinstance(value, str) else ""


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _box(value: Any) -> Box | None:
    if not isinstance(value, list) or len(value) != 4:
        return None
    left, top, right, bottom = (_float(v) for v in value)
    return Box(left, top, right, bottom)


def _points(value: Any) -> list[tuple[float, float]]:
    return [(_float(p[0]), _float(p[1])) for p in _list(value) if isinstance(p, list) and len(p) == 2]


def _floats(value: Any) -> list[float | None]:
    return [_optional_float(v) for v in _list(value)]


def _series(kind: str, raw: Any) -> Series | None:
    if not isinstance(raw, dict):
        return None
    if kind == "bar":
        return _bar_series(raw)
    return Series(
        kind=kind,
        label=_text(raw.get("label")),
        x=[_optional_float(v) for v in _list(raw.get("x"))],
        y=[_optional_float(v) for v in _list(raw.get("y"))],
        color=_text(raw.get("color"), 20),
        linestyle=_text(raw.get("linestyle"), 20),
        marker=_text(raw.get("marker"), 20),
        orientation="horizontal" if raw.get("orientation") == "horizontal" else "vertical",
        pixels=_points(raw.get("pixels")),
    )


def _bar_series(raw: dict) -> Series:
    """A bar container: the bars' boxes in pixels, their bases and widths."""
    return Series(
        kind="bar",
        label=_text(raw.get("label")),
        x=_floats(raw.get("x")),
        y=_floats(raw.get("y")),
        color=_text(raw.get("color"), 20),
        orientation="horizontal" if raw.get("orientation") == "horizontal" else "vertical",
        bar_boxes=[b for b in (_box(v) for v in _list(raw.get("pixels"))) if b],
        base=_floats(raw.get("base")),
        widths=_floats(raw.get("widths")),
    )


def _pair(value: Any) -> tuple[float, float] | None:
    if not isinstance(value, list) or len(value) != 2:
        return None
    first, second = (_optional_float(v) for v in value)
    return None if first is None or second is None else (first, second)


def _ticks(value: Any) -> list[tuple[float, str]]:
    ticks = []
    for item in _list(value):
        if isinstance(item, list) and len(item) == 2 and _optional_float(item[0]) is not None:
            ticks.append((_float(item[0]), _text(item[1], 200)))
    return ticks


def label_at(ticks: list[tuple[float, str]], position: float | None) -> str | None:
    """The tick label a reader sees at a data position: the nearest labelled tick, when it is within half
    the spacing of labelled ticks (grouped bars sit beside their category's tick); None when none is."""
    labelled = sorted((at, text.strip()) for at, text in ticks if text.strip())
    if position is None or not labelled:
        return None
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(labelled) if b[0] > a[0]]
    reach = min(gaps) / 2 if gaps else 0.5
    at, text = min(labelled, key=lambda tick: abs(tick[0] - position))
    return text if abs(at - position) < reach * 0.999 else None


def _axes_series(raw: dict, xticks: list[tuple[float, str]], yticks: list[tuple[float, str]]) -> list[Series]:
    """The axes' lines, bars and scatters, each point named by the tick label under it."""
    series = [
        s
        for kind, key in (("line", "lines"), ("bar", "bars"), ("scatter", "scatters"))
        for s in (_series(kind, item) for item in _list(raw.get(key)))
        if s is not None
    ]
    for item in series:
        across = yticks if item.kind == "bar" and item.orientation == "horizontal" else xticks
        item.x_labels = [label_at(across, x) for x in item.x]
    return series


def _wedges(raw: dict) -> list[Wedge]:
    return [
        Wedge(
            _text(w.get("label")),
            (_float(w.get("theta2")) - _float(w.get("theta1"))) % 360 or 360.0,
            _text(w.get("color"), 20),
        )
        for w in _list(raw.get("wedges"))
        if isinstance(w, dict)
    ]


def _axes(raw: Any) -> AxesFacts | None:
    if not isinstance(raw, dict):
        return None
    box = _box(raw.get("box"))
    if box is None:
        return None
    legend = raw["legend"] if isinstance(raw.get("legend"), dict) else {}
    images = raw.get("images")
    xticks, yticks = _ticks(raw.get("xticks")), _ticks(raw.get("yticks"))
    return AxesFacts(
        box=box,
        title=_text(raw.get("title")),
        xlabel=_text(raw.get("xlabel")),
        ylabel=_text(raw.get("ylabel")),
        projection=_text(raw.get("projection"), 40),
        legend_box=_box(legend.get("box")),
        legend_labels=[_text(label) for label in _list(legend.get("labels"))],
        series=_axes_series(raw, xticks, yticks),
        wedges=_wedges(raw),
        images=images if isinstance(images, int) else 0,
        xscale=_text(raw.get("xscale"), 40) or "linear",
        yscale=_text(raw.get("yscale"), 40) or "linear",
        xlim=_pair(raw.get("xlim")),
        ylim=_pair(raw.get("ylim")),
        legend_title=_text(legend.get("title")),
        xticks=xticks,
        yticks=yticks,
    )


def _text_item(raw: Any) -> TextItem | None:
    if not isinstance(raw, dict):
        return None
    box = _box(raw.get("box"))
    if box is None:
        return None
    return TextItem(
        text=_text(raw.get("text")),
        role=_text(raw.get("role"), 20) or "other",
        box=box,
        fontsize=_float(raw.get("fontsize"), 10.0),
        rotation=_float(raw.get("rotation")),
        color=_text(raw.get("color"), 20),
        bold=raw.get("bold") is True,
        backdrop=tuple(_text(c, 20) for c in _list(raw.get("backdrop"))[:6]),
    )


def parse_figure(raw: dict) -> FigureFacts:
    """The worker's description of a figure as typed facts; malformed parts become empty."""
    axes = [a for a in (_axes(item) for item in _list(raw.get("axes"))) if a is not None]
    texts = [t for t in (_text_item(item) for item in _list(raw.get("texts"))) if t is not None]
    return FigureFacts(
        width=_float(raw.get("width"), 1.0),
        height=_float(raw.get("height"), 1.0),
        dpi=_float(raw.get("dpi"), 100.0),
        axes=axes,
        texts=texts,
        size_inches=_pair(raw.get("size_inches")),
        facecolor=_text(raw.get("facecolor"), 20),
    )
