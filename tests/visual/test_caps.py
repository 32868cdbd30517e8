"""Faults a user judges as breaking a plot or page cap its score, and the result says which check set the cap:
a script error at load no longer leaves a page at 98, nor a missing legend a plot at 98."""

from __future__ import annotations

from pathlib import Path

import pytest

import codeeval
from codeeval.visual.caps import RULES
from tests.visual.helpers import missing_page_reason, missing_plotting_reason

PAGE_PROBLEM = """\
name: greeting
kind: webpage
summary: a greeting
prompt: A page that says hello.
page:
  widths: [800]
  require_text: [Hello]
"""

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hello</title></head>
<body><h1>Hello</h1><p>Welcome.</p>{script}</body></html>
"""

PLOT_PROBLEM = """\
format: 1
name: two_lines
kind: plot
summary: Two products as lines with a legend.
prompt: Draw apples and pears by month as two labelled lines, with a title, axis labels and a legend.
data:
  month: [1, 2, 3]
  apples: [120, 135, 150]
  pears: [80, 82, 95]
plot:
  chart: line
  series:
    - {label: apples, x: month, y: apples}
    - {label: pears, x: month, y: pears}
  require: [title, xlabel, ylabel, legend]
"""

PLOT = """import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.plot(data["month"], data["apples"], label="apples")
ax.plot(data["month"], data["pears"], label="pears")
ax.set_title("Fruit")
ax.set_xlabel("month")
ax.set_ylabel("sold")
{legend}
"""


def evaluated(tmp_path: Path, problem: str, name: str, solution: str) -> codeeval.EvaluationResult:
    (tmp_path / "problem.yaml").write_text(problem, encoding="utf-8")
    (tmp_path / name).write_text(solution, encoding="utf-8")
    return codeeval.evaluate(tmp_path / name, tmp_path / "problem.yaml")


@pytest.mark.skipif(missing_page_reason() is not None, reason=str(missing_page_reason()))
def test_a_script_error_at_load_caps_a_page_that_looks_right(tmp_path: Path) -> None:
    clean = evaluated(tmp_path, PAGE_PROBLEM, "clean.html", PAGE.format(script=""))
    assert clean.cap is None and clean.score == pytest.approx(100)
    broken = evaluated(tmp_path, PAGE_PROBLEM, "broken.html", PAGE.format(script="<script>greet(;</script>"))
    assert broken.cap is not None and broken.cap.check == "console"
    assert broken.score == broken.cap.limit == 60
    assert broken.to_dict()["cap"]["reason"].startswith("a script error at load")


@pytest.mark.skipif(missing_plotting_reason() is not None, reason=str(missing_plotting_reason()))
def test_a_missing_legend_caps_a_plot_that_draws_the_right_data(tmp_path: Path) -> None:
    with_legend = evaluated(tmp_path, PLOT_PROBLEM, "good.py", PLOT.format(legend="ax.legend()"))
    assert with_legend.cap is None and with_legend.score == pytest.approx(100)
    without = evaluated(tmp_path, PLOT_PROBLEM, "no_legend.py", PLOT.format(legend=""))
    assert without.dimensions["data_fidelity"].score == 100
    assert without.cap is not None and without.cap.check == "labels" and without.score <= 80


def test_every_cap_says_why_and_the_harshest_fault_sets_it() -> None:
    assert sorted(rule.limit for rule in RULES) == [rule.limit for rule in RULES]  # listed harshest first
    assert all(rule.reason and 0 < rule.limit < 100 for rule in RULES)


@pytest.mark.skipif(missing_page_reason() is not None, reason=str(missing_page_reason()))
def test_the_report_says_which_check_capped_the_score(tmp_path: Path) -> None:
    from codeeval.report import to_markdown

    broken = evaluated(tmp_path, PAGE_PROBLEM, "broken.html", PAGE.format(script="<script>greet(;</script>"))
    report = to_markdown(broken)
    assert "**Score: 60.0 / 100**" in report
    assert "> Capped at 60: a script error at load" in report and "(console: " in report
