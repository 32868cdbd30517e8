"""What a stdin/stdout program problem adds to a Problem: how its output is judged, and its output limit.

Its tests are Cases with the test's input as the one argument and the expected output as `expected`;
`sandbox/program_adapter.py` runs the script as a call taking that input.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..base.vocabulary import Vocabulary
from ..sandbox.program_adapter import DEFAULT_OUTPUT_LIMIT_BYTES


class Checker(Vocabulary):
    """How a program's output is compared with the expected output (judging/output_checkers.py)."""

    EXACT = "exact"  # the same text, line endings normalised
    LINES = "lines"  # each line stripped, trailing blank lines ignored, line by line (LiveCodeBench)
    TOKENS = "tokens"  # whitespace-separated tokens; numbers within the tolerances (CodeContests)
    CASE_INSENSITIVE = "case_insensitive"  # tokens, letters in any case (yes / YES)
    UNORDERED_LINES = "unordered_lines"  # the same lines in any order
    UNORDERED_TOKENS = "unordered_tokens"  # the same tokens in any order


@dataclass(frozen=True)
class CheckerSpec:
    """A problem's checker and, for numbers, its tolerances."""

    kind: Checker = Checker.LINES
    abs_tol: float = 0.0
    rel_tol: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", Checker(self.kind))  # a plain word ("tokens") becomes its member
        for name in ("abs_tol", "rel_tol"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
                raise ValueError(f"checker {name} must be a finite number >= 0, not {value!r}")


@dataclass(frozen=True)
class ProgramSpec:
    """The program part of a problem: the checker and the most output a test may produce."""

    checker: CheckerSpec = field(default_factory=CheckerSpec)
    output_limit_bytes: int = DEFAULT_OUTPUT_LIMIT_BYTES
