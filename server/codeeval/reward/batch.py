"""`score_many`: a batch of samples in, one reward per sample out, in order.

A `RewardScorer` is meant to live as long as the training run: it loads each
problem once and keeps the contexts of the problems it saw last (their
generated suites and the reference's answers), so the next batch on the same
problems starts warm and every sample of a problem is judged on the same
inputs.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..base.bounded_cache import BoundedCache
from ..base.catalog import CORRECTNESS, ProblemKind, all_names
from ..base.errors import CodeevalError
from ..engine.evaluator import EvaluationOptions
from ..problem import Problem, find_problem_files, load_problem, safe_name
from ..results.overall_score import combine
from ..results.result import EvaluationResult, EvaluationStatus
from ..run.runner import Executor, LocalExecutor, ProblemContexts, Submission, run_stream
from ..sandbox import default_launcher
from ..sandbox.program_adapter import PROGRAM_ENTRY
from ..sandbox.zygote_pool import batch_launcher
from .data_sources import GroundTruthError, GroundTruthProblems
from .extract import extract_code
from .items import GroundTruth, Reward, RewardItem, RewardMode, RewardStatus
from .modes import reward_value, tally
from .test_cap import longest_tests

MAX_ANSWER_CHARS = 1_000_000  # an answer longer than this is refused: no model writes a million characters of code
KEEP_CONTEXTS = 32  # idle problem contexts kept open (their sandboxed workers running) between batches
PARK_CONTEXTS = 100_000  # and more kept parked: workers stopped, generated suite and reference answers kept
CAPPED_KEPT = 4096  # problems kept with their tests capped (max_tests)
TESTED_KINDS = frozenset({ProblemKind.FUNCTION, ProblemKind.PROGRAM})  # kinds whose rewards can count tests


class ProblemLibrary:
    """Problems by name (from a folder, loaded once) or by path (loaded on first use, reloaded when changed)."""

    def __init__(self, root: str | Path | Mapping[str, Problem] | None = None):
        self._by_name: dict[str, Problem] = {}
        self._errors: dict[str, str] = {}  # a broken file's name -> its message
        self._by_path: dict[str, tuple[float, Problem]] = {}
        self._lock = threading.Lock()
        if isinstance(root, Mapping):
            self._by_name = dict(root)
        elif root is not None:
            self._load_folder(Path(root))

    def _load_folder(self, root: Path) -> None:
        if not root.exists():
            raise CodeevalError("no such problems folder", str(root))
        for path in find_problem_files(root):
            try:
                problem = load_problem(path)
            except CodeevalError as exc:
                self._errors[path.stem] = exc.location_message()
                continue
            self._by_name.setdefault(problem.name, problem)

    def names(self) -> list[str]:
        return sorted(self._by_name)

    def problems(self) -> list[Problem]:
        return [self._by_name[name] for name in self.names()]

    def resolve(self, reference: str | Path | Problem) -> Problem:
        """The problem an item names; CodeevalError (unknown or broken) otherwise."""
        if isinstance(reference, Problem):
            return reference
        key = str(reference)
        if key in self._by_name:
            return self._by_name[key]
        broken = self._errors.get(key) or self._errors.get(safe_name(key))  # an importer's file name for a task id
        if broken:
            raise ProblemLoadError(broken)
        path = Path(key)
        if path.suffix in (".yaml", ".yml") and path.is_file():
            return self._load_path(path)
        shown = key if len(key) <= 80 else key[:77] + "..."
        raise UnknownProblem(f"no problem named {shown!r}" + ("" if self._by_name else " (no problems folder given)"))

    def _load_path(self, path: Path) -> Problem:
        stamp = path.stat().st_mtime
        with self._lock:
            cached = self._by_path.get(str(path))
            if cached is not None and cached[0] == stamp:
                return cached[1]
        try:
            problem = load_problem(path)
        except CodeevalError as exc:
            raise ProblemLoadError(exc.location_message()) from None
        with self._lock:
            self._by_path[str(path)] = (stamp, problem)
        return problem


class UnknownProblem(Exception):
    pass


class ProblemLoadError(Exception):
    pass


@dataclass
class _Planned:
    """An item that will be evaluated: where its result goes, and how to score it."""

    position: int
    item: RewardItem
    problem: Problem  # as judged: with at most `max_tests` tests
    key: str  # the problem's key in this batch (names that mean different problems get distinct keys)
    mode: RewardMode
    tests_total: int  # the problem's tests before a cap


class RewardScorer:
    """Scores batches of samples; keep one for the whole training run.

    `mode` (RewardMode or its word): what every reward measures; None gives each item its own default,
    `score` for a problem and `fraction` for a data source's ground truth (an item's own `mode` wins).
    `max_tests`: the default cap on the tests a sample runs, the longest inputs first (docs/reward.md).
    """

    def __init__(
        self,
        problems: str | Path | Mapping[str, Problem] | None = None,
        *,
        weights: Mapping[str, float] | None = None,
        deterministic: bool = False,
        skip: Iterable[str] = (),
        jobs: int = 2,
        executor: str | Executor = "local",
        ray_address: str | None = None,
        time_per_call_s: float | None = None,
        extract: bool = True,
        mode: RewardMode | str | None = None,
        max_tests: int | None = None,
    ):
        self.library = ProblemLibrary(problems)
        self.weights = dict(weights or {})
        self.extract = extract
        self.mode = None if mode is None else _mode(mode)
        if max_tests is not None and max_tests < 1:
            raise CodeevalError(f"max_tests must be at least 1, not {max_tests}")
        self.max_tests = max_tests
        # Local scoring forks its workers from zygotes kept for the scorer's life (or starts them ahead); Ray's
        # nodes start their own.
        self.launcher = batch_launcher(default_launcher(), jobs) if executor == "local" else None
        self.options = EvaluationOptions(
            weights=self.weights or None,
            deterministic=deterministic,
            skip=tuple(skip),
            time_per_call_s=time_per_call_s,
            launcher=self.launcher,
        )
        self.mode_options = _mode_options(self.options)
        self.contexts = ProblemContexts({}, self.options, keep=KEEP_CONTEXTS, park=PARK_CONTEXTS)
        self.executor = self._executor(executor, jobs, ray_address)
        self.ground_truths = GroundTruthProblems()
        self._capped: BoundedCache[tuple[int, int], tuple[Problem, Problem]] = BoundedCache(CAPPED_KEPT)
        self._keys: dict[int, tuple[Problem, str]] = {}  # id(problem) -> it and its key, stable for the scorer's life
        self._names: dict[str, int] = {}  # key -> id(problem)
        self._lock = threading.Lock()

    def _executor(self, executor: str | Executor, jobs: int, ray_address: str | None) -> Executor:
        if executor == "local":
            return LocalExecutor(jobs, self.contexts)
        if executor == "ray":
            from ..run.ray_executor import RayExecutor  # noqa: PLC0415  (Ray is optional, and slow to import)

            return RayExecutor(ray_address)
        if isinstance(executor, str):
            raise CodeevalError(f"unknown executor {executor!r} (local or ray)")
        return executor

    def close(self) -> None:
        close = getattr(self.executor, "close", None)
        if close is not None:
            close()
        self.contexts.close_all()
        if self.launcher is not None:
            self.launcher.close()

    def __enter__(self) -> RewardScorer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def score_many(self, items: Iterable[RewardItem | tuple | Mapping[str, Any]]) -> list[Reward]:
        """One reward per item, in the order given."""
        rewards: list[Reward | None] = []
        planned: list[_Planned] = []
        submissions: list[Submission] = []
        problems: dict[str, Problem] = {}
        by_mode: dict[RewardMode, dict[str, Problem]] = {}
        for position, raw in enumerate(items):
            try:
                item = RewardItem.of(raw)
            except (ValueError, KeyError, TypeError) as exc:
                rewards.append(Reward(0.0, RewardStatus.REJECTED, f"not a reward item: {exc}"))
                continue
            early, plan, source = self._plan(position, item)
            rewards.append(early)
            if plan is None:
                continue
            planned.append(plan)
            problems[plan.key] = plan.problem
            by_mode.setdefault(plan.mode, {})[plan.key] = plan.problem
            submissions.append(Submission(plan.key, f"item {position}", "rewards", source, f"item {position}"))
        for mode, options in self.mode_options.items():
            if mode in by_mode:  # these problems' contexts run only what the mode reads
                self.contexts.register(by_mode[mode], options)
        for finished in run_stream(problems, submissions, self.options, executor=self.executor):
            plan = planned[finished.index]
            rewards[plan.position] = self._reward(plan, finished.result)
        return [
            r if r is not None else Reward(0.0, RewardStatus.INTERNAL_ERROR, "no result came back") for r in rewards
        ]

    def _plan(self, position: int, item: RewardItem) -> tuple[Reward | None, _Planned | None, str]:
        """(a reward given without running, or the plan to run it, and the code to run)."""
        if not isinstance(item.solution, str):
            return Reward.unscored(RewardStatus.REJECTED, "the solution is not text", item), None, ""
        if len(item.solution) > MAX_ANSWER_CHARS:
            too_long = f"the answer is longer than {MAX_ANSWER_CHARS:,} characters"
            return Reward.unscored(RewardStatus.REJECTED, too_long, item), None, ""
        max_tests = item.max_tests or self.max_tests
        reference = item.problem
        truth = reference if isinstance(reference, GroundTruth) else None
        try:
            if isinstance(reference, GroundTruth):
                digest, tests = self.ground_truths.tests(reference)
                entry = self.ground_truths.entry_point(tests, item.solution) or ""
                source = self._code(item, entry or PROGRAM_ENTRY)
                problem = self.ground_truths.problem_of(reference.data_source, digest, tests, entry, max_tests)
                tests_total = tests.count
            else:
                whole = self.library.resolve(reference)
                source = self._code(item, whole.entry_point)
                problem = self._capped_problem(whole, max_tests)
                tests_total = whole.test_count
        except UnknownProblem as exc:
            return Reward.unscored(RewardStatus.UNKNOWN_PROBLEM, str(exc), item), None, ""
        except (ProblemLoadError, GroundTruthError) as exc:
            return Reward.unscored(RewardStatus.BAD_PROBLEM, str(exc), item), None, ""
        if source is None:
            reason = "the answer holds no Python code (no fenced block and not parseable as Python)"
            return Reward.unscored(RewardStatus.NO_CODE, reason, item, problem.name), None, ""
        mode = item.mode or self.mode or (RewardMode.FRACTION if truth is not None else RewardMode.SCORE)
        refused = self._refused(problem, mode)
        if refused:
            return Reward.unscored(RewardStatus.REJECTED, refused, item, problem.name), None, ""
        key = problem.name if truth is not None else self._key(problem)  # a ground truth's name is its hash
        if mode is not RewardMode.SCORE:
            key = f"{key}@{mode}"
        return None, _Planned(position, item, problem, key, mode, tests_total), source

    def _code(self, item: RewardItem, entry_point: str) -> str | None:
        return extract_code(item.solution, entry_point) if self.extract else item.solution

    def _refused(self, problem: Problem, mode: RewardMode) -> str:
        """Why a problem cannot be scored in `mode` ("" when it can): the test modes need tests to run."""
        if mode is RewardMode.SCORE:
            return ""
        if problem.kind not in TESTED_KINDS:
            return f"a {problem.kind} problem has no tests: it is scored in mode score only"
        if CORRECTNESS.name in self.options.skip:
            return f"mode {mode} reads the correctness dimension, which this scorer skips"
        if not problem.tests:
            return f"the problem has no tests to score in mode {mode}"
        return ""

    def _capped_problem(self, problem: Problem, max_tests: int | None) -> Problem:
        """The problem with at most `max_tests` tests (the longest), made once per problem and cap."""
        if max_tests is None or len(problem.tests) <= max_tests:
            return problem
        kept = self._capped.get((id(problem), max_tests))
        if kept is not None and kept[0] is problem:  # the original is held with it: its id names only it
            return kept[1]
        capped = longest_tests(problem, max_tests)
        self._capped.put((id(problem), max_tests), (problem, capped))
        return capped

    def _key(self, problem: Problem) -> str:
        """A name unique to this problem object: two problems may share a name (two YAML texts)."""
        with self._lock:
            known = self._keys.get(id(problem))
            if known is not None and known[0] is problem:
                return known[1]
            key = problem.name
            if key in self._names and self._names[key] != id(problem):
                key = f"{problem.name}~{hashlib.sha256(repr(id(problem)).encode()).hexdigest()[:8]}"
            self._keys[id(problem)] = (problem, key)
            self._names[key] = id(problem)
            return key

    def _reward(self, plan: _Planned, result: EvaluationResult) -> Reward:
        if result.status is EvaluationStatus.INTERNAL_ERROR:
            message = result.internal_error.message if result.internal_error else "unknown"
            kind = result.internal_error.type if result.internal_error else "Error"
            return _internal_error(plan, result, f"codeeval failed: {kind}: {message}")
        score = result.score
        if plan.item.weights and plan.mode is RewardMode.SCORE:
            score = combine(result.dimensions, {**plan.problem.weights, **self.weights, **plan.item.weights})
            result = replace(result, score=score)
        run = plan.problem.test_count
        counts = tally(result, run)
        value = reward_value(plan.mode, result, counts)
        if value is None:
            return _internal_error(plan, result, f"mode {plan.mode}: the evaluation has no test counts")
        reasons = list(result.errors)
        if counts is not None and not counts.all_passed and counts.run:
            reasons.append(counts.describe())
        if run < plan.tests_total:
            kept = len(plan.problem.tests)  # the cap cuts `tests` only: a suite's tests always run whole
            suite = run - kept
            capped = f"capped: the {kept} longest of {plan.tests_total - suite} tests (max_tests {kept})"
            reasons.append(capped + (f"; the suite's {suite} tests run whole" if suite else ""))
        return Reward(
            round(value, 6),
            RewardStatus.SCORED,
            "; ".join(reasons),
            round(score, 4),
            {n: (None if d.score is None else round(d.score, 4)) for n, d in result.dimensions.items()},
            plan.problem.name,
            plan.item.id,
            result.duration_s,
            result,
            plan.mode,
            None if counts is None else counts.passed,
            run if counts is not None else None,
            plan.tests_total if counts is not None else None,
        )


def _mode(mode: RewardMode | str) -> RewardMode:
    try:
        return RewardMode(mode)
    except ValueError:
        raise CodeevalError(f"unknown reward mode {mode!r} (binary, fraction or score)") from None


def _mode_options(options: EvaluationOptions) -> dict[RewardMode, EvaluationOptions]:
    """The options of the test modes: correctness alone (the reward reads nothing else, so nothing else runs);
    binary also stops at the first failing test, since one failure decides it."""
    others = tuple(name for name in all_names() if name != CORRECTNESS.name)
    alone = replace(options, skip=tuple(dict.fromkeys((*options.skip, *others))))
    return {RewardMode.FRACTION: alone, RewardMode.BINARY: replace(alone, stop_at_first_failure=True)}


def score_many(
    items: Iterable[RewardItem | tuple | Mapping[str, Any]],
    *,
    problems: str | Path | Mapping[str, Problem] | None = None,
    **options: Any,
) -> list[Reward]:
    """Score a batch once. For repeated batches keep a `RewardScorer`: it stays warm between them."""
    with RewardScorer(problems, **options) as scorer:
        return scorer.score_many(items)


def _internal_error(plan: _Planned, result: EvaluationResult, reason: str) -> Reward:
    """A reward lost to a fault of codeeval's, said as such (never a silent 0.0)."""
    return Reward(
        0.0,
        RewardStatus.INTERNAL_ERROR,
        reason,
        problem=plan.problem.name,
        id=plan.item.id,
        duration_s=result.duration_s,
        result=result,
        mode=plan.mode,
    )
