"""Test inputs that only running the test code reveals: asserts in loops over random inputs.

Some `check(candidate)` functions draw their inputs as they go (HumanEval/32, /38 and /50 each check a hundred
random inputs in a `for` loop), so `ast` cannot read them (asserts.py). They are run instead, in a sandboxed
session, with the reference as the candidate behind a recorder: every call's inputs are kept, and become test
cases whose expected output is the reference's. The reference passes its own test, so what the loop asserts
holds for those outputs; where the loop checks a property rather than one output (HumanEval/32 accepts any
root), the task's judge says so (evalplus_tasks.judge_mode). The test code never runs in the evaluator.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..sandbox import CallStatus, Launcher, Limits, Session

RECORDER = "__codeeval_recorded_calls"
MAX_RECORDED = 1_000  # calls kept from one test (HumanEval's loops make 100)
RECORDING_TIMEOUT_S = 30.0  # the whole test, every call of the reference in it included


def reference_limits(time_per_call_s: float) -> Limits:
    """The limits a reference runs under at import: its test's calls, or the test itself."""
    return Limits(time_per_call_s=time_per_call_s, memory_mb=1024, cpu_s=600)


class RecordingError(ValueError):
    """The test code could not be run with the reference; the message says why."""


@dataclass(frozen=True)
class RecordedCall:
    args: list
    kwargs: dict


def recorder_source(reference: str, test_code: str, entry_point: str, function: str = "check") -> str:
    """The reference, the test code, and a function that runs the test with a recording candidate."""
    return (
        f"{reference}\n\n{test_code}\n\n"
        f"def {RECORDER}():\n"
        "    import copy\n"
        "    calls = []\n"
        "    def candidate(*args, **kwargs):\n"
        f"        if len(calls) < {MAX_RECORDED}:\n"
        "            calls.append([copy.deepcopy(list(args)), copy.deepcopy(kwargs)])\n"
        f"        return {entry_point}(*args, **kwargs)\n"
        f"    {function}(candidate)\n"
        "    return calls\n"
    )


def recorded_calls(
    reference: str, test_code: str, entry_point: str, name: str, launcher: Launcher
) -> list[RecordedCall]:
    """The inputs the test gives its candidate, in order, when the candidate is the reference; raises
    RecordingError when the test does not run to its end (it fails for the reference, or cannot load)."""
    source = recorder_source(reference, test_code, entry_point)
    with Session(source, RECORDER, f"{name}#test", reference_limits(RECORDING_TIMEOUT_S), launcher=launcher) as session:
        loaded = session.load()
        if not loaded.ok:
            raise RecordingError(f"the test code does not load beside the reference: {loaded.describe()[:200]}")
        outcome = session.call([], {}, timeout=RECORDING_TIMEOUT_S)
    if outcome.status != CallStatus.RETURNED:
        raise RecordingError(f"the test, run with the reference as its candidate, {outcome.describe()[:200]}")
    calls = outcome.value
    if not isinstance(calls, list) or not all(_call_shape(call) for call in calls):
        raise RecordingError("the test's calls could not be read back from the sandbox")
    return [RecordedCall(list(args), dict(kwargs)) for args, kwargs in calls]


def _call_shape(call: object) -> bool:
    return isinstance(call, list) and len(call) == 2 and isinstance(call[0], list) and isinstance(call[1], dict)
