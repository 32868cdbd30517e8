"""Many solutions x many problems: collect submissions, evaluate them in parallel, rank them.

Submissions come from a folder (`<dir>/<problem name>/*.py`) or from samples
JSONL files as used by code-generation benchmarks (`task_id` with `solution`
or `completion`). Anything that cannot be matched to a problem is reported,
never silently dropped.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from .engine import EvaluationOptions, ProblemContext, evaluate_source
from .errors import CodeevalError, IsolationError, SolutionError
from .result import EvaluationResult
from .spec import Problem, find_problem_files, load_problem, safe_name
from .spec.visual_problem import ProblemKind
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


def solution_suffixes(problem: Problem | None) -> tuple[str, ...]:
    """Solution files: Python; for a web-page problem also HTML (Python may write the page instead)."""
    return (".py", ".html") if problem is not None and problem.kind is ProblemKind.WEBPAGE else (".py",)


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
            files = sorted(f for f in entry.iterdir() if f.suffix in solution_suffixes(problems.get(name or "")))
            if name is None:
                if files:
                    collected.warnings.append(f"{entry}: no problem named {entry.name!r}; {len(files)} file(s) ignored")
                continue
        elif entry.suffix in solution_suffixes(problems.get(by_dir.get(entry.stem, ""))):
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


@dataclass
class Finished:
    """One submission's result, as soon as it is ready."""

    index: int  # the submission's position in the list given to `run_stream`
    submission: Submission
    result: EvaluationResult


class ProblemContexts:
    """Problem contexts opened on first use and closed when their problem's last submission finishes.

    A context holds the reference's sandboxed workers (the oracle, the generated
    suite's guarded reference); closing each as soon as its problem is done keeps
    open workers, descriptors and memory bounded by the number of problems in
    flight (about `jobs`), not the number of problems in the run.
    """

    def __init__(self, problems: dict[str, Problem], options: EvaluationOptions, submissions: list[Submission]):
        self.problems = problems
        self.options = options
        self._pending = Counter(s.problem for s in submissions)
        self._open: dict[str, ProblemContext] = {}
        self._lock = threading.Lock()

    def get(self, name: str) -> ProblemContext:
        with self._lock:
            context = self._open.get(name)
            if context is None:
                context = self._open[name] = ProblemContext(self.problems[name], self.options)
            return context

    def finished(self, name: str) -> None:
        with self._lock:
            self._pending[name] -= 1
            done = self._open.pop(name, None) if self._pending[name] <= 0 else None
        if done is not None:
            done.close()

    def open_count(self) -> int:
        with self._lock:
            return len(self._open)

    def close_all(self) -> None:
        with self._lock:
            contexts, self._open = list(self._open.values()), {}
        for context in contexts:
            context.close()


def evaluate_submission(submission: Submission, contexts: ProblemContexts) -> EvaluationResult:
    """One submission's result; an unexpected error of ours becomes that result, never the end of the run."""
    started = time.monotonic()
    try:
        return evaluate_source(submission.source, submission.origin, contexts.get(submission.problem))
    except IsolationError:
        raise  # a refusal to run at all (--require-isolation), not a failure of this solution
    except Exception as exc:
        problem = contexts.problems.get(submission.problem)
        return EvaluationResult.failed(submission.problem, submission.origin, exc, time.monotonic() - started,
                                       problem.path if problem else None)


def run_stream(problems: dict[str, Problem], submissions: list[Submission],
               options: EvaluationOptions | None = None, jobs: int = 1) -> Iterator[Finished]:
    """Evaluate every submission, yielding each result as it finishes (not in submission order).

    Work runs problem by problem (in the order problems first appear), so each
    problem's context is closed as soon as its last submission finishes.
    """
    options = options or EvaluationOptions()
    first_seen: dict[str, int] = {}
    for index, submission in enumerate(submissions):
        first_seen.setdefault(submission.problem, index)
    order = sorted(range(len(submissions)), key=lambda i: (first_seen[submissions[i].problem], i))
    contexts = ProblemContexts(problems, options, submissions)
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    try:
        futures = {pool.submit(evaluate_submission, submissions[i], contexts): i for i in order}
        for future in as_completed(futures):
            index = futures.pop(future)
            submission = submissions[index]
            contexts.finished(submission.problem)
            yield Finished(index, submission, future.result())
    finally:
        pool.shutdown(wait=False, cancel_futures=True)  # interrupted: evaluations not started never start
        contexts.close_all()


def run_all(problems: dict[str, Problem], submissions: list[Submission], options: EvaluationOptions | None = None,
            jobs: int = 1) -> list[tuple[Submission, EvaluationResult]]:
    """Evaluate every submission; results come back in submission order."""
    results: list[EvaluationResult | None] = [None] * len(submissions)
    for finished in run_stream(problems, submissions, options, jobs):
        results[finished.index] = finished.result
    return [(submission, result) for submission, result in zip(submissions, results, strict=True) if result is not None]
