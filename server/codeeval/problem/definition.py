"""The in-memory form of a problem file. Plain data: nothing here executes code."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from ..base.capabilities import SandboxRequest
from ..base.catalog import CaseOrigin, ProblemKind, default_weights
from ..base.display import short_repr
from .program_definition import ProgramSpec
from .stored_inputs import StoredInputs
from .suite_tests import collect_tests
from .test_suite_definition import TestSuiteSpec
from .visual_definition import VisualSpec


class _Missing:
    """Marks a case whose expected output is to be computed by the reference."""

    def __repr__(self) -> str:
        return "MISSING"

    def __reduce__(self) -> str:
        # Pickled by name, so a problem sent to another process (a Ray task) still holds *the* MISSING:
        # code asks `expected is MISSING`, and a copy would pass for an expected value.
        return "MISSING"


MISSING: Any = _Missing()


def safe_name(name: str) -> str:
    """A problem name as a file or folder name: `HumanEval/0` -> `HumanEval_0`."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._") or "problem"


def call_target(entry_point: str) -> str:
    """How a call of the entry point is written: `f`, or `Solution().twoSum` for a class's method."""
    owner, dot, method = entry_point.partition(".")
    return f"{owner}().{method}" if dot else entry_point


@dataclass(frozen=True)
class Call:
    """One method call on an object built from a case's `args`/`kwargs`."""

    method: str
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)


@dataclass
class Case:
    """One input to the entry point and what should come of it."""

    args: list = field(default_factory=list)
    kwargs: dict = field(default_factory=dict)
    calls: list[Call] | None = None
    expected: Any = MISSING
    raises: str | None = None
    name: str | None = None
    line: int | None = None  # where the case starts in the problem file
    origin: CaseOrigin = CaseOrigin.TEST
    stdin: bool = False  # a program's test: its one argument is the text given on standard input

    @property
    def has_expectation(self) -> bool:
        return self.raises is not None or self.expected is not MISSING

    def call_triples(self) -> list | None:
        """The calls in the shape the sandbox takes: (method, args, kwargs)."""
        if self.calls is None:
            return None
        return [(c.method, list(c.args), dict(c.kwargs)) for c in self.calls]

    def label(self, index: int) -> str:
        return self.name or f"#{index + 1}"

    def input_text(self, entry_point: str, limit: int = 300) -> str:
        """The call as a reader would write it: `f([1, 2], key=3)`; a program's test, the input itself."""
        if self.stdin:
            text = str(self.args[0])
        else:
            text = f"{call_target(entry_point)}({_arguments(self.args, self.kwargs, limit)})"
        if self.calls is not None:
            steps = "; ".join(f".{c.method}({_arguments(c.args, c.kwargs, limit)})" for c in self.calls)
            text = f"{text}; {steps}"
        return text if len(text) <= limit else text[: limit - 3] + "..."


def _arguments(args: Any, kwargs: dict[str, Any], limit: int) -> str:
    """`1, [2], key=3` (short_repr: an int past the 4300-digit conversion limit makes repr raise)."""
    return ", ".join([short_repr(a, limit) for a in args] + [f"{k}={short_repr(v, limit)}" for k, v in kwargs.items()])


CompareMode = Literal["exact", "unordered", "set", "not_none", "root"]
Equality = Literal["structural", "python", "evalplus"]
COMPARE_MODES: tuple[CompareMode, ...] = ("exact", "unordered", "set", "not_none", "root")
EQUALITIES: tuple[Equality, ...] = ("structural", "python", "evalplus")


Choice = TypeVar("Choice", bound=str)


def one_of(value: object, allowed: tuple[Choice, ...]) -> Choice:
    """`value` as one of the allowed literals (the schema has checked it; this tells the type checker)."""
    for item in allowed:
        if item == value:
            return item
    raise ValueError(f"{value!r} is not one of {', '.join(allowed)}")


@dataclass(frozen=True)
class Compare:
    """How a solution's output is judged against the expected one (docs/problem-format.md#comparing-outputs)."""

    mode: CompareMode = "exact"  # what is compared: the values, their elements in any order, their distinct elements...
    float_tolerance: float | None = None
    equality: Equality = "structural"  # which values are equal: codeeval's rule, Python's ==, or EvalPlus's
    relative_tolerance: float | None = None  # math.isclose's rel_tol
    also_accept: tuple = ()  # outputs right whatever the input (EvalPlus accepts 0 from Mbpp/295's sum_div)


@dataclass(frozen=True)
class ProblemLimits:
    time_per_call_s: float = 2.0
    memory_mb: int = 512
    total_time_s: float = 120.0


@dataclass
class GenerateSpec:
    """Settings for generated edge cases (inputs built from the signature, reference as oracle)."""

    enabled: bool = True
    max_examples: int = 200
    seed: int = 0
    time_budget_s: float = 5.0
    strategies: dict[str, str] = field(default_factory=dict)
    preconditions: list[str] = field(default_factory=list)


@dataclass
class EdgeCaseSpec:
    cases: list[Case] = field(default_factory=list)
    generate: GenerateSpec = field(default_factory=GenerateSpec)


@dataclass
class PerformanceSpec:
    sizes: list[int]
    input: str
    iterations: int = 10
    tolerance: float = 1.25
    complexity: str | None = None
    seed: int = 0
    line: int | None = None


@dataclass
class Problem:
    name: str
    summary: str
    entry_point: str
    reference: str
    tests: list[Case]
    extended_tests: list[Case] = field(default_factory=list)  # a benchmark's extra inputs (EvalPlus's plus tier)
    extended_inputs: StoredInputs | None = None  # more of them, inputs only: the reference's outputs are expected
    compare: Compare = field(default_factory=Compare)
    limits: ProblemLimits = field(default_factory=ProblemLimits)
    weights: dict[str, float] = field(default_factory=default_weights)  # the defaults, with the file's overrides
    edge_cases: EdgeCaseSpec = field(default_factory=EdgeCaseSpec)
    performance: PerformanceSpec | None = None
    quality: dict[str, Any] = field(default_factory=dict)
    prompt: str | None = None
    samples: dict[str, dict[str, Any]] = field(default_factory=dict)  # bundled samples' flaw and complexity
    path: str | None = None
    reference_line: int | None = None  # line of the reference's first source line in the file
    kind: ProblemKind = ProblemKind.FUNCTION
    visual: VisualSpec | None = None  # plot and web-page problems (kind is not FUNCTION)
    program: ProgramSpec | None = None  # stdin/stdout program problems (kind PROGRAM)
    prelude: str = ""  # run before the solution and the reference in their namespace (LiveCodeBench's imports)
    test_suite: TestSuiteSpec | None = None  # unittest/pytest-style tests that judge the solution themselves
    sandbox: SandboxRequest = field(default_factory=SandboxRequest)  # processes, loopback: `sandbox:`

    @property
    def load_prelude(self) -> str:
        """The prelude the worker runs once at load, before the solution: a program's runs inside its adapter,
        before every run of the script (sandbox/program_adapter.py), so none at load."""
        return self.prelude if self.program is None else ""

    @property
    def test_count(self) -> int:
        """Its tests and its suite's tests: every case correctness counts."""
        return len(self.tests) + (len(collect_tests(self.test_suite.source).names) if self.test_suite else 0)

    @property
    def reference_filename(self) -> str:
        return f"{self.path or self.name}#reference"
