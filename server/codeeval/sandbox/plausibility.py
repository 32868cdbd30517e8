"""Is a worker's timing report consistent with what the evaluator measured around it?

Timing is the one figure the evaluator takes from the worker, and a solution
shares the worker's process: it can patch the timing loop, or write a reply
of its own to the response pipe. So for every timing request the session
measures, outside the worker, the request's wall time and the worker
process's CPU time (/proc/PID/stat), and refuses a report that:
- claims more time than the request took (a forged or stale message), or
- accounts for too little of the CPU the worker burned. Besides the timed
  calls an honest worker copies inputs and collects the garbage the calls
  left (the collector is off while they run). Collecting cyclic garbage can
  cost more than making it: up to 1.7 times the timed CPU in our
  measurements (tests/sandbox/test_timing_reports.py), so the allowance is
  2.5 times the reported CPU, plus the input-copying cost, plus the cost of
  encoding the sampled output and freeing the kept ones, plus a constant.
So a report of next to nothing for real work is always caught, and a
subtler lie can make a solution look at most about 3.5 times faster than it
is. That bounds the gain, it does not remove it: the report also carries the
evaluator's own measurements (TimingOutcome.measured_cpu_s), an upper bound a
worker cannot lower. See docs/security.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from .procfs import CLOCK_TICK_S

WALL_SLACK_S = 0.002
CPU_SLACK_S = 2 * CLOCK_TICK_S  # /proc rounds each reading down to a tick
FIXED_OVERHEAD_S = 0.05  # start of a request, reply encoding, one collection of a small heap
GARBAGE_FACTOR = 2.5  # of the reported CPU: collecting what the timed calls left behind
DECODE_FACTOR = 4.0  # a worker copying the inputs per run vs the evaluator encoding them once
OUTPUT_FACTOR = 3.0  # a worker encoding the sampled output vs the evaluator decoding it
OUTPUT_PER_CALL = 0.5  # and freeing every kept output, after the clock stopped


@dataclass
class Measured:
    """What the evaluator measured around one timed call, to judge whether the worker's timing is plausible."""

    wall_s: float
    cpu_s: float | None  # None: /proc was not readable (the check then uses wall time only)
    encode_s: float  # the evaluator's CPU time to encode the request's inputs once
    output_s: float = 0.0  # the evaluator's CPU time to decode the sampled output (0: none sent)


def check(reply_cpu: list, reply_wall: list, inner: int, measured: Measured, unit: str = "seconds") -> str | None:
    """None if the report is plausible, else the reason it is not."""
    batches = len(reply_wall)
    reported_wall = sum(reply_wall) * inner
    if reported_wall > measured.wall_s + WALL_SLACK_S:
        return f"the worker reported {reported_wall:.4f} s of calls in a request that took {measured.wall_s:.4f} s"
    if unit != "seconds" or measured.cpu_s is None:
        return None
    reported_cpu = sum(reply_cpu) * inner
    if reported_cpu > measured.cpu_s + CPU_SLACK_S + 0.05 * measured.cpu_s:
        return f"the worker reported {reported_cpu:.4f} CPU seconds but used {measured.cpu_s:.4f} during the request"
    calls = batches * inner
    allowance = (
        FIXED_OVERHEAD_S
        + CPU_SLACK_S
        + GARBAGE_FACTOR * reported_cpu
        + DECODE_FACTOR * measured.encode_s * (calls + 1)
        + measured.output_s * (OUTPUT_FACTOR + OUTPUT_PER_CALL * calls)
    )
    unexplained = measured.cpu_s - reported_cpu
    if unexplained > allowance:
        return (
            f"the worker used {measured.cpu_s:.4f} CPU seconds during the request but reported only "
            f"{reported_cpu:.4f} for the timed calls ({unexplained:.4f} s unaccounted for, "
            f"{allowance:.4f} s allowed)"
        )
    return None
