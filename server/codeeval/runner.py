"""Many solutions x many problems: collect submissions, evaluate them in parallel, rank them.

Submissions come from a folder (`<dir>/<problem name>/*.py`) or from samples
JSONL files as used by code-generation benchmarks (`task_id` with `solution`
or `completion`). Anything that cannot be matched to a problem is reported,
never silently dropped.
"""

from __future__ import annotations

import json
import re
import threading
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .engine import EvaluationOptions, ProblemContext, evaluate_source
from .errors import CodeevalError, SolutionError
from .report.markdown_text import cell, table
from .result import EvaluationResult
from .spec import Problem, find_problem_files, load_problem
from .spec.yaml_source import read_text


@dataclass
class Submission:
    problem: str  # problem name
    label: str  # shown in tables: "slow.py", "gpt-x#3"
    group: str  # what the leaderboard ranks: a sample kind, a model
    source: str
    origin: str  # file, or samples file and line


@dataclass
class Collected:
    submissions: list[Submission] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def safe_name(name: str) -> str:
    """A problem name as a file-system name: `HumanEval/0` -> `HumanEval_0`."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._") or "problem"


def report_stem(submission: Submission) -> str:
    """Where a submission's reports go in a run's output folder, without the suffix: `two_sum/good`."""
    label = Path(submission.label).stem if submission.label.endswith(".py") else submission.label
    return f"{safe_name(submission.problem)}/{safe_name(label)}"


def load_problems(root: str | Path) -> tuple[dict[str, Problem], list[str]]:
    """Every problem under a folder; broken files are reported (file:line) and skipped."""
    problems: dict[str, Problem] = {}
    errors: list[str] = []
    for path in find_problem_files(root):
        try:
            problem = load_problem(path)
        except CodeevalError as exc:
            errors.append(exc.location_message())
            continue
        if problem.name in problems:
            errors.append(f"{path}: duplicate problem name {problem.name!r} (also {problems[problem.name].path})")
            continue
        problems[problem.name] = problem
    return problems, errors


def collect_folder(problems: dict[str, Problem], folder: str | Path) -> Collected:
    folder = Path(folder)
    if not folder.is_dir():
        raise SolutionError("not a folder", str(folder))
    collected = Collected()
    by_dir = {safe_name(name): name for name in problems}
    for entry in sorted(folder.iterdir()):
        if entry.is_dir():
            name = by_dir.get(entry.name)
            files = sorted(entry.glob("*.py"))
            if name is None:
                if files:
                    collected.warnings.append(f"{entry}: no problem named {entry.name!r}; {len(files)} file(s) ignored")
                continue
        elif entry.suffix == ".py":
            name = by_dir.get(entry.stem)
            files = [entry]
            if name is None:
                collected.warnings.append(f"{entry}: no problem named {entry.stem!r}; ignored")
                continue
        else:
            continue
        for file in files:
            try:
                source = read_text(str(file), error=SolutionError)
            except SolutionError as exc:
                collected.warnings.append(exc.location_message())
                continue
            collected.submissions.append(Submission(name, file.name, file.stem, source, str(file)))
    return collected


def collect_samples(problems: dict[str, Problem], samples: str | Path) -> Collected:
    """A benchmark samples file: one JSON object per line; the group is the file's stem (a model)."""
    samples = Path(samples)
    text = read_text(str(samples), error=SolutionError)
    collected = Collected()
    group = samples.name.split(".")[0]
    counts: dict[str, int] = defaultdict(int)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{samples}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            collected.warnings.append(f"{where}: not JSON ({exc.msg}); line ignored")
            continue
        if not isinstance(record, dict) or not isinstance(record.get("task_id"), str):
            collected.warnings.append(f"{where}: no string `task_id`; line ignored")
            continue
        problem = problems.get(record["task_id"])
        if problem is None:
            collected.warnings.append(f"{where}: unknown task_id {record['task_id']!r}; line ignored")
            continue
        if isinstance(record.get("solution"), str):
            source = record["solution"]
        elif isinstance(record.get("completion"), str):
            source = (problem.prompt or "") + record["completion"]
        else:
            collected.warnings.append(f"{where}: needs a string `solution` or `completion`; line ignored")
            continue
        counts[problem.name] += 1
        label = f"{group}#{counts[problem.name]}"
        collected.submissions.append(Submission(problem.name, label, group, source, where))
    return collected


ProgressCallback = Callable[[int, int, EvaluationResult], None]


def run_all(problems: dict[str, Problem], submissions: list[Submission], options: EvaluationOptions | None = None,
            jobs: int = 1, progress: ProgressCallback | None = None) -> list[tuple[Submission, EvaluationResult]]:
    """Evaluate every submission; results come back in submission order."""
    options = options or EvaluationOptions()
    contexts = {name: ProblemContext(problems[name], options) for name in {s.problem for s in submissions}}
    done = 0
    lock = threading.Lock()

    def work(submission: Submission) -> EvaluationResult:
        nonlocal done
        result = evaluate_source(submission.source, submission.origin, contexts[submission.problem])
        with lock:
            done += 1
            if progress is not None:
                progress(done, len(submissions), result)
        return result

    try:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            results = list(pool.map(work, submissions))
    finally:
        for context in contexts.values():
            context.close()
    return list(zip(submissions, results, strict=True))


def leaderboard_data(pairs: list[tuple[Submission, EvaluationResult]], warnings: list[str]) -> dict:
    groups: dict[str, list[float]] = defaultdict(list)
    for submission, result in pairs:
        groups[submission.group].append(result.score)
    ranked = sorted(groups.items(), key=lambda item: -sum(item[1]) / len(item[1]))
    return {
        "schema_version": 1,
        "groups": [{"group": g, "mean_score": round(sum(s) / len(s), 2), "solutions": len(s)} for g, s in ranked],
        "results": [
            {"problem": s.problem, "solution": s.label, "group": s.group, "origin": s.origin,
             "score": round(r.score, 2), "report": f"{report_stem(s)}.json",
             "dimensions": {n: (None if d.score is None else round(d.score, 2)) for n, d in r.dimensions.items()},
             "errors": r.errors}
            for s, r in pairs
        ],
        "warnings": warnings,
    }


def leaderboard_markdown(data: dict) -> str:
    lines = ["# codeeval leaderboard", ""]
    lines.append(table(["rank", "group", "mean score", "solutions"],
                       [[i + 1, cell(g["group"]), f"{g['mean_score']:.1f}", g["solutions"]]
                        for i, g in enumerate(data["groups"])]))
    by_problem: dict[str, list[dict]] = defaultdict(list)
    for row in data["results"]:
        by_problem[row["problem"]].append(row)
    names = ["correctness", "edge_cases", "performance", "code_quality"]
    for problem, rows in sorted(by_problem.items()):
        lines += ["", f"## {cell(problem)}", ""]
        body = [[cell(r["solution"]), f"**{r['score']:.1f}**"]
                + ["n/a" if r["dimensions"].get(n) is None else f"{r['dimensions'][n]:.0f}" for n in names]
                for r in sorted(rows, key=lambda r: -r["score"])]
        lines.append(table(["solution", "score", "correct", "edge", "perf", "quality"], body))
    if data["warnings"]:
        lines += ["", "## Warnings", ""] + [f"- {cell(w, 300)}" for w in data["warnings"]]
    return "\n".join(lines) + "\n"
