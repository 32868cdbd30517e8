"""How hard the performance dimension works for one solution, and how long it may take."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

DEFAULT_BUDGET_S = 20.0


@dataclass(frozen=True)
class Settings:
    """Run-level knobs (the problem's `performance` section holds the per-problem ones)."""

    deterministic: bool = False  # count bytecode instructions instead of timing
    budget_s: float = DEFAULT_BUDGET_S  # wall-clock seconds for the whole dimension, per solution
    max_iterations: int | None = None  # ceiling for extra pairs; default 3x the problem's iterations
    target_batch_s: float = 0.005  # calls shorter than this are repeated so one timing lasts this long
    max_inner: int = 1000
    max_instructions: int = 50_000_000  # per call in deterministic mode: the instruction "time limit"

    @classmethod
    def from_options(cls, options: Any) -> Settings:
        """From an `EvaluationOptions`: `deterministic`, and `extra["performance"]` for the rest."""
        if options is None:
            return cls()
        extra = dict((getattr(options, "extra", None) or {}).get("performance") or {})
        known = {
            k: extra[k]
            for k in ("budget_s", "max_iterations", "target_batch_s", "max_inner", "max_instructions")
            if k in extra
        }
        return cls(deterministic=bool(getattr(options, "deterministic", False)), **known)

    def pair_ceiling(self, iterations: int) -> int:
        return max(iterations, self.max_iterations or max(3 * iterations, 30))


class Budget:
    """The dimension's wall-clock allowance, never beyond the whole evaluation's deadline."""

    def __init__(self, seconds: float, deadline: Any = None):
        self.seconds = seconds
        self.started = time.monotonic()
        overall = deadline.remaining() if deadline is not None else seconds
        self.end = self.started + max(0.0, min(seconds, overall))
        self.cut_short = ""  # why measuring stopped early, for the report

    def remaining(self) -> float:
        return max(0.0, self.end - time.monotonic())

    def used(self) -> float:
        return time.monotonic() - self.started

    def share(self, weight: float, weights_left: float) -> float:
        """This step's part of what is left, in proportion to its weight."""
        return self.remaining() * weight / max(weights_left, weight)

    def stop(self, reason: str) -> None:
        if not self.cut_short:
            self.cut_short = reason
