"""Running evaluations and how to stop them.

An evaluation runs in a worker thread and its solution runs in sandbox
child processes. Cancelling sets a flag and kills every child process group
the evaluation started; the session then sees its worker die, and the next
worker it tries to start is refused, so the engine unwinds within a moment
instead of finishing its cases.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..base.isolation import IsolationReport
from ..sandbox import Launcher, Limits
from ..sandbox.launcher import Child

if TYPE_CHECKING:  # names only: the evaluation side (evaluation.py) needs no LSP library at run time
    from lsprotocol.types import ProgressToken
    from pygls.protocol.json_rpc import MsgId


class EvaluationCancelled(Exception):
    """Raised inside the evaluation's thread when it has been cancelled."""


class CancelToken:
    """Set once, from any thread; callbacks registered before (or after) run once it is set."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._callbacks: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def cancel(self) -> None:
        with self._lock:
            if self._event.is_set():
                return
            self._event.set()
            callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback()

    def on_cancel(self, callback: Callable[[], None]) -> None:
        """Call `callback` when cancelled (at once if already)."""
        with self._lock:
            if not self._event.is_set():
                self._callbacks.append(callback)
                return
        callback()

    def check(self) -> None:
        if self.cancelled:
            raise EvaluationCancelled()


class CancellableLauncher:
    """Wraps the engine's launcher: refuses new workers once cancelled, and kills the live ones."""

    def __init__(self, inner: Launcher, token: CancelToken):
        self.inner = inner
        self.token = token
        self._children: list[Child] = []
        self._lock = threading.Lock()
        self.spawned = 0
        token.on_cancel(self.kill_all)

    @property
    def name(self) -> str:
        """The wrapped launcher's name."""
        return getattr(self.inner, "name", "process")

    @property
    def python(self) -> str:
        """The interpreter the wrapped launcher's workers run."""
        return self.inner.python

    def isolation(self) -> IsolationReport:
        """The wrapped launcher's isolation report."""
        return self.inner.isolation()

    def spawn(self, limits: Limits) -> Child:
        """A worker from the wrapped launcher, unless cancelled (before or while it started)."""
        self.token.check()
        child = self.inner.spawn(limits)
        with self._lock:
            self._children = [c for c in self._children if c.process.poll() is None]
            self._children.append(child)
            self.spawned += 1
        if self.token.cancelled:  # cancelled while it was starting
            self._kill(child)
            raise EvaluationCancelled()
        return child

    def kill_all(self) -> None:
        with self._lock:
            children = list(self._children)
        for child in children:
            self._kill(child)

    @staticmethod
    def _kill(child: Child) -> None:
        """Signals only. The session's own thread then sees the pipe close and reaps the worker and
        closes its descriptors; closing them from here could race with a descriptor number being reused."""
        interrupt = getattr(child, "interrupt", None)  # a signal-only kill, if the sandbox offers one
        if interrupt is not None:
            interrupt()
            return
        if getattr(child, "_closed", False) or child.process.poll() is not None:
            return
        pidfd = getattr(child, "worker_pidfd", None)  # bubblewrap: the worker inside, by pidfd
        if pidfd is not None:
            try:
                signal.pidfd_send_signal(pidfd, signal.SIGKILL)
            except OSError:
                pass
        try:
            os.killpg(child.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        cgroup = getattr(child, "cgroup", None)  # whatever escaped the process group
        if cgroup is not None:
            try:
                cgroup.kill_all()
            except Exception:
                pass


@dataclass
class Job:
    """One evaluation in flight: its document, how to cancel it, and the request that started it."""

    uri: str
    token: CancelToken = field(default_factory=CancelToken)
    request_id: MsgId | None = None
    progress_token: ProgressToken | None = None


class Jobs:
    """Evaluations in flight, findable by request id (for $/cancelRequest) and by document."""

    def __init__(self) -> None:
        self._jobs: list[Job] = []
        self._lock = threading.Lock()

    def start(self, uri: str, request_id: MsgId | None = None) -> Job:
        job = Job(uri=uri, request_id=request_id)
        with self._lock:
            self._jobs.append(job)
        return job

    def finish(self, job: Job) -> None:
        with self._lock:
            if job in self._jobs:
                self._jobs.remove(job)

    def cancel_request(self, request_id: MsgId) -> bool:
        with self._lock:
            jobs = [j for j in self._jobs if j.request_id is not None and j.request_id == request_id]
        for job in jobs:
            job.token.cancel()
        return bool(jobs)

    def cancel_all(self) -> None:
        with self._lock:
            jobs = list(self._jobs)
        for job in jobs:
            job.token.cancel()

    def running(self, uri: str | None = None) -> list[Job]:
        with self._lock:
            return [j for j in self._jobs if uri is None or j.uri == uri]
