"""Calls in batches (Session.call_each): the outcomes `call` gives one by one, each call under its own limit."""

from __future__ import annotations

import textwrap
import time
from contextlib import closing

from codeeval.sandbox import CallClock, CallInput, CallStatus, Limits, Session
from codeeval.sandbox import session as session_module
from codeeval.sandbox.child import wire
from codeeval.sandbox.session import BATCH_MAX_CALLS

SOLUTION = textwrap.dedent("""\
    import os
    import time

    def act(what, n=0):
        if what == "double":
            return 2 * n
        if what == "raise":
            raise ValueError(f"bad {n}")
        if what == "sleep":
            time.sleep(n)
            return "woke"
        if what == "hang":
            while True:
                pass
        if what == "exit":
            os._exit(3)
        if what == "pid":
            return os.getpid()
        return None
""")

LIMITS = Limits(time_per_call_s=0.5)


def each(session: Session, inputs: list[CallInput]) -> list:
    with closing(session.call_each(inputs)) as outcomes:
        return list(outcomes)


def test_a_batch_gives_what_calls_one_by_one_give_in_one_worker(launcher):
    inputs = [CallInput(["double", n]) for n in range(5)] + [
        CallInput(["raise", 7]),
        CallInput(["pid"]),
        CallInput(["double"], {"n": 21}),
    ]
    with Session(SOLUTION, "act", limits=LIMITS, launcher=launcher) as session:
        assert session.load().ok
        batched = each(session, inputs)
        alone = [session.call(item.args, item.kwargs) for item in inputs]
        assert session.restarts == 0
    assert [o.status for o in batched] == [o.status for o in alone]
    assert [o.value for o in batched][:5] == [0, 2, 4, 6, 8] and batched[7].value == 42
    assert batched[5].exc_type == "ValueError" and batched[5].message == "bad 7" == alone[5].message
    assert batched[6].value == alone[6].value  # the same worker answered the batch and the single calls


def test_more_calls_than_one_batch_holds_come_back_in_order(launcher):
    inputs = [CallInput(["double", n]) for n in range(2 * BATCH_MAX_CALLS + 3)]
    with Session(SOLUTION, "act", limits=LIMITS, launcher=launcher) as session:
        outcomes = each(session, inputs)
        assert session.restarts == 0
    assert [o.value for o in outcomes] == [2 * n for n in range(len(inputs))]


def test_a_hang_times_out_at_its_own_limit_and_the_calls_after_it_still_run(launcher):
    inputs = [
        CallInput(["double", 1]),
        CallInput(["hang"]),
        CallInput(["double", 2]),
        CallInput(["hang"], timeout=0.2),
        CallInput(["double", 3]),
    ]
    with Session(SOLUTION, "act", limits=LIMITS, launcher=launcher) as session:
        started = time.monotonic()
        outcomes = each(session, inputs)
        took = time.monotonic() - started
        assert session.restarts == 2  # a fresh worker after each time-out
    assert [o.status for o in outcomes] == [
        CallStatus.RETURNED,
        CallStatus.TIMEOUT,
        CallStatus.RETURNED,
        CallStatus.TIMEOUT,
        CallStatus.RETURNED,
    ]
    assert [outcomes[i].value for i in (0, 2, 4)] == [2, 4, 6]
    assert "0.5 s" in outcomes[1].message and "0.2 s" in outcomes[3].message
    assert took < 0.5 + 0.2 + 5  # each hang stopped at its limit (the rest: starting two workers)


def test_each_call_has_its_own_limit_counted_from_the_reply_before_it(launcher):
    """Three naps of 0.3 s, each under a 0.5 s limit: the batch takes 0.9 s, and none of them times out."""
    inputs = [CallInput(["sleep", 0.3]) for _ in range(3)] + [CallInput(["sleep", 0.3], timeout=0.1)]
    with Session(SOLUTION, "act", limits=LIMITS, launcher=launcher) as session:
        outcomes = each(session, inputs)
    assert [o.status for o in outcomes] == [CallStatus.RETURNED] * 3 + [CallStatus.TIMEOUT]


def test_a_worker_dying_mid_batch_crashes_that_call_only(launcher):
    inputs = [CallInput(["double", 1]), CallInput(["exit"]), CallInput(["double", 2])]
    with Session(SOLUTION, "act", limits=LIMITS, launcher=launcher) as session:
        outcomes = each(session, inputs)
    assert [o.status for o in outcomes] == [CallStatus.RETURNED, CallStatus.CRASHED, CallStatus.RETURNED]
    assert outcomes[2].value == 4


def test_closing_a_batch_early_leaves_the_session_usable(launcher):
    """The unread replies of an abandoned batch never reach a later request: its worker is stopped."""
    inputs = [CallInput(["sleep", 0.05]) for _ in range(20)]
    with Session(SOLUTION, "act", limits=LIMITS, launcher=launcher) as session:
        with closing(session.call_each(inputs)) as outcomes:
            assert next(outcomes).value == "woke"
        later = session.call(["double", 5])
        abandoned = session.call_each(inputs)
        assert next(abandoned).value == "woke"
        after_abandoned = session.call(["double", 6])  # the iterator was neither run out nor closed
        rest = list(abandoned)  # taken up again after the call: the rest of the batch is sent again
        assert session.call(["double", 7]).value == 14
    assert later.status == CallStatus.RETURNED and later.value == 10
    assert after_abandoned.status == CallStatus.RETURNED and after_abandoned.value == 12
    assert [o.value for o in rest] == ["woke"] * (len(inputs) - 1)


def test_a_solution_that_does_not_load_gives_not_loaded_for_every_call(launcher):
    with Session("def act(:\n", "act", limits=LIMITS, launcher=launcher) as session:
        outcomes = each(session, [CallInput(["double", 1]), CallInput(["double", 2])])
    assert [o.status for o in outcomes] == [CallStatus.NOT_LOADED] * 2
    assert "syntax error" in outcomes[0].message


def test_on_the_cpu_clock_calls_go_one_by_one_and_a_sleep_is_not_a_time_out(launcher):
    limits = Limits(time_per_call_s=0.4, call_clock=CallClock.CPU)
    with Session(SOLUTION, "act", limits=limits, launcher=launcher) as session:
        outcomes = each(session, [CallInput(["sleep", 0.6]), CallInput(["hang"]), CallInput(["double", 4])])
    assert [o.status for o in outcomes] == [CallStatus.RETURNED, CallStatus.TIMEOUT, CallStatus.RETURNED]
    assert "CPU time" in outcomes[1].message


def test_inputs_too_large_to_send_fail_that_call_only(launcher, monkeypatch):
    """A request over the wire's size limit is never sent: its call fails saying why, the next ones run."""
    monkeypatch.setattr(wire, "MAX_MESSAGE_BYTES", 4096)  # the limits scaled down from 256 MB and 1 MB
    monkeypatch.setattr(session_module, "BATCH_MAX_BYTES", 1024)
    inputs = [CallInput(["double", 1]), CallInput(["double", "x" * 10_000]), CallInput(["double", 4])]
    with Session(SOLUTION, "act", limits=LIMITS, launcher=launcher) as session:
        outcomes = each(session, inputs)
    assert [o.status for o in outcomes] == [CallStatus.RETURNED, CallStatus.CRASHED, CallStatus.RETURNED]
    assert "could not be sent" in outcomes[1].message and outcomes[2].value == 8
