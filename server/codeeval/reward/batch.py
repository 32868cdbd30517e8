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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..base.errors import CodeevalError
from ..engine.evaluator import EvaluationOptions
from ..problem import Problem, find_problem_files, load_problem, safe_name
from ..results.overall_score import combine
from ..results.result import EvaluationResult, EvaluationStatus
from ..run.runner import Executor, LocalExecutor, ProblemContexts, Submission, run_stream
from ..sandbox import default_launcher
from ..sandbox.zygote_pool import batch_launcher
from .extract import extract_code
from .items import Reward, RewardItem, RewardStatus

MAX_ANSWER_CHARS = 1_000_000  # an answer longer than this is refused: no model writes a million characters of code
KEEP_CONTEXTS = 32  # idle problem contexts kept open (their sandboxed workers running) between batches
PARK_CONTEXTS = 100_000  # and more kept parked: workers stopped, generated suite and reference answers kept


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
    problem: Problem
    key: str  # the problem's key in this batch (names that mean different problems get distinct keys)


class RewardScorer:
    """Scores batches of samples; keep one for the whole training run."""

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
    ):
        self.library = ProblemLibrary(problems)
        self.weights = dict(weights or {})
        self.extract = extract
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
        self.contexts = ProblemContexts({}, self.options, keep=KEEP_CONTEXTS, park=PARK_CONTEXTS)
        self.executor = self._executor(executor, jobs, ray_address)
        self._keys: dict[int, str] = {}  # id(problem) -> its key, stable for the scorer's life
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
        for position, raw in enumerate(items):
            try:
                item = RewardItem.of(raw)
            except (ValueError, KeyError, TypeError) as exc:
                rewards.append(Reward(0.0, RewardStatus.REJECTED, f"not a reward item: {exc}"))
                continue
            early, plan = self._plan(position, item)
            rewards.append(early)
            if plan is None:
                continue
            source = extract_code(item.solution, plan.problem.entry_point) if self.extract else item.solution
            if source is None:
                rewards[position] = Reward.unscored(
                    RewardStatus.NO_CODE,
                    "the answer holds no Python code (no fenced block and not parseable as Python)",
                    item,
                    plan.problem.name,
                )
                continue
            planned.append(plan)
            problems[plan.key] = plan.problem
            submissions.append(Submission(plan.key, f"item {position}", "rewards", source, f"item {position}"))
        for finished in run_stream(problems, submissions, self.options, executor=self.executor):
            plan = planned[finished.index]
            rewards[plan.position] = self._reward(plan, finished.result)
        return [
            r if r is not None else Reward(0.0, RewardStatus.INTERNAL_ERROR, "no result came back") for r in rewards
        ]

    def _plan(self, position: int, item: RewardItem) -> tuple[Reward | None, _Planned | None]:
        if not isinstance(item.solution, str):
            return Reward.unscored(RewardStatus.REJECTED, "the solution is not text", item), None
        if len(item.solution) > MAX_ANSWER_CHARS:
            return Reward.unscored(
                RewardStatus.REJECTED, f"the answer is longer than {MAX_ANSWER_CHARS:,} characters", item
            ), None
        try:
            problem = self.library.resolve(item.problem)
        except UnknownProblem as exc:
            return Reward.unscored(RewardStatus.UNKNOWN_PROBLEM, str(exc), item), None
        except ProblemLoadError as exc:
            return Reward.unscored(RewardStatus.BAD_PROBLEM, str(exc), item), None
        return None, _Planned(position, item, problem, self._key(problem))

    def _key(self, problem: Problem) -> str:
        """A name unique to this problem object: two problems may share a name (two YAML texts)."""
        with self._lock:
            key = self._keys.get(id(problem))
            if key is None:
                key = problem.name
                if key in self._names and self._names[key] != id(problem):
                    key = f"{problem.name}~{hashlib.sha256(repr(id(problem)).encode()).hexdigest()[:8]}"
                self._keys[id(problem)] = key
                self._names[key] = id(problem)
            return key

    def _reward(self, plan: _Planned, result: EvaluationResult) -> Reward:
        if result.status is EvaluationStatus.INTERNAL_ERROR:
            message = result.internal_error.message if result.internal_error else "unknown"
            kind = result.internal_error.type if result.internal_error else "Error"
            return Reward(
                0.0,
                RewardStatus.INTERNAL_ERROR,
                f"codeeval failed: {kind}: {message}",
                problem=plan.problem.name,
                id=plan.item.id,
                duration_s=result.duration_s,
                result=result,
            )
        score = result.score
        if plan.item.weights:
            score = combine(result.dimensions, {**plan.problem.weights, **self.weights, **plan.item.weights})
        reason = "; ".join(result.errors)
        return Reward(
            round(score / 100.0, 6),
            RewardStatus.SCORED,
            reason,
            round(score, 4),
            {n: (None if d.score is None else round(d.score, 4)) for n, d in result.dimensions.items()},
            plan.problem.name,
            plan.item.id,
            result.duration_s,
            result,
        )


def score_many(
    items: Iterable[RewardItem | tuple | Mapping[str, Any]],
    *,
    problems: str | Path | Mapping[str, Problem] | None = None,
    **options: Any,
) -> list[Reward]:
    """Score a batch once. For repeated batches keep a `RewardScorer`: it stays warm between them."""
    with RewardScorer(problems, **options) as scorer:
        return scorer.score_many(items)
