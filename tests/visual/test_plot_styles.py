"""Correct plots in the styles people write them score full data fidelity: no false alarm from how a library
names what it drew (issue 33: a labelled histogram read as `_container0`)."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from codeeval.engine.evaluator import evaluate
from codeeval.sandbox import Session, default_launcher
from tests.visual.helpers import missing_plotting_reason

HISTOGRAM = """\
format: 1
name: ages_hist
kind: plot
summary: Ages as a histogram with a legend.
prompt: Draw a histogram of `age` with 4 bins, a title, axis labels and a legend naming the series "Ages".
data:
  age: [21, 22, 25, 31, 33, 35, 38, 41, 45, 52, 55, 58]
plot:
  chart: hist
  series:
    - {label: Ages, y: [3, 4, 2, 3]}
  require: [title, xlabel, ylabel, legend]
"""

LABELS = 'ax.set_title("Ages")\nax.set_xlabel("age")\nax.set_ylabel("people")\nax.legend()\n'

STYLES = {
    "pyplot": 'import matplotlib.pyplot as plt\nplt.hist(data["age"], bins=4, label="Ages")\nax = plt.gca()\n' + LABELS,
    "object-oriented": 'import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.hist(data["age"], bins=4, '
    'label="Ages", color="#336699", edgecolor="white")\n' + LABELS,
    "a list of one dataset": "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\n"
    'ax.hist([data["age"]], bins=4, label=["Ages"])\n' + LABELS,
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_labelled_histogram_keeps_its_label(tmp_path: Path, style: str) -> None:
    reason = missing_plotting_reason()
    if reason:
        pytest.skip(reason)
    problem = tmp_path / "ages_hist.yaml"
    problem.write_text(HISTOGRAM, encoding="utf-8")
    solution = tmp_path / "solution.py"
    solution.write_text(STYLES[style], encoding="utf-8")
    result = evaluate(solution, problem)
    fidelity = result.dimensions["data_fidelity"]
    assert fidelity.score == 100, fidelity.rationale


# -- the same chart in the styles people write it (issue 33: structure, categories, scales) ----------------

GROUPED = """\
format: 1
name: quarters_grouped
kind: plot
summary: Two regions per quarter, grouped.
prompt: Grouped bars of north and south per quarter, quarters named, titled "Sales by quarter", legend "Region".
data:
  quarter: [Q1, Q2, Q3, Q4]
  north: [120, 135, 150, 160]
  south: [90, 110, 105, 130]
plot:
  chart: bar
  structure: grouped
  y_starts_at_zero: true
  series:
    - {label: North, x: quarter, y: north}
    - {label: South, x: quarter, y: south}
  title: Sales by quarter
  legend_title: Region
  legend_entries: [North, South]
"""

GROUPED_LABELS = (
    'ax.set_title("Sales by quarter")\nax.set_xlabel("quarter")\nax.set_ylabel("sales")\nax.legend(title="Region")\n'
)
LONG = (
    "import pandas as pd\nlong = pd.DataFrame({'quarter': data['quarter'] * 2, 'sales': data['north'] + data['south'],"
    " 'region': ['North'] * 4 + ['South'] * 4})\n"
)
GROUPED_STYLES = {
    "pyplot": "import matplotlib.pyplot as plt\nimport numpy as np\nx = np.arange(4)\n"
    "plt.bar(x - 0.2, data['north'], 0.4, label='North')\nplt.bar(x + 0.2, data['south'], 0.4, label='South')\n"
    "plt.xticks(x, data['quarter'])\nax = plt.gca()\n" + GROUPED_LABELS,
    "object-oriented, edge-aligned": "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\n"
    "ax.bar(range(4), data['north'], -0.35, align='edge', label='North')\n"
    "ax.bar(range(4), data['south'], 0.35, align='edge', label='South')\n"
    "ax.set_xticks(range(4), data['quarter'])\n" + GROUPED_LABELS,
    "pandas": "frame = df.set_index('quarter').rename(columns={'north': 'North', 'south': 'South'})\n"
    "ax = frame.plot.bar(rot=0)\n" + GROUPED_LABELS,
    "seaborn": "import seaborn as sns\n"
    + LONG
    + "ax = sns.barplot(data=long, x='quarter', y='sales', hue='region')\n"
    + GROUPED_LABELS,
}

STACKED = """\
format: 1
name: energy_stacked
kind: plot
summary: Three sources per year, stacked.
prompt: Stacked bars of coal, gas and wind per year.
data:
  year: [2019, 2020, 2021]
  coal: [210, 180, 190]
  gas: [140, 150, 145]
  wind: [60, 75, 90]
