"""A conversation with one solution's worker: load it once, run many calls, survive its crashes.

Everything the worker says is untrusted: messages are size-checked and decoded
into plain values here, in the evaluator, and a worker that times out, dies or
talks nonsense is killed and replaced before the next call.
"""

from __future__ import annotations

import os
import select
import time
from dataclasses import dataclass, field
from typing import Any

from .child import wire
from .launcher import Child, Limits, ProcessLauncher

LOAD_TIMEOUT_FLOOR_S = 10.0


@dataclass
class LoadOutcome:
    """Whether the solution compiled, imported and defined its entry point."""

    status: str  # loaded | syntax_error | import_error | missing_entry_point | timeout | crashed
    kind: str | None = None  # function | class
    message: str = ""
    lineno: int | None = None
    exc_type: str | None = None
    traceback: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "loaded"

    def describe(self) -> str:
        where = f" (line {self.lineno})" if self.lineno else ""
        label = {
            "syntax_error": "syntax error",
            "import_error": f"raised {self.exc_type} while loading",
            "missing_entry_point": "entry point missing",
            "timeout": "timed out while loading",
            "crashed": "worker died while loading",
        }.get(self.status, self.status)
        return f"{label}{where}: {self.message}" if self.message else label


@dataclass
class CallOutcome:
    """What one call did. `value` is plain data decoded in the evaluator."""

    status: str  # returned | raised | timeout | crashed | unencodable | not_loaded | error
    value: Any = None
    exc_type: str | None = None
    exc_mro: list[str] = field(default_factory=list)
    message: str = ""
    traceback: str = ""
    duration_s: float | None = None

    @property
    def returned(self) -> bool:
        return self.status == "returned"

    def describe(self) -> str:
        if self.status == "returned":
            return repr(self.value)
        if self.status == "raised":
            return f"raised {self.exc_type}: {self.message}" if self.message else f"raised {self.exc_type}"
        return f"{self.status}: {self.message}" if self.message else self.status


@dataclass
class TimingOutcome:
    status: str  # timed | raised | timeout | crashed | not_loaded | error
    cpu_s: list[float] = field(default_factory=list)
    wall_s: list[float] = field(default_factory=list)
    message: str = ""


class ChannelClosed(Exception):
    pass


class ChannelTimeout(Exception):
    pass


