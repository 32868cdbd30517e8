#!/usr/bin/env python3
"""How long a plot and a web page take to evaluate, against a bare baseline measured in the same run.

- plot: `codeeval.evaluate` of each bundled plot problem's good sample (sandbox start, the script under
  Agg, figure extraction, checks) against a bare `savefig` of the same script by the same interpreter,
  outside the sandbox;
- page: a page with 20 controls and two scripted interactions at two widths (static checks, then up
  to 20 interactions) against a bare Playwright launch + load + screenshot of the same page.

The budgets (a plot under 3 s, a page under 10 s on two cores) are checked on the medians.

    .venv/bin/python scripts/bench_visual.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from codeeval import evaluate  # noqa: E402
from codeeval.base.catalog import ProblemKind  # noqa: E402
from codeeval.problem import load_problem  # noqa: E402
from codeeval.sandbox import default_launcher  # noqa: E402
from codeeval.sandbox.browser import find_chromium  # noqa: E402
from codeeval.visual.checks import PartDetails  # noqa: E402

PLOT_BUDGET_S, PAGE_BUDGET_S = 3.0, 10.0
CONTROLS = 18

BARE_PLOT = """
import json, sys, time
sys.path.extend(__import__("site").getsitepackages())
started = time.perf_counter()
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
data = json.loads(sys.argv[1])
code = compile(open(sys.argv[2]).read(), sys.argv[2], "exec")
names = {"data": data, "__name__": "__main__"}
if "df" in code.co_names:  # as the worker does: pandas only for scripts that use `df`
    import pandas
    names["df"] = pandas.DataFrame(data)
exec(code, names)
made = names[sys.argv[4]](data) if sys.argv[4] else None  # entry_point: make_plot returns a Figure or an Axes
(getattr(made, "figure", made) or plt.gcf()).savefig(sys.argv[3])
"""

PAGE_PROBLEM = """\
name: bench_page
kind: webpage
summary: twenty controls
prompt: A page with many controls.
page:
  max_interactions: 20
  interactions:
    - name: first
      steps:
        - click: "#b0"
        - expect_text: {selector: "#out", contains: "0"}
    - name: second
      steps:
        - type: {selector: "#field", text: "hello"}
        - click: "#b1"
        - expect_text: {selector: "#out", contains: "1"}
"""


def bench_page_html() -> str:
    buttons = "\n".join(f'<button id="b{i}" onclick="show({i})">Button {i}</button>' for i in range(CONTROLS))
    return textwrap.dedent(f"""\
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Bench</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>body {{ font-family: sans-serif; margin: 1rem; }} .row {{ display: flex; flex-wrap: wrap; gap: .5rem; }}
        button {{ font-size: 1rem; padding: .4rem .8rem; }}</style></head>
        <body><h1>Twenty controls</h1><input id="field" aria-label="field">
        <select id="pick" aria-label="pick"><option>a</option><option>b</option></select>
        <div class="row">{buttons}</div><p id="out">nothing yet</p>
        <script>function show(i) {{ document.getElementById("out").textContent = "clicked " + i; }}</script>
        </body></html>""")


CPU_SPENT: list[float] = []  # CPU seconds of each timed action, this process and every child it reaped


def cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(action) -> float:
    """Wall seconds of one run (its CPU seconds, with the sandbox's and the browser's, go to CPU_SPENT):
    on a machine shared with other work the CPU figure is the steadier of the two."""
    started, cpu = time.perf_counter(), cpu_seconds()
    action()
    CPU_SPENT.append(cpu_seconds() - cpu)
    return time.perf_counter() - started


def bare_plot(python: str, problem, sample: Path, out: Path) -> None:
    import json

    entry_point = problem.visual.plot.entry_point

    subprocess.run(
        [python, "-S", "-c", BARE_PLOT, json.dumps(problem.visual.data), str(sample), str(out), entry_point],
        check=True,
        capture_output=True,
        timeout=120,
    )


def bare_page(html: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(), args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_content(html)
        page.screenshot(full_page=True)
        browser.close()


def row(name: str, measured: list[float], baseline: list[float], budget: float, cpu: list[float]) -> str:
    median, base = statistics.median(measured), statistics.median(baseline)
    verdict = "within" if median < budget else "OVER"
    return (
        f"{name:<34} {median:7.2f} s  (min {min(measured):.2f}, cpu {statistics.median(cpu):.2f} s)   "
        f"baseline {base:6.2f} s   ratio {median / base:5.2f}x   {verdict} the {budget:g} s budget"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measurement (medians are shown)")
    args = parser.parse_args()
    python = getattr(default_launcher(), "python", sys.executable)
    print(
        f"sandbox interpreter: {python}; {args.repeat} runs each, medians; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n"
    )
    over = 0
    with tempfile.TemporaryDirectory() as scratch:
        for path in sorted((ROOT / "problems").glob("*.yaml")):
            problem = load_problem(path)
            if problem.kind is not ProblemKind.PLOT:
                continue
            sample = ROOT / "problems" / "samples" / problem.name / "good.py"
            measured, baseline = [], []
            bare = functools.partial(bare_plot, python, problem, sample, Path(scratch) / "bare.png")
            full = functools.partial(evaluate, sample, problem)
            cpu = []
            for _ in range(args.repeat):
                baseline.append(timed(bare))
                measured.append(timed(full))
                cpu.append(CPU_SPENT[-1])
            line = row(f"plot {problem.name}", measured, baseline, PLOT_BUDGET_S, cpu)
            over += "OVER" in line
            print(line)
        if find_chromium() is None:
            print("\nno chromium: the page benchmark is skipped (scripts/setup installs it when root)")
            return 1 if over else 0
        problem_path, page_path = Path(scratch) / "bench_page.yaml", Path(scratch) / "page.html"
        problem_path.write_text(PAGE_PROBLEM, encoding="utf-8")
        page_path.write_text(bench_page_html(), encoding="utf-8")
        measured, baseline, cpu, counted = [], [], [], 0
        results = []
        for _ in range(args.repeat):
            baseline.append(timed(lambda: bare_page(page_path.read_text(encoding="utf-8"))))
            measured.append(timed(lambda: results.append(evaluate(page_path, problem_path))))
            cpu.append(CPU_SPENT[-1])
            details = results[-1].dimensions["interaction"].details
            counted = len(details.checks or ()) if isinstance(details, PartDetails) else 0
        line = row(f"page, 2 widths, {counted} interactions", measured, baseline, PAGE_BUDGET_S, cpu)
        over += "OVER" in line
        print(line)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
