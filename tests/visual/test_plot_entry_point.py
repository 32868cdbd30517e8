"""`entry_point: make_plot` (issue 33): a plot solution written as a function returning a Figure or an Axes
is called with `data` after the script ran, in the real sandbox, and the figure it returns is judged."""

from __future__ import annotations

from pathlib import Path

import pytest

from codeeval.engine.evaluator import evaluate
from tests.visual.helpers import missing_plotting_reason

PROBLEM = """\
format: 1
name: doubling
kind: plot
summary: A doubling line from a function.
prompt: Write make_plot(data) returning a Figure with a line of y against x.
data:
  x: [1, 2, 3, 4]
  y: [2, 4, 8, 16]
plot:
  chart: line
  entry_point: make_plot
  require: []
  series:
    - {x: x, y: y}
"""

IMPORTS = "import matplotlib.pyplot as plt\n"
RIGHT = {
    "returns a Figure": IMPORTS + "def make_plot(data):\n    fig, ax = plt.subplots()\n"
    "    ax.plot(data['x'], data['y'])\n    return fig\n",
    "returns an Axes": IMPORTS + "def make_plot(data):\n    ax = plt.figure().add_subplot()\n"
    "    ax.plot(data['x'], data['y'])\n    return ax\n",
    "returns an array of Axes": IMPORTS + "def make_plot(data):\n    fig, axes = plt.subplots(1, 2)\n"
    "    axes[0].plot(data['x'], data['y'])\n    return axes\n",
    "a Figure built without pyplot": "from matplotlib.figure import Figure\ndef make_plot(data):\n"
    "    fig = Figure()\n    fig.add_subplot().plot(data['x'], data['y'])\n    return fig\n",
    "takes no argument": IMPORTS + "def make_plot():\n    fig, ax = plt.subplots()\n"
    "    ax.plot(data['x'], data['y'])\n    return fig\n",
    "takes a DataFrame named df": IMPORTS + "def make_plot(df):\n    ax = df.plot(x='x', y='y', legend=False)\n"
    "    return ax.figure\n",
    "draws with pyplot and returns nothing": IMPORTS + "def make_plot(data):\n    plt.plot(data['x'], data['y'])\n",
}
WRONG = {
    "returns a string": (IMPORTS + "def make_plot(data):\n    return 'a chart'\n", "returned str, not a matplotlib"),
    "is missing": (IMPORTS + "plt.plot([1, 2, 3, 4], [2, 4, 8, 16])\n", "defines no function 'make_plot'"),
    "raises": (IMPORTS + "def make_plot(data):\n    return data['z']\n", "KeyError"),
}


@pytest.fixture(scope="module")
def problem(tmp_path_factory: pytest.TempPathFactory) -> Path:
    reason = missing_plotting_reason()
    if reason:
        pytest.skip(reason)
    path = tmp_path_factory.mktemp("entry") / "doubling.yaml"
    path.write_text(PROBLEM, encoding="utf-8")
    return path


@pytest.mark.parametrize("form", sorted(RIGHT))
def test_the_returned_figure_is_judged(problem: Path, tmp_path: Path, form: str) -> None:
    solution = tmp_path / "solution.py"
    solution.write_text(RIGHT[form], encoding="utf-8")
    result = evaluate(solution, problem)
    assert result.dimensions["execution"].score == 100, result.dimensions["execution"].rationale
    assert result.dimensions["data_fidelity"].score == 100, result.dimensions["data_fidelity"].rationale


@pytest.mark.parametrize("form", sorted(WRONG))
def test_no_figure_from_the_function_fails_execution_with_the_reason(problem: Path, tmp_path: Path, form: str) -> None:
    source, reason = WRONG[form]
    solution = tmp_path / "solution.py"
    solution.write_text(source, encoding="utf-8")
    result = evaluate(solution, problem)
    execution = result.dimensions["execution"]
    assert execution.score == 0
    assert reason in " ".join([*execution.rationale, *result.errors])
