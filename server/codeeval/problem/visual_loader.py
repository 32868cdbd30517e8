"""Plot and web-page problem files -> `Problem` (kind plot or webpage), every error located by line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base.catalog import ProblemKind, default_weights
from ..base.errors import ProblemError
from .definition import Problem
from .visual_definition import (
    ExpectedSeries,
    Interaction,
    PageSpec,
    PlotSpec,
    PlotTexts,
    Step,
    StepAction,
    VisualLimits,
    VisualSpec,
)
from .yaml_source import YamlDocument

VISUAL_SCHEMA = "visual.schema.json"


def _field(keys: tuple) -> str:
    return ".".join(str(k) if not isinstance(k, int) else f"[{k}]" for k in keys).replace(".[", "[")


Report = Callable[[tuple, str], None]


def _section_errors(data: dict, error: Report) -> None:
    """Each kind has its own section and parts."""
    plot = data["kind"] == "plot"
    if plot and "plot" not in data:
        error(("plot",), "missing (a plot problem says what the figure must show)")
    if plot and "page" in data:
        error(("page",), "only for kind: webpage")
    if not plot and "plot" in data:
        error(("plot",), "only for kind: plot")
    weights = data.get("weights", {})
    if plot and "interaction" in weights:
        error(("weights", "interaction"), "plots have no interaction part")
    if not plot and "data_fidelity" in weights:
        error(("weights", "data_fidelity"), "web pages have no data-fidelity part")
    if weights and sum({**default_weights(ProblemKind(data["kind"])), **weights}.values()) <= 0:
        error(("weights",), "at least one weight must be positive")


def _categorical(values: Any) -> bool:
    """x given as names (quarters, months): every value a string."""
    return isinstance(values, list) and bool(values) and all(isinstance(v, str) for v in values)


def _axis_length(value: Any, columns: dict, keys: tuple, error: Report) -> int | None:
    """How many values one axis of an expected series has (a column's, or a list's); None if unusable."""
    if isinstance(value, str):
        if value not in columns:
            error(keys, f"no column {value!r} in `data`")
            return None
        value = columns[value]
    if value is None:
        return None
    if keys[-1] == "x" and _categorical(value):
        return len(value)
    if any(not isinstance(v, (int, float)) or isinstance(v, bool) for v in value if v is not None):
        error(keys, "values must be numbers" + (" (or, for x, all names)" if keys[-1] == "x" else ""))
    return len(value)


def _plot_option_errors(plot: dict, error: Report) -> None:
    """Options that contradict each other or the chart."""
    if plot.get("structure") and (plot.get("chart") not in ("bar", "barh") or len(plot.get("series", [])) < 2):
        error(("plot", "structure"), "only for bar or barh charts with two or more series")
    value_scale = plot.get("x_scale" if plot.get("chart") == "barh" else "y_scale")
    if plot.get("y_starts_at_zero") and value_scale == "log":
        error(("plot", "y_starts_at_zero"), "a log axis cannot start at zero")


def _series_errors(data: dict, error: Report) -> None:
    columns = data.get("data", {})
    for index, series in enumerate(data.get("plot", {}).get("series", [])):
        keys = ("plot", "series", index)
        lengths = {axis: _axis_length(series.get(axis), columns, (*keys, axis), error) for axis in ("x", "y")}
        if None not in lengths.values() and lengths["x"] != lengths["y"]:
            error(keys, f"x has {lengths['x']} values but y has {lengths['y']}")
    _plot_option_errors(data.get("plot", {}), error)


def visual_errors(document: YamlDocument) -> list[ProblemError]:
    """What the schema cannot say: the right section per kind, columns that exist, series of matching length."""
    errors: list[ProblemError] = []

    def error(keys: tuple, message: str) -> None:
        errors.append(ProblemError(f"{_field(keys)}: {message}", document.path, document.line_of(keys)))

    _section_errors(document.data, error)
    _series_errors(document.data, error)
    return errors


def _values(raw: Any, columns: dict) -> tuple[float, ...] | None:
    if raw is None:
        return None
    values = columns[raw] if isinstance(raw, str) else raw
    if _categorical(values):
        return None
    return tuple(float("nan") if v is None else float(v) for v in values)


def _categories(raw: Any, columns: dict) -> tuple[str, ...] | None:
    values = columns.get(raw) if isinstance(raw, str) else raw
    return tuple(str(v) for v in values) if values is not None and _categorical(values) else None


def _plot_texts(raw: dict) -> PlotTexts:
    return PlotTexts(
        title=raw.get("title"),
        xlabel=raw.get("xlabel"),
        ylabel=raw.get("ylabel"),
        legend_title=raw.get("legend_title"),
        legend_entries=tuple(raw.get("legend_entries", ())),
        ignore_case=raw.get("text_match") == "ignore_case",
    )


def _plot_spec(document: YamlDocument) -> PlotSpec:
    raw, columns = document.data["plot"], document.data.get("data", {})
    series = tuple(
        ExpectedSeries(
            label=item.get("label"),
            x=_values(item.get("x"), columns),
            y=_values(item["y"], columns) or (),
            line=document.line_of(("plot", "series", index)),
            categories=_categories(item.get("x"), columns),
        )
        for index, item in enumerate(raw["series"])
    )
    names = ("tolerance", "min_font_pt", "max_colors", "dpi", "entry_point", "x_scale", "y_scale")
    options = {key: raw[key] for key in (*names, "y_starts_at_zero", "structure", "figsize_tolerance") if key in raw}
    if "figsize" in raw:
        options["figsize"] = (float(raw["figsize"][0]), float(raw["figsize"][1]))
    return PlotSpec(
        chart=raw["chart"],
        series=series,
        line=document.line_of(("plot",)),
        require=tuple(raw.get("require", ("title", "xlabel", "ylabel"))),
        texts=_plot_texts(raw),
        **options,
    )


def _compared(action: StepAction, body: dict, line: int | None) -> Step:
    """An expectation with `equals:` or `contains:` (`at_least:` for a count)."""
    exact = "equals" in body
    expected = body.get("equals", body.get("contains", body.get("at_least", "")))
    return Step(action, body.get("selector", ""), str(expected), exact, line, body.get("property", ""))


def _resize(body: Any, line: int | None) -> Step:
    if isinstance(body, dict):
        return Step(StepAction.RESIZE, "", f"{body['width']}x{body.get('height', 0)}", line=line)
    return Step(StepAction.RESIZE, "", str(body), line=line)


def _step(raw: dict, line: int | None) -> Step:
    ((name, body),) = raw.items()
    action = StepAction(name)
    if action is StepAction.RESIZE:
        return _resize(body, line)
    if isinstance(body, str):
        return Step(action, body, line=line)
    if action in (StepAction.EXPECT_VALUE, StepAction.EXPECT_URL, StepAction.EXPECT_COUNT, StepAction.EXPECT_STYLE):
        return _compared(action, body, line)
    if action is StepAction.TYPE:
        return Step(action, body["selector"], body["text"], line=line)
    if action is StepAction.SELECT:
        return Step(action, body["selector"], body["value"], line=line)
    if action is StepAction.PRESS:
        return Step(action, body["selector"], body["key"], line=line)
    exact = "equals" in body
    return Step(action, body["selector"], body.get("equals", body.get("contains", "")), exact=exact, line=line)


def _page_spec(document: YamlDocument) -> PageSpec:
    raw = document.data.get("page", {})
    interactions = tuple(
        Interaction(
            item["name"],
            tuple(
                _step(step, document.line_of(("page", "interactions", i, "steps", j)))
                for j, step in enumerate(item["steps"])
            ),
            line=document.line_of(("page", "interactions", i)),
            width=item.get("width"),
        )
        for i, item in enumerate(raw.get("interactions", []))
    )
    options: dict[str, Any] = {
        key: raw[key] for key in ("entry_point", "height", "discover", "max_interactions") if key in raw
    }
    if "widths" in raw:
        options["widths"] = tuple(raw["widths"])
    if "require_text" in raw:
        options["require_text"] = tuple(raw["require_text"])
    return PageSpec(interactions=interactions, line=document.line_of(("page",)), **options)


def build_visual(document: YamlDocument) -> Problem:
    """The Problem of a validated plot or web-page file."""
    data = document.data
    kind = ProblemKind(data["kind"])
    plot = _plot_spec(document) if kind is ProblemKind.PLOT else None
    page = _page_spec(document) if kind is ProblemKind.WEBPAGE else None
    limits = VisualLimits(**data.get("limits", {}))
    visual = VisualSpec(
        kind=kind,
        prompt=data["prompt"],
        data={k: list(v) for k, v in data.get("data", {}).items()},
        plot=plot,
        page=page,
        limits=limits,
    )
    return Problem(
        name=data["name"],
        summary=data["summary"],
        entry_point=page.entry_point if page else "",
        reference="",
        tests=[],
        weights={**default_weights(kind), **{k: float(v) for k, v in data.get("weights", {}).items()}},
        prompt=data["prompt"],
        samples=dict(data.get("samples", {})),
        path=document.path,
        kind=kind,
        visual=visual,
    )
