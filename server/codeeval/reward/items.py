"""What a reward caller sends (`RewardItem`) and gets back (`Reward`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from ..base.vocabulary import Vocabulary
from ..problem import Problem
from ..results.result import EvaluationResult


class RewardStatus(str, Enum):
    """Why a reward is what it is. Only `scored` rewards come from an evaluation."""

    SCORED = "scored"  # evaluated; a solution that crashes or is wrong scores low, with reasons
    NO_CODE = "no_code"  # the answer holds no Python to run
    UNKNOWN_PROBLEM = "unknown_problem"  # no problem by that name or path
    BAD_PROBLEM = "bad_problem"  # the problem file (or a data source's ground truth) does not load
    REJECTED = "rejected"  # refused before running (too large, a mode the problem cannot be scored in)
    INTERNAL_ERROR = "internal_error"  # a bug of codeeval's: the message says what


class RewardMode(Vocabulary):
    """What a reward measures (docs/reward.md#reward-modes)."""

    SCORE = "score"  # the 0-100 score of every dimension / 100: a problem file's default
    FRACTION = "fraction"  # tests passed / tests: a data source's default (correctness alone)
    BINARY = "binary"  # 1.0 when every test passes, else 0.0; the tests after the first failure are not run


@dataclass(frozen=True)
class GroundTruth:
    """A dataset row's tests, as verl's code data sources carry them in `reward_model.ground_truth`.

    `tests` is JSON text or its value: `{"inputs": [...], "outputs": [...], "fn_name"?: ...}` (APPS, TACO,
    CodeContests and Codeforces as prime_code reads them) or a list of `{"input", "output", "testtype"}`
    (LiveCodeBench's form). No problem file: the problem is built from the tests (reward/data_sources.py).
    """

    data_source: str  # "apps", "taco", "codecontests", "codeforces", "livecodebench", ...: picks the checker
    tests: Any


ProblemReference = str | Path | Problem | GroundTruth

_ITEM_KEYS = {"solution", "problem", "data_source", "ground_truth", "weights", "id", "mode", "max_tests"}


@dataclass(frozen=True)
class RewardItem:
    """One sample: the model's answer (code, or Markdown with a code block) and the problem it answers."""

    solution: str
    problem: ProblemReference  # a name (in the scorer's folder), a YAML path, a Problem, or a GroundTruth
    weights: Mapping[str, float] | None = None  # this item's dimension weights, over the problem's (mode score)
    id: str | None = None  # echoed back in the reward
    mode: RewardMode | None = None  # None: the scorer's mode, else score for a problem, fraction for a ground truth
    max_tests: int | None = None  # run at most this many tests, the longest inputs first (None: the scorer's)

    def __post_init__(self) -> None:
        if self.mode is not None:
            if self.mode not in {mode.value for mode in RewardMode}:
                raise ValueError(f"`mode` must be one of {', '.join(mode.value for mode in RewardMode)}")
            object.__setattr__(self, "mode", RewardMode(self.mode))  # "binary" becomes its member
        if self.max_tests is not None and (type(self.max_tests) is not int or self.max_tests < 1):  # not a bool
            raise ValueError(f"`max_tests` must be a whole number >= 1, not {self.max_tests!r}")

    @classmethod
    def of(cls, item: RewardItem | tuple | Mapping[str, Any]) -> RewardItem:
        """An item from a RewardItem, a (solution, problem[, weights]) tuple or a mapping with those keys
        (or `data_source` and `ground_truth` in place of `problem`)."""
        if isinstance(item, RewardItem):
            return item
        if isinstance(item, tuple):
            if not 2 <= len(item) <= 3:
                raise ValueError("a reward item tuple is (solution, problem) or (solution, problem, weights)")
            return cls(*item)
        if isinstance(item, Mapping):
            unknown = set(item) - _ITEM_KEYS
            if unknown:
                raise ValueError(f"unknown reward item keys: {', '.join(sorted(unknown))}")
            return cls(
                item["solution"],
                problem_of(item),
                item.get("weights"),
                item.get("id"),
                item.get("mode"),
                item.get("max_tests"),
            )
        raise ValueError(f"a reward item must be a RewardItem, tuple or mapping, not {type(item).__name__}")


def problem_of(item: Mapping[str, Any]) -> ProblemReference:
    """`problem`, or a GroundTruth from `data_source` and `ground_truth`: one of the two, not both."""
    has_truth = "ground_truth" in item or "data_source" in item
    if has_truth == ("problem" in item):
        raise ValueError("a reward item needs `problem`, or `data_source` and `ground_truth` (not both)")
    if not has_truth:
        return item["problem"]
    if not isinstance(item.get("data_source"), str) or "ground_truth" not in item:
        raise ValueError("a ground-truth item needs a string `data_source` and a `ground_truth`")
    return GroundTruth(item["data_source"], item["ground_truth"])


@dataclass
class Reward:
    """One sample's reward for RL, in [0, 1] as its mode measures it, or 0.0 with the status and reason it was
    not scored."""

    reward: float  # in [0, 1]; 0.0 when status is not `scored`
    status: RewardStatus
    reason: str = ""  # why, when not scored; for a scored sample, what went wrong in it (did not load, a time-out)
    score: float | None = None  # the 0-100 score (mode score: of every dimension; else correctness alone)
    dimensions: dict[str, float | None] = field(default_factory=dict)  # each dimension's 0-100 score
    problem: str | None = None
    id: str | None = None
    duration_s: float = 0.0
    result: EvaluationResult | None = field(default=None, repr=False)  # the whole evaluation, when there was one
    mode: RewardMode | None = None  # what `reward` measures (None when nothing was scored)
    tests_passed: int | None = None  # of the tests run for this sample
    tests_run: int | None = None  # the tests this sample was given: all, or `max_tests` of them when capped
    tests_total: int | None = None  # the problem's tests (more than tests_run when capped)

    @classmethod
    def unscored(cls, status: RewardStatus, reason: str, item: RewardItem, problem: str | None = None) -> Reward:
        return cls(0.0, status, reason, problem=problem, id=item.id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "reward": self.reward,
            "status": self.status.value,
            "reason": self.reason,
            "score": self.score,
            "dimensions": dict(self.dimensions),
            "problem": self.problem,
            "id": self.id,
            "duration_s": round(self.duration_s, 4),
            "mode": None if self.mode is None else self.mode.value,
            "tests_passed": self.tests_passed,
            "tests_run": self.tests_run,
            "tests_total": self.tests_total,
        }
