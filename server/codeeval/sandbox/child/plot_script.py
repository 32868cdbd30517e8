"""The worker's plot op: run a plotting script with the Agg backend and describe the figure it drew.

Runs inside the sandbox, imported only for plot problems (it needs
matplotlib, which the worker's interpreter may not have: the reply then says
so). Everything it reports is plain data for the evaluator to judge: the
artists (series, bars, points, wedges), every visible text with its bounding
box in PNG pixels (origin top left), the axes' labels and legends, the
rendered PNG, and the warnings the script caused. Like every worker reply,
it is what the solution's process says: a script that patches matplotlib
can misreport its own figure (docs/security.md says what that gains).
"""

from __future__ import annotations

import io
import logging
import math
import os
import sys
import warnings
from types import SimpleNamespace

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: importing `typing` would add `re` to every worker's start-up
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from types import CodeType, TracebackType
    from typing import Literal, SupportsFloat

    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.text import Text
    from matplotlib.transforms import Bbox
    from matplotlib.typing import ColorType

    from codeeval.sandbox.child.wire import Value

MAX_POINTS = 5000  # per series: enough to compare data, bounded message size
MAX_TEXTS = 400
MAX_PNG_BYTES = 8 * 1024 * 1024
MAX_WARNINGS = 50


MPL = SimpleNamespace()  # the matplotlib names the extractor uses, filled by prepare()


class PlottingUnavailable(Exception):
    """matplotlib cannot be imported by this interpreter."""


def prepare(workdir: str) -> SimpleNamespace:
    """Import matplotlib with the Agg backend and a private config folder; the parts the extractor needs.

    The imports wait until here: matplotlib reads its backend and config folder from the environment
    at import (site-packages, where it lives, are on the path already: installed.py).
    """
    os.environ["MPLBACKEND"] = "Agg"
    os.environ["MPLCONFIGDIR"] = os.path.join(workdir, ".matplotlib")
    try:
        import matplotlib  # noqa: PLC0415  (after the environment and path above)

        matplotlib.use("Agg")
        import matplotlib.pyplot as pyplot  # noqa: PLC0415
        from matplotlib.collections import PathCollection  # noqa: PLC0415
        from matplotlib.colors import to_hex  # noqa: PLC0415
        from matplotlib.container import BarContainer  # noqa: PLC0415
        from matplotlib.patches import Wedge  # noqa: PLC0415
        from matplotlib.text import Text  # noqa: PLC0415
    except ImportError as exc:
        raise PlottingUnavailable(f"{type(exc).__name__}: {exc}") from None
    pyplot.show = lambda *args, **kwargs: None  # scripts end with show(); on Agg that only warns
    MPL.__dict__.update(
        pyplot=pyplot, PathCollection=PathCollection, to_hex=to_hex, BarContainer=BarContainer, Wedge=Wedge, Text=Text
    )
    return MPL


def uses_name(code: CodeType, name: str) -> bool:
    """Whether compiled code (or any function in it) refers to a global `name`."""
    if name in code.co_names:
        return True
    return any(uses_name(const, name) for const in code.co_consts if hasattr(const, "co_names"))


def script_globals(data: Value, code: CodeType) -> dict:
    """What a plotting script finds defined: `data` (column -> list) and, with pandas, `df`.

    `df` is built only for scripts that use the name: importing pandas costs half a second.
    """
    namespace = {"__name__": "__main__", "__builtins__": __builtins__, "data": data}
    if isinstance(data, dict) and uses_name(code, "df"):
        try:
            import pandas  # noqa: PLC0415  (half a second: only for scripts that use `df`)

            namespace["df"] = pandas.DataFrame(data)
        except ImportError:
            pass
        except Exception:  # columns of unequal length: the script gets `data` only
            pass
    return namespace


