"""Shared by the CI tests: a small copy of the bundled suite that a test may change."""

from __future__ import annotations

import shutil
from pathlib import Path

from ..conftest import REPO


def copy_suite(target: Path, problems: tuple[str, ...] = ("two_sum", "balanced_brackets")) -> tuple[Path, Path]:
    """Copy some bundled problems and their samples to target/problems and target/problems/samples."""
    problem_dir = target / "problems"
    samples_dir = problem_dir / "samples"
    samples_dir.mkdir(parents=True)
    for name in problems:
        shutil.copy(REPO / "problems" / f"{name}.yaml", problem_dir / f"{name}.yaml")
        shutil.copytree(REPO / "problems" / "samples" / name, samples_dir / name)
    return problem_dir, samples_dir


def make_two_sum_worse(samples_dir: Path) -> None:
    """two_sum/good.py returns its pair backwards: tests and edge cases fail with a wrong output."""
    good = samples_dir / "two_sum" / "good.py"
    text = good.read_text(encoding="utf-8")
    assert "return (first, second)" in text
    good.write_text(text.replace("return (first, second)", "return (second, first)"), encoding="utf-8")
