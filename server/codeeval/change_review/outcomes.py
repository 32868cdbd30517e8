"""Two versions' outcomes on one input, judged in the parent on decoded values (judging/compare)."""

from __future__ import annotations

from typing import Any

from ..base.display import short_repr
from ..judging.compare import python_equal, values_equal
from ..sandbox import CallOutcome, CallStatus
from .report import FindingKind

ROUNDING_TOLERANCE = 1e-9  # outputs this close (relative) differ in float rounding only
SHOWN_CHARS = 200
LIMIT_ERRORS = frozenset({"MemoryError", "RecursionError"})


def observed(value: Any) -> tuple[Any, Any]:
    """(what the function returned, its arguments after the call) from the observing entry's reply."""
    if isinstance(value, list) and len(value) == 3:
        arguments = value[1] + ([value[2]] if value[2] else [])
        return value[0], arguments
    return value, None


def describe(outcome: CallOutcome) -> str:
    """What a version did, as the finding says it: `returns [1, 2]`, `raises ValueError`, `times out`."""
    if outcome.status == CallStatus.RETURNED:
        return f"returns {short_repr(observed(outcome.value)[0], SHOWN_CHARS)}"
    if outcome.status == CallStatus.RAISED:
        return f"raises {outcome.exc_type}"
    if outcome.status == CallStatus.TIMEOUT:
        return "times out"
    if outcome.status == CallStatus.CRASHED:
        return "crashes the worker"
    return str(outcome.status)


def describe_pair(base: CallOutcome, new: CallOutcome) -> tuple[str, str]:
    """Both versions' outcomes in words; where they returned the same value, how they left the arguments."""
    if base.returned and new.returned:
        (base_result, base_arguments), (new_result, new_arguments) = observed(base.value), observed(new.value)
        if python_equal(new_result, base_result) and not python_equal(new_arguments, base_arguments):
            returned = f"returns {short_repr(base_result, SHOWN_CHARS)}"
            return (
                f"{returned} and leaves its arguments as {short_repr(base_arguments, SHOWN_CHARS)}",
                f"leaves them as {short_repr(new_arguments, SHOWN_CHARS)}",
            )
    return describe(base), describe(new)


def hit_a_limit(outcome: CallOutcome) -> bool:
    """A time-out, a dead worker, or running out of memory or stack: the sandbox's limits, not an answer."""
    if outcome.status in (CallStatus.TIMEOUT, CallStatus.CRASHED):
        return True
    return outcome.status == CallStatus.RAISED and outcome.exc_type in LIMIT_ERRORS


def difference(base: CallOutcome, new: CallOutcome) -> FindingKind | None:
    """None when the two behave alike; otherwise what kind of difference it is. Where the base hit a limit
    there is no answer to hold the new version to; where only the new one did, it is a change (a hang)."""
    if hit_a_limit(base):
        return None
    if hit_a_limit(new):
        return FindingKind.BEHAVIOUR
    if base.status != new.status:
        return FindingKind.BEHAVIOUR
    if base.status == CallStatus.RETURNED:
        return _value_difference(base.value, new.value)
    if base.status == CallStatus.RAISED:
        return None if base.exc_type == new.exc_type else FindingKind.BEHAVIOUR
    return None  # both timed out, crashed or failed to encode: nothing to tell them apart by


def _value_difference(base: object, new: object) -> FindingKind | None:
    if python_equal(new, base):
        return None
    if type(new) is type(base) and values_equal(new, base):
        return None  # NaN where NaN was, compared by structure
    if type(new) is type(base) and values_equal(new, base, tolerance=ROUNDING_TOLERANCE):
        return FindingKind.ROUNDING
    return FindingKind.BEHAVIOUR


def same_run(first: CallOutcome, second: CallOutcome) -> bool:
    """Whether two runs of one version on one input agree (a disagreement: it depends on more than its input)."""
    return difference(first, second) is None
