"""The worker's timing loop (standard library only): fresh inputs per run, collector off while timed."""

import gc
import time

# Thread CPU time: with RLIMIT_CPU armed, Linux samples process CPU time in scheduler ticks
# (4 ms here), while the calling thread's clock stays nanosecond-precise.
_cpu_time_ns = time.thread_time_ns
_perf_counter_ns = time.perf_counter_ns


def time_case(prepare, request: dict) -> dict:
    """Time `loops` batches of `inner` calls; `prepare()` returns a thunk running the case on fresh inputs."""
    loops = max(1, int(request.get("loops", 1)))
    inner = max(1, int(request.get("inner", 1)))
    cpu, wall = [], []
    gc_was_enabled = gc.isenabled()
    try:
        for _ in range(loops):
            prepared = [prepare() for _ in range(inner)]
            gc.collect()
            gc.disable()
            cpu0, wall0 = _cpu_time_ns(), _perf_counter_ns()
            for thunk in prepared:
                thunk()
            cpu1, wall1 = _cpu_time_ns(), _perf_counter_ns()
            if gc_was_enabled:
                gc.enable()
            cpu.append((cpu1 - cpu0) / 1e9 / inner)
            wall.append((wall1 - wall0) / 1e9 / inner)
    finally:
        if gc_was_enabled:
            gc.enable()
    return {"status": "timed", "cpu_s": cpu, "wall_s": wall}
