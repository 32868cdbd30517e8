"""A problem's custom checker (`check(input, expected, output)`) judging program outputs, in the sandbox.

The checker is the problem's text, perhaps imported from a dataset, so it never runs in our process: it gets a
sandboxed worker of its own (never the candidate's, which must not see an expected output), loaded once per
evaluation, and each output to judge is one call of `check`, the calls sent in batches (`Session.call_each`).

What `check` returns decides: True, or a number equal to 1, accepts the output; False, or a number in
[0, 1), rejects it (a fraction is shown, and counts as a rejection: a test is passed or not, so pass@k and
binary rewards mean what they say, and the share of tests passed is already the partial credit). Anything
else is not a verdict but a **checker error**, the problem's fault and not the solution's: the checker did
not load, raised, returned something else (None, "yes", 2, NaN), timed out or killed its worker. The first
time-out or crash ends the checking (a checker that hangs would cost the time limit once per test): the
outputs left are checker errors saying so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, replace

from ..base.display import short_repr
from ..problem.definition import Problem
from ..problem.program_definition import CHECK_FUNCTION, Checker, CheckerSpec
from ..sandbox import CallInput, CallOutcome, CallStatus, Launcher, Limits, LoadOutcome, Session

CHECKER_TIME_FLOOR_S = 2.0  # the least a check call gets, however short the solution's limit
SHOWN_CHARS = 200  # of what the checker returned or raised
TRACEBACK_LINES = 12


@dataclass(frozen=True)
class CheckerCall:
    """One output to judge: the test's input, its expected output and the program's output."""

    input: str
    expected: str
    output: str


@dataclass(frozen=True)
class CheckerVerdict:
    """What the checker said of one output: accepted or not; or, with `error`, that it gave no verdict."""

    accepted: bool
    said: str = ""  # what `check` returned, as shown ("False", "0.5")
    error: str = ""  # why there is no verdict (a checker error: the problem's fault); empty when there is one
    traceback: str = ""  # the checker's, when it raised


def checker_limits(solution_limits: Limits) -> Limits:
    """The checker's limits: the solution's, and at least CHECKER_TIME_FLOOR_S a call."""
    return replace(solution_limits, time_per_call_s=max(solution_limits.time_per_call_s, CHECKER_TIME_FLOOR_S))


class CustomChecker:
    """A custom checker loaded in its own sandboxed worker. Use as a context manager; the worker starts on
    the first `load` or `verdicts` and is killed on `close`."""

    def __init__(self, spec: CheckerSpec, filename: str, limits: Limits, launcher: Launcher):
        self.spec = spec
        self.session = Session(spec.source, CHECK_FUNCTION, filename, checker_limits(limits), launcher=launcher)
        self._load: LoadOutcome | None = None

    @classmethod
    def of_problem(cls, problem: Problem, limits: Limits, launcher: Launcher) -> CustomChecker:
        """The custom checker of a program problem, its tracebacks naming the problem's file."""
        assert problem.program is not None and problem.program.checker.kind is Checker.CUSTOM
        return cls(problem.program.checker, f"{problem.path or problem.name}#checker", limits, launcher)

    def __enter__(self) -> CustomChecker:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self.session.close()

    def load(self) -> LoadOutcome:
        """Load the checker (once): whether it imported and defined `check`."""
        if self._load is None:
            self._load = self.session.load()
        return self._load

    def load_failure(self) -> str:
        """Why the checker did not load ("" when it loaded), with the line in the problem file when known."""
        load = self.load()
        if load.ok:
            return ""
        line = self.failure_line()
        where = f" (line {line} of the problem file)" if line is not None and self._failing_line() else ""
        return f"the checker did not load: {load.describe()}{where}"

    def failure_line(self) -> int | None:
        """The problem file's line of a load failure: the failing line when known, else the checker's first."""
        first = self.spec.source_line
        line = self._failing_line()
        return first if first is None or line is None else first + line - 1

    def _failing_line(self) -> int | None:
        """The checker's line a load failed at: a syntax error's, or the deepest frame of the checker's own in
        the traceback of an exception raised while it loaded."""
        if self._load is None or self._load.ok:
            return None
        if self._load.lineno is not None:
            return self._load.lineno
        frames = re.findall(rf'File "{re.escape(self.session.filename)}", line (\d+)', self._load.traceback)
        return int(frames[-1]) if frames else None

    def verdicts(self, calls: Sequence[CheckerCall]) -> list[CheckerVerdict]:
        """The checker's verdict on each output, in order (a checker error for each it could not judge)."""
        if not calls:
            return []
        failure = self.load_failure()
        if failure:
            return [CheckerVerdict(False, error=failure)] * len(calls)
        verdicts: list[CheckerVerdict] = []
        inputs = [CallInput([call.input, call.expected, call.output]) for call in calls]
        with closing(self.session.call_each(inputs)) as outcomes:
            for outcome in outcomes:
                verdicts.append(_verdict(outcome))
                if outcome.status in (CallStatus.TIMEOUT, CallStatus.CRASHED):
                    break
        if len(verdicts) < len(calls):
            stopped = f"not checked: the checker failed on an earlier test ({verdicts[-1].error})"
            verdicts += [CheckerVerdict(False, error=stopped)] * (len(calls) - len(verdicts))
        return verdicts


def _verdict(outcome: CallOutcome) -> CheckerVerdict:
    """One call's verdict: a bool or a number in [0, 1] from `check`; anything else a checker error."""
    if outcome.status is CallStatus.RAISED:
        raised = f"the checker raised {outcome.exc_type}" + (f": {outcome.message}" if outcome.message else "")
        return CheckerVerdict(False, error=_shortened(raised), traceback=_tail(outcome.traceback))
    if outcome.status is not CallStatus.RETURNED:
        return CheckerVerdict(False, error=_shortened(f"the checker gave no verdict: {outcome.describe()}"))
    value = outcome.value
    if isinstance(value, bool):
        return CheckerVerdict(value, said=str(value))
    if isinstance(value, (int, float)) and 0 <= value <= 1:  # NaN compares false: an error, as infinity is
        return CheckerVerdict(value == 1, said=short_repr(value, SHOWN_CHARS))
    returned = short_repr(value, SHOWN_CHARS)
    return CheckerVerdict(False, error=f"the checker returned {returned}, not True, False or a number in [0, 1]")


def _shortened(text: str) -> str:
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def _tail(traceback: str) -> str:
    return "\n".join(traceback.rstrip().splitlines()[-TRACEBACK_LINES:])
