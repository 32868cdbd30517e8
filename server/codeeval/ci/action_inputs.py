"""The action's inputs, read from the environment the action's steps set (`INPUT_<NAME>`, hyphens as `_`).

Each input of action.yml has a field here; a bad value is an error naming the
input, raised before anything runs.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from ..base.catalog import names as dimension_names
from ..base.errors import CodeevalError
from ..base.findings import NO_THRESHOLD, THRESHOLDS, Severity, threshold_of
from ..diff import DEFAULT_THRESHOLD


class InputError(CodeevalError):
    """An action input has a value we cannot use."""


class Mode(Enum):
    """What the action evaluates, decided by which inputs are given."""

    SUITE = "suite"  # problems with a folder of solution files
    SAMPLES = "samples"  # problems with samples JSONL files (a model's answers)
    QUALITY = "quality"  # code quality of Python files only; nothing is executed


@dataclass(frozen=True)
class ActionInputs:
    """Every input of action.yml, validated (see docs/ci.md for what each means)."""

    problems: str | None
    solutions: str | None
    samples: tuple[str, ...]
    check: tuple[str, ...]
    weights: str | None
    skip: tuple[str, ...]
    deterministic: bool
    jobs: int | None
    min_score: float | None
    fail_on: Severity | None  # None: no finding fails the run (`fail-on: none`)
    fail_on_regression: bool
    threshold: float
    compare_base: bool
    annotate: bool
    review: bool  # on a pull request, `codeeval review` of its changes against the base commit
    output_dir: str
    artifact_name: str | None
    badge_name: str
    badge_label: str
    comment_id: str

    @property
    def mode(self) -> Mode:
        """Problems with solutions, problems with samples, or quality only."""
        if self.problems is None:
            return Mode.QUALITY
        return Mode.SAMPLES if self.samples else Mode.SUITE

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> ActionInputs:
        """The inputs from INPUT_* variables; InputError names the first bad one."""
        reader = _Reader(os.environ if environ is None else environ)
        inputs = cls(
            problems=reader.text("problems"),
            solutions=reader.text("solutions"),
            samples=reader.words("samples"),
            check=reader.words("check"),
            weights=reader.text("weights"),
            skip=reader.choices("skip", dimension_names()),
            deterministic=reader.flag("deterministic", False),
            jobs=reader.positive_int("jobs"),
            min_score=reader.number("min-score", 0, 100),
            fail_on=threshold_of(reader.choice("fail-on", THRESHOLDS, NO_THRESHOLD)),
            fail_on_regression=reader.flag("fail-on-regression", False),
            threshold=reader.number_or("threshold", 0, 100, DEFAULT_THRESHOLD),
            compare_base=reader.flag("compare-base", True),
            annotate=reader.flag("annotate", True),
            review=reader.flag("review", True),
            output_dir=reader.text("output-dir") or "codeeval-reports",
            artifact_name=reader.text("artifact-name"),
            badge_name=reader.file_name("badge-name", "codeeval"),
            badge_label=reader.text("badge-label") or "codeeval",
            comment_id=reader.text("comment-id") or "codeeval",
        )
        inputs._check_combination()
        return inputs

    def _check_combination(self) -> None:
        if self.problems is None:
            if self.solutions or self.samples:
                raise InputError(
                    "`solutions` and `samples` need `problems` (the folder of problem files)", "action input `problems`"
                )
            if not self.check:
                raise InputError(
                    "nothing to do: give `problems` with `solutions` or `samples`, or `check` "
                    "(Python files or folders for quality checks only)",
                    "action input `problems`",
                )
        elif bool(self.solutions) == bool(self.samples):
            raise InputError(
                "give exactly one of `solutions` (a folder of <problem>/*.py) and `samples` (JSONL files)",
                "action input `solutions`",
            )


def input_variable(name: str) -> str:
    """The environment variable action.yml passes an input in: `fail-on` -> INPUT_FAIL_ON."""
    return "INPUT_" + name.upper().replace("-", "_")


class _Reader:
    """Reads and validates single inputs; empty means "not given"."""

    def __init__(self, environ: Mapping[str, str]):
        self.environ = environ

    def text(self, name: str) -> str | None:
        return self.environ.get(input_variable(name), "").strip() or None

    def words(self, name: str) -> tuple[str, ...]:
        """Several values: one per line, or on one line separated by spaces."""
        lines = [line.strip() for line in self.environ.get(input_variable(name), "").splitlines() if line.strip()]
        return tuple(lines[0].split()) if len(lines) == 1 else tuple(lines)

    def flag(self, name: str, default: bool) -> bool:
        value = (self.text(name) or "").lower()
        if not value:
            return default
        if value in ("true", "false"):
            return value == "true"
        raise InputError(f"expected true or false, got {value!r}", f"action input `{name}`")

    def choice(self, name: str, allowed: tuple[str, ...], default: str) -> str:
        value = (self.text(name) or default).lower()
        if value not in allowed:
            raise InputError(f"expected one of {', '.join(allowed)}, got {value!r}", f"action input `{name}`")
        return value

    def choices(self, name: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
        values = tuple(part for part in (self.text(name) or "").replace(",", " ").split())
        unknown = [value for value in values if value not in allowed]
        if unknown:
            raise InputError(f"unknown {', '.join(unknown)} (known: {', '.join(allowed)})", f"action input `{name}`")
        return values

    def number_or(self, name: str, low: float, high: float, default: float) -> float:
        number = self.number(name, low, high)
        return default if number is None else number

    def number(self, name: str, low: float, high: float) -> float | None:
        value = self.text(name)
        if value is None:
            return None
        try:
            number = float(value)
        except ValueError:
            raise InputError(f"not a number: {value!r}", f"action input `{name}`") from None
        if not low <= number <= high:
            raise InputError(f"must be between {low:g} and {high:g}, got {number:g}", f"action input `{name}`")
        return number

    def positive_int(self, name: str) -> int | None:
        value = self.text(name)
        if value is None:
            return None
        if not value.isdigit() or int(value) < 1:
            raise InputError(f"expected a whole number of at least 1, got {value!r}", f"action input `{name}`")
        return int(value)

    def file_name(self, name: str, default: str) -> str:
        value = self.text(name) or default
        if "/" in value or value.startswith("."):
            raise InputError(f"a plain file name without folders, got {value!r}", f"action input `{name}`")
        return value
