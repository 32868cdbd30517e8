"""The CPU call clock (deterministic mode): a call's limit is the worker's CPU seconds; load cannot flip a verdict."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.judging.frozen_verdicts import FrozenVerdicts
from codeeval.sandbox import CallClock, CallStatus, Limits, Session
from codeeval.sandbox.session import CPU_CLOCK_WALL_FACTOR, encode_case

SOLUTION = textwrap.dedent("""\
    import time

    def spin(cpu_s):
        \"\"\"Use `cpu_s` seconds of this process's CPU (however long that takes on the clock).\"\"\"
        start = time.process_time()
        while time.process_time() - start < cpu_s:
            pass
        return "done"

    def nap(seconds):
        time.sleep(seconds)
        return "done"

    def forever():
        while True:
            pass
""")

CPU = Limits(time_per_call_s=0.4, call_clock=CallClock.CPU)
WALL = Limits(time_per_call_s=0.4)


def test_a_busy_loop_is_stopped_once_it_used_its_cpu_limit(launcher):
    with Session(SOLUTION, "forever", limits=CPU, launcher=launcher) as session:
        started = time.monotonic()
        outcome = session.call([])
        took = time.monotonic() - started
    assert outcome.status == CallStatus.TIMEOUT
    assert "0.4 s of CPU time" in outcome.message
    assert took < 0.4 * CPU_CLOCK_WALL_FACTOR  # stopped by its CPU, not by the wall-clock safety net


def test_the_cpu_clock_does_not_count_time_spent_waiting(launcher):
    """A sleep uses no CPU: under the CPU clock it is not a time-out; under the wall clock it is."""
    with Session(SOLUTION, "nap", limits=CPU, launcher=launcher) as session:
        outcome = session.call([0.8])
    assert outcome.status == CallStatus.RETURNED and outcome.value == "done"
    assert outcome.duration_s is not None and outcome.duration_s < 0.4  # the CPU it used, not the 0.8 s slept
    with Session(SOLUTION, "nap", limits=WALL, launcher=launcher) as session:
        assert session.call([0.8]).status == CallStatus.TIMEOUT


def test_a_call_blocked_without_using_cpu_is_still_stopped_on_the_wall_clock(launcher):
    limits = Limits(time_per_call_s=0.1, call_clock=CallClock.CPU)
    with Session(SOLUTION, "nap", limits=limits, launcher=launcher) as session:
        started = time.monotonic()
        outcome = session.call([3600])
        took = time.monotonic() - started
    assert outcome.status == CallStatus.TIMEOUT
    assert took < 0.1 * CPU_CLOCK_WALL_FACTOR + 5


def test_a_call_that_answers_after_its_cpu_limit_is_a_time_out(launcher):
    """The verdict is the CPU used, however often it was read while the call ran."""
    with Session(SOLUTION, "spin", limits=CPU, launcher=launcher) as session:
        assert session.call([0.1]).status == CallStatus.RETURNED
        assert session.call([0.6]).status == CallStatus.TIMEOUT


@pytest.fixture
def one_busy_cpu():
    """This process and its children on one CPU, shared with six busy loops: a call gets a fraction of it."""
    if not hasattr(os, "sched_setaffinity"):
        pytest.skip("no CPU affinity on this platform")
    saved = os.sched_getaffinity(0)
    cpu = min(saved)
    os.sched_setaffinity(0, {cpu})
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(6)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
        os.sched_setaffinity(0, saved)


def test_a_loaded_cpu_does_not_turn_a_pass_into_a_time_out(launcher, one_busy_cpu):
    with Session(SOLUTION, "spin", limits=CPU, launcher=launcher) as session:
        assert session.load().ok
        started = time.monotonic()
        outcome = session.call([0.32])
        took = time.monotonic() - started
    assert took > 0.4, "the busy loops did not slow the call: the test proves nothing"
    assert outcome.status == CallStatus.RETURNED and outcome.value == "done"


def _key(memo: FrozenVerdicts, args: list) -> str:
    return memo.key(SOLUTION, "spin", {"op": "call", **encode_case(args, None, None)}, CPU.time_per_call_s)


def test_a_verdict_near_the_limit_is_written_down_and_repeated(launcher, tmp_path: Path):
    memo = FrozenVerdicts(tmp_path)
    with Session(SOLUTION, "spin", limits=CPU, launcher=launcher, verdicts=memo) as session:
        over = session.call([0.45])  # past its 0.4 s, within the band where it is still let to answer
        assert over.status == CallStatus.TIMEOUT and over.duration_s is not None and over.duration_s > 0.4
        assert memo.get(_key(memo, [0.45])) is True
        assert session.call([0.05]).status == CallStatus.RETURNED
        assert memo.get(_key(memo, [0.05])) is None  # far from the limit: nothing to remember
        # As if the first run had been on a slower machine: what was seen first is what counts.
        memo.put(_key(memo, [0.3]), True)
        assert session.call([0.3]).status == CallStatus.TIMEOUT
        memo.put(_key(memo, [0.45]), False)
        again = session.call([0.45])
        assert again.status == CallStatus.RETURNED and again.value == "done"


def test_a_call_far_past_its_limit_is_stopped_at_the_top_of_the_band_and_not_remembered(launcher, tmp_path: Path):
    memo = FrozenVerdicts(tmp_path)
    with Session(SOLUTION, "forever", limits=CPU, launcher=launcher, verdicts=memo) as session:
        assert session.call([]).status == CallStatus.TIMEOUT
    assert not list(tmp_path.iterdir())


PROBLEM = """\
name: nap
summary: Answers after a nap.
entry_point: nap
reference: |
  def nap(seconds):
      return "done"
tests:
  - args: [0.6]
    expected: done
limits:
  time_per_call_s: 0.3
edge_cases:
  generate: {enabled: false}
"""


def test_deterministic_mode_judges_calls_on_the_cpu_clock(launcher, tmp_path: Path):
    problem = tmp_path / "nap.yaml"
    problem.write_text(PROBLEM)
    solution = tmp_path / "solution.py"
    solution.write_text(SOLUTION)
    skip = ("edge_cases", "performance", "code_quality")
    timed = evaluate(solution, problem, options=EvaluationOptions(launcher=launcher, skip=skip))
    deterministic = evaluate(
        solution, problem, options=EvaluationOptions(launcher=launcher, skip=skip, deterministic=True)
    )
    assert timed.dimensions["correctness"].score == 0  # 0.6 s on the clock against a 0.3 s limit
    assert deterministic.dimensions["correctness"].score == 100  # but hardly any CPU
