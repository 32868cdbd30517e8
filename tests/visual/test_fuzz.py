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


KINDS = {  # kind -> problem, generator, file suffix, why it cannot run here (None: it can)
    "page": (PAGE_PROBLEM, hostile_page, ".html", missing_page_reason),
    "plot": (PLOT_PROBLEM, hostile_plot, ".py", missing_plotting_reason),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_hostile_pages_and_plot_scripts_are_judged(tmp_path: Path, kind: str) -> None:
    problem_text, generate, suffix, missing = KINDS[kind]
    if missing() is not None:
        pytest.skip(str(missing()))
    problem = tmp_path / f"{kind}.yaml"
    problem.write_text(problem_text, encoding="utf-8")
    rng = random.Random(20261204)
    for number in range(CASES):
        text, _ = generate(rng)
        solution = tmp_path / f"{kind}{number}{suffix}"
        solution.write_text(text, encoding="utf-8")
        started = time.monotonic()
        result = codeeval.evaluate(solution, problem)
        assert evaluator_failure(result) is None, (text[:400], result.errors)
        assert time.monotonic() - started < HANG_S
