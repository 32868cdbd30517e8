"""A conversation with one solution's worker: load it once, run many calls, survive its crashes.

Everything the worker says is untrusted: messages are size-checked and decoded
into plain values here, in the evaluator, and a worker that times out, dies or
talks nonsense is killed and replaced before the next call. A worker first
says "ready" with the isolation layers it applied; one that cannot confirm
what its launcher promised never receives the solution. Each request carries
a number the reply must echo, so a stray or stale message is caught, and
timing reports are checked against the evaluator's own measurements
(plausibility.py).
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeGuard, TypeVar

from ..base.catalog import EntryKind
from ..base.display import short_repr
from ..base.isolation import IsolationReport
from ..base.outcome_status import CallStatus, LoadStatus, PlotStatus, TimingStatus
from . import plausibility, procfs
from .child import wire
from .fdwait import wait_readable
from .launcher import CallClock, Child, Launcher, Limits, SandboxError

LOAD_TIMEOUT_FLOOR_S = 10.0
REPLY_MAX_BYTES = 64 * 1024 * 1024  # a reply this large is a solution trying to exhaust the evaluator
# With the CPU clock a call is stopped when the worker has used its limit in CPU seconds; one blocked
# without using CPU (a sleep, a lock) is stopped at this multiple of the limit on the wall clock.
CPU_CLOCK_WALL_FACTOR = 10.0
CPU_CLOCK_POLL_S = 0.05  # how often the worker's CPU is read while a call runs
# With frozen verdicts (deterministic mode), a call that used this share of its CPU limit or more is near it:
# its verdict is written down the first time and repeated (codeeval/frozen_verdicts.py). The top of the band is
# also where such a call is stopped, so that a call near its limit always answers and can be judged by it.
NEAR_LIMIT = (0.5, 1.5)
# `call_each` sends calls in batches of at most this many, or this many bytes of encoded inputs: a round trip per
# call cost more than the calls themselves on a benchmark's thousand small inputs.
BATCH_MAX_CALLS = 256
BATCH_MAX_BYTES = 1 << 20  # (a single larger input goes alone)
READ_CHUNK_BYTES = 1 << 20


class VerdictMemo(Protocol):
    """Where near-limit time verdicts are frozen (codeeval.judging.frozen_verdicts.FrozenVerdicts)."""

    def key(self, source: str, entry_point: str, request: dict, limit_s: float) -> str: ...

    def get(self, key: str) -> bool | None: ...

    def put(self, key: str, timed_out: bool) -> None: ...


@dataclass
class LoadOutcome:
    """Whether the solution compiled, imported and defined its entry point."""

    status: LoadStatus
    kind: EntryKind | None = None  # what the entry point turned out to be, once loaded
    message: str = ""
    lineno: int | None = None
    exc_type: str | None = None
    traceback: str = ""

    @property
    def ok(self) -> bool:
        return self.status == LoadStatus.LOADED

    def describe(self) -> str:
        where = f" (line {self.lineno})" if self.lineno else ""
        label = {
            LoadStatus.SYNTAX_ERROR: "syntax error",
            LoadStatus.IMPORT_ERROR: f"raised {self.exc_type} while loading",
            LoadStatus.MISSING_ENTRY_POINT: "entry point missing",
            LoadStatus.TIMEOUT: "timed out while loading",
            LoadStatus.CRASHED: "worker died while loading",
        }.get(self.status, str(self.status))
        return f"{label}{where}: {self.message}" if self.message else label


@dataclass
class CallOutcome:
    """What one call did. `value` is plain data decoded in the evaluator."""

    status: CallStatus
    value: Any = None
    exc_type: str | None = None
    exc_mro: list[str] = field(default_factory=list)
    message: str = ""
    traceback: str = ""
    duration_s: float | None = None

    @property
    def returned(self) -> bool:
        return self.status == CallStatus.RETURNED

    def describe(self) -> str:
        if self.status == CallStatus.RETURNED:
            return short_repr(self.value, 1_000_000)
        if self.status == CallStatus.RAISED:
            return f"raised {self.exc_type}: {self.message}" if self.message else f"raised {self.exc_type}"
        return f"{self.status}: {self.message}" if self.message else str(self.status)


@dataclass(frozen=True)
class CallInput:
    """One call of a batch (`Session.call_each`): the entry point's inputs, and the call's own time limit."""

    args: list
    kwargs: dict | None = None
    calls: list | None = None
    timeout: float | None = None  # None: the limits' time_per_call_s
    payload: bytes | None = None  # the inputs as sent, when encoded ahead (see `encoded`)

    def encoded(self) -> CallInput:
        """The same call with its inputs encoded now, once, for a call many sessions send (a benchmark tier's)."""
        return replace(self, payload=self.sent())

    def sent(self) -> bytes:
        """The inputs as a request carries them."""
        return self.payload if self.payload is not None else wire.dumps(encode_case(self.args, self.kwargs, self.calls))


@dataclass
class TimingOutcome:
    status: TimingStatus
    cpu_s: list[float] = field(default_factory=list)
    wall_s: list[float] = field(default_factory=list)
    message: str = ""
    measured_wall_s: float | None = None  # the request as the evaluator saw it, for cross-checks
    measured_cpu_s: float | None = None
    sample: Any = None  # one timed call's output, decoded, when `has_sample` (performance compares it)
    has_sample: bool = False


@dataclass
class PlotOutcome:
    """What a plotting script did: its figure as plain data (still untrusted in shape) and its PNG."""

    status: PlotStatus
    figure: dict = field(default_factory=dict)
    png: bytes = b""
    figures: int = 0
    warnings: list[str] = field(default_factory=list)
    message: str = ""
    exc_type: str | None = None
    lineno: int | None = None
    traceback: str = ""


class ChannelClosed(Exception):
    pass


class ChannelTimeout(Exception):
    pass


class Session:
    """One solution in one worker. Use as a context manager; `close` kills whatever is left."""

    def __init__(
        self,
        source: str,
        entry_point: str,
        filename: str = "solution.py",
        limits: Limits | None = None,
        *,
        launcher: Launcher,
        verdicts: VerdictMemo | None = None,
        prelude: str = "",
    ):
        self.source = source
        self.prelude = prelude  # run before the source in its namespace, compiled apart (a problem's imports)
        self.entry_point = entry_point
        self.filename = filename
        self.limits = limits or Limits()
        self.launcher = launcher  # where it runs: detect.default_launcher() unless the caller knows better
        self.verdicts = verdicts  # near-limit time verdicts to repeat (CPU clock only)
        self.child: Child | None = None
        self.load_outcome: LoadOutcome | None = None
        self.restarts = 0
        self._output_parts: list[str] = []
        self._sequence = 0
        self._timing_cases: dict = {}  # see _encoded_case
        self._cpu_mark: float | None = None  # the worker's CPU seconds when its last reply arrived
        self._inbox = bytearray()  # bytes read from the worker and not yet taken as a message
        self._read_at = 0.0  # when the last of them were read
        self._open_batch: int | None = None  # the request whose replies may still be on their way (call_each)

    # -- lifecycle -----------------------------------------------------------------
    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def isolation(self) -> IsolationReport:
        return self.launcher.isolation()

    def _start(self, timeout: float) -> str | None:
        """A fresh worker that confirmed its layers; None, or why it could not start."""
        self._stop_child()
        try:
            self.child = self.launcher.spawn(self.limits)
            self._await_ready(timeout)
        except SandboxError as exc:  # the machine's fault, not the solution's: it never ran
            self._stop_child()
            return f"sandbox failed to start: {exc}"
        return None

    def load(self) -> LoadOutcome:
        """Start a worker and load the solution into it (again, after a crash)."""
        timeout = max(LOAD_TIMEOUT_FLOOR_S, self.limits.time_per_call_s)
        failure = self._start(timeout)
        if failure is not None:
            self.load_outcome = LoadOutcome(LoadStatus.CRASHED, message=failure)
            return self.load_outcome
        request = {"op": "load", "source": self.source, "filename": self.filename, "entry_point": self.entry_point}
        if self.prelude:
            request["prelude"] = self.prelude
        try:
            reply, _ = self._clocked_request(request, timeout)
        except ChannelTimeout:
            self._stop_child()
            self.load_outcome = LoadOutcome(LoadStatus.TIMEOUT, message=f"no answer within {self._limit_text(timeout)}")
            return self.load_outcome
        except ChannelClosed as exc:
            self._stop_child()
            self.load_outcome = LoadOutcome(LoadStatus.CRASHED, message=str(exc))
            return self.load_outcome
        status = _reply_status(reply, _LOAD_REPLIES)
        if status is None:
            status, reply = LoadStatus.CRASHED, {"message": f"unexpected reply to load: {str(reply)[:200]}"}
        self.load_outcome = LoadOutcome(
            status=status,
            kind=_entry_kind(reply.get("kind")),
            message=_text(reply.get("message")),
            lineno=reply.get("lineno") if isinstance(reply.get("lineno"), int) else None,
            exc_type=_text(reply.get("exc_type")) or None,
            traceback=_text(reply.get("traceback")),
        )
        if not self.load_outcome.ok:
            self._stop_child()
        return self.load_outcome

    def close(self) -> None:
        if self.child is not None:
            try:
                wire.write_message(self.child.request_fd, {"op": "bye"})
            except (OSError, wire.WireError):
                pass
        self._stop_child()

    def output(self) -> str:
        """What the solution printed, truncated, across all workers this session started."""
        parts = list(self._output_parts)
        if self.child is not None:
            parts.append(self.child.output.text())
        return "".join(part for part in parts if part)

    def plot(self, data: Any, dpi: float, timeout: float) -> PlotOutcome:
        """Run the source as a plotting script in a fresh worker and describe the figure it drew.

        `data` is given to the script as `data` (and as a pandas `df`); the worker is stopped afterwards.
        """
        failure = self._start(max(LOAD_TIMEOUT_FLOOR_S, timeout))
        if failure is not None:
            return PlotOutcome(PlotStatus.CRASHED, message=failure)
        request = {
            "op": "plot",
            "source": self.source,
            "filename": self.filename,
            "data": wire.encode(data),
            "dpi": dpi,
            "entry_point": self.entry_point,  # a plot function to call after the script ran ("": none)
        }
        try:
            reply = self._request(request, timeout)
        except ChannelTimeout:
            return PlotOutcome(PlotStatus.TIMEOUT, message=f"the script did not finish within {timeout:g} s")
        except ChannelClosed as exc:
            return PlotOutcome(PlotStatus.CRASHED, message=str(exc))
        finally:
            self._stop_child()
        return _plot_outcome(reply)

    # -- calls ---------------------------------------------------------------------
    def call(
        self, args: list, kwargs: dict | None = None, calls: list | None = None, timeout: float | None = None
    ) -> CallOutcome:
        """Run the entry point once (or build an object and run `calls` on it).

        `timeout` is measured on the limits' `call_clock`. With the CPU clock, a call that used more CPU
        than that times out even when its answer came (so the verdict does not depend on when the CPU was
        read), `duration_s` is the CPU it used, and with `verdicts` a call near its limit gets the verdict
        it got the first time it was seen (NEAR_LIMIT).
        """
        if not self._ready():
            return self._not_loaded()
        timeout = timeout or self.limits.time_per_call_s
        request = {"op": "call", **encode_case(args, kwargs, calls)}
        memo = self.verdicts if self.limits.call_clock is CallClock.CPU else None
        key = memo.key(self.prelude + self.source, self.entry_point, request, timeout) if memo is not None else ""
        try:
            reply, used = self._clocked_request(request, timeout, timeout * NEAR_LIMIT[1] if memo else timeout)
        except ChannelTimeout:
            self._crash()
            return CallOutcome(
                CallStatus.TIMEOUT, message=f"no result within {self._limit_text(timeout)}", duration_s=timeout
            )
        except ChannelClosed as exc:
            self._crash()
            return CallOutcome(CallStatus.CRASHED, message=str(exc))
        outcome = _call_outcome(reply)
        if used is None:
            return outcome
        outcome.duration_s = used
        timed_out = used > timeout
        if memo is not None and used >= NEAR_LIMIT[0] * timeout:
            first = memo.get(key)
            if first is None:
                memo.put(key, timed_out)
            timed_out = timed_out if first is None else first
        if timed_out:
            return CallOutcome(
                CallStatus.TIMEOUT, message=f"no result within {self._limit_text(timeout)}", duration_s=used
            )
        return outcome

    def call_each(self, inputs: Sequence[CallInput]) -> Generator[CallOutcome, None, None]:
        """`call` on each input, in order, the calls sent to the worker in batches (one round trip for many).

        The outcomes are the ones `call` gives: each call has its own limit, counted from the moment the
        previous reply was read (the worker starts a call as soon as it has answered the one before), and after
        a time-out or a crash the next call gets a fresh worker. On the CPU clock the calls go one by one: a
        call's CPU seconds are read when its reply arrives. Close the iterator (or run it to its end) before
        using the session again: closing it early stops the worker in the middle of its batch.
        """
        if self.limits.call_clock is CallClock.CPU:
            for item in inputs:
                yield self.call(item.args, item.kwargs, item.calls, item.timeout)
            return
        encoded: dict[int, bytes] = {}
        position = 0
        while position < len(inputs):
            if not self._ready():
                yield self._not_loaded()
                position += 1
                continue
            batch = self._next_batch(inputs, position, encoded)
            position += yield from self._run_batch([inputs[i] for i in batch], [encoded.pop(i) for i in batch])

    def _next_batch(self, inputs: Sequence[CallInput], start: int, encoded: dict[int, bytes]) -> range:
        """The positions of the next batch, their inputs encoded into `encoded` (kept when a batch stops early)."""
        size, end = 0, start
        while end < len(inputs) and end - start < BATCH_MAX_CALLS:
            if end not in encoded:
                encoded[end] = inputs[end].sent()
            if end > start and size + len(encoded[end]) > BATCH_MAX_BYTES:  # a big input starts the next batch
                break
            size += len(encoded[end])
            end += 1
        return range(start, end)

    def _run_batch(self, batch: list[CallInput], payloads: list[bytes]) -> Generator[CallOutcome, None, int]:
        """Send one batch and yield its outcomes; returns how many inputs were answered (a time-out or a crash
        ends the batch: the worker is stopped, and the rest go in the next one)."""
        assert self.child is not None
        self._sequence += 1
        message = b'{"op":"calls","id":%d,"cases":[%b]}' % (self._sequence, b",".join(payloads))
        try:
            wire.write_payload(self.child.request_fd, message)
        except (OSError, wire.WireError) as exc:
            failure = (
                f"the inputs could not be sent: {exc}"
                if isinstance(exc, wire.WireError)
                else self._death_message(f"channel closed ({exc.__class__.__name__})")
            )
            self._crash()
            yield CallOutcome(CallStatus.CRASHED, message=failure)
            return 1
        self._open_batch = batch_id = self._sequence
        self._read_at = time.monotonic()
        try:
            for index, item in enumerate(batch):
                if self._open_batch != batch_id:  # another request in between stopped its worker: resend the rest
                    return index
                timeout = item.timeout or self.limits.time_per_call_s
                try:
                    reply = self._receive(self._read_at + timeout)
                except ChannelTimeout:
                    self._crash()
                    yield CallOutcome(
                        CallStatus.TIMEOUT, message=f"no result within {self._limit_text(timeout)}", duration_s=timeout
                    )
                    return index + 1
                except ChannelClosed as exc:
                    self._crash()
                    yield CallOutcome(CallStatus.CRASHED, message=str(exc))
                    return index + 1
                if reply.get("id") != batch_id or reply.get("index") != index:
                    self._crash()
                    yield CallOutcome(
                        CallStatus.CRASHED,
                        message=f"protocol violation: reply "
                        f"{str(reply.get('id'))[:20]}/{str(reply.get('index'))[:20]} to call "
                        f"{batch_id}/{index}",
                    )
                    return index + 1
                if index == len(batch) - 1:  # all read: the worker waits for the next request
                    self._open_batch = None
                    self._cpu_mark = procfs.cpu_seconds(self.child.worker_pid)
                yield _call_outcome(reply)
            return len(batch)
        finally:
            if self._open_batch == batch_id:  # closed early: its replies are not wanted
                self._crash()

    def time(
        self,
        args: list,
        kwargs: dict | None = None,
        calls: list | None = None,
        *,
        loops: int = 1,
        inner: int = 1,
        timeout: float | None = None,
        mode: str = "cpu",
        max_count: int | None = None,
        probe: bool = False,
    ) -> TimingOutcome:
        """Time `loops` runs (each of `inner` calls) of one case; the worker reports per-call seconds.

        With `mode="count"`, `cpu_s` holds executed bytecode instructions per call instead of
        seconds (a solution stopped after `max_count` of them reports `max_count + 1`); with `probe`,
        the inputs' ints make their comparisons in bytecode, so comparisons inside C are counted too.
        """
        if not self._ready():
            return TimingOutcome(TimingStatus.NOT_LOADED)
        timeout = timeout or self.limits.time_per_call_s * loops * inner
        case, encode_s = self._encoded_case(args, kwargs, calls)
        request = {
            "op": "time",
            "loops": loops,
            "inner": inner,
            "mode": mode,
            "max_count": max_count,
            "probe": probe,
            **case,
        }
        assert self.child is not None
        # CPU is counted from the end of the previous reply, not from this request: work a solution
        # defers to a thread, to land between requests, still falls in some timing's window.
        cpu0, wall0 = self._cpu_mark, time.monotonic()
        try:
            reply = self._request(request, timeout)
        except ChannelTimeout:
            self._crash()
            return TimingOutcome(TimingStatus.TIMEOUT, message=f"no result within {timeout:g} s")
        except ChannelClosed as exc:
            self._crash()
            return TimingOutcome(TimingStatus.CRASHED, message=str(exc))
        wall1, cpu1 = time.monotonic(), self._cpu_mark
        status = _reply_status(reply, _TIMING_REPLIES)
        if status != TimingStatus.TIMED:
            return TimingOutcome(
                TimingStatus.RAISED if status == TimingStatus.RAISED else TimingStatus.ERROR,
                message=_text(reply.get("message")),
            )
        cpu, wall = reply.get("cpu_s"), reply.get("wall_s")
        if not (_float_list(cpu, loops) and _float_list(wall, loops)):
            return TimingOutcome(TimingStatus.ERROR, message="malformed timing reply")
        outcome = TimingOutcome(TimingStatus.TIMED, cpu_s=[float(x) for x in cpu], wall_s=[float(x) for x in wall])
        decode_started = time.thread_time()
        if "sample" in reply:
            try:
                outcome.sample, outcome.has_sample = wire.decode(reply["sample"]), True
            except (wire.WireError, RecursionError):
                pass
        # Decoding the sampled output here costs about what encoding it (and freeing the kept
        # outputs) cost the worker: the plausibility check allows for that work too.
        output_s = time.thread_time() - decode_started if outcome.has_sample else 0.0
        measured = plausibility.Measured(
            wall_s=wall1 - wall0,
            encode_s=encode_s,
            output_s=output_s,
            cpu_s=cpu1 - cpu0 if cpu0 is not None and cpu1 is not None else None,
        )
        outcome.measured_wall_s, outcome.measured_cpu_s = measured.wall_s, measured.cpu_s
        problem = plausibility.check(
            outcome.cpu_s, outcome.wall_s, inner, measured, unit="instructions" if mode == "count" else "seconds"
        )
        if problem is not None:
            self._crash()  # whatever the solution did to the worker, the next request gets a fresh one
            outcome.status, outcome.message = TimingStatus.IMPLAUSIBLE, f"implausible timing report: {problem}"
            outcome.cpu_s, outcome.wall_s = [], []
            outcome.sample, outcome.has_sample = None, False
        return outcome

    def _encoded_case(self, args: list, kwargs: dict | None, calls: list | None) -> tuple[dict, float]:
        """Timing sends the same input objects many times: encode each once (a class case of 10^4 method
        calls takes ~0.1 s), keeping the first encoding's CPU cost for the plausibility check."""
        key = (id(args), id(kwargs), id(calls))
        cached = self._timing_cases.get(key)
        if cached is None or cached[0] is not args or cached[1] is not kwargs or cached[2] is not calls:
            started = time.thread_time()
            case = encode_case(args, kwargs, calls)
            cached = (args, kwargs, calls, case, time.thread_time() - started)  # holding them keeps the ids unique
            if len(self._timing_cases) >= 8:
                self._timing_cases.pop(next(iter(self._timing_cases)))
            self._timing_cases[key] = cached
        return cached[3], cached[4]

    # -- internals -----------------------------------------------------------------
    def _await_ready(self, timeout: float) -> None:
        """The worker's first message: the layers it applied. Raises SandboxError unless all promised are there."""
        assert self.child is not None
        try:
            hello = self._receive(time.monotonic() + timeout)
        except (ChannelTimeout, ChannelClosed) as exc:
            raise SandboxError(
                f"the worker did not start: {str(exc) or 'no answer'} {self.child.output.text()[:300]}"
            ) from None
        if hello.get("status") != "ready":
            raise SandboxError(f"the worker could not confine itself: {_text(hello.get('message'), 500)}")
        layers = hello.get("layers")
        applied = layers if isinstance(layers, dict) else {}
        promised = dict(self.child.layers)
        unprivileged = promised.pop("unprivileged", False)
        absent = [name for name in promised if not applied.get(name)]
        if unprivileged and applied.get("uid") in (0, None):
            absent.append("an unprivileged uid")
        if absent:
            raise SandboxError(f"the worker did not apply {', '.join(absent)}")
        self._cpu_mark = procfs.cpu_seconds(self.child.worker_pid)

    def _not_loaded(self) -> CallOutcome:
        return CallOutcome(CallStatus.NOT_LOADED, message=self.load_outcome.describe() if self.load_outcome else "")

    def _ready(self) -> bool:
        if self.load_outcome is not None and not self.load_outcome.ok:
            return False
        if self._open_batch is not None:  # a batch left unfinished by its reader: its worker may still answer it
            self._crash()
        if self.child is None:
            if self.load_outcome is not None:
                self.restarts += 1
            return self.load().ok
        return True

    def _crash(self) -> None:
        self._stop_child()

    def _stop_child(self) -> None:
        if self.child is not None:
            self.child.kill()
            self._output_parts.append(self.child.output.text())
            self.child = None
        self._inbox.clear()
        self._open_batch = None

    def _limit_text(self, timeout: float) -> str:
        return f"{timeout:g} s of CPU time" if self.limits.call_clock is CallClock.CPU else f"{timeout:g} s"

    def _clocked_request(
        self, message: dict, timeout: float, stop_at: float | None = None
    ) -> tuple[dict, float | None]:
        """A request under the limits' call clock, and the worker's CPU seconds for it (None on the wall clock).

        Wall clock: ChannelTimeout after `timeout` seconds. CPU clock: ChannelTimeout once the worker used more
        than `stop_at` (default `timeout`) CPU seconds, or sat `CPU_CLOCK_WALL_FACTOR` times `timeout` on the
        wall clock.
        """
        if self.limits.call_clock is not CallClock.CPU:
            return self._request(message, timeout), None
        assert self.child is not None
        pid = self.child.worker_pid
        start = self._cpu_mark if self._cpu_mark is not None else procfs.cpu_seconds(pid)
        limit = stop_at or timeout

        def over() -> bool:
            now = procfs.cpu_seconds(pid)
            return start is not None and now is not None and now - start > limit

        reply = self._request(message, timeout * CPU_CLOCK_WALL_FACTOR, over)
        used = self._cpu_mark - start if start is not None and self._cpu_mark is not None else None
        if used is not None and used > limit:
            raise ChannelTimeout()  # answered, but past its CPU: the same verdict whenever the CPU was read
        return reply, used

    def _request(self, message: dict, timeout: float, over_budget: Callable[[], bool] | None = None) -> dict:
        assert self.child is not None
        self._sequence += 1
        message["id"] = self._sequence
        try:
            wire.write_message(self.child.request_fd, message)
        except (BrokenPipeError, OSError) as exc:
            raise ChannelClosed(self._death_message(f"channel closed ({exc.__class__.__name__})")) from None
        reply = self._receive(time.monotonic() + timeout, over_budget)
        self._cpu_mark = procfs.cpu_seconds(self.child.worker_pid)
        if reply.get("id") != self._sequence:  # a stale reply, or one the solution wrote itself out of turn
            raise ChannelClosed(f"protocol violation: reply {str(reply.get('id'))[:20]} to request {self._sequence}")
        return reply

    def _receive(self, deadline: float, over_budget: Callable[[], bool] | None = None) -> dict:
        header = self._read(wire.HEADER.size, deadline, over_budget)
        (size,) = wire.HEADER.unpack(header)
        if size > REPLY_MAX_BYTES:
            raise ChannelClosed(f"worker sent an oversized message ({size} bytes)")
        try:
            return wire.loads(self._read(size, deadline, over_budget))
        except wire.WireError as exc:
            raise ChannelClosed(f"worker sent a malformed message: {exc}") from None

    def _read(self, size: int, deadline: float, over_budget: Callable[[], bool] | None = None) -> bytearray:
        """`size` bytes of the reply; ChannelTimeout at `deadline`, or as soon as `over_budget()` says so.

        Reads whatever the worker has written, up to a chunk: a batch's replies then take one read between
        them. Bytes already written count even when the evaluator comes to read them after the deadline."""
        assert self.child is not None
        fd, inbox = self.child.response_fd, self._inbox
        while len(inbox) < size:
            remaining = deadline - time.monotonic()
            if not wait_readable(fd, remaining if over_budget is None else min(remaining, CPU_CLOCK_POLL_S)):
                if (over_budget is not None and over_budget()) or remaining <= 0:
                    raise ChannelTimeout()
                continue
            chunk = os.read(fd, max(size - len(inbox), READ_CHUNK_BYTES))
            if not chunk:
                raise ChannelClosed(self._death_message("worker exited"))
            inbox += chunk
            self._read_at = time.monotonic()
        taken = inbox[:size]  # the one copy a reply needs (a bytes() of it was a second, of megabytes at times)
        del inbox[:size]
        return taken

    def _death_message(self, default: str) -> str:
        assert self.child is not None
        try:
            code = self.child.process.wait(timeout=1)
        except Exception:
            return default
        # bubblewrap exits with 128 + N when the sandboxed worker died of signal N.
        number = -code if code < 0 else code - 128 if self.launcher_wraps() and 128 < code < 160 else None
        if number is None:
            return f"worker exited with code {code}"

        try:
            name = signal.Signals(number).name
        except ValueError:
            name = str(number)
        hint = {
            "SIGKILL": " (killed: memory or CPU limit?)",
            "SIGXCPU": " (CPU time limit)",
            "SIGSEGV": " (segmentation fault: C stack overflow?)",
            "SIGSYS": " (a system call from another architecture's table)",
        }.get(name, "")
        return f"worker killed by {name}{hint}"

    def launcher_wraps(self) -> bool:
        """Whether the process the session holds is a wrapper (bubblewrap) around the worker."""
        return self.child is not None and self.child.worker_pid not in (None, self.child.process.pid)


def encode_case(args: list, kwargs: dict | None, calls: list | None) -> dict:
    """Inputs only: a case's expected output never goes into a request."""
    message = {"args": wire.encode(list(args), packed=True), "kwargs": wire.encode(dict(kwargs or {}), packed=True)}
    if calls is not None:
        message["calls"] = [
            [method, wire.encode(list(a), packed=True), wire.encode(dict(k), packed=True)] for method, a, k in calls
        ]
    return message


def _call_outcome(reply: dict) -> CallOutcome:
    status = _reply_status(reply, _CALL_REPLIES)
    duration = reply.get("duration_s")
    duration = float(duration) if isinstance(duration, (int, float)) else None
    if status == CallStatus.RETURNED:
        try:
            value = wire.decode(reply.get("value"))
        except (wire.WireError, RecursionError) as exc:
            return CallOutcome(CallStatus.UNENCODABLE, message=str(exc), duration_s=duration)
        return CallOutcome(CallStatus.RETURNED, value=value, duration_s=duration)
    if status == CallStatus.RAISED:
        mro = reply.get("exc_mro")
        return CallOutcome(
            CallStatus.RAISED,
            exc_type=_text(reply.get("exc_type")) or "Exception",
            exc_mro=[_text(x) for x in mro] if isinstance(mro, list) else [],
            message=_text(reply.get("message")),
            traceback=_text(reply.get("traceback")),
            duration_s=duration,
        )
    if status == CallStatus.UNENCODABLE:
        return CallOutcome(CallStatus.UNENCODABLE, message=_text(reply.get("message")), duration_s=duration)
    return CallOutcome(CallStatus.ERROR, message=_text(reply.get("message")) or f"unexpected reply {str(reply)[:200]}")


def _plot_outcome(reply: dict) -> PlotOutcome:
    status = _reply_status(reply, _PLOT_REPLIES)
    if status is None:
        return PlotOutcome(
            PlotStatus.ERROR, message=_text(reply.get("message")) or f"unexpected reply {str(reply)[:200]}"
        )
    warnings = reply.get("warnings")
    outcome = PlotOutcome(
        status,
        message=_text(reply.get("message")),
        exc_type=_text(reply.get("exc_type")) or None,
        lineno=reply.get("lineno") if isinstance(reply.get("lineno"), int) else None,
        traceback=_text(reply.get("traceback")),
        warnings=[_text(w, 500) for w in warnings[:50]] if isinstance(warnings, list) else [],
    )
    if status == PlotStatus.RENDERED:
        figure, figures = reply.get("figure"), reply.get("figures")
        outcome.figure = figure if isinstance(figure, dict) else {}
        outcome.figures = figures if isinstance(figures, int) else 0
        try:
            png = wire.decode(reply.get("png"))
        except (wire.WireError, RecursionError):
            png = b""
        outcome.png = png if isinstance(png, bytes) else b""
    return outcome


_S = TypeVar("_S", LoadStatus, CallStatus, TimingStatus, PlotStatus)


def _by_word(*statuses: _S) -> dict[str, _S]:
    return {status.value: status for status in statuses}


# The statuses a worker's reply may give for each request, by their word on the wire; any other is malformed.
_LOAD_REPLIES = _by_word(
    LoadStatus.LOADED, LoadStatus.SYNTAX_ERROR, LoadStatus.IMPORT_ERROR, LoadStatus.MISSING_ENTRY_POINT
)
_CALL_REPLIES = _by_word(CallStatus.RETURNED, CallStatus.RAISED, CallStatus.UNENCODABLE)
_TIMING_REPLIES = _by_word(TimingStatus.TIMED, TimingStatus.RAISED, TimingStatus.ERROR)
_PLOT_REPLIES = _by_word(
    PlotStatus.RENDERED, PlotStatus.RAISED, PlotStatus.SYNTAX_ERROR, PlotStatus.NO_FIGURE, PlotStatus.UNAVAILABLE
)


def _reply_status(reply: dict, allowed: dict[str, _S]) -> _S | None:
    """The reply's status as one of `allowed`, or None for any other value (a malformed reply)."""
    word = reply.get("status")
    return allowed.get(word) if isinstance(word, str) else None


def _entry_kind(word: object) -> EntryKind | None:
    """The worker's word for what it loaded; None for anything else (a worker's reply is not trusted)."""
    return next((kind for kind in EntryKind if kind.value == word), None)


def _text(value: object, limit: int = 4000) -> str:
    return value[:limit] if isinstance(value, str) else ""


def _float_list(value: object, length: int) -> TypeGuard[list[float]]:
    return (
        isinstance(value, list) and len(value) == length and all(isinstance(x, (int, float)) and x >= 0 for x in value)
    )
