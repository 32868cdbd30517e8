"""Many solutions x many problems: collect submissions, evaluate them in parallel, rank them.

Submissions come from a folder (`<dir>/<problem name>/*.py`) or from samples
JSONL files as used by code-generation benchmarks (`task_id` with `solution`
or `completion`). Anything that cannot be matched to a problem is reported,
never silently dropped.
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Generator, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..base.catalog import ProblemKind
from ..base.errors import CodeevalError, IsolationError, SolutionError
from ..engine.evaluation_options import EvaluationOptions
from ..problem import Problem, find_problem_files, load_problem, safe_name
from ..problem.yaml_source import read_text
from ..results.exclusion import Exclusion
from ..results.result import EvaluationResult
from ..sandbox.detect import default_launcher
from ..sandbox.zygote_pool import batch_launcher
from .result_cache import ResultCache, relabel

if TYPE_CHECKING:
    from ..engine.evaluator import ProblemContext


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


TASK_ID_KEYS = ("task_id", "question_id", "problem_id", "name")  # HumanEval; LiveCodeBench; APPS; CodeContests
WHOLE_SOURCE_KEYS = ("solution", "code")  # the whole program (EvalPlus's `solution`, LiveCodeBench's `code`)
MAX_SAMPLES_BYTES = 512 * 1024 * 1024  # LiveCodeBench's output with ten samples a problem runs to tens of MB


def _first_string(record: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    return next((record[key] for key in keys if isinstance(record.get(key), str)), None)


def _problem_of(
    record: object, problems: dict[str, Problem], where: str, unit: str, collected: Collected
) -> Problem | None:
    """The problem a sample record names by its task id; None, with a warning saying why, when it names none."""
    task_id = _first_string(record, TASK_ID_KEYS) if isinstance(record, dict) else None
    if task_id is None:
        keys = ", ".join(f"`{key}`" for key in TASK_ID_KEYS)
        collected.warnings.append(f"{where}no string task id ({keys}); {unit} ignored")
        return None
    problem = problems.get(task_id)
    if problem is None:
        collected.warnings.append(f"{where}unknown task id {task_id!r}; {unit} ignored")
    return problem


def collect_samples(problems: dict[str, Problem], samples: str | Path) -> Collected:
    """A benchmark samples file: JSONL, one sample per line, the group the file's stem (a model); or
    LiveCodeBench's own output, a JSON list of `{question_id, code_list: [...]}` (each code a sample), the group
    the folder it is in (LiveCodeBench writes `output/<model>/Scenario.codegeneration_..._eval_all.json`)."""
    samples = Path(samples)
    text = read_text(str(samples), error=SolutionError, limit=MAX_SAMPLES_BYTES)
    if text.lstrip().startswith("["):
        return _collect_code_lists(problems, samples, text)
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
        problem = _problem_of(record, problems, f"{where}: ", "line", collected)
        if problem is None:
            continue
        source = _first_string(record, WHOLE_SOURCE_KEYS)
        if source is None and isinstance(record.get("completion"), str):
            source = (problem.prompt or "") + record["completion"]
        if source is None:
            collected.warnings.append(f"{where}: needs a string `solution`, `code` or `completion`; line ignored")
            continue
        model = _first_string(record, ("model",)) or group  # one file may hold several models' samples
        counts[f"{model}/{problem.name}"] += 1
        label = f"{model}#{counts[f'{model}/{problem.name}']}"
        collected.submissions.append(Submission(problem.name, label, model, source, where))
    return collected


def _collect_code_lists(problems: dict[str, Problem], samples: Path, text: str) -> Collected:
    """LiveCodeBench's output layout: a JSON list of records, each `question_id` with its samples in `code_list`."""
    try:
        records = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SolutionError(f"not JSON ({exc.msg})", str(samples), exc.lineno) from None
    if not isinstance(records, list):
        raise SolutionError("expected a JSON list of {question_id, code_list} records", str(samples), 1)
    collected = Collected()
    folder = samples.resolve().parent.name
    group = folder if samples.name.startswith("Scenario.") and folder else samples.name.split(".")[0]
    for index, record in enumerate(records):
        where = f"{samples}: record {index + 1}"
        problem = _problem_of(record, problems, f"{where}: ", "record", collected)
        if problem is None or not isinstance(record, dict):
            continue
        codes = record.get("code_list")
        if not isinstance(codes, list):
            collected.warnings.append(f"{where}: needs a list `code_list`; record ignored")
            continue
        model = _first_string(record, ("model",)) or group
        for number, code in enumerate(codes, start=1):
            if not isinstance(code, str):
                collected.warnings.append(f"{where}: code_list[{number - 1}] is not a string; ignored")
                continue
            label = f"{model}#{number}"
            collected.submissions.append(Submission(problem.name, label, model, code, f"{where}, code {number}"))
    return collected


@dataclass
class Finished:
    """One submission's result, as soon as it is ready."""

    index: int  # the submission's position in the list given to `run_stream`
    submission: Submission
    result: EvaluationResult
    cached: bool = False  # reused: from the result cache, or the same text evaluated for another submission


