"""What every dimension is, and what it is given: the one interface the engine calls.

A dimension has a catalog entry (its name, titles and default weight), may
not apply to a problem (and says why), and turns one solution's run into a
`DimensionResult`. Skipping, and scoring 0 when the solution did not load,
are the engine's business, the same for every dimension.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from ..base.calibration import NO_CALIBRATION, Calibration
from ..base.catalog import DimensionInfo
from ..judging.case_runner import Deadline
from ..judging.oracle import Oracle
from ..problem.definition import Problem
from ..results.result import DimensionResult
from ..results.test_tiers import TestSelection
from ..sandbox import Session
from .performance.budget import Settings as PerformanceSettings

if TYPE_CHECKING:  # the generator (Hypothesis) is loaded only where edge cases run
    from ..generation.frozen_suites import FrozenSuites


@dataclass
class SolutionRun:
    """One solution of one problem, loaded in its sandbox session, and what its dimensions share."""

    problem: Problem
    source: str
    label: str  # the solution's name in reports (a path, or a sample's id)
    candidate: Session  # loaded (the engine does not call a dimension that runs the solution otherwise)
    oracle: Oracle  # the reference, shared by every solution of the problem
    deadline: Deadline  # the evaluation's overall time budget
    performance: PerformanceSettings
    frozen_suites: FrozenSuites | None = None  # deterministic mode: generated suites replayed, not rebuilt
    tests: TestSelection = TestSelection.BASE  # the problem's own tests, or those and its extended tier
    stop_at_first_failure: bool = False  # correctness skips the tests after a failing one (a binary reward)
    calibration: Calibration = NO_CALIBRATION  # people's decisions, moving findings' confidence (base/calibration.py)


RunT = TypeVar("RunT", contravariant=True)


class Dimension(ABC, Generic[RunT]):
    """A scored part of one kind of problem; `RunT` is what its evaluation is given (a function problem's
    dimensions get a SolutionRun, a plot's or page's parts the checks of one render: visual/part_dimensions.py)."""

    info: ClassVar[DimensionInfo]
    runs_solution: ClassVar[bool] = True  # False: judged from the source alone, even when it does not load

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def weight(self) -> float:
        return self.info.weight

    def applies_to(self, problem: Problem) -> str | None:
        """None when the dimension applies to the problem, else why not (shown as "not applicable: ...")."""
        return None

    @abstractmethod
    def evaluate(self, run: RunT) -> DimensionResult:
        """The verdict on one solution (called only when it applies, and for `runs_solution`, when it loaded)."""
