"""Orientation is honoured (issue 33): horizontal bars asked, vertical ones drawn, lose the chart type; the
categories of horizontal bars are read from the y axis and their value axis (x) is the one from zero."""

from __future__ import annotations

from pathlib import Path

import pytest

from codeeval.engine.evaluator import evaluate
from tests.visual.helpers import missing_plotting_reason

PROBLEM = """\
format: 1
name: languages
kind: plot
summary: Speakers per language as horizontal bars.
prompt: Horizontal bars of speakers per language, languages named, the value axis from zero.
data:
  language: [English, Spanish, Hindi]
  speakers: [1500, 560, 610]
plot:
  chart: barh
  y_starts_at_zero: true
  xlabel: speakers (millions)
  text_match: ignore_case
  require: []
  series:
    - {x: language, y: speakers}
"""

LABELS = "ax.set_xlabel('Speakers (millions)')\n"
HORIZONTAL = "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.barh(data['language'], data['speakers'])\n"
VERTICAL = "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.bar(data['language'], data['speakers'])\n"


def fidelity(tmp_path: Path, source: str) -> dict:
    reason = missing_plotting_reason()
    if reason:
        pytest.skip(reason)
    problem = tmp_path / "languages.yaml"
    problem.write_text(PROBLEM, encoding="utf-8")
    solution = tmp_path / "solution.py"
    solution.write_text(source, encoding="utf-8")
    part = evaluate(solution, problem).dimensions["data_fidelity"]
    return {"score": part.score, **{c.id: c.score for c in part.details.checks or ()}}


def test_horizontal_bars_read_their_categories_from_y_and_start_at_zero_on_x(tmp_path: Path) -> None:
    found = fidelity(tmp_path, HORIZONTAL + LABELS)
    assert found == {"score": 100, "chart-type": 1, "series": 1, "axis-zero": 1, "categories": 1, "texts": 1}


def test_vertical_bars_where_horizontal_ones_are_asked_lose_the_chart_type(tmp_path: Path) -> None:
    found = fidelity(tmp_path, VERTICAL + LABELS)
    assert found["chart-type"] == 0 and found["score"] < 100
