"""A drawn matplotlib figure as typed facts, parsed from what the sandboxed worker reported.

The worker's reply is untrusted in shape as well as content: every field is
type-checked here and anything malformed becomes empty, so the checks never
see a value of a type they did not expect. Coordinates are PNG pixels with the
origin at the top left.
"""

from __future__ import annotations

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


@dataclass
class FigureFacts:
    """The whole figure: its size, axes and texts."""

    width: float
    height: float
    dpi: float
    axes: list[AxesFacts]
    texts: list[TextItem]

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


def _series(kind: str, raw: Any) -> Series | None:
    if not isinstance(raw, dict):
        return None
    boxes = [b for b in (_box(v) for v in _list(raw.get("pixels"))) if b] if kind == "bar" else []
    return Series(
        kind=kind,
        label=_text(raw.get("label")),
        x=[_optional_float(v) for v in _list(raw.get("x"))],
        y=[_optional_float(v) for v in _list(raw.get("y"))],
        color=_text(raw.get("color"), 20),
        linestyle=_text(raw.get("linestyle"), 20),
        marker=_text(raw.get("marker"), 20),
        orientation="horizontal" if raw.get("orientation") == "horizontal" else "vertical",
        pixels=_points(raw.get("pixels")) if kind != "bar" else [],
        bar_boxes=boxes,
    )


def _axes(raw: Any) -> AxesFacts | None:
    if not isinstance(raw, dict):
        return None
    box = _box(raw.get("box"))
    if box is None:
        return None
    legend = raw["legend"] if isinstance(raw.get("legend"), dict) else {}
    series = [
        s
        for kind, key in (("line", "lines"), ("bar", "bars"), ("scatter", "scatters"))
        for s in (_series(kind, item) for item in _list(raw.get(key)))
        if s is not None
    ]
    wedges = [
        Wedge(
            _text(w.get("label")),
            (_float(w.get("theta2")) - _float(w.get("theta1"))) % 360 or 360.0,
            _text(w.get("color"), 20),
        )
        for w in _list(raw.get("wedges"))
        if isinstance(w, dict)
    ]
    images = raw.get("images")
    return AxesFacts(
        box=box,
        title=_text(raw.get("title")),
        xlabel=_text(raw.get("xlabel")),
        ylabel=_text(raw.get("ylabel")),
        projection=_text(raw.get("projection"), 40),
        legend_box=_box(legend.get("box")),
        legend_labels=[_text(label) for label in _list(legend.get("labels"))],
        series=series,
        wedges=wedges,
        images=images if isinstance(images, int) else 0,
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
    )
