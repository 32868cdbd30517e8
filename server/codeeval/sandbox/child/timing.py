"""The worker's timing loop (standard library only): fresh inputs per run, collector off while timed.

Two measures per batch of `inner` calls, both reported per call:
- `cpu_s`: CPU time of the whole worker process, every thread included, plus
  any child process it started and reaped. `getrusage` gives it to the
  microsecond even with RLIMIT_CPU armed (which makes `time.process_time`
  tick in 4 ms steps), and unlike thread CPU time it still sees work a
  solution hands to another thread while the calling thread sleeps in `join`.
- `wall_s`: elapsed time, so the evaluator can notice work done outside this
  process (a solution that waits on a helper process uses little CPU here).

With `mode: "count"` the first measure is instead the number of Python
bytecode instructions executed (see `opcount`), which is the same on every run.

Every function and clock is bound when this module is imported, before any
solution is loaded, so a solution patching `time`, `resource` or `gc` later
does not change what is measured here.
"""

from __future__ import annotations

import gc
import os as _os
import resource
import time

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: importing `typing` would add `re` to every worker's start-up
if TYPE_CHECKING:  # the type checker sees the package; the sandbox imports these as top-level modules
    from collections.abc import Callable

    from codeeval.sandbox.child import opcount, wire
    from codeeval.sandbox.child.opcount import Thunk
    from codeeval.sandbox.child.wire import Value

    # A class case's method calls: (method name, positional arguments, keyword arguments).
    MethodCall = tuple[str, Value, Value]
else:
    import wire

    try:
        import opcount
    except ImportError:  # a sandbox that copied only some of the child's files: counting is unavailable
        opcount = None

_getrusage = resource.getrusage
_RUSAGE_SELF = resource.RUSAGE_SELF
_RUSAGE_CHILDREN = resource.RUSAGE_CHILDREN
_perf_counter_ns = time.perf_counter_ns
_gc_collect, _gc_disable, _gc_enable, _gc_isenabled = gc.collect, gc.disable, gc.enable, gc.isenabled
_urandom = _os.urandom
_encode = wire.encode

if opcount is not None:
    # The timing loop and the worker's thunks are harness code, never counted as the solution's.
    opcount.exclude_files(__file__, _os.path.join(_os.path.dirname(__file__), "worker.py"))
    _count_instructions, _Tampered = opcount.count_instructions, opcount.Tampered
else:
    _count_instructions, _Tampered = None, ()


_ATOMIC = frozenset((type(None), bool, int, float, complex, str, bytes))


class _Uncopyable(Exception):
    pass


def _copy(value: Value) -> Value:
    """A structural copy sharing nothing mutable with `value` (only plain decoded data is copied)."""
    kind = type(value)
    if kind in _ATOMIC or kind is frozenset:
        return value
    if kind is list:
        if _ATOMIC.issuperset(map(type, value)):  # the common case, checked and copied at C speed
            return list(value)
        return [_copy(item) for item in value]
    if kind is dict:
        return {key: _copy(item) for key, item in value.items()}
    if kind is tuple:
        return value if _ATOMIC.issuperset(map(type, value)) else tuple(_copy(item) for item in value)
    if kind is set:
        return set(value)  # elements are hashable, so immutable in any way that matters here
    if kind is bytearray:
        return bytearray(value)
    raise _Uncopyable(kind.__name__)


