"""A few generated hostile pages and plot scripts through the real evaluation: each is judged (whatever its
score), none ends in an evaluator failure or a hang. `scripts/fuzz_visual.py` runs hundreds."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

import codeeval

from .helpers import missing_page_reason, missing_plotting_reason
from .hostile_visuals import HANG_S, PAGE_PROBLEM, PLOT_PROBLEM, evaluator_failure, hostile_page, hostile_plot

CASES = 4  # of each kind: a sample of the behaviours, different each seed; the script covers them all


def judged_without_failure(problem: Path, solution: Path) -> None:
    started = time.monotonic()
    result = codeeval.evaluate(solution, problem)
    assert evaluator_failure(result) is None, (solution.read_text(encoding="utf-8")[:400], result.errors)
    assert time.monotonic() - started < HANG_S


@pytest.mark.skipif(missing_page_reason() is not None, reason=str(missing_page_reason()))
def test_hostile_pages_are_judged(tmp_path: Path) -> None:
    (tmp_path / "page.yaml").write_text(PAGE_PROBLEM, encoding="utf-8")
    rng = random.Random(20261204)
    for number in range(CASES):
        page, _ = hostile_page(rng)
        (tmp_path / f"page{number}.html").write_text(page, encoding="utf-8")
        judged_without_failure(tmp_path / "page.yaml", tmp_path / f"page{number}.html")


@pytest.mark.skipif(missing_plotting_reason() is not None, reason=str(missing_plotting_reason()))
def test_hostile_plot_scripts_are_judged(tmp_path: Path) -> None:
    (tmp_path / "plot.yaml").write_text(PLOT_PROBLEM, encoding="utf-8")
    rng = random.Random(20261204)
    for number in range(CASES):
        script, _ = hostile_plot(rng)
        (tmp_path / f"plot{number}.py").write_text(script, encoding="utf-8")
        judged_without_failure(tmp_path / "plot.yaml", tmp_path / f"plot{number}.py")
