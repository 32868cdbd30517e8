"""What the kernel says about a worker, read by the evaluator: figures the worker cannot forge."""

from __future__ import annotations

import os

CLOCK_TICK_S = 1.0 / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU of a process (all its threads, and children it reaped); None if it is gone.

    /proc/PID/stat rounds down to a tick (10 ms), so compare with a slack of two.
    """
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            text = handle.read()
    except OSError:
        return None
    # The command name may contain spaces and parentheses: fields start after the last ")".
    fields = text[text.rindex(b")") + 2 :].split()
    try:
        return sum(int(fields[i]) for i in (11, 12, 13, 14)) * CLOCK_TICK_S  # utime stime cutime cstime
    except (IndexError, ValueError):
        return None


def run_queue_wait_seconds(pid: int | None) -> float | None:
    """Seconds the process's main thread has waited, runnable, for a core (None if it is gone or not shown)."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/schedstat", "rb") as handle:
            return int(handle.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None