class FreshCopies:
    """`decode`, but each encoded input is decoded once and every later call gets a fresh copy of it.

    Copying a decoded list of 10^4 ints takes a fraction of what decoding it
    again does, and timing needs one fresh copy per run. `calls(...)` does the
    same for a class case's method calls.
    """

    def __init__(self, decode: Callable[[object], Value]):
        self._decode = decode
        self._values: dict = {}  # id(encoded) -> (encoded, decoded): holding `encoded` keeps its id unique
        self._calls: dict = {}  # id(encoded calls) -> (encoded calls, triples, all atomic)

    def __call__(self, encoded: object) -> Value:
        key = id(encoded)
        if key not in self._values:
            self._values[key] = (encoded, self._decode(encoded))
        try:
            return _copy(self._values[key][1])
        except _Uncopyable:
            return self._decode(encoded)

    def calls(self, encoded_calls: list) -> list[MethodCall]:
        """(method, args, kwargs) triples. When every argument is an atom they are shared between runs:
        the solution only ever receives them unpacked, so it cannot change them."""
        decode = self._decode
        key = id(encoded_calls)
        if key not in self._calls:
            triples = [(m, decode(a), decode(k)) for m, a, k in encoded_calls]
            atomic = all(
                _ATOMIC.issuperset(map(type, a)) and _ATOMIC.issuperset(map(type, k.values())) for _, a, k in triples
            )
            self._calls[key] = (encoded_calls, triples, atomic)
        _, triples, atomic = self._calls[key]
        if atomic:
            return triples
        return [(m, decode(a), decode(k)) for m, a, k in encoded_calls]


def process_cpu_s() -> float:
    """User + system CPU seconds of this process (all threads, live or finished) and its reaped children."""
    own, children = _getrusage(_RUSAGE_SELF), _getrusage(_RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _timed_batch(thunks: list[Thunk], results: list) -> tuple[float, float]:
    keep = results.append  # results are freed after the clock stops, on both sides alike
    cpu0, wall0 = process_cpu_s(), _perf_counter_ns()
    for thunk in thunks:
        keep(thunk())
    cpu1, wall1 = process_cpu_s(), _perf_counter_ns()
    return cpu1 - cpu0, (wall1 - wall0) / 1e9


def _counted_batch(thunks: list[Thunk], max_count: int | None, results: list) -> tuple[int, float]:
    wall0 = _perf_counter_ns()
    count = _count_instructions(thunks, max_count, results)
    return count, (_perf_counter_ns() - wall0) / 1e9


def _sample(results: list) -> dict:
    """One timed call's output, chosen at random, for the evaluator to compare with the reference's:
    a solution that notices it is being timed (collector off, the harness on its stack) and skips its
    work then gives itself away."""
    if not results:
        return {}
    value = results[int.from_bytes(_urandom(4), "little") % len(results)]
    try:
        return {"sample": _encode(value, packed=True)}
    except Exception as exc:  # an output the wire cannot carry: the evaluator decides what that means
        return {"sample_error": f"{type(exc).__name__}"}


def time_case(prepare: Callable[[], Thunk], request: dict) -> dict:
    """Time `loops` batches of `inner` calls; `prepare()` returns a thunk running the case on fresh inputs."""
    loops = max(1, int(request.get("loops", 1)))
    inner = max(1, int(request.get("inner", 1)))
    counting = request.get("mode") == "count"
    if counting and _count_instructions is None:
        return {"status": "error", "message": "instruction counting is not available in this sandbox"}
    max_count = int(request.get("max_count") or 0) or None
    first: list[float] = []
    wall: list[float] = []
    results: list = []
    value: float  # a batch's instructions (counted) or CPU seconds (timed)
    gc_was_enabled = _gc_isenabled()
    try:
        for _ in range(loops):
            prepared = [prepare() for _ in range(inner)]
            results = []
            _gc_collect()
            _gc_disable()  # a collection triggered by earlier garbage must not land in this batch
            if counting:
                value, elapsed = _counted_batch(prepared, max_count, results)
            else:
                value, elapsed = _timed_batch(prepared, results)
            if gc_was_enabled:
                _gc_enable()
            first.append(value / inner)
            wall.append(elapsed / inner)
    except _Tampered as exc:
        return {"status": "error", "message": str(exc)}
    finally:
        if gc_was_enabled:
            _gc_enable()
    reply = {"status": "timed", "cpu_s": first, "wall_s": wall, "unit": "instructions" if counting else "seconds"}
    reply.update(_sample(results))
    return reply
