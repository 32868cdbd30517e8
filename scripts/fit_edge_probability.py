#!/usr/bin/env python3
"""Fit the edge-case findings' probability model on the tune half, and report it on the held-out half.

    .venv/bin/python scripts/bench_llm_samples.py --kinds edge --explain 0 --output /tmp/findings.json
    .venv/bin/python scripts/fit_edge_probability.py /tmp/findings.json

Each scored finding of a pass/fail or pass/pass solution is a row: the mean of its confidence parts, and
its label (real: EvalPlus's extra inputs fail the solution, with the label errors `llm_sample_labels`
adjudicates corrected). The map of `codeeval.dimensions.edge_probability` (a logistic of the mean's logit
with a step at the 0.6 line, L2-regularised) is fitted on the tune half's rows only; the script prints its
constants to paste into edge_probability.py, then, per family and half, the reliability table and ECE of
the fitted probabilities, the share real at >= 0.9, and recall and false flags at the 0.6 line (a solution
is flagged when one of its findings reaches it: a finding below it costs nothing).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np
from scipy.optimize import minimize

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from calibration_table import Point, print_reliability, question_of  # noqa: E402
from codeeval.base.findings import LOW_CONFIDENCE, Confidence  # noqa: E402
from codeeval.dimensions.edge_probability import INTERCEPT, SLOPE, STEP, probability  # noqa: E402
from llm_sample_labels import adjudicated_kind  # noqa: E402


class Scored(NamedTuple):
    """A scored finding: its confidence's parts, and the question it asks (`calibration_table.question_of`)."""

    parts: Confidence
    question: str


@dataclass
class Solution:
    family: str
    split: str
    real: bool
    findings: list[Scored]


def load(paths: list[str], raw: bool = False) -> list[Solution]:
    """The judged solutions with their scored findings' parts; `raw`: EvalPlus's labels, none corrected."""
    solutions = []
    for path in paths:
        for run in json.loads(Path(path).read_text())["runs"]:
            for verdict in run["verdicts"]:
                kind = verdict["kind"]
                if not raw:
                    kind = adjudicated_kind(run["task_id"], verdict.get("solution_sha256", ""), kind)
                if kind not in ("bug", "clean"):
                    continue
                scored = [
                    Scored(parts, question_of(run["task_id"], f.get("input"), f.get("actual")))
                    for f in verdict["findings"]
                    if f["scored"] and (parts := Confidence.from_dict(f["confidence"]))
                ]
                solutions.append(Solution(run["family"], run["split"], kind == "bug", scored))
    return solutions


def fit(solutions: list[Solution], l2: float) -> tuple[float, float, float]:
    """(intercept, slope, step) minimising the log loss on these solutions' findings, plus l2 x (slope^2 + step^2)."""
    rows = [(finding.parts, s.real) for s in solutions for finding in s.findings]

    def loss(w: np.ndarray) -> float:
        total = l2 * float(w[1] ** 2 + w[2] ** 2)
        for parts, real in rows:
            chance = min(max(probability(parts, *w), 1e-9), 1 - 1e-9)
            total -= math.log(chance if real else 1 - chance)
        return total

    best = minimize(loss, np.array([INTERCEPT, SLOPE, STEP]), method="Nelder-Mead").x
    return float(best[0]), float(best[1]), float(best[2])


def report(solutions: list[Solution], w: tuple[float, float, float]) -> None:
    groups: dict[str, list[Solution]] = defaultdict(list)
    for solution in solutions:
        groups[f"{solution.family} {solution.split}"].append(solution)
    for name, members in sorted(groups.items()):
        chances = [[probability(finding.parts, *w) for finding in s.findings] for s in members]
        print_reliability(
            name,
            [
                Point(chance, s.real, question)
                for s, each in zip(members, chances, strict=True)
                for chance, (_, question) in zip(each, s.findings, strict=True)
            ],
        )
        flagged = [any(c >= LOW_CONFIDENCE for c in each) for each in chances]
        bugs = [f for f, s in zip(flagged, members, strict=True) if s.real]
        clean = [f for f, s in zip(flagged, members, strict=True) if not s.real]
        print(
            f"recall {sum(bugs)}/{len(bugs)} = {100 * sum(bugs) / max(1, len(bugs)):.1f}%, false flags "
            f"{sum(clean)}/{len(clean)} = {100 * sum(clean) / max(1, len(clean)):.1f}%"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outputs", nargs="+", help="bench_llm_samples.py --output files")
    parser.add_argument("--l2", type=float, default=1.0, help="the regularisation's strength")
    parser.add_argument("--report-only", action="store_true", help="no fit: report the constants in the code")
    parser.add_argument("--raw-labels", action="store_true", help="EvalPlus's labels, no adjudicated correction")
    args = parser.parse_args(argv)
    solutions = load(args.outputs, args.raw_labels)
    w = (INTERCEPT, SLOPE, STEP) if args.report_only else fit([s for s in solutions if s.split == "tune"], args.l2)
    print(f"INTERCEPT = {w[0]:.2f}\nSLOPE = {w[1]:.2f}\nSTEP = {w[2]:.2f}")
    report(solutions, w)
    return 0


if __name__ == "__main__":
    sys.exit(main())
