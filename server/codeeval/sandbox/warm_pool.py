"""Workers started ahead of need, so the next solution's worker is already booting while this one runs.

A worker's start (bubblewrap, a fresh interpreter, its layers) takes tens of milliseconds in which the
evaluator only waits. `WarmPool` wraps a launcher and keeps a few workers started for each kind of limits
it has been asked for lately (`KINDS_KEPT`). Each is started by the wrapped launcher exactly as `spawn`
would start it (its own uid, cgroup, namespaces and every other layer), is handed out once, to one
session, and is never taken back: the session checks its "ready" like any other worker's, and kills it
when done. Only the moment a worker starts changes; nothing is ever reused. Workers still waiting when
the pool closes are killed.

The threads that start workers live as long as the pool (bubblewrap ties --die-with-parent to the thread that
started it): close the pool only when no session still uses a worker it handed out.
"""

from __future__ import annotations

import dataclasses
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol

from .launcher import CallClock, Child, Launcher, LauncherFront, Limits, SandboxError

KINDS_KEPT = 4  # kinds of limits with workers started ahead; asking for another drops the least recently asked


class Closable(Protocol):
    def close(self) -> None: ...


def _start_key(limits: Limits) -> Limits:
    """The limits a worker is started with: the per-call time limit (and its clock) is the session's, not the
    worker's."""
    return dataclasses.replace(limits, time_per_call_s=0.0, call_clock=CallClock.WALL)


class WarmPool(LauncherFront):
    """A launcher (spawn, isolation) that hands out workers it started ahead, `size` per kind of limits."""

    def __init__(self, launcher: Launcher, size: int, *, owns: Closable | None = None):
        super().__init__(launcher)
        self.size = max(1, size)
        self.owns = owns  # closed with the pool (a zygote pool made for it alone)
        self._ready: dict[Limits, list[Child]] = {}
        self._starting: dict[Limits, int] = {}
        self._recent: list[Limits] = []  # the kinds of limits kept started ahead, the most recently asked last
        self._lock = threading.Lock()
        self._settled = threading.Condition(self._lock)  # notified whenever a start ahead finishes
        self._closed = False
        self._starter = ThreadPoolExecutor(max_workers=self.size, thread_name_prefix="codeeval-warm-pool")

    def spawn(self, limits: Limits) -> Child:
        """A worker started ahead when one is waiting, else one started now; either way the pool refills."""
        key = _start_key(limits)
        retired: list[Child] = []
        with self._lock:
            child = self._take(key)
            if not self._closed:
                retired = self._keep_warm(key)
                for _ in range(self.size - len(self._ready.get(key, [])) - self._starting.get(key, 0)):
                    self._starting[key] = self._starting.get(key, 0) + 1
                    self._starter.submit(self._start_ahead, key, limits)
        for waiting in retired:
            waiting.kill()
        return child if child is not None else self.launcher.spawn(limits)

    def _keep_warm(self, key: Limits) -> list[Child]:
        """Mark `key` the most recently asked; the workers waiting for kinds past `KINDS_KEPT`, to be killed.
        (A run over many problems with as many limits would otherwise keep `size` idle workers for each.)"""
        if key in self._recent:
            self._recent.remove(key)
        self._recent.append(key)
        retired: list[Child] = []
        while len(self._recent) > KINDS_KEPT:
            retired += self._ready.pop(self._recent.pop(0), [])
        return retired

    def _take(self, key: Limits) -> Child | None:
        waiting = self._ready.get(key, [])
        while waiting:
            child = waiting.pop(0)
            if child.process.poll() is None:
                return child
            child.kill()  # died while waiting (killed from outside): never handed out
        return None

    def _start_ahead(self, key: Limits, limits: Limits) -> None:
        child: Child | None = None
        try:
            child = self.launcher.spawn(limits)
        except SandboxError:
            pass  # the session's own spawn will meet and report the same failure
        finally:
            with self._lock:
                self._starting[key] -= 1
                if child is not None and not self._closed and key in self._recent:
                    self._ready.setdefault(key, []).append(child)
                    child = None
                self._settled.notify_all()
        if child is not None:
            child.kill()  # the pool closed, or stopped keeping this kind, while it started

    def wait_started(self, timeout: float) -> list[Child]:
        """Wait (at most `timeout` s) until no start ahead is in progress; the workers waiting, for every kind."""
        with self._lock:
            self._settled.wait_for(lambda: not any(self._starting.values()), timeout)
            return [child for children in self._ready.values() for child in children]

    def close(self) -> None:
        """Kill every worker not handed out; spawn still works afterwards, without starting ahead."""
        with self._lock:
            self._closed = True
            waiting = [child for children in self._ready.values() for child in children]
            self._ready.clear()
        for child in waiting:
            child.kill()
        # Only now may the starting threads end: bubblewrap's --die-with-parent follows the thread that started
        # it, so a worker outliving its thread dies unreaped (a zombie) instead of through kill().
        self._starter.shutdown(wait=True, cancel_futures=True)
        if self.owns is not None:
            self.owns.close()

    def __enter__(self) -> WarmPool:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
