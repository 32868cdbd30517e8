"""A small log-log line chart written directly as SVG (no plotting library).

Plain SVG 1.1 with inline attributes only (no CSS, scripts or fonts to
fetch), so it renders the same as a file, as a data: URI image, in VS Code's
Markdown preview and on GitHub.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape as _html_escape


def escape(text: str) -> str:
    """Text for an SVG element: &, < and > escaped (html, not xml.sax.saxutils, whose import pulls in
    urllib.request and http.client: 24 ms of every report's start-up)."""
    return _html_escape(text, quote=False)


WIDTH, HEIGHT = 600, 340
LEFT, RIGHT, TOP, BOTTOM = 78, 150, 34, 50  # margins around the plotting area
AXIS, GRID, TEXT = "#555555", "#e3e3e3", "#222222"


@dataclass
class Series:
    """One line of points in a plot: its name and colour, dashed or not, hollow points for lower bounds."""

    name: str
    points: list[tuple[float, float]]
    color: str
    dashed: bool = False
    open_points: list[tuple[float, float]] = field(default_factory=list)  # drawn hollow: lower bounds


def _log_range(values: list[float]) -> tuple[float, float]:
    low, high = math.log10(min(values)), math.log10(max(values))
    if high - low < 1e-9:
        low, high = low - 0.5, high + 0.5
    pad = (high - low) * 0.06
    return low - pad, high + pad


def _ticks(low: float, high: float) -> list[float]:
    """Powers of ten in range; with 1-2-5 steps when the range spans under two decades."""
    steps = (1, 2, 5) if high - low < 2 else (1,)
    ticks = []
    for exponent in range(math.floor(low), math.ceil(high) + 1):
        for step in steps:
            value = step * 10.0**exponent
            if low <= math.log10(value) <= high:
                ticks.append(value)
    return ticks


class _Frame:
    def __init__(self, xs: list[float], ys: list[float]):
        self.x0, self.x1 = _log_range(xs)
        self.y0, self.y1 = _log_range(ys)
        self.width, self.height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(self, value: float) -> float:
        return LEFT + (math.log10(value) - self.x0) / (self.x1 - self.x0) * self.width

    def y(self, value: float) -> float:
        return TOP + self.height - (math.log10(value) - self.y0) / (self.y1 - self.y0) * self.height


def _axes(
    frame: _Frame,
    x_ticks: list[float],
    y_ticks: list[float],
    x_text: Callable[[float], str],
    y_text: Callable[[float], str],
) -> list[str]:
    out = []
    for value in y_ticks:
        y = frame.y(value)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + frame.width}" y2="{y:.1f}" stroke="{GRID}"/>')
        out.append(
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end" '
            f'fill="{TEXT}">{escape(y_text(value))}</text>'
        )
    for value in x_ticks:
        x = frame.x(value)
        out.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + frame.height}" stroke="{GRID}"/>')
        out.append(
            f'<text x="{x:.1f}" y="{TOP + frame.height + 16}" font-size="11" text-anchor="middle" '
            f'fill="{TEXT}">{escape(x_text(value))}</text>'
        )
    out.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{frame.width}" height="{frame.height}" fill="none" stroke="{AXIS}"/>'
    )
    return out


def _series(frame: _Frame, series: Series) -> list[str]:
    out = []
    if len(series.points) > 1:
        path = " ".join(f"{frame.x(x):.1f},{frame.y(y):.1f}" for x, y in series.points)
        dash = ' stroke-dasharray="6 4"' if series.dashed else ""
        out.append(f'<polyline points="{path}" fill="none" stroke="{series.color}" stroke-width="2"{dash}/>')
    for x, y in series.points:
        out.append(f'<circle cx="{frame.x(x):.1f}" cy="{frame.y(y):.1f}" r="3.5" fill="{series.color}"/>')
    for x, y in series.open_points:
        out.append(
            f'<circle cx="{frame.x(x):.1f}" cy="{frame.y(y):.1f}" r="5" fill="white" '
            f'stroke="{series.color}" stroke-width="2"/>'
        )
    return out


def _legend(series: list[Series]) -> list[str]:
    out = []
    for i, s in enumerate(series):
        y = TOP + 14 + 20 * i
        x = WIDTH - RIGHT + 14
        dash = ' stroke-dasharray="6 4"' if s.dashed else ""
        out.append(f'<line x1="{x}" y1="{y}" x2="{x + 22}" y2="{y}" stroke="{s.color}" stroke-width="2"{dash}/>')
        out.append(f'<text x="{x + 28}" y="{y + 4}" font-size="12" fill="{TEXT}">{escape(s.name)}</text>')
    return out


def loglog_svg(
    series: list[Series],
    title: str,
    x_label: str,
    y_label: str,
    x_text: Callable[[float], str] = lambda v: f"{v:g}",
    y_text: Callable[[float], str] = lambda v: f"{v:g}",
) -> str:
    """The chart as an SVG document; every series needs positive coordinates."""
    points = [p for s in series for p in s.points + s.open_points]
    if not points:
        raise ValueError("nothing to plot")
    frame = _Frame([x for x, _ in points], [y for _, y in points])
    x_ticks = sorted({x for x, _ in points}) if len({x for x, _ in points}) <= 8 else _ticks(frame.x0, frame.x1)
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">'
        ),
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT}" y="{TOP - 12}" font-size="14" font-weight="bold" fill="{TEXT}">{escape(title)}</text>',
    ]
    parts += _axes(frame, x_ticks, _ticks(frame.y0, frame.y1), x_text, y_text)
    for s in series:
        parts += _series(frame, s)
    parts += _legend(series)
    parts.append(
        f'<text x="{LEFT + frame.width / 2:.1f}" y="{HEIGHT - 12}" font-size="12" text-anchor="middle" '
        f'fill="{TEXT}">{escape(x_label)}</text>'
    )
    parts.append(
        f'<text x="16" y="{TOP + frame.height / 2:.1f}" font-size="12" text-anchor="middle" '
        f'fill="{TEXT}" transform="rotate(-90 16 {TOP + frame.height / 2:.1f})">{escape(y_label)}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