class Session:
    """One solution in one worker. Use as a context manager; `close` kills whatever is left."""

    def __init__(self, source: str, entry_point: str, filename: str = "solution.py",
                 limits: Limits | None = None, launcher=None):
        self.source = source
        self.entry_point = entry_point
        self.filename = filename
        self.limits = limits or Limits()
        self.launcher = launcher or ProcessLauncher()
        self.child: Child | None = None
        self.load_outcome: LoadOutcome | None = None
        self.restarts = 0
        self._output_parts: list[str] = []

    # -- lifecycle -----------------------------------------------------------------
    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    @property
    def isolation(self) -> dict:
        return self.launcher.isolation()

    def load(self) -> LoadOutcome:
        """Start a worker and load the solution into it (again, after a crash)."""
        self._stop_child()
        self.child = self.launcher.spawn(self.limits)
        timeout = max(LOAD_TIMEOUT_FLOOR_S, self.limits.time_per_call_s)
        request = {"op": "load", "source": self.source, "filename": self.filename, "entry_point": self.entry_point}
        try:
            reply = self._request(request, timeout)
        except ChannelTimeout:
            self._stop_child()
            self.load_outcome = LoadOutcome("timeout", message=f"no answer within {timeout:g} s")
            return self.load_outcome
        except ChannelClosed as exc:
            self._stop_child()
            self.load_outcome = LoadOutcome("crashed", message=str(exc))
            return self.load_outcome
        status = reply.get("status")
        if status not in {"loaded", "syntax_error", "import_error", "missing_entry_point"}:
            status, reply = "crashed", {"message": f"unexpected reply to load: {str(reply)[:200]}"}
        self.load_outcome = LoadOutcome(
            status=status,
            kind=_text(reply.get("kind")) or None,
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

    # -- calls ---------------------------------------------------------------------
    def call(self, args: list, kwargs: dict | None = None, calls: list | None = None,
             timeout: float | None = None) -> CallOutcome:
        """Run the entry point once (or build an object and run `calls` on it)."""
        if not self._ready():
            return CallOutcome("not_loaded", message=self.load_outcome.describe() if self.load_outcome else "")
        timeout = timeout or self.limits.time_per_call_s
        request = {"op": "call", **encode_case(args, kwargs, calls)}
        try:
            reply = self._request(request, timeout)
        except ChannelTimeout:
            self._crash()
            return CallOutcome("timeout", message=f"no result within {timeout:g} s", duration_s=timeout)
        except ChannelClosed as exc:
            self._crash()
            return CallOutcome("crashed", message=str(exc))
        return _call_outcome(reply)

    def time(self, args: list, kwargs: dict | None = None, calls: list | None = None, *,
             loops: int = 1, inner: int = 1, timeout: float | None = None) -> TimingOutcome:
        """Time `loops` runs (each of `inner` calls) of one case; the worker reports per-call seconds."""
        if not self._ready():
            return TimingOutcome("not_loaded")
        timeout = timeout or self.limits.time_per_call_s * loops * inner
        request = {"op": "time", "loops": loops, "inner": inner, **encode_case(args, kwargs, calls)}
        try:
            reply = self._request(request, timeout)
        except ChannelTimeout:
            self._crash()
            return TimingOutcome("timeout", message=f"no result within {timeout:g} s")
        except ChannelClosed as exc:
            self._crash()
            return TimingOutcome("crashed", message=str(exc))
        status = reply.get("status")
        if status != "timed":
            return TimingOutcome(status if status in {"raised", "error"} else "error", message=_text(reply.get("message")))
        cpu, wall = reply.get("cpu_s"), reply.get("wall_s")
        if not (_float_list(cpu, loops) and _float_list(wall, loops)):
            return TimingOutcome("error", message="malformed timing reply")
        return TimingOutcome("timed", cpu_s=[float(x) for x in cpu], wall_s=[float(x) for x in wall])

    # -- internals -----------------------------------------------------------------
    def _ready(self) -> bool:
        if self.load_outcome is not None and not self.load_outcome.ok:
            return False
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

    def _request(self, message: dict, timeout: float) -> dict:
        assert self.child is not None
        try:
            wire.write_message(self.child.request_fd, message)
        except (BrokenPipeError, OSError) as exc:
            raise ChannelClosed(self._death_message(f"channel closed ({exc.__class__.__name__})")) from None
        deadline = time.monotonic() + timeout
        header = self._read(wire.HEADER.size, deadline)
        (size,) = wire.HEADER.unpack(header)
        if size > wire.MAX_MESSAGE_BYTES:
            raise ChannelClosed("worker sent an oversized message")
        try:
            return wire.loads(self._read(size, deadline))
        except wire.WireError as exc:
            raise ChannelClosed(f"worker sent a malformed message: {exc}") from None

    def _read(self, size: int, deadline: float) -> bytes:
        assert self.child is not None
        fd = self.child.response_fd
        chunks: list[bytes] = []
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        while size:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ChannelTimeout()
            if not poller.poll(remaining * 1000):
                raise ChannelTimeout()
            chunk = os.read(fd, min(size, 1 << 20))
            if not chunk:
                raise ChannelClosed(self._death_message("worker exited"))
            chunks.append(chunk)
            size -= len(chunk)
        return b"".join(chunks)

    def _death_message(self, default: str) -> str:
        assert self.child is not None
        try:
            code = self.child.process.wait(timeout=1)
        except Exception:
            return default
        if code < 0:
            import signal

            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = str(-code)
            hint = {"SIGKILL": " (killed: memory or CPU limit?)", "SIGXCPU": " (CPU time limit)",
                    "SIGSEGV": " (segmentation fault: C stack overflow?)"}.get(name, "")
            return f"worker killed by {name}{hint}"
        return f"worker exited with code {code}"


def encode_case(args: list, kwargs: dict | None, calls: list | None) -> dict:
    """Inputs only: a case's expected output never goes into a request."""
    message = {"args": wire.encode(list(args)), "kwargs": wire.encode(dict(kwargs or {}))}
    if calls is not None:
        message["calls"] = [[method, wire.encode(list(a)), wire.encode(dict(k))] for method, a, k in calls]
    return message


def _call_outcome(reply: dict) -> CallOutcome:
    status = reply.get("status")
    duration = reply.get("duration_s")
    duration = float(duration) if isinstance(duration, (int, float)) else None
    if status == "returned":
        try:
            value = wire.decode(reply.get("value"))
        except (wire.WireError, RecursionError) as exc:
            return CallOutcome("unencodable", message=str(exc), duration_s=duration)
        return CallOutcome("returned", value=value, duration_s=duration)
    if status == "raised":
        mro = reply.get("exc_mro")
        return CallOutcome(
            "raised",
            exc_type=_text(reply.get("exc_type")) or "Exception",
            exc_mro=[_text(x) for x in mro] if isinstance(mro, list) else [],
            message=_text(reply.get("message")),
            traceback=_text(reply.get("traceback")),
            duration_s=duration,
        )
    if status == "unencodable":
        return CallOutcome("unencodable", message=_text(reply.get("message")), duration_s=duration)
    return CallOutcome("error", message=_text(reply.get("message")) or f"unexpected reply {str(reply)[:200]}")


def _text(value: object, limit: int = 4000) -> str:
    return value[:limit] if isinstance(value, str) else ""


def _float_list(value: object, length: int) -> bool:
    return (isinstance(value, list) and len(value) == length
            and all(isinstance(x, (int, float)) and x >= 0 for x in value))
