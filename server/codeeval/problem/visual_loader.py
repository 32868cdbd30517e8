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


def _axis_length(value: Any, columns: dict, keys: tuple, error: Report) -> int | None:
    """How many values one axis of an expected series has (a column's, or a list's); None if unusable."""
    if isinstance(value, str):
        if value not in columns:
            error(keys, f"no column {value!r} in `data`")
            return None
        value = columns[value]
    if value is None:
        return None
    if any(not isinstance(v, (int, float)) or isinstance(v, bool) for v in value if v is not None):
        error(keys, "values must be numbers")
    return len(value)


def _series_errors(data: dict, error: Report) -> None:
    columns = data.get("data", {})
    for index, series in enumerate(data.get("plot", {}).get("series", [])):
        keys = ("plot", "series", index)
        lengths = {axis: _axis_length(series.get(axis), columns, (*keys, axis), error) for axis in ("x", "y")}
        if None not in lengths.values() and lengths["x"] != lengths["y"]:
            error(keys, f"x has {lengths['x']} values but y has {lengths['y']}")


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
    return tuple(float("nan") if v is None else float(v) for v in values)


def _plot_spec(document: YamlDocument) -> PlotSpec:
    raw, columns = document.data["plot"], document.data.get("data", {})
    series = tuple(
        ExpectedSeries(
            label=item.get("label"),
            x=_values(item.get("x"), columns),
            y=_values(item["y"], columns) or (),
            line=document.line_of(("plot", "series", index)),
        )
        for index, item in enumerate(raw["series"])
    )
    options = {key: raw[key] for key in ("tolerance", "min_font_pt", "max_colors", "dpi") if key in raw}
    return PlotSpec(
        chart=raw["chart"],
        series=series,
        line=document.line_of(("plot",)),
        require=tuple(raw.get("require", ("title", "xlabel", "ylabel"))),
        **options,
    )


def _step(raw: dict, line: int | None) -> Step:
    ((name, body),) = raw.items()
    action = StepAction(name)
    if isinstance(body, str):
        return Step(action, body, line=line)
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