class WarningLog:
    """Python warnings and matplotlib's logged warnings raised while the script ran."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self._warnings = warnings.catch_warnings(record=True)
        log = self

        class Handler(logging.Handler):
            def emit(self, record: logging.LogRecord) -> None:
                log.add(f"{record.name}: {record.getMessage()}")

        self._handler = Handler(logging.WARNING)

    def add(self, text: str) -> None:
        """Keep one warning (at most MAX_WARNINGS, each cut to 500 characters)."""
        if len(self.messages) < MAX_WARNINGS:
            self.messages.append(text[:500])

    def __enter__(self) -> WarningLog:
        self._caught = self._warnings.__enter__()
        warnings.simplefilter("always")
        logging.getLogger().addHandler(self._handler)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> Literal[False]:
        logging.getLogger().removeHandler(self._handler)
        self._warnings.__exit__(kind, error, traceback)
        for item in self._caught:
            self.add(f"{item.category.__name__}: {item.message} (line {item.lineno})")
        return False


def _number(value: SupportsFloat) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _numbers(values: Iterable[SupportsFloat]) -> list[float | None]:
    out = []
    for value in list(values)[:MAX_POINTS]:
        out.append(_number(value))
    return out


def _hex(color: ColorType) -> str:
    try:
        return MPL.to_hex(color, keep_alpha=True)
    except (ValueError, TypeError):
        return ""


class Extractor:
    """Turns one drawn figure into plain data, in PNG pixel coordinates (origin top left)."""

    def __init__(self, figure: Figure):
        self.figure = figure
        self.canvas = figure.canvas
        self.canvas.draw()
        self.renderer = self.canvas.get_renderer()
        self.height = float(figure.bbox.height)
        self.roles: dict[int, str] = {}  # id(text) -> its role: title, xlabel, legend...
        self.hidden: set[int] = set()  # id(text) of texts that exist but are not drawn

    def box(self, extent: Bbox) -> list[float]:
        """A matplotlib extent as [left, top, right, bottom] in PNG pixels."""
        x0, y0, x1, y1 = (float(v) for v in (extent.x0, extent.y0, extent.x1, extent.y1))
        return [round(x0, 2), round(self.height - y1, 2), round(x1, 2), round(self.height - y0, 2)]

    def _text(self, text: Text) -> dict:
        return {
            "text": text.get_text()[:300],
            "role": self.roles.get(id(text), "other"),
            "box": self.box(text.get_window_extent(self.renderer)),
            "fontsize": _number(text.get_fontsize()),
            "rotation": _number(text.get_rotation()),
            "color": _hex(text.get_color()),
        }

    def texts(self) -> list:
        """Every drawn, non-empty text with its role and box."""
        found = []
        for text in self.figure.findobj(MPL.Text):
            if not text.get_visible() or not text.get_text().strip() or id(text) in self.hidden:
                continue
            try:
                found.append(self._text(text))
            except Exception:  # a text that cannot be laid out is left out
                continue
            if len(found) >= MAX_TEXTS:
                break
        return found

    def _hide_unused_ticks(self, axes: Axes) -> None:
        """Tick labels outside the view limits exist but are not drawn: leave them out."""
        for axis in (axes.xaxis, axes.yaxis):
            low, high = sorted(axis.get_view_interval())
            span = (high - low) * 1e-9
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                if not low - span <= tick.get_loc() <= high + span:
                    self.hidden.add(id(tick.label1))
                    self.hidden.add(id(tick.label2))

    def _mark_roles(self, axes: Axes) -> None:
        for text in (axes.title, getattr(axes, "_left_title", None), getattr(axes, "_right_title", None)):
            if text is not None:
                self.roles[id(text)] = "title"
        self.roles[id(axes.xaxis.label)] = "xlabel"
        self.roles[id(axes.yaxis.label)] = "ylabel"
        for tick in axes.get_xticklabels(which="both"):
            self.roles[id(tick)] = "xtick"
        for tick in axes.get_yticklabels(which="both"):
            self.roles[id(tick)] = "ytick"
        legend = axes.get_legend()
        if legend is not None:
            for text in legend.get_texts():
                self.roles[id(text)] = "legend"
            self.roles[id(legend.get_title())] = "legend"
        for text in axes.texts:
            self.roles[id(text)] = "annotation"

    def lines(self, axes: Axes) -> list[dict]:
        """Line2D artists: data, colour, style, and the points' pixels."""
        out = []
        for line in axes.get_lines():
            if not line.get_visible():
                continue
            xy = line.get_xydata()
            points = axes.transData.transform(xy[:MAX_POINTS]) if len(xy) else []
            out.append(
                {
                    "label": str(line.get_label())[:200],
                    "x": _numbers(xy[:, 0]) if len(xy) else [],
                    "y": _numbers(xy[:, 1]) if len(xy) else [],
                    "color": _hex(line.get_color()),
                    "linestyle": str(line.get_linestyle()),
                    "marker": str(line.get_marker()),
                    "pixels": [[round(float(px), 1), round(self.height - float(py), 1)] for px, py in points],
                }
            )
        return out

    def bars(self, axes: Axes) -> list[dict]:
        """Bar containers: positions, heights, colours and the bars' boxes."""
        out = []
        for container in axes.containers:
            if not isinstance(container, MPL.BarContainer):
                continue
            vertical = getattr(container, "orientation", "vertical") != "horizontal"
            rects = [r for r in container.patches if r.get_visible()]
            out.append(
                {
                    "label": str(container.get_label())[:200],
                    "orientation": "vertical" if vertical else "horizontal",
                    "x": [
                        _number(r.get_x() + r.get_width() / 2 if vertical else r.get_y() + r.get_height() / 2)
                        for r in rects
                    ][:MAX_POINTS],
                    "y": [_number(r.get_height() if vertical else r.get_width()) for r in rects][:MAX_POINTS],
                    "base": [_number(r.get_y() if vertical else r.get_x()) for r in rects][:MAX_POINTS],
                    "widths": [_number(r.get_width() if vertical else r.get_height()) for r in rects][:MAX_POINTS],
                    "color": _hex(rects[0].get_facecolor()) if rects else "",
                    "pixels": [self.box(r.get_window_extent(self.renderer)) for r in rects][:MAX_POINTS],
                }
            )
        return out

    def scatters(self, axes: Axes) -> list[dict]:
        """Scatter collections: point positions, colours and pixels."""
        out = []
        for collection in axes.collections:
            if not isinstance(collection, MPL.PathCollection) or not collection.get_visible():
                continue
            offsets = collection.get_offsets()
            colors = collection.get_facecolors()
            points = axes.transData.transform(offsets[:MAX_POINTS]) if len(offsets) else []
            out.append(
                {
                    "label": str(collection.get_label())[:200],
                    "x": _numbers(offsets[:, 0]) if len(offsets) else [],
                    "y": _numbers(offsets[:, 1]) if len(offsets) else [],
                    "color": _hex(colors[0]) if len(colors) else "",
                    "colors": len({_hex(c) for c in colors[:MAX_POINTS]}),
                    "pixels": [[round(float(px), 1), round(self.height - float(py), 1)] for px, py in points],
                }
            )
        return out

    def wedges(self, axes: Axes) -> list[dict]:
        """Pie wedges: angles, labels and colours."""
        return [
            {
                "label": str(p.get_label())[:200],
                "theta1": _number(p.theta1),
                "theta2": _number(p.theta2),
                "color": _hex(p.get_facecolor()),
            }
            for p in axes.patches
            if isinstance(p, MPL.Wedge) and p.get_visible()
        ]

    def legend(self, axes: Axes) -> dict | None:
        """The legend's box and labels, or None."""
        legend = axes.get_legend()
        if legend is None or not legend.get_visible():
            return None
        return {
            "box": self.box(legend.get_window_extent(self.renderer)),
            "labels": [t.get_text()[:200] for t in legend.get_texts()],
        }

    def axes(self, axes: Axes) -> dict:
        """One axes described."""
        return {
            "box": self.box(axes.get_window_extent(self.renderer)),
            "title": axes.get_title()[:300],
            "xlabel": axes.get_xlabel()[:300],
            "ylabel": axes.get_ylabel()[:300],
            "xscale": axes.get_xscale(),
            "yscale": axes.get_yscale(),
            "projection": getattr(axes, "name", ""),
            "legend": self.legend(axes),
            "lines": self.lines(axes),
            "bars": self.bars(axes),
            "scatters": self.scatters(axes),
            "wedges": self.wedges(axes),
            "images": len(axes.images),
            "facecolor": _hex(axes.get_facecolor()),
        }

    def describe(self) -> dict:
        """The whole figure described."""
        visible_axes = [a for a in self.figure.axes if a.get_visible()]
        for axes in visible_axes:
            self._mark_roles(axes)
            self._hide_unused_ticks(axes)
        suptitle = getattr(self.figure, "_suptitle", None)
        if suptitle is not None:
            self.roles[id(suptitle)] = "title"
        return {
            "width": float(self.figure.bbox.width),
            "height": self.height,
            "dpi": float(self.figure.dpi),
            "facecolor": _hex(self.figure.get_facecolor()),
            "axes": [self.axes(axes) for axes in visible_axes],
            "texts": self.texts(),
        }


