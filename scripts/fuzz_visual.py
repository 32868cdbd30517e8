#!/usr/bin/env python3
"""Fuzz the plot and web-page evaluation: generated hostile pages and plot scripts (tests/visual/hostile_visuals.py:
navigation, reloads, dialogs, downloads, popups, busy loops, huge DOMs; sleeping, forking, exiting, memory-hungry
scripts, thousands of artists), each evaluated for real in the sandbox and the contained browser.

It counts evaluator failures (an exception, an internal error, or nothing judged at all) and hangs (an
evaluation over HANG_S), and prints the slowest cases. Exit status 0 when there are none.

    .venv/bin/python scripts/fuzz_visual.py [--pages 100] [--plots 100] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.visual.hostile_visuals import (
    HANG_S,
    PAGE_PROBLEM,
    PLOT_PROBLEM,
    evaluator_failure,
    hostile_page,
    hostile_plot,
)

import codeeval


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--plots", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failures: list[str] = []
    times: list[tuple[float, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "page.yaml").write_text(PAGE_PROBLEM, encoding="utf-8")
        (root / "plot.yaml").write_text(PLOT_PROBLEM, encoding="utf-8")
        cases = [("page", n) for n in range(args.pages)] + [("plot", n) for n in range(args.plots)]
        for kind, number in cases:
            text, chosen = hostile_page(rng) if kind == "page" else hostile_plot(rng)
            solution = root / (f"{kind}{number}.html" if kind == "page" else f"{kind}{number}.py")
            solution.write_text(text, encoding="utf-8")
            what = f"{kind} {number} ({', '.join(chosen)})"
            started = time.monotonic()
            try:
                result = codeeval.evaluate(solution, root / f"{kind}.yaml")
                problem = evaluator_failure(result)
            except Exception as exc:  # the evaluator must never raise on a solution's behaviour
                problem, result = f"raised {type(exc).__name__}: {exc}", None
            seconds = time.monotonic() - started
            times.append((seconds, what))
            if seconds > HANG_S:
                problem = (problem + "; " if problem else "") + f"took {seconds:.0f} s"
            if problem:
                failures.append(f"{what}: {problem}")
                print(f"FAIL {what}: {problem}", flush=True)
            else:
                score = "-" if result is None else f"{result.score:.1f}"
                print(f"ok   {what}: {score} in {seconds:.1f} s", flush=True)
    times.sort(reverse=True)
    print(f"\n{len(cases)} cases ({args.pages} pages, {args.plots} plot scripts), seed {args.seed}")
    print(f"evaluator failures and hangs: {len(failures)}")
    print(f"time: median {times[len(times) // 2][0]:.1f} s, slowest {times[0][0]:.1f} s ({times[0][1]})")
    for line in failures:
        print(f"  {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
