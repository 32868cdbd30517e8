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
    from matplotlib.container import BarContainer
    from matplotlib.figure import Figure
    from matplotlib.legend import Legend
    from matplotlib.patches import Patch
    from matplotlib.text import Text
    from matplotlib.transforms import Bbox
    from matplotlib.typing import ColorType

    from codeeval.sandbox.child.wire import Value

MAX_POINTS = 5000  # per series: enough to compare data, bounded message size
MAX_TEXTS = 400
MAX_PNG_BYTES = 8 * 1024 * 1024
MAX_WARNINGS = 50
MAX_PATCHES_UNDER_TEXT = 1000  # bars and slices looked at for the colour under a label


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
        from matplotlib.axes import Axes  # noqa: PLC0415
        from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
        from matplotlib.collections import PathCollection  # noqa: PLC0415
        from matplotlib.colors import to_hex  # noqa: PLC0415
        from matplotlib.container import BarContainer  # noqa: PLC0415
        from matplotlib.figure import Figure  # noqa: PLC0415
        from matplotlib.patches import Wedge  # noqa: PLC0415
        from matplotlib.text import Text  # noqa: PLC0415
    except ImportError as exc:
        raise PlottingUnavailable(f"{type(exc).__name__}: {exc}") from None
    pyplot.show = lambda *args, **kwargs: None  # scripts end with show(); on Agg that only warns
    MPL.__dict__.update(
        pyplot=pyplot,
        PathCollection=PathCollection,
        to_hex=to_hex,
        BarContainer=BarContainer,
        Wedge=Wedge,
        Text=Text,
        Axes=Axes,
        Figure=Figure,
        FigureCanvasAgg=FigureCanvasAgg,
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
    if uses_name(code, "df"):
        frame = data_frame(data)
        if frame is not None:
            namespace["df"] = frame
    return namespace


def data_frame(data: Value) -> object | None:
    """`data` as a pandas DataFrame; None without pandas or for columns of unequal length."""
    if not isinstance(data, dict):
        return None
    try:
        import pandas  # noqa: PLC0415  (half a second: only for scripts that use `df`)

        return pandas.DataFrame(data)
    except Exception:  # ImportError, or columns of unequal length: the script gets `data` only
        return None


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


def _container_label(container: BarContainer) -> str:
    """A bar container's label. `hist(..., label=...)` puts the label on the first bar, and leaves the
    container its automatic name (`_container0`), which a legend never shows."""
    label = str(container.get_label())
    if label.startswith("_") and container.patches:
        first = str(container.patches[0].get_label())
        if first and not first.startswith("_"):
            return first
    return label


def _background_drawn(axes: Axes) -> bool:
    """Whether an axes paints its background (not after `axis("off")` or without a frame)."""
    return bool(axes.axison and axes.get_frame_on() and axes.patch.get_visible())


def _filled_patches(axes: Axes, renderer: object) -> list[tuple[Bbox, Patch]]:
    """An axes' visible filled bars and slices, topmost first, with their extents in display pixels."""
    found = []
    for patch in axes.patches[:MAX_PATCHES_UNDER_TEXT]:
        if patch.get_visible() and patch.get_fill():
            try:
                found.append((patch.get_window_extent(renderer), patch))
            except Exception:  # a patch without a usable path
                continue
    return sorted(found, key=lambda item: item[1].get_zorder(), reverse=True)


def _patch_under(patches: list[tuple[Bbox, Patch]], point: tuple[float, float]) -> Patch | None:
    """The topmost patch under a point (display pixels), or None: its extent first, then its shape."""
    for extent, patch in patches:
        if extent.contains(*point) and patch.contains_point(point):
            return patch
    return None


def _is_bold(weight: object) -> bool:
    """matplotlib's font weight (a name or 100-900) as bold or not."""
    if isinstance(weight, (int, float)):
        return weight >= 600
    return str(weight) in ("semibold", "demibold", "demi", "bold", "heavy", "extra bold", "black")


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
        self.legends: dict[int, Legend] = {}  # id(text) -> the legend it is written in
        self.patches: dict[int, list[tuple[Bbox, Patch]]] = {}  # id(axes) -> its filled patches, topmost first

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
            "bold": _is_bold(text.get_fontweight()),
            "backdrop": self.backdrop(text),
        }

    def backdrop(self, text: Text) -> list[str]:
        """The colours behind a text, top first (its box, the legend's frame, the axes, the figure), each
        with its alpha: the evaluator composites them to measure the text's contrast."""
        layers = self._own_layers(text)
        axes, centre = self._axes_under(text)
        if axes is not None:
            under = _patch_under(self._patches(axes), centre) if not layers else None
            if under is not None:  # a label on a bar or a pie slice
                layers.append(_hex(under.get_facecolor()))
            if _background_drawn(axes):
                layers.append(_hex(axes.get_facecolor()))
        if self.figure.patch.get_visible():
            layers.append(_hex(self.figure.get_facecolor()))
        return [layer for layer in layers if layer]

    def _patches(self, axes: Axes) -> list[tuple[Bbox, Patch]]:
        if id(axes) not in self.patches:
            self.patches[id(axes)] = _filled_patches(axes, self.renderer)
        return self.patches[id(axes)]

    def _own_layers(self, text: Text) -> list[str]:
        """The text's own box and, for a legend's text, the legend's frame."""
        layers = []
        patch = text.get_bbox_patch()
        if patch is not None and patch.get_visible() and patch.get_fill():
            layers.append(_hex(patch.get_facecolor()))
        legend = self.legends.get(id(text))
        if legend is not None and legend.get_frame_on():
            layers.append(_hex(legend.get_frame().get_facecolor()))
        return layers

    def _axes_under(self, text: Text) -> tuple[Axes | None, tuple[float, float]]:
        """The topmost axes under the text's centre (in display pixels), and that centre."""
        try:
            extent = text.get_window_extent(self.renderer)
        except Exception:
            return None, (0.0, 0.0)
        x, y = (extent.x0 + extent.x1) / 2, (extent.y0 + extent.y1) / 2
        for axes in reversed(self.figure.axes):
            if axes.get_visible() and axes.bbox.contains(x, y):
                return axes, (x, y)
        return None, (x, y)

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
            for text in [*legend.get_texts(), legend.get_title()]:
                self.roles[id(text)] = "legend"
                self.legends[id(text)] = legend
        for text in axes.texts:
            self.roles[id(text)] = "annotation"

    def pixels(self, points: Iterable) -> list[list[float]]:
        """Display points as PNG pixels (origin top left); points that are not drawn (NaN, inf) left out."""
        return [
            [round(float(px), 1), round(self.height - float(py), 1)]
            for px, py in points
            if math.isfinite(px) and math.isfinite(py)
        ]

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
                    "pixels": self.pixels(points),
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
                    "label": _container_label(container)[:200],
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
                    "pixels": self.pixels(points),
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
            "title": legend.get_title().get_text()[:300] if legend.get_title().get_visible() else "",
        }

    def ticks(self, axes: Axes, which: str) -> list[list]:
        """The drawn major tick labels of one axis as [position, text] (categorical axes: the category
        names at 0, 1, 2...)."""
        axis = axes.xaxis if which == "x" else axes.yaxis
        out = []
        for tick in axis.get_major_ticks()[:MAX_TEXTS]:
            label = tick.label1 if tick.label1.get_visible() else tick.label2
            position = _number(tick.get_loc())
            if id(label) in self.hidden or not label.get_visible() or position is None:
                continue
            out.append([position, label.get_text()[:200]])
        return out

    def axes(self, axes: Axes) -> dict:
        """One axes described."""
        return {
            "box": self.box(axes.get_window_extent(self.renderer)),
            "title": axes.get_title()[:300],
            "xlabel": axes.get_xlabel()[:300],
            "ylabel": axes.get_ylabel()[:300],
            "xscale": axes.get_xscale(),
            "yscale": axes.get_yscale(),
            "xlim": _numbers(axes.get_xlim()),
            "ylim": _numbers(axes.get_ylim()),
            "xticks": self.ticks(axes, "x"),
            "yticks": self.ticks(axes, "y"),
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
            "size_inches": _numbers(self.figure.get_size_inches()),
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
    data = decode(request.get("data"))
    namespace = script_globals(data, code)
    entry_point = str(request.get("entry_point") or "")
    with WarningLog() as log:
        try:
            exec(code, namespace)
            drawn = call_entry_point(namespace, entry_point, data) if entry_point else None
        except BaseException as exc:  # SystemExit included: the script did not finish
            return {"status": "raised", "warnings": log.messages, **describe_exception(exc)}
        numbers = pyplot.get_fignums()
        figure = _judged_figure(drawn, pyplot, bool(numbers))
        if isinstance(figure, str):
            return {"status": "no_figure", "warnings": log.messages, "message": figure}
        figure.set_dpi(float(request.get("dpi") or figure.dpi))
        facts = Extractor(figure).describe()
        png = png_bytes(figure)
    return {
        "status": "rendered",
        "figure": facts,
        "png": png,
        "figures": max(1, len(numbers)),
        "warnings": log.messages,
    }


def _judged_figure(drawn: Figure | str | None, pyplot: object, any_open: bool) -> Figure | str:
    """The figure to describe (the entry point's, else pyplot's current one), ready to draw with Agg; or
    why there is none."""
    if isinstance(drawn, str):
        return drawn
    if drawn is None and not any_open:
        return "the script finished without an open matplotlib figure"
    figure = drawn if drawn is not None else pyplot.gcf()  # type: ignore[attr-defined]
    if not isinstance(figure.canvas, MPL.FigureCanvasAgg):  # a Figure built without pyplot
        MPL.FigureCanvasAgg(figure)
    return figure


def _arguments(function: Callable, data: Value) -> list:
    """What the entry point is called with: nothing when it takes no positional argument, else `data` (a
    pandas DataFrame when the parameter is named `df` and pandas is there)."""
    import inspect  # noqa: PLC0415  (matplotlib has imported it already)

    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return [data]
    kinds = (
        inspect.Parameter.POSITIONAL_ONLY,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        inspect.Parameter.VAR_POSITIONAL,
    )
    positional = [p for p in parameters if p.kind in kinds]
    if not positional:
        return []
    if positional[0].name == "df":
        frame = data_frame(data)
        return [data if frame is None else frame]
    return [data]


def call_entry_point(namespace: dict, name: str, data: Value) -> Figure | str | None:
    """Call the function the task asked for and find the figure it returns (a Figure, an Axes, an array
    of Axes). None: it returned nothing, and the current figure is judged. A string: why there is none."""
    function = namespace.get(name)
    if not callable(function):
        return f"the script defines no function {name!r} (the task asks for {name}(data) returning a Figure)"
    returned = function(*_arguments(function, data))
    if returned is None:
        return None
    if isinstance(returned, MPL.Figure):
        return returned
    candidates = returned if isinstance(returned, (list, tuple)) else [returned]
    if hasattr(returned, "flat"):  # a numpy array of Axes, from subplots(2, 2)
        candidates = list(returned.flat)
    for candidate in candidates:
        if isinstance(candidate, MPL.Axes):
            return candidate.figure
        if isinstance(candidate, MPL.Figure):
            return candidate
    return f"{name}() returned {type(returned).__name__}, not a matplotlib Figure or Axes"
