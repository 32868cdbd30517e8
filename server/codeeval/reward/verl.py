"""A reward function with the signature verl's custom reward hook calls.

verl (volcengine's RL trainer) loads `custom_reward_function.path` and calls the
function named by `custom_reward_function.name` once per response:

    compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)

and, with its batch reward manager, the batch form `compute_score_batch`. Here
`solution_str` is the model's answer (the code is taken from its last fenced
Python block that defines the entry point). For verl's code data sources
(`apps`, `taco`, `codecontests`, `codeforces`, `livecodebench`, ...) `ground_truth`
is the row's tests, as those datasets carry them (reward/data_sources.py): no
problem file. Otherwise it names the problem: a problem name in the folder
`CODEEVAL_PROBLEMS` (or `extra_info["codeeval_problems"]`), a path to a problem
YAML, or the YAML text itself. The result is a dict: verl takes `score` as the
reward and logs the other keys. Configuration: docs/reward.md.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import tempfile
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .batch import RewardScorer
from .data_sources import is_code_data_source
from .items import GroundTruth, ProblemReference, Reward, RewardItem, RewardMode, RewardStatus

_SCORERS: dict[tuple[str | None, bool], RewardScorer] = {}
_LOCK = threading.Lock()


def _flag(value: object) -> bool:
    return str(value).strip().lower() in ("1", "true", "yes", "on")


def _scorer(extra_info: Mapping[str, Any] | None) -> RewardScorer:
    """One scorer per problems folder and mode, kept for the life of the trainer's process (warm suites)."""
    extra = extra_info or {}
    folder = extra.get("codeeval_problems") or os.environ.get("CODEEVAL_PROBLEMS")
    deterministic = _flag(extra.get("codeeval_deterministic", os.environ.get("CODEEVAL_DETERMINISTIC", "")))
    key = (str(folder) if folder else None, deterministic)
    with _LOCK:
        scorer = _SCORERS.get(key)
        if scorer is None:
            skip = tuple(s for s in os.environ.get("CODEEVAL_SKIP", "").split(",") if s)
            jobs = int(os.environ.get("CODEEVAL_JOBS", "2"))
            scorer = _SCORERS[key] = RewardScorer(folder, deterministic=deterministic, skip=skip, jobs=jobs)
        return scorer


def close_scorers() -> None:
    """Close the scorers kept for this process (their sandboxed reference workers); also run at exit."""
    with _LOCK:
        scorers = list(_SCORERS.values())
        _SCORERS.clear()
    for scorer in scorers:
        scorer.close()


atexit.register(close_scorers)


def _problem_reference(data_source: str, ground_truth: Any) -> ProblemReference:
    """A code data source's tests (or any ground truth that is tests, not text); else a problem name, a path,
    or YAML text (written once to a private file named by its hash)."""
    if is_code_data_source(str(data_source)) or not isinstance(ground_truth, (str, bytes)):
        return GroundTruth(str(data_source), ground_truth)
    text = str(ground_truth)
    if "\n" in text and "entry_point:" in text:
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        path = Path(tempfile.gettempdir()) / f"codeeval-verl-{os.getuid()}" / f"{digest}.yaml"
        if not path.exists():
            path.parent.mkdir(mode=0o700, exist_ok=True)
            partial = path.with_suffix(f".{os.getpid()}.part")
            partial.write_text(text, encoding="utf-8")
            partial.replace(path)
        return path
    return text


def _option(extra: Mapping[str, Any], key: str, variable: str) -> str | None:
    """A per-sample option from `extra_info`, else the process-wide one from the environment."""
    value = extra.get(key)
    if value is None or value == "":
        value = os.environ.get(variable) or None
    return None if value is None else str(value)


def _item(data_source: str, solution: str, ground_truth: Any, extra_info: Mapping[str, Any] | None) -> RewardItem:
    """The reward item of one response; ValueError for a bad mode or cap (the reward then says so)."""
    extra = extra_info or {}
    mode = _option(extra, "codeeval_reward_mode", "CODEEVAL_REWARD_MODE")
    cap = _option(extra, "codeeval_max_tests", "CODEEVAL_MAX_TESTS")
    if cap is not None and not cap.isdigit():
        raise ValueError(f"codeeval_max_tests must be a whole number, not {cap!r}")
    return RewardItem(
        solution,
        _problem_reference(data_source, ground_truth),
        extra.get("codeeval_weights"),
        id=str(data_source),
        mode=None if mode is None else RewardMode(mode.strip().lower()),
        max_tests=None if cap is None else int(cap),
    )


def _as_verl(reward: Reward) -> dict[str, Any]:
    """verl reads `score`; the rest goes to its per-sample logs (scalars only: it stacks them into arrays)."""
    return {
        "score": reward.reward,
        "codeeval_status": reward.status.value,
        "codeeval_mode": "" if reward.mode is None else reward.mode.value,
        "codeeval_score": -1.0 if reward.score is None else reward.score,
        "codeeval_tests_passed": -1 if reward.tests_passed is None else reward.tests_passed,
        "codeeval_tests_run": -1 if reward.tests_run is None else reward.tests_run,
        "codeeval_reason": reward.reason[:500],
    }


def compute_score(
    data_source: str, solution_str: str, ground_truth: Any, extra_info: Mapping[str, Any] | None = None, **_: Any
) -> dict[str, Any]:
    """One response's reward in [0, 1] (as `score`), with codeeval's status and reason beside it."""
    return compute_score_batch([data_source], [solution_str], [ground_truth], [extra_info])[0]


def compute_score_batch(
    data_sources: Sequence[str],
    solution_strs: Sequence[str],
    ground_truths: Sequence[Any],
    extra_infos: Sequence[Mapping[str, Any] | None] | None = None,
    **_: Any,
) -> list[dict[str, Any]]:
    """The batch form, for verl's batch reward manager: all responses evaluated at once, in parallel."""
    extras = list(extra_infos) if extra_infos is not None else [None] * len(solution_strs)
    results: list[dict[str, Any] | None] = []
    items: list[RewardItem] = []
    for source, solution, truth, extra in zip(data_sources, solution_strs, ground_truths, extras, strict=True):
        try:
            items.append(_item(source, solution, truth, extra))
            results.append(None)
        except ValueError as exc:  # a bad mode or cap in extra_info: this response's reward says so
            results.append(_as_verl(Reward(0.0, RewardStatus.REJECTED, f"not a reward item: {exc}", id=str(source))))
    scored = iter(_scorer(extras[0] if extras else None).score_many(items)) if items else iter(())
    return [result if result is not None else _as_verl(next(scored)) for result in results]
