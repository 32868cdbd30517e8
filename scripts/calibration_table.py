"""Calibration of findings' confidences against their labels, as the benches print it.

A confidence meant as a probability is checked bin by bin: the findings whose confidence falls in a bin, their
mean confidence, and the share of them that are real. The expected calibration error (ECE) is the findings-weighted
mean gap. On a hundred or so findings it is not zero even for a perfect model: `ece_floor` measures that noise.
"""

from __future__ import annotations

import random
import statistics
from itertools import pairwise


def share(part: int, whole: int) -> str:
    """'3/4 = 75.0%'."""
    return f"{part}/{whole} = {100 * part / whole:.1f}%" if whole else f"{part}/0"


BINS = (0.0, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0001)


def reliability(points: list[tuple[float, bool]]) -> tuple[list[tuple[str, int, float, float]], float, list[bool]]:
    """(rows: bin, findings, mean confidence, share real; the expected calibration error; labels at >= 0.9)."""
    rows, ece = [], 0.0
    for low, high in pairwise(BINS):
        members = [(confidence, real) for confidence, real in points if low <= confidence < high]
        if members:
            mean = statistics.fmean(confidence for confidence, _ in members)
            real = sum(r for _, r in members) / len(members)
            ece += len(members) / len(points) * abs(mean - real)
            rows.append((f"[{low:.2f}, {min(high, 1.0):.2f})", len(members), mean, real))
    return rows, ece, [real for confidence, real in points if confidence >= 0.9]


def ece_floor(points: list[tuple[float, bool]], draws: int = 1000) -> tuple[float, float]:
    """The ECE a perfectly calibrated model would show on findings with these confidences: its median and 95th
    percentile over labels drawn with each finding's confidence as its chance of being real. On a hundred findings
    this is not zero: it is the sampling noise any measured ECE carries, the floor a bar on ECE must clear."""
    rng = random.Random(0)
    values = sorted(
        reliability([(confidence, rng.random() < confidence) for confidence, _ in points])[1] for _ in range(draws)
    )
    return values[draws // 2], values[int(draws * 0.95)]


def print_reliability(name: str, points: list[tuple[float, bool]]) -> None:
    rows, ece, confident = reliability(points)
    real_when_confident = share(sum(confident), len(confident))
    median, high = ece_floor(points)
    print(
        f"\n{name}: {len(points)} scored findings, ECE {ece:.3f} (a perfectly calibrated model's on as many: "
        f"median {median:.3f}, 95th percentile {high:.3f}), real at >= 0.9 {real_when_confident}"
    )
    print("| confidence | findings | mean confidence | real bugs |\n|---|---|---|---|")
    for label, count, mean, real in rows:
        print(f"| {label} | {count} | {mean:.3f} | {real:.3f} |")
