"""What a reward caller sends (`RewardItem`) and gets back (`Reward`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from ..problem import Problem
from ..results.result import EvaluationResult


class RewardStatus(str, Enum):
    """Why a reward is what it is. Only `scored` rewards come from an evaluation."""

    SCORED = "scored"  # evaluated; a solution that crashes or is wrong scores low, with reasons
    NO_CODE = "no_code"  # the answer holds no Python to run
    UNKNOWN_PROBLEM = "unknown_problem"  # no problem by that name or path
    BAD_PROBLEM = "bad_problem"  # the problem file does not load
    REJECTED = "rejected"  # refused before running (too large)
    INTERNAL_ERROR = "internal_error"  # a bug of codeeval's: the message says what


@dataclass(frozen=True)
class RewardItem:
    """One sample: the model's answer (code, or Markdown with a code block) and the problem it answers."""

    solution: str
    problem: str | Path | Problem  # a problem name (in the scorer's folder), a YAML path, or a Problem
    weights: Mapping[str, float] | None = None  # this item's dimension weights, over the problem's
    id: str | None = None  # echoed back in the reward

    @classmethod
    def of(cls, item: RewardItem | tuple | Mapping[str, Any]) -> RewardItem:
        """An item from a RewardItem, a (solution, problem[, weights]) tuple or a mapping with those keys."""
        if isinstance(item, RewardItem):
            return item
        if isinstance(item, tuple):
            if not 2 <= len(item) <= 3:
                raise ValueError("a reward item tuple is (solution, problem) or (solution, problem, weights)")
            return cls(*item)
        if isinstance(item, Mapping):
            unknown = set(item) - {"solution", "problem", "weights", "id"}
            if unknown:
                raise ValueError(f"unknown reward item keys: {', '.join(sorted(unknown))}")
            return cls(item["solution"], item["problem"], item.get("weights"), item.get("id"))
        raise ValueError(f"a reward item must be a RewardItem, tuple or mapping, not {type(item).__name__}")


@dataclass
class Reward:
    """One sample's reward for RL: score / 100, or 0.0 with the status and reason it was not scored."""

    reward: float  # score / 100, in [0, 1]; 0.0 when status is not `scored`
    status: RewardStatus
    reason: str = ""  # why, when not scored; for a scored sample, what went wrong in it (did not load, ...)
    score: float | None = None  # the 0-100 score
    dimensions: dict[str, float | None] = field(default_factory=dict)  # each dimension's 0-100 score
    problem: str | None = None
    id: str | None = None
    duration_s: float = 0.0
    result: EvaluationResult | None = field(default=None, repr=False)  # the whole evaluation, when there was one

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
        }
