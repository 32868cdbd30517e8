"""The performance dimension's details: each size measured, the classes fitted, the budget, the verdict."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.vocabulary import Vocabulary
from .result import OMITTED_WHEN_NONE, DetailRecord, DimensionDetails, json_key


class Measure(Vocabulary):
    """What a candidate-to-reference ratio is read from."""

    CPU = "cpu"  # CPU time, the default
    WALL = "wall"  # wall time: for a candidate whose work happens off its own CPU time (sleeping, helpers)
    INSTRUCTIONS = "instructions"  # bytecode instructions counted: deterministic mode


class ClassBasis(Vocabulary):
    """Which curve a solution's complexity class was read from."""

    INSTRUCTIONS = "instructions"  # the instruction counts
    TIME = "time"  # the time curve: no counts were taken
    HIDDEN_WORK = "time (work inside C functions)"  # time grew clearly faster than the counts


@dataclass(frozen=True)
class SizeRecord(DetailRecord):
    """One input size: both sides' medians (seconds, or instructions in deterministic mode) and the ratio."""

    n: int
    candidate_s: float | None  # None in deterministic mode: no seconds were measured
    reference_s: float | None
    wall_candidate_s: float | None
    wall_reference_s: float | None
    candidate_instructions: float | None
    reference_instructions: float | None
    ratio: float | None  # candidate / reference, the judged estimate
    ci95: tuple[float, float] | None
    pairs: int
    inner: tuple[int, int]  # calls per timed loop, candidate and reference
    judged_on: Measure
    unstable: bool
    rough: bool  # one pair only
    warnings: tuple[str, ...]
    failure: str  # why the candidate could not be measured here
    exceeded_ratio: float | None  # the least ratio a candidate that hit the limit implies
    reference_failure: str
    notes: tuple[str, ...]
    test: str | None = field(default=None, metadata=OMITTED_WHEN_NONE)  # a program's test (n: its input's bytes)


@dataclass(frozen=True, kw_only=True)
class FitRecord(DetailRecord):
    """The classes fitted to one curve: the chosen one, its relative error and R², every class's error."""

    best: str = field(metadata=json_key("class"))
    error: float
    r_squared: float | None
    errors: dict[str, float]


@dataclass(frozen=True, kw_only=True)
class ClassCallRecord(DetailRecord):
    """One side's class, from which curve, the classes not ruled out, and both fits."""

    best: str = field(metadata=json_key("class"))
    basis: ClassBasis
    not_ruled_out: tuple[str, ...]
    time: FitRecord | None
    instructions: FitRecord | None

    @property
    def basis_fit(self) -> FitRecord | None:
        """The fit the class was read from."""
        return self.instructions if self.basis is ClassBasis.INSTRUCTIONS else self.time


@dataclass(frozen=True)
class ComplexityRecord(DetailRecord):
    """Both classes and whether the candidate's is clearly worse (with the growth that shows it)."""

    candidate: str | None
    reference: str | None
    candidate_fit: ClassCallRecord | None
    reference_fit: ClassCallRecord | None
    worse: bool
    ratio_growth: float | None
    growth_needed: float | None
    projected_ratio: float | None
    reason: str


@dataclass(frozen=True)
class BudgetRecord(DetailRecord):
    """The time measuring was given and took, and why it stopped early (empty when it did not)."""

    budget_s: float
    used_s: float
    cut_short: str


@dataclass(frozen=True, kw_only=True)
class PerformanceDetails(DimensionDetails):
    """Every size measured; with the classes and the judged size's ratio once one could be judged."""

    tolerance: float
    clock: Measure  # CPU, or INSTRUCTIONS in deterministic mode
    deterministic: bool
    sizes: tuple[SizeRecord, ...]
    budget: BudgetRecord
    complexity: ComplexityRecord | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    ratio: float | None = field(default=None, metadata=OMITTED_WHEN_NONE)  # at the judged size
    ci95: tuple[float, float] | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    n: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    judged_on: Measure | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    unstable: bool | None = field(default=None, metadata=OMITTED_WHEN_NONE)

    @property
    def counts_instructions(self) -> bool:
        return self.clock is Measure.INSTRUCTIONS
