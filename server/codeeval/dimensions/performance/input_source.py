"""Where the performance dimension's inputs come from, and when the candidate's answer on one is accepted.

A function problem builds its inputs from its `performance.input` expression at each listed size
(`ExpressionInputs`); a stdin/stdout program is timed on its own largest tests (`ProgramTests`, in
dimensions/program_performance.py). The protocols (`timed`, `counted`) see only this interface.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from typing import Any

from ...judging.compare import outputs_match
from ...problem.definition import PerformanceSpec, Problem
from ...problem.inputs import BuiltInput, InputExpression


class InputSource(ABC):
    """The sizes to measure (smallest first), an input at each, and whether an answer on it is accepted."""

    spec: PerformanceSpec  # sizes, pairs wanted, tolerance
    resizable: bool = False  # inputs can be built at sizes not listed (counted mode halves n for the class fit)
    samples_comparable: bool = True  # a timed call's output can be judged without its input

    @property
    @abstractmethod
    def key(self) -> Hashable:
        """What identifies these inputs, for the reference's instruction counts kept between evaluations."""

    @abstractmethod
    def build(self, n: int, variant: int) -> BuiltInput:
        """The input at size `n`; `variant` picks one of a few draws where the source has more than one."""

    @abstractmethod
    def rejection(self, n: int, answer: Any, reference: Any, args: Sequence[Any] | None) -> str | None:
        """Why the candidate's `answer` at size `n` is not accepted, a sentence naming it ("the candidate's
        output ..."); None when it is. `reference` is the reference's answer on the same input, `args` the
        call's arguments when known."""

    def reference_rejection(self, n: int, answer: Any) -> str | None:
        """Why the reference's own answer at size `n` is not accepted, a sentence naming it ("the reference's
        output ..."); None when it is accepted, or is the oracle itself."""
        return None

    def test_name(self, n: int) -> str | None:
        """The test measured at size `n`, for sources made of named tests."""
        return None


class ExpressionInputs(InputSource):
    """A function problem's inputs: its `performance.input` expression built at each size with its seed."""

    resizable = True

    def __init__(self, problem: Problem, spec: PerformanceSpec):
        self.problem, self.spec = problem, spec
        self.expression = InputExpression(spec.input)
        # A `root` judgement needs the call's arguments, which a timed call's sample does not keep.
        self.samples_comparable = problem.compare.mode != "root"

    @property
    def key(self) -> Hashable:
        return ("expression", self.spec.input, self.spec.seed)

    def build(self, n: int, variant: int) -> BuiltInput:
        return self.expression.build(n, self.spec.seed, variant)

    def rejection(self, n: int, answer: Any, reference: Any, args: Sequence[Any] | None) -> str | None:
        if outputs_match(answer, reference, self.problem.compare, args or ()):
            return None
        return "the candidate's output differs from the reference's"
