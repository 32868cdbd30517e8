"""Calibration of findings' confidences against their labels, as the benches print it.

A confidence meant as a probability is checked bin by bin: the findings whose confidence falls in a bin, their
mean confidence, and the share of them that are real. The expected calibration error (ECE) is the findings-weighted
mean gap. On a hundred or so findings it is not zero even for a perfect model: `ece_floor` measures that noise.
Findings that ask the same question (one task, one input, one wrong answer, from several solutions) are real or
not together, so they are one draw of that noise, not several: a benchmark's 134 findings may be 41 questions.
"""

from __future__ import annotations

import random
import statistics
from itertools import pairwise
from typing import NamedTuple


def share(part: int, whole: int) -> str:
    """'3/4 = 75.0%'."""
    return f"{part}/{whole} = {100 * part / whole:.1f}%" if whole else f"{part}/0"


BINS = (0.0, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0001)


class Point(NamedTuple):
    """One finding: its confidence, whether it is real, and the question it asks ("": a question of its own)."""

    confidence: float
    real: bool
    question: str = ""


def question_of(task: str, shown: str | None, answer: str | None) -> str:
    """The question a finding asks: its task, the input it shows and the answer it got there ("": none shown)."""
    return f"{task}\n{shown}\n{answer or ''}" if shown else ""


def reliability(points: list[Point]) -> tuple[list[tuple[str, int, float, float]], float, list[bool]]:
    """(rows: bin, findings, mean confidence, share real; the expected calibration error; labels at >= 0.9)."""
    rows, ece = [], 0.0
    for low, high in pairwise(BINS):
        members = [point for point in points if low <= point.confidence < high]
        if members:
            mean = statistics.fmean(point.confidence for point in members)
            real = sum(point.real for point in members) / len(members)
            ece += len(members) / len(points) * abs(mean - real)
            rows.append((f"[{low:.2f}, {min(high, 1.0):.2f})", len(members), mean, real))
    return rows, ece, [point.real for point in points if point.confidence >= 0.9]


def ece_floor(points: list[Point], draws: int = 1000) -> tuple[float, float]:
    """The ECE a perfectly calibrated model would show on findings with these confidences: its median and 95th
    percentile over labels drawn with each finding's confidence as its chance of being real. On a hundred findings
    this is not zero: it is the sampling noise any measured ECE carries, the floor a bar on ECE must clear.

    The findings of one question share one draw (each is real when the draw falls below its confidence): on the
    benches, 95% of questions asked by several solutions have one label for all of them."""
    rng = random.Random(0)
    values = []
    for _ in range(draws):
        shared: dict[str, float] = {}
        drawn = []
        for point in points:
            if point.question and point.question not in shared:
                shared[point.question] = rng.random()
            chance = shared[point.question] if point.question else rng.random()
            drawn.append(Point(point.confidence, chance < point.confidence))
        values.append(reliability(drawn)[1])
    values.sort()
    return values[draws // 2], values[int(draws * 0.95)]


def print_reliability(name: str, points: list[Point]) -> None:
    rows, ece, confident = reliability(points)
    real_when_confident = share(sum(confident), len(confident))
    median, high = ece_floor(points)
    asked = len({point.question for point in points if point.question}) + sum(not p.question for p in points)
    questions = f"{asked} question{'s' if asked != 1 else ''}"
    print(
        f"\n{name}: {len(points)} scored findings asking {questions}, ECE {ece:.3f} (a perfectly "
        f"calibrated model's on these questions: median {median:.3f}, 95th percentile {high:.3f}), real at >= 0.9 "
        f"{real_when_confident}"
    )
    print("| confidence | findings | mean confidence | real bugs |\n|---|---|---|---|")
    for label, count, mean, real in rows:
        print(f"| {label} | {count} | {mean:.3f} | {real:.3f} |")
