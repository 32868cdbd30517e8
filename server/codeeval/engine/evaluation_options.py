"""What a run may change about an evaluation, in a module of its own: the command line builds it without
importing the engine (whose dimensions pull in scipy), so a run whose results are all cached starts fast."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from ..base.calibration import NO_CALIBRATION, Calibration
from ..results.test_tiers import TestSelection

if TYPE_CHECKING:
    from ..sandbox.launcher import Launcher  # for the checker only: options are built without loading the sandbox

# "strict": refuse to run with any isolation layer missing (`--require-isolation`).
IsolationRequirement = Literal["strict"]


@dataclass
class EvaluationOptions:
    """How to run one evaluation: weights, limits and isolation that override the problem's, and the launcher."""

    weights: dict[str, float] | None = None  # overrides the problem's weights
    time_per_call_s: float | None = None
    memory_mb: int | None = None
    require_isolation: IsolationRequirement | None = None
    launcher: Launcher | None = None  # None: the strongest this machine has (sandbox.default_launcher)
    skip: tuple[str, ...] = ()  # dimensions not to run (reported as not applicable)
    deterministic: bool = False  # performance counts bytecode instructions instead of timing (same result every run)
    tests: TestSelection = TestSelection.BASE  # base: the problem's tests; plus: and its extended tests too
    stop_at_first_failure: bool = False  # correctness runs no test after a failing one (binary rewards)
    extra: dict[str, Any] = field(default_factory=dict)  # options for individual dimensions
    calibration: Calibration = NO_CALIBRATION  # people's decisions on findings (decisions/), moving confidence
