"""One generated suite per problem context, built on first use and shared by every evaluation.

Keyed by the context's reference oracle (one per `ProblemContext`), so the
runner's many solutions of one problem are judged on the same inputs, and the
guarded reference session is closed when the context closes.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any

from ..judging.case_runner import Deadline
from ..judging.oracle import Oracle
from ..problem.definition import Case, Problem
from ..sandbox import Launcher, Limits
from .frozen_suites import FrozenSuites
from .suite import GeneratedCase, GuardedReference, Suite, build_suite

MIN_BUDGET_S = 0.5


class GenerationState:
    """One problem's generated suite and guarded reference, made once and shared by its solutions."""

    def __init__(self, problem: Problem, limits: Limits, launcher: Launcher, frozen: FrozenSuites | None = None):
        self.problem = problem
        self.limits = limits
        self.launcher = launcher
        self.frozen = frozen
        self.guard: GuardedReference | None = None
        self._suite: Suite | None = None
        self._meta: dict[int, GeneratedCase] = {}
        self._lock = threading.Lock()

    def suite(self, deadline: Deadline | None = None) -> Suite:
        with self._lock:
            if self._suite is None:
                budget = self.problem.edge_cases.generate.time_budget_s
                if deadline is not None:
                    budget = max(MIN_BUDGET_S, min(budget, deadline.remaining() / 3))
                self._suite, self.guard = build_suite(
                    self.problem, self.limits, self.launcher, budget_s=budget, frozen=self.frozen
                )
                self._meta = {id(g.case): g for g in self._suite.cases}
            return self._suite

    def meta(self, case: Case) -> GeneratedCase | None:
        return self._meta.get(id(case))

    def close(self) -> None:
        if self.guard is not None:
            self.guard.close()


_STATES: weakref.WeakKeyDictionary[Any, GenerationState] = weakref.WeakKeyDictionary()
_STATES_LOCK = threading.Lock()


def state_for(problem: Problem, oracle: Oracle, frozen: FrozenSuites | None = None) -> GenerationState:
    """The generation state of the context `oracle` belongs to (created on first use).

    `frozen`: where deterministic mode keeps suites (see frozen_suites.py); it applies to a state being created.
    """
    with _STATES_LOCK:
        state = _STATES.get(oracle)
        if state is None or state.problem is not problem:
            state = GenerationState(problem, oracle.limits, oracle.launcher, frozen)
            _STATES[oracle] = state
            if hasattr(oracle, "on_close"):
                oracle.on_close(state.close)
        return state