class ProblemContexts:
    """Problem contexts opened on first use and closed when their problem's last submission finishes.

    A context holds the reference's sandboxed workers (the oracle, the generated
    suite's guarded reference); closing each as soon as its problem is done keeps
    open workers, descriptors and memory bounded by the number of problems in
    flight (about `jobs`), not the number of problems in the run.

    A long-lived owner (the reward scorer, the service) keeps more: the `keep`
    most recently used idle contexts stay open, and up to `park` more are
    parked: their workers stopped, their generated suite and the reference's
    answers kept. A parked problem's next batch restarts its workers (a few
    milliseconds) instead of generating its suite again (seconds), and is
    judged on the same inputs as before.
    """

    def __init__(self, problems: dict[str, Problem], options: EvaluationOptions, keep: int = 0, park: int = 0):
        self.problems = dict(problems)
        self.options = options
        self.keep = keep
        self.park = park
        self._pending: Counter[str] = Counter()
        self._open: dict[str, ProblemContext] = {}
        self._idle: OrderedDict[str, None] = OrderedDict()  # open contexts nothing waits for, oldest first
        self._parked: OrderedDict[str, ProblemContext] = OrderedDict()  # closed, caches kept, oldest first
        self._options: dict[str, EvaluationOptions] = {}  # problems evaluated with options of their own
        self._lock = threading.Lock()

    def register(self, problems: dict[str, Problem], options: EvaluationOptions | None = None) -> None:
        """Add problems (evaluated with `options` when given, rather than the default: a reward mode's);
        a name that now means a different problem drops its old context."""
        with self._lock:
            for name, problem in problems.items():
                if options is not None:
                    self._options[name] = options
                if self.problems.get(name) is not problem:
                    self.problems[name] = problem
                    self._parked.pop(name, None)
                    self._idle.pop(name, None)
                    context = self._open.pop(name, None)
                    if context is not None:
                        context.close()

    def expect(self, submissions: list[Submission]) -> None:
        with self._lock:
            self._pending.update(s.problem for s in submissions)
            for submission in submissions:
                self._idle.pop(submission.problem, None)

    def get(self, name: str) -> ProblemContext:
        from ..engine.evaluator import ProblemContext  # noqa: PLC0415  (the engine imports scipy: only when something runs)

        with self._lock:
            context = self._open.get(name)
            if context is None:
                options = self._options.get(name, self.options)
                context = self._parked.pop(name, None) or ProblemContext(self.problems[name], options)
                self._open[name] = context  # a parked context restarts its workers when first asked
            return context

    def finished(self, name: str) -> None:
        with self._lock:  # closing under the lock: `get` must never hand out a context being closed
            self._pending[name] -= 1
            if self._pending[name] > 0:
                return
            del self._pending[name]
            if name in self._open:
                self._idle[name] = None
            while len(self._idle) > self.keep:
                oldest, _ = self._idle.popitem(last=False)
                context = self._open.pop(oldest)
                context.close()
                if self.park:
                    self._parked[oldest] = context
            while len(self._parked) > self.park:
                self._parked.popitem(last=False)

    def open_count(self) -> int:
        with self._lock:
            return len(self._open)

    def close_all(self) -> None:
        with self._lock:
            contexts, self._open = list(self._open.values()), {}
            self._idle.clear()
            self._parked.clear()
        for context in contexts:
            context.close()


def evaluate_source(source: str, label: str, context: ProblemContext) -> EvaluationResult:
    """The engine's evaluation, its module imported on first use (see ProblemContexts.get)."""
    from ..engine.evaluator import evaluate_source as evaluate  # noqa: PLC0415

    return evaluate(source, label, context)


def evaluate_submission(submission: Submission, contexts: ProblemContexts) -> EvaluationResult:
    """One submission's result; an unexpected error of ours becomes that result, never the end of the run."""
    started = time.monotonic()
    try:
        return evaluate_source(submission.source, submission.origin, contexts.get(submission.problem))
    except IsolationError:
        raise  # a refusal to run at all (--require-isolation), not a failure of this solution
    except Exception as exc:
        problem = contexts.problems.get(submission.problem)
        return EvaluationResult.failed(
            submission.problem, submission.origin, exc, time.monotonic() - started, problem.path if problem else None
        )


def problem_order(submissions: list[Submission]) -> list[int]:
    """Submission indexes grouped by problem, problems in the order they first appear."""
    first_seen: dict[str, int] = {}
    for index, submission in enumerate(submissions):
        first_seen.setdefault(submission.problem, index)
    return sorted(range(len(submissions)), key=lambda i: (first_seen[submissions[i].problem], i))


class Executor(Protocol):
    """Where evaluations run. Each solution runs in its own sandbox whatever the executor."""

    def stream(
        self, problems: dict[str, Problem], submissions: list[Submission], options: EvaluationOptions
    ) -> Iterator[Finished]: ...


