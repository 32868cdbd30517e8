"""The bundled plot and web-page problems, end to end through `codeeval run`, judged from the JSON reports.

The done-when of visual problems: every good sample outscores each of its
flawed samples, and each flawed sample loses points in the part its flaw
belongs to (the problem file's `samples:` says which). Real sandbox, real
matplotlib, real Chromium; one run of the whole visual suite for the module.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from codeeval.base.catalog import ProblemKind
from codeeval.problem import load_problem
from tests.support import REPO, run_cli

from .helpers import missing_page_reason, missing_plotting_reason

PROBLEMS = REPO / "problems"


def visual_problems() -> list:
    found = []
    for path in sorted(PROBLEMS.glob("*.yaml")):
        problem = load_problem(path)
        if problem.kind is not ProblemKind.FUNCTION:
            found.append(problem)
    return found


@pytest.fixture(scope="module")
def run_output(tmp_path_factory) -> Path:
    """The visual problems and their samples copied apart, evaluated once with the real CLI."""
    work = tmp_path_factory.mktemp("visual-suite")
    runnable = []
    for problem in visual_problems():
        reason = missing_plotting_reason() if problem.kind is ProblemKind.PLOT else missing_page_reason()
        if reason is None:
            runnable.append(problem)
    if not runnable:
        pytest.skip(f"neither plots nor pages can run here: {missing_plotting_reason()}; {missing_page_reason()}")
    (work / "problems").mkdir()
    for problem in runnable:
        shutil.copy(problem.path, work / "problems")
        shutil.copytree(PROBLEMS / "samples" / problem.name, work / "samples" / problem.name)
    done = run_cli(
        "run",
        str(work / "problems"),
        "--solutions",
        str(work / "samples"),
        "--output",
        str(work / "out"),
        "--jobs",
        "2",
        "--quiet",
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return work / "out"


def report(run_output: Path, problem: str, sample: str) -> dict:
    return json.loads((run_output / problem / f"{Path(sample).stem}.json").read_text(encoding="utf-8"))


def test_the_suite_has_eight_plot_and_eight_page_problems_with_flawed_samples():
    problems = visual_problems()
    assert sum(p.kind is ProblemKind.PLOT for p in problems) >= 8
    assert sum(p.kind is ProblemKind.WEBPAGE for p in problems) >= 8
    for problem in problems:
        flaws = {name: meta.get("flaw") for name, meta in problem.samples.items()}
        assert list(flaws.values()).count("none") == 1, problem.name
        assert len(flaws) >= 2, problem.name
        for name in flaws:
            assert (PROBLEMS / "samples" / problem.name / name).is_file(), (problem.name, name)
    covered = {meta["flaw"] for p in problems for meta in p.samples.values()}
    assert covered >= {"execution", "data_fidelity", "static_aesthetics", "interaction"}


@pytest.mark.parametrize("problem", visual_problems(), ids=lambda p: p.name)
def test_good_outscores_every_flawed_sample_which_loses_in_the_flawed_part(run_output, problem):
    if not (run_output / problem.name).is_dir():
        pytest.skip(missing_plotting_reason() if problem.kind is ProblemKind.PLOT else missing_page_reason())
    good_name = next(name for name, meta in problem.samples.items() if meta["flaw"] == "none")
    good = report(run_output, problem.name, good_name)
    assert not good["errors"], good["errors"]
    for name, meta in problem.samples.items():
        if meta["flaw"] == "none":
            continue
        flawed = report(run_output, problem.name, name)
        part = meta["flaw"]
        assert flawed["score"] < good["score"], (name, flawed["score"], good["score"])
        lost = flawed["dimensions"][part]
        assert lost["applicable"] and lost["score"] < 100, (name, part, lost)
        assert lost["score"] < good["dimensions"][part]["score"], (name, part)
        assert lost["rationale"], (name, part)


def test_reports_show_the_pictures_inline_from_files_beside_them(run_output):
    shown = 0
    for markdown in sorted(run_output.glob("*/*.md")):
        text = markdown.read_text(encoding="utf-8")
        for link in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
            assert not link.startswith(("data:", "/")), (markdown, link[:40])
            target = markdown.parent / link
            assert target.is_file() and target.stat().st_size > 100, (markdown, link)
            assert target.read_bytes()[:4] in (b"\x89PNG", b"<svg"), target
            shown += 1
    assert shown >= 8
    pictures = {p.name for p in run_output.glob("*/*.png")}
    assert any(name.endswith(".plot.png") for name in pictures) or missing_plotting_reason()
    assert any(name.endswith(".phone.png") for name in pictures) or missing_page_reason()
