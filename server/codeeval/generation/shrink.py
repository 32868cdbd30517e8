"""Shrinking a failing input to a minimal one, deterministically and on a budget.

The shrinker works on the value structure (see `value_types.ValueType.shrink`): it tries
simpler candidates in a fixed order and moves to the first one that still
fails the same way, until no candidate does or the budget is spent. Only moves
to a strictly simpler value (`values.simplicity_key`) are taken, so it always
ends. A candidate counts only when the preconditions hold and the reference
returns on it; "fails the same way" means the same verdict (and, for a raised
exception, the same exception type).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .values import simplicity_key, value_key

DEFAULT_MAX_ATTEMPTS = 150
DEFAULT_MAX_SECONDS = 3.0


@dataclass
class Shrunk:
    """The smallest value shrinking reached, and how much work it took."""

    value: Any
    data: Any  # whatever the predicate returned for the final value
    steps: int  # accepted simplifications
    attempts: int  # candidates run
    exhausted: bool  # True when the budget ran out before a fixed point


def shrink(
    start: Any,
    start_data: Any,
    candidates: Callable[[Any], Any],
    still_fails: Callable[[Any], Any],
    max_attempts: int = DEFAULT_MAX_ATTEMPTS,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    should_stop: Callable[[], bool] | None = None,
) -> Shrunk:
    """Greedy shrinking: `candidates(v)` yields simpler values; `still_fails(v)` returns data, or None."""
    current, data = start, start_data
    current_key = simplicity_key(current)
    tried: set[str] = {value_key(current)}
    steps = attempts = 0
    ends = time.monotonic() + max_seconds
    while True:
        moved = False
        for candidate in candidates(current):
            if attempts >= max_attempts or time.monotonic() > ends or (should_stop and should_stop()):
                return Shrunk(current, data, steps, attempts, exhausted=True)
            key = value_key(candidate)
            if key in tried:
                continue
            tried.add(key)
            candidate_key = simplicity_key(candidate)
            if candidate_key >= current_key:
                continue
            attempts += 1
            result = still_fails(candidate)
            if result is not None:
                current, data, current_key = candidate, result, candidate_key
                steps += 1
                moved = True
                break
        if not moved:
            return Shrunk(current, data, steps, attempts, exhausted=False)
