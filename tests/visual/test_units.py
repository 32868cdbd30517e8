"""The pure parts of the visual checks: colour arithmetic, HTML structure, plot checks on known figures,
and problem files with mistakes (named by file and line)."""

from __future__ import annotations

import pytest

from codeeval.base.catalog import ProblemKind
from codeeval.base.color_math import contrast_ratio, parse_color, simulate, worst_deficiency_distance
from codeeval.base.errors import ProblemErrors
from codeeval.problem import load_problem
from codeeval.problem.visual_definition import ExpectedSeries, PlotSpec
from codeeval.sandbox import PlotStatus
from codeeval.visual.checks import Part, PictureBook, part_result
from codeeval.visual.figure_facts import parse_figure
from codeeval.visual.html_checks import html_issues
from codeeval.visual.plot_checks import PlotRun, plot_checks


def test_wcag_contrast_matches_the_standard_s_examples():
    assert contrast_ratio((0, 0, 0), (1, 1, 1)) == pytest.approx(21.0)
    assert contrast_ratio(parse_color("#777777").rgb, (1, 1, 1)) == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio(parse_color("rgb(118, 118, 118)").rgb, (1, 1, 1)) >= 4.5
    half = parse_color("rgba(0, 0, 0, 0.5)")
    assert half is not None and half.alpha == 0.5 and half.over(parse_color("#ffffff")).hex() == "#808080"
    assert parse_color("oklch(0.5 0.1 200)") is None  # unknown forms are not guessed


def test_red_and_green_collide_for_a_deuteranope_but_not_for_normal_vision():
    red, green = parse_color("#d62728").rgb, parse_color("#2ca02c").rgb
    delta, vision = worst_deficiency_distance(red, green)
    assert vision == "deuteranopia" and delta < 10
    blue, orange = parse_color("#0072b2").rgb, parse_color("#e69f00").rgb
    assert worst_deficiency_distance(blue, orange)[0] > 30
    grey = simulate((0.5, 0.5, 0.5), "protanopia")
    assert all(abs(channel - 0.5) < 0.01 for channel in grey)  # greys look the same to everyone


def test_html_structure_problems_are_found_with_their_lines():
    page = "<html><head></head><body>\n<div><p>text\n<span>open</div>\n</section>\n<img src=x>\n</body></html>"
    issues = {issue.rule: issue for issue in html_issues(page)}
    assert set(issues) == {"doctype", "title", "mismatched-end", "stray-end", "img-alt"}
    assert issues["mismatched-end"].line == 3 and issues["stray-end"].line == 4
    clean = (
        "<!DOCTYPE html><html lang=en><head><title>t</title></head><body><ul><li>a<li>b</ul>"
        "<p>x<p>y<br><img src=a alt=''></body></html>"
    )
    assert html_issues(clean) == []


def _figure(texts: list[dict], lines: list[dict], legend: list | None = None) -> dict:
    return {
        "width": 400.0,
        "height": 300.0,
        "dpi": 100.0,
        "texts": texts,
        "axes": [
            {
                "box": [50, 30, 380, 260],
                "title": "T",
                "xlabel": "x",
                "ylabel": "y",
                "projection": "",
                "legend": {"box": legend, "labels": ["a"]} if legend else None,
                "lines": lines,
                "bars": [],
                "scatters": [],
                "wedges": [],
                "images": 0,
            }
        ],
    }


def _line(y: list, color: str = "#0072b2", pixels: list | None = None) -> dict:
    return {
        "label": "a",
        "x": [1.0, 2.0, 3.0],
        "y": y,
        "color": color,
        "linestyle": "-",
        "marker": "None",
        "pixels": pixels or [[100, 200], [200, 150], [300, 100]],
    }


def _run(raw: dict) -> PlotRun:
    return PlotRun(PlotStatus.RENDERED, "", [], "", parse_figure(raw), b"\x89PNG fake", 1)


SPEC = PlotSpec(chart="line", series=(ExpectedSeries("a", (1.0, 2.0, 3.0), (1.0, 2.0, 3.0)),), require=("title",))


def test_a_clean_figure_passes_and_each_flaw_costs_its_own_part():
    title = {"text": "T", "role": "title", "box": [180, 5, 220, 20], "fontsize": 12, "rotation": 0, "color": "#000"}
    clean = plot_checks(SPEC, _run(_figure([title], [_line([1.0, 2.0, 3.0])])), PictureBook())
    assert all(
        part_result(part, clean).score == 100 for part in (Part.EXECUTION, Part.DATA_FIDELITY, Part.STATIC_AESTHETICS)
    )
    wrong = plot_checks(SPEC, _run(_figure([title], [_line([1.0, 2.0, 30.0])])), PictureBook())
    assert part_result(Part.DATA_FIDELITY, wrong).score < 100
    assert part_result(Part.STATIC_AESTHETICS, wrong).score == 100
    label = {
        "text": "label",
        "role": "annotation",
        "box": [185, 8, 240, 22],
        "fontsize": 10,
        "rotation": 0,
        "color": "#000",
    }
    book = PictureBook()
    overlapping = plot_checks(SPEC, _run(_figure([title, label], [_line([1.0, 2.0, 3.0])])), book)
    overlap = next(c for c in overlapping if c.id == "text-overlap")
    assert overlap.score < 1 and overlap.evidence[0].image in {image.name for image in book.images}
    assert part_result(Part.DATA_FIDELITY, overlapping).score == 100


def test_a_legend_over_the_data_and_cut_off_text_are_seen():
    title = {"text": "T", "role": "title", "box": [180, 5, 220, 20], "fontsize": 12, "rotation": 0, "color": "#000"}
    cut = {
        "text": "a long y label",
        "role": "ylabel",
        "box": [-30, 100, 5, 200],
        "fontsize": 10,
        "rotation": 90,
        "color": "#000",
    }
    checks = plot_checks(
        SPEC, _run(_figure([title, cut], [_line([1.0, 2.0, 3.0])], legend=[190, 140, 260, 180])), PictureBook()
    )
    by_id = {c.id: c for c in checks}
    assert by_id["covers-data"].score < 1 and by_id["clipping"].score == 0


def test_a_broken_worker_reply_parses_to_an_empty_figure_not_an_exception():
    figure = parse_figure({"width": "wide", "axes": [{"box": [1, 2]}, "junk"], "texts": [{"box": None}, 3]})
    assert figure.axes == [] and figure.texts == [] and figure.width == 1.0


def test_visual_problem_mistakes_are_reported_with_file_and_line(write_problem):
    path = write_problem("""
        name: p
        kind: plot
        summary: s
        prompt: draw
        data:
          month: [1, 2, 3]
        plot:
          chart: line
          series:
            - x: month
              y: sales
        weights: {interaction: 10}
        """)
    with pytest.raises(ProblemErrors) as caught:
        load_problem(path)
    text = str(caught.value)
    assert f"{path}:11" in text and "no column 'sales'" in text
    assert "plots have no interaction part" in text
    page = write_problem(
        """
        name: q
        kind: webpage
        summary: s
        prompt: make a page
        page:
          interactions:
            - name: go
              steps:
                - jump: "#x"
        """,
        "page.yaml",
    )
    with pytest.raises(ProblemErrors) as caught:
        load_problem(page)
    assert f"{page}:" in str(caught.value) and "jump" in str(caught.value)
    ok = write_problem("name: r\nkind: webpage\nsummary: s\nprompt: p\n", "ok.yaml")
    assert load_problem(ok).kind is ProblemKind.WEBPAGE