def png_bytes(figure: Figure) -> bytes:
    """The figure as a PNG at its own dpi (empty when larger than MAX_PNG_BYTES)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=figure.dpi)  # not tight: clipped labels must stay clipped
    data = buffer.getvalue()
    return data if len(data) <= MAX_PNG_BYTES else b""


def run_script(
    request: dict,
    compile_source: Callable[[str, str], CodeType],
    describe_exception: Callable[[BaseException], dict],
    decode: Callable[[object], Value],
) -> dict:
    """The whole op: import, run the script, describe its current figure. Never raises."""
    try:
        pyplot = prepare(os.getcwd()).pyplot
    except PlottingUnavailable as exc:
        return {"status": "unavailable", "message": str(exc)[:1000], "python": sys.executable}
    filename = request.get("filename") or "solution.py"
    try:
        code = compile_source(request["source"], filename)
    except SyntaxError as exc:
        return {"status": "syntax_error", "message": str(exc.msg), "lineno": exc.lineno}
    namespace = script_globals(decode(request.get("data")), code)
    with WarningLog() as log:
        try:
            exec(code, namespace)
        except BaseException as exc:  # SystemExit included: the script did not finish
            return {"status": "raised", "warnings": log.messages, **describe_exception(exc)}
        numbers = pyplot.get_fignums()
        if not numbers:
            return {
                "status": "no_figure",
                "warnings": log.messages,
                "message": "the script finished without an open matplotlib figure",
            }
        figure = pyplot.gcf()
        figure.set_dpi(float(request.get("dpi") or figure.dpi))
        facts = Extractor(figure).describe()
        png = png_bytes(figure)
    return {"status": "rendered", "figure": facts, "png": png, "figures": len(numbers), "warnings": log.messages}
