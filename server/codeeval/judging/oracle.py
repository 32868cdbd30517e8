"""The reference solution as oracle: what it returns (or raises) on an input is the expectation.

Its answers are cached per problem, so evaluating many solutions of one
problem runs the reference once per input. An input on which the reference
times out or crashes has no expectation and is discarded.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..base.display import short_repr
from ..problem.definition import Case, Problem
from ..sandbox import CallStatus, Launcher, Limits, Session
from .case_runner import Expectation

T = TypeVar("T")


@dataclass
class OracleAnswer:
    expectation: Expectation | None  # None: the reference itself failed, so the input is discarded
    duration_s: float | None
    note: str = ""


def case_key(case: Case) -> str:
    return short_repr((case.args, sorted(case.kwargs.items()), case.call_triples()), limit=1_000_000)


def reference_session(problem: Problem, limits: Limits, launcher: Launcher) -> Session:
    """A session of the problem's reference (after its prelude, as every solution of it runs), not yet loaded."""
    return Session(
        problem.reference,
        problem.entry_point,
        problem.reference_filename,
        limits,
        launcher=launcher,
        prelude=problem.load_prelude,
    )


class Oracle:
    """Runs the reference in its own sandboxed session, lazily, and remembers its answers."""

    def __init__(self, problem: Problem, limits: Limits, launcher: Launcher):
        self.problem = problem
        self.limits = limits
        self.launcher = launcher
        self._session: Session | None = None
        self._answers: dict[str, OracleAnswer] = {}
        self._lock = threading.Lock()
        self._on_close: list[Callable[[], object]] = []
        self._remembered: dict[str, Any] = {}
        self._remembering = threading.Lock()  # apart from `_lock`: computing one may ask the oracle for answers

    def on_close(self, callback: Callable[[], object]) -> None:
        """Run `callback` when the oracle closes (generated edge cases keep a guarded reference session)."""
        self._on_close.append(callback)

    def remembered(self, name: str, compute: Callable[[], T]) -> T:
        """`compute()`'s value, computed once per problem context however many solutions' threads ask."""
        with self._remembering:
            if name not in self._remembered:
                self._remembered[name] = compute()
            return self._remembered[name]

    def session(self) -> Session:
        if self._session is None:
            self._session = reference_session(self.problem, self.limits, self.launcher)
        return self._session

    def answer(self, case: Case) -> OracleAnswer:
        key = case_key(case)
        with self._lock:
            cached = self._answers.get(key)
            if cached is not None:
                return cached
            outcome = self.session().call(case.args, case.kwargs, case.call_triples())
            if outcome.status == CallStatus.RETURNED:
                answer = OracleAnswer(Expectation(value=outcome.value), outcome.duration_s)
            elif outcome.status == CallStatus.RAISED:
                answer = OracleAnswer(Expectation(raises=outcome.exc_type), outcome.duration_s)
            else:
                answer = OracleAnswer(None, outcome.duration_s, note=f"reference {outcome.describe()}")
            self._answers[key] = answer
            return answer

    def time_again(self, case: Case) -> float | None:
        """The reference's time on `case` asked once more, uncached (None: it did not return this time)."""
        with self._lock:
            outcome = self.session().call(case.args, case.kwargs, case.call_triples())
        return outcome.duration_s if outcome.status == CallStatus.RETURNED else None

    def close(self) -> None:
        with self._lock:
            if self._session is not None:
                self._session.close()
                self._session = None
        for callback in list(self._on_close):
            callback()