plot:
  chart: bar
  structure: stacked
  y_starts_at_zero: true
  require: []
  series:
    - {label: coal, x: year, y: coal}
    - {label: gas, x: year, y: gas}
    - {label: wind, x: year, y: wind}
"""

STACKED_STYLES = {
    "pyplot": "import matplotlib.pyplot as plt\nbottom = [0, 0, 0]\nfor name in ('coal', 'gas', 'wind'):\n"
    "    plt.bar(data['year'], data[name], bottom=bottom, label=name)\n"
    "    bottom = [b + v for b, v in zip(bottom, data[name])]\nplt.legend()\n",
    "object-oriented, numpy": "import matplotlib.pyplot as plt\nimport numpy as np\nfig, ax = plt.subplots()\n"
    "values = np.array([data['coal'], data['gas'], data['wind']])\n"
    "bottoms = np.vstack([np.zeros(3), values.cumsum(0)[:-1]])\n"
    "for name, row, low in zip(('coal', 'gas', 'wind'), values, bottoms):\n"
    "    ax.bar(data['year'], row, bottom=low, label=name)\nax.legend()\n",
    "pandas": "ax = df.set_index('year').plot.bar(stacked=True, rot=0)\n",
}

MONTHS = """\
format: 1
name: months_log
kind: plot
summary: Counts per month on a log axis.
prompt: A line of counts per month, months named, logarithmic y.
data:
  month: [Jan, Feb, Mar, Apr, May, Jun]
  count: [10, 30, 100, 300, 1000, 3000]
plot:
  chart: line
  y_scale: log
  require: []
  series:
    - {x: month, y: count}
"""

MONTH_STYLES = {
    "pyplot with names as x": "import matplotlib.pyplot as plt\nplt.plot(data['month'], data['count'])\n"
    "plt.yscale('log')\n",
    "object-oriented, positions and labels": "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\n"
    "ax.semilogy(range(6), data['count'], marker='o')\nax.set_xticks(range(6), data['month'])\n",
    "pandas": "ax = df.plot(x='month', y='count', logy=True, legend=False)\n",
}

SETS = {
    "grouped": (GROUPED, GROUPED_STYLES),
    "stacked": (STACKED, STACKED_STYLES),
    "months": (MONTHS, MONTH_STYLES),
}


@functools.lru_cache(maxsize=4)
def missing_module_reason(module: str) -> str | None:
    """Why the sandbox's interpreter cannot import `module`, or None."""
    with Session(f"import {module}\n", "", "probe.py", launcher=default_launcher()) as session:
        outcome = session.plot({}, 50, 30)
    if outcome.status in ("rendered", "no_figure"):
        return None
    return f"{module} is not importable by the sandbox's interpreter ({outcome.message[:120]})"


@pytest.mark.parametrize(
    ("chart", "style"), [(chart, style) for chart, (_, styles) in SETS.items() for style in sorted(styles)]
)
def test_the_same_chart_in_every_style_scores_full_data_fidelity(tmp_path: Path, chart: str, style: str) -> None:
    reason = missing_plotting_reason()
    if reason:
        pytest.skip(reason)
    problem_text, styles = SETS[chart]
    source = styles[style]
    for module in ("pandas", "seaborn"):
        if module in style or (module == "pandas" and "df." in source):
            missing = missing_module_reason(module)
            if missing:
                pytest.skip(missing)
    problem = tmp_path / "problem.yaml"
    problem.write_text(problem_text, encoding="utf-8")
    solution = tmp_path / "solution.py"
    solution.write_text(source, encoding="utf-8")
    result = evaluate(solution, problem)
    fidelity = result.dimensions["data_fidelity"]
    assert fidelity.score == 100, fidelity.rationale
