"""Timing is the one figure taken from the worker: honest reports pass, forged ones do not.

The session checks each report against the wall time of the request and the
worker's CPU time as the kernel counts it (see sandbox/plausibility.py).
"""

from __future__ import annotations

import textwrap
import time

import pytest

from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.sandbox import Limits, Session
from codeeval.sandbox.plausibility import Measured, check

SPIN = """
import time

def spin(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return seconds
"""

PATCH_TIMING = (
    SPIN
    + """
import sys

_timing = sys.modules["timing"]
_real = _timing.time_case

def _fast(prepare, request):
    reply = _real(prepare, request)  # does the real work, then claims it took a microsecond
    if reply.get("status") == "timed":
        reply["cpu_s"] = [1e-6] * len(reply["cpu_s"])
        reply["wall_s"] = [1e-6] * len(reply["wall_s"])
    return reply

_timing.time_case = _fast
"""
)

DEFERRED_WORK = (
    SPIN
    + """
import sys, threading

_timing = sys.modules["timing"]

def _instant(prepare, request):
    # Report at once, and do the work in a thread after the reply has gone.
    seconds = request["args"][0] * request["loops"] * request["inner"]
    threading.Thread(target=spin, args=(seconds,)).start()
    return {"status": "timed", "cpu_s": [1e-6] * request["loops"], "wall_s": [1e-6] * request["loops"]}

_timing.time_case = _instant
"""
)

FORGED_FRAME = (
    SPIN
    + """
import json, os, stat, struct, sys

def _request_id():
    frame = sys._getframe()
    while frame is not None:
        request = frame.f_locals.get("request")
        if isinstance(request, dict) and "id" in request:
            return request["id"], request.get("loops", 1)
        frame = frame.f_back
    return None, 1

def slow(seconds):
    ident, loops = _request_id()
    payload = json.dumps({"status": "timed", "cpu_s": [1e-6] * loops, "wall_s": [1e-6] * loops,
                          "id": ident}).encode()
    for fd in range(3, 4096):
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode):
                os.write(fd, struct.pack(">I", len(payload)) + payload)
        except OSError:
            pass
    return spin(seconds)
"""
)

HONEST = {
    "plain loop": ("def work(n):\n    return sum(i * i for i in range(n))\n", "work", [200_000]),
    "big heap built at import": (
        "TABLE = {i: str(i) for i in range(300_000)}\ndef work(n):\n    return sum(len(TABLE[i]) for i in range(n))\n",
        "work",
        [100_000],
    ),
    "cyclic garbage": (
        "class Node:\n    pass\n"
        "def work(n):\n    for _ in range(n):\n        a, b = Node(), Node()\n"
        "        a.other, b.other = b, a\n    return n\n",
        "work",
        [50_000],
    ),
    "work in a helper thread": (
        "import threading\n"
        "def work(n):\n    out = []\n"
        "    t = threading.Thread(target=lambda: out.append(sum(range(n))))\n"
        "    t.start(); t.join()\n    return out[0]\n",
        "work",
        [2_000_000],
    ),
    "large input": ("def work(xs):\n    return sorted(xs)[len(xs) // 2]\n", "work", [list(range(200_000, 0, -1))]),
    "large output": ("def work(n):\n    return {i: [i, str(i)] for i in range(n)}\n", "work", [40_000]),
}


def session(source: str, entry: str, launcher) -> Session:
    found = Session(textwrap.dedent(source), entry, limits=Limits(time_per_call_s=10), launcher=launcher)
    assert found.load().ok, found.load_outcome
    return found


@pytest.mark.parametrize("name", HONEST)
def test_honest_timings_are_accepted(name, launcher):
    source, entry, args = HONEST[name]
    with session(source, entry, launcher) as worker:
        for inner in (1, 3):
            outcome = worker.time(args, loops=3, inner=inner, timeout=60)
            assert outcome.status == "timed", outcome.message
            assert outcome.measured_cpu_s is not None  # the evaluator really did read the worker's CPU time
            assert sum(outcome.cpu_s) * inner <= outcome.measured_cpu_s + 0.03


def test_a_patched_timing_loop_is_caught(launcher):
    with session(PATCH_TIMING, "spin", launcher) as worker:
        outcome = worker.time([0.15], loops=2, inner=1, timeout=30)
    assert outcome.status == "implausible"
    assert "reported only" in outcome.message and outcome.cpu_s == []


def test_work_deferred_past_the_reply_is_caught_in_the_next_window(launcher):
    with session(DEFERRED_WORK, "spin", launcher) as worker:
        first = worker.time([0.1], loops=2, inner=1, timeout=30)
        time.sleep(0.5)  # the reference's turn: the deferred thread works now, between requests
        second = worker.time([0.1], loops=2, inner=1, timeout=30)
    assert first.status == "timed" and first.cpu_s == [1e-6, 1e-6]  # the first lie cannot be seen yet...
    assert second.status == "implausible"  # ...but its work lands in the window of the next request


def test_a_reply_forged_on_the_pipe_desynchronises_and_is_caught(launcher):
    with session(FORGED_FRAME, "slow", launcher) as worker:
        outcomes = [worker.time([0.05], loops=1, inner=1, timeout=30) for _ in range(2)]
    # The forged frame arrives first and may pass as the reply; the worker's real reply is then one
    # too many, and the next request sees it: a protocol violation, and a new worker.
    assert outcomes[1].status == "crashed" and "protocol violation" in outcomes[1].message


def test_claiming_more_time_than_the_request_took_is_refused():
    problem = check([0.5], [0.5], 1, Measured(wall_s=0.01, cpu_s=0.01, encode_s=0.0))
    assert problem and "took" in problem


def test_unexplained_cpu_is_allowed_up_to_the_decoding_and_collection_budget():
    measured = Measured(wall_s=1.2, cpu_s=1.0, encode_s=0.01)
    assert check([0.4], [0.4], 1, measured) is None  # 0.6 s of copying and collecting garbage: possible
    assert check([0.1], [0.1], 1, measured) is not None  # 0.9 s for 0.1 s of calls: not an honest worker


def test_instruction_counts_are_not_compared_with_seconds():
    measured = Measured(wall_s=1.0, cpu_s=1.0, encode_s=0.0)
    assert check([12345.0], [0.9], 1, measured, unit="instructions") is None


TIMING_CONTEXT = """
import gc

def total(xs: list[int]) -> int:
    if not gc.isenabled():  # the collector is off only while being timed: do nothing then
        return 0
    out = 0
    for i in range(len(xs)):
        for _ in range(len(xs)):
            pass
        out += xs[i]
    return out
"""


def test_a_solution_that_detects_being_timed_gains_nothing(tmp_path):
    problem = tmp_path / "total.yaml"
    problem.write_text(
        textwrap.dedent("""\
        name: total
        summary: Sum of a list.
        entry_point: total
        reference: |
          def total(xs: list[int]) -> int:
              \"\"\"Sum of xs.\"\"\"
              return sum(xs)
        limits: {time_per_call_s: 2.0, total_time_s: 60}
        tests:
          - args: [[1, 2, 3]]
            expected: 6
        edge_cases:
          generate: {enabled: false}
        performance:
          sizes: [300, 600]
          input: "args(ints(n))"
          iterations: 5
          tolerance: 1.25
        """)
    )
    result = evaluate(
        "timing_context.py",
        problem,
        source=TIMING_CONTEXT,
        options=EvaluationOptions(skip=("code_quality", "edge_cases")),
    )
    assert result.dimensions["performance"].score < 50
