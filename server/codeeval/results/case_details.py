"""The correctness dimension's details, and the case records it shares with the edge-case dimension."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.catalog import CaseOrigin
from ..base.vocabulary import Vocabulary
from .result import OMITTED_WHEN_NONE, DetailRecord, DimensionDetails


class CaseVerdict(Vocabulary):
    """How one judged case came out. A call that failed in the sandbox (raised, timed out, crashed...) keeps
    its CallStatus word as its verdict."""

    PASSED = "passed"
    WRONG_OUTPUT = "wrong_output"
    WRONG_EXCEPTION = "wrong_exception"  # raised, but not the exception expected
    NO_EXCEPTION = "no_exception"  # returned where an exception was expected
    RAISED = "raised"  # raised where a value was expected
    TIMEOUT = "timeout"
    CRASHED = "crashed"
    UNENCODABLE = "unencodable"  # returned a value that cannot be sent back to be compared
    NOT_LOADED = "not_loaded"
    ERROR = "error"  # the worker's answer was not a reply to the call: a harness error
    SKIPPED = "skipped"  # not run: the evaluation's time budget ran out
    # A stdin/stdout program's own verdicts (the others it shares: timeout, crashed, not_loaded, skipped).
    WRONG_ANSWER = "wrong_answer"  # its output differs from the expected output (the checker's first difference)
    RUNTIME_ERROR = "runtime_error"  # it raised or exited with a non-zero status
    MEMORY_LIMIT = "memory_limit"  # it ran out of the memory the problem allows
    OUTPUT_LIMIT = "output_limit"  # it printed more than the problem allows
    CHECKER_ERROR = "checker_error"  # the problem's custom checker gave no verdict (raised...): not the program's fault
    FAILED = "failed"  # a test-suite test whose assertion failed (its other verdicts: error, skipped, timeout, crashed)


@dataclass(frozen=True)
class CaseRecord(DetailRecord):
    """One judged case as the reports show it (a failing test, a failing or timed-out edge case)."""

    case: str  # its label: "tests[2]", "edge_cases[0]", "generated[14]"
    input: str  # the call as text
    passed: bool
    verdict: CaseVerdict
    expected: str
    actual: str
    origin: CaseOrigin
    line: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)  # where the case is written in the problem file
    traceback: str | None = field(default=None, metadata=OMITTED_WHEN_NONE)


@dataclass(frozen=True)
class PassCounts(DetailRecord):
    """How many of a group of cases (a tier, an origin) passed."""

    passed: int
    total: int

    @property
    def all_passed(self) -> bool:
        return self.passed == self.total


@dataclass(frozen=True)
class CorrectnessDetails(DimensionDetails):
    """The tests passed, the failing ones, and each tier's count (`tiers`: {"base": ..., "extended": ...})."""

    passed: int
    total: int
    cases: tuple[CaseRecord, ...]
    tiers: dict[str, PassCounts] | None = field(default=None, metadata=OMITTED_WHEN_NONE)


@dataclass(frozen=True)
class LoadFailureDetails(DimensionDetails):
    """A dimension that runs the solution, when the solution did not load: why it did not."""

    load_error: str
