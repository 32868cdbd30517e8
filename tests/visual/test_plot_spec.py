"""What a plot problem can ask beyond the data (issue 33): the file format, and the checks judged on figure
facts as the worker reports them (no sandbox here: the figures are the facts a real figure would give)."""

from __future__ import annotations

import pytest

from codeeval.base.errors import ProblemError, ProblemErrors
from codeeval.problem import problem_from_text
from codeeval.visual.figure_facts import AxesFacts, FigureFacts, Series, TextItem, label_at, parse_figure
from codeeval.visual.geometry import Box
from codeeval.visual.plot_asked import bar_structure, figure_size_check
from codeeval.visual.plot_contrast import backdrop_color, contrast_check, measure

HEAD = """\
format: 1
name: p
kind: plot
summary: s
prompt: p
data:
  quarter: [Q1, Q2, Q3, Q4]
  a: [1, 2, 3, 4]
  b: [2, 2, 2, 2]
plot:
"""


def plot_problem(body: str):
    return problem_from_text(HEAD + body, "p.yaml")


def errors_of(body: str) -> str:
    with pytest.raises((ProblemError, ProblemErrors)) as caught:
        plot_problem(body)
    return str(caught.value)


def test_the_spec_reads_scales_limits_structure_texts_size_and_categories():
    problem = plot_problem(
        "  chart: bar\n  structure: stacked\n  y_scale: symlog\n  figsize: [8, 5]\n  entry_point: make_plot\n"
        "  title: Sales\n  legend_title: Region\n  legend_entries: [A, B]\n  text_match: ignore_case\n"
        "  series:\n    - {label: A, x: quarter, y: a}\n    - {label: B, x: [Q1, Q2, Q3, Q4], y: b}\n"
    )
    spec = problem.visual.plot
    assert (spec.structure, spec.y_scale, spec.x_scale, spec.figsize, spec.entry_point) == (
        "stacked",
        "symlog",
        None,
        (8.0, 5.0),
        "make_plot",
    )
    assert spec.texts.title == "Sales" and spec.texts.legend_entries == ("A", "B") and spec.texts.ignore_case
    assert [s.categories for s in spec.series] == [("Q1", "Q2", "Q3", "Q4")] * 2
    assert [s.x for s in spec.series] == [None, None]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("  chart: line\n  structure: grouped\n  series: [{y: a}, {y: b}]\n", "only for bar or barh charts"),
        ("  chart: bar\n  structure: grouped\n  series: [{y: a}]\n", "two or more series"),
        ("  chart: line\n  y_scale: log\n  y_starts_at_zero: true\n  series: [{y: a}]\n", "cannot start at zero"),
        ("  chart: line\n  y_scale: cubic\n  series: [{y: a}]\n", "y_scale"),
        ("  chart: line\n  series: [{x: a, y: quarter}]\n", "values must be numbers"),
        ("  chart: line\n  figsize: [8]\n  series: [{y: a}]\n", "figsize"),
    ],
)
def test_contradictions_and_bad_values_are_errors_with_their_line(body, message):
    text = errors_of(body)
    assert message in text and "p.yaml:" in text


def bars(label: str, x: list[float], heights: list[float], base: list[float], width: float) -> Series:
    return Series(
        "bar",
        label,
        list(x),
        list(heights),
        "#000000",
        base=list(base),
        widths=[width] * len(x),
    )


def test_bar_structure_tells_grouped_stacked_and_overlaid_apart():
    north, south = [3.0, 4.0], [1.0, 2.0]
    grouped = [bars("N", [-0.2, 0.8], north, [0, 0], 0.4), bars("S", [0.2, 1.2], south, [0, 0], 0.4)]
    stacked = [bars("N", [0, 1], north, [0, 0], 0.8), bars("S", [0, 1], south, north, 0.8)]
    overlaid = [bars("N", [0, 1], north, [0, 0], 0.8), bars("S", [0, 1], south, [0, 0], 0.8)]
    upside = [bars("S", [0, 1], south, north, 0.8), bars("N", [0, 1], north, [0, 0], 0.8)]  # drawn top first
    assert bar_structure(grouped, 1e-6) == "grouped"
    assert bar_structure(stacked, 1e-6) == "stacked"
    assert bar_structure(upside, 1e-6) == "stacked"
    assert bar_structure(overlaid, 1e-6).startswith("overlaid")


def test_a_category_is_the_nearest_labelled_tick_within_half_the_spacing():
    ticks = [(0.0, "Q1"), (0.5, ""), (1.0, "Q2"), (2.0, "Q3")]
    assert label_at(ticks, -0.2) == "Q1"  # a grouped bar beside its tick
    assert label_at(ticks, 1.2) == "Q2"
    assert label_at(ticks, 3.0) is None
    assert label_at([], 0.0) is None


def facts(size: list[float], texts: list[dict]) -> FigureFacts:
    return parse_figure({"width": 640, "height": 480, "dpi": 100, "size_inches": size, "axes": [], "texts": texts})


def text(color: str, backdrop: list[str], size: float = 10.0, bold: bool = False) -> dict:
    return {"text": "Sales", "role": "title", "box": [0, 0, 40, 12], "fontsize": size, "color": color,
            "bold": bold, "backdrop": backdrop}  # fmt: skip


def test_figure_size_within_the_tolerance_passes_and_off_by_more_fails():
    spec = plot_problem("  chart: line\n  figsize: [8, 5]\n  series: [{y: a}]\n").visual.plot
    assert figure_size_check(spec, facts([8.2, 5.1], [])).score == 1.0
    check = figure_size_check(spec, facts([6.4, 4.8], []))
    assert check.score == 0.0 and "6.4 x 4.8 in, 8 x 5 in asked" in check.evidence[0].text


def test_text_contrast_composites_what_lies_behind_and_weighs_by_length():
    assert backdrop_color(("#00000000", "#ffffff")).hex() == "#ffffff"  # a transparent layer changes nothing
    assert backdrop_color(("#000000cc", "#ffffff")).hex() == "#333333"
    white_on_bar = measure(parse_figure({"texts": [text("#ffffff", ["#1f3b73", "#ffffff"])]}).texts[0])
    assert white_on_bar is not None and white_on_bar.enough
    pale = contrast_check(facts([6.4, 4.8], [text("#c8c8c8", ["#ffffff"]), text("#333333", ["#ffffff"])]))
    assert (
        pale.score == pytest.approx(0.5)
        and "#c8c8c8 on #ffffff is 1.67:1, WCAG AA needs 4.5:1" in pale.evidence[0].text
    )
    large_bold = measure(parse_figure({"texts": [text("#949494", ["#ffffff"], size=14, bold=True)]}).texts[0])
    assert large_bold is not None and large_bold.needed == 3.0 and large_bold.enough


def test_a_malformed_report_leaves_the_new_facts_empty():
    figure = parse_figure({"axes": [{"box": [0, 0, 1, 1], "xticks": "x", "ylim": [0, "a"], "legend": {"title": 3}}]})
    axes: AxesFacts = figure.axes[0]
    assert (axes.xticks, axes.ylim, axes.legend_title, figure.size_inches) == ([], None, "", None)
    assert isinstance(TextItem("a", "title", Box(0, 0, 1, 1), 10, 0, "").backdrop, tuple)