class LocalExecutor:
    """Evaluations in threads of this process, `jobs` at a time, problem by problem.

    Made with `contexts` (a long-lived owner's, such as the reward scorer's), it
    also keeps one pool of `jobs` threads for its whole life, shared by every
    stream: concurrent batches (the service's requests) then run at most `jobs`
    evaluations at once between them, not `jobs` each.
    """

    def __init__(self, jobs: int = 1, contexts: ProblemContexts | None = None):
        self.jobs = max(1, jobs)
        self.contexts = contexts  # None: a fresh set of contexts and threads per stream, closed after it
        self._pool = ThreadPoolExecutor(max_workers=self.jobs) if contexts is not None else None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def stream(
        self, problems: dict[str, Problem], submissions: list[Submission], options: EvaluationOptions
    ) -> Iterator[Finished]:
        pool = None
        if self.contexts is None and submissions:
            # A run of its own, not a long-lived owner's: workers forked from zygotes, or started ahead.
            pool = batch_launcher(options.launcher or default_launcher(), self.jobs)
            options = dataclasses.replace(options, launcher=pool)
        contexts = self.contexts or ProblemContexts(problems, options)
        contexts.register(problems)
        contexts.expect(submissions)
        threads = self._pool or ThreadPoolExecutor(max_workers=self.jobs)
        futures: dict[Future[EvaluationResult], int] = {}
        try:
            futures = {
                threads.submit(evaluate_submission, submissions[i], contexts): i for i in problem_order(submissions)
            }
            for future in as_completed(futures):
                index = futures.pop(future)
                submission = submissions[index]
                contexts.finished(submission.problem)
                yield Finished(index, submission, future.result())
        finally:
            # Interrupted: evaluations not started never start, and nothing waits for them any more.
            for future, index in futures.items():
                future.cancel()
                if self.contexts is not None:
                    contexts.finished(submissions[index].problem)
            if threads is not self._pool:
                threads.shutdown(wait=False, cancel_futures=True)
                contexts.close_all()
            if pool is not None:
                pool.close()


def run_stream(
    problems: dict[str, Problem],
    submissions: list[Submission],
    options: EvaluationOptions | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    cache: ResultCache | None = None,
    exclusions: Mapping[str, Exclusion] | None = None,
) -> Iterator[Finished]:
    """Evaluate every submission, yielding each result as it finishes (not in submission order).

    Work runs problem by problem (in the order problems first appear), so each
    problem's context is closed as soon as its last submission finishes. With a
    `cache`, results it holds come first, without running anything; of the rest,
    submissions with the same text for the same problem are evaluated once, and
    each new result is stored the moment it finishes. A problem in `exclusions` (its reference fails here:
    run/precheck.py) has its results marked as excluded, after the cache: a stored result holds no exclusion.
    """
    stream = _streamed(problems, submissions, options, jobs, executor, cache)
    try:
        for finished in stream:
            exclusion = (exclusions or {}).get(finished.submission.problem)
            if exclusion is not None:
                finished.result = dataclasses.replace(finished.result, excluded=exclusion)
            yield finished
    finally:
        stream.close()  # stopped early: the executor cancels what has not started


def _streamed(
    problems: dict[str, Problem],
    submissions: list[Submission],
    options: EvaluationOptions | None,
    jobs: int,
    executor: Executor | None,
    cache: ResultCache | None,
) -> Generator[Finished, None, None]:
    options = options or EvaluationOptions()
    executor = executor or LocalExecutor(jobs)
    if cache is None:
        yield from executor.stream(problems, submissions, options)
        return
    keys = [cache.key(s.source, problems[s.problem]) for s in submissions]
    first: dict[str, int] = {}  # key -> the submission evaluated for it
    copies: dict[int, list[int]] = defaultdict(list)  # that submission -> others with the same key
    for index, (submission, key) in enumerate(zip(submissions, keys, strict=True)):
        stored = cache.get(key, submission.origin) if key not in first else None
        if stored is not None:
            yield Finished(index, submission, stored, cached=True)
            continue
        if key in first:
            copies[first[key]].append(index)
        else:
            first[key] = index
    work = sorted(first.values())
    stream = executor.stream(problems, [submissions[i] for i in work], options)
    try:
        for finished in stream:
            index = work[finished.index]
            cache.put(keys[index], finished.result)
            yield Finished(index, submissions[index], finished.result)
            for other in copies[index]:
                yield Finished(
                    other, submissions[other], relabel(finished.result, submissions[other].origin), cached=True
                )
    finally:
        close = getattr(stream, "close", None)  # a generator's: stopped early, the executor cancels the rest
        if close is not None:
            close()


def run_all(
    problems: dict[str, Problem],
    submissions: list[Submission],
    options: EvaluationOptions | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    cache: ResultCache | None = None,
    exclusions: Mapping[str, Exclusion] | None = None,
) -> list[tuple[Submission, EvaluationResult]]:
    """Evaluate every submission; results come back in submission order."""
    results: list[EvaluationResult | None] = [None] * len(submissions)
    for finished in run_stream(problems, submissions, options, jobs, executor, cache, exclusions):
        results[finished.index] = finished.result
    return [(submission, result) for submission, result in zip(submissions, results, strict=True) if result is not None]
