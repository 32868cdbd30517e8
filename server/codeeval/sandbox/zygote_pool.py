"""Workers forked from sandboxed zygotes: how a batch run starts hundreds of workers cheaply.

Each worker `BubblewrapLauncher` starts costs a bubblewrap and a fresh interpreter: about 20 ms of CPU, as
much as a small solution's whole evaluation. `ZygotePool` starts a few zygotes instead (child/zygote.py:
the same bubblewrap sandbox and uid a worker gets, running an interpreter that has imported the worker and
forks it on request) and hands out their children. Each child is a worker like any other from the
session's side: it confirms its layers in its "ready" (rlimits, the uid, the worker's full seccomp filter,
which it loads itself on top of the zygote's), gets a cgroup of its own, and is killed, never reused.

A zygote serves one worker at a time: a zygote is handed out with its child and comes back only when the
zygote reports the child reaped and the sandbox's /tmp emptied. A zygote that fails in any way (does not
answer, reports something unexpected) is killed and replaced. What sequential workers of one zygote share
is the sandbox (its namespaces, read-only files and uid) and the zygote, their parent, which they cannot
signal, trace or write to (docs/security.md).

`batch_launcher` picks it for runs of many solutions where bubblewrap and seccomp are both in use, behind a
`WarmPool` that forks each worker ahead of need, and a `WarmPool` of plain starts elsewhere.
"""

from __future__ import annotations

import copy
import os
import signal
import socket
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from . import seccomp_filter
from .bubblewrap import SANDBOX_CODE, BubblewrapLauncher
from .cgroup import CgroupError, WorkerCgroup
from .child import wire
from .fdwait import wait_readable
from .launcher import (
    Child,
    Launcher,
    LauncherFront,
    Limits,
    OutputDrain,
    ProcessLauncher,
    SandboxError,
    UidPool,
    _close_all,
    _live,
    _pidfd,
    kill_inner_first,
)
from .staging import FILTER_NAME, compile_for, stage
from .warm_pool import WarmPool

BOOTSTRAP = "import sys; sys.path[0] = {code_dir!r}; import zygote; zygote.run(sys.argv)"
REPLY_BYTES = 256
START_TIMEOUT_S = 10.0  # a zygote's fork answered
EXIT_TIMEOUT_S = 5.0  # a killed child reported reaped and its files gone
ZYGOTE_OUTPUT_BYTES = 4096


class _Zygote:
    """One zygote: its bubblewrap process, the control socket, and the zygote's pid as the evaluator sees it."""

    def __init__(
        self, process: subprocess.Popen, control: socket.socket, pid: int, output: OutputDrain, scratch_mb: int
    ):
        self.process = process
        self.control = control
        self.pid = pid
        self.pidfd = _pidfd(pid)  # signalled, never the pid: once bubblewrap has reaped it, the number may be reused
        self.output = output
        self.scratch_mb = scratch_mb
        self.exit_code: int | None = None  # of its current child, once reported
        self.broken = False
        self._lock = threading.Lock()

    def fork(self, config: bytes, fds: list[int]) -> tuple[int, int | None]:
        """Start a child with `config` and its three pipes: (its pid as the evaluator sees it, a pidfd)."""
        self.exit_code = None
        socket.send_fds(self.control, [config], fds)
        if self._receive(START_TIMEOUT_S) != b"started":
            raise SandboxError(f"the zygote did not fork a worker: {self.output.text().strip()[:300] or 'no answer'}")
        children = self._children()
        if len(children) != 1:
            raise SandboxError(f"the zygote has {len(children)} children, not one")
        pid = children[0]
        # The zygote reaps its child only once told to watch: until then the pid cannot be reused, so the pidfd
        # and the cgroup move below are sure to reach this child.
        return pid, _pidfd(pid)

    def watch(self) -> None:
        self.control.send(b"watch")

    def wait_exit(self, timeout: float | None) -> int | None:
        """The child's exit code, as `Popen.returncode`, once the zygote reports it; None until then."""
        with self._lock:
            if self.exit_code is None and not self.broken:
                reply = self._receive(timeout)
                if reply.startswith(b"exited "):
                    self.exit_code = int(reply.split()[1])
                elif reply != b"":  # b"": no report yet
                    self.broken = True
            if self.exit_code is None and self.broken:
                self.exit_code = -signal.SIGKILL  # the zygote died, and its pid namespace with it
            return self.exit_code

    def _receive(self, timeout: float | None) -> bytes:
        """The zygote's next message; b"" if none came in time; b"gone" if the zygote is gone."""
        if timeout is not None and not wait_readable(self.control.fileno(), timeout):
            return b""
        try:
            message = self.control.recv(REPLY_BYTES)
        except OSError:
            message = b""
        if not message:
            self.broken = True
            return b"gone"
        return message

    def _children(self) -> list[int]:
        try:
            with open(f"/proc/{self.pid}/task/{self.pid}/children", encoding="ascii") as handle:
                return [int(pid) for pid in handle.read().split()]
        except (OSError, ValueError):
            return []

    def close(self) -> None:
        """The zygote first, so that bubblewrap reaps it (the other way round it is left a zombie), its
        children with it (they die with their pid namespace), then bubblewrap."""
        kill_inner_first(self.process, self.pidfd)
        self.pidfd = None
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self.control.close()
        self.output.join(0.5)


class _ForkedProcess:
    """A zygote's child as a `WorkerProcess`: its pid, and its exit code as the zygote reports it."""

    def __init__(self, zygote: _Zygote, pid: int):
        self.zygote = zygote
        self.pid = pid

    def poll(self) -> int | None:
        return self.zygote.wait_exit(0)

    def wait(self, timeout: float | None = None) -> int:
        code = self.zygote.wait_exit(timeout)
        if code is None:
            raise subprocess.TimeoutExpired("zygote child", timeout or 0)
        return code


@dataclass(eq=False)
class ForkedChild(Child):
    """A worker forked by a zygote: killed by its pidfd, its zygote handed back once it reports it gone."""

    pool: ZygotePool | None = field(default=None, repr=False)
    zygote: _Zygote | None = field(default=None, repr=False)

    def kill(self) -> None:
        if self._closed:
            return
        self._closed = True
        assert self.pool is not None and self.zygote is not None
        if self.worker_pidfd is not None:
            try:
                signal.pidfd_send_signal(self.worker_pidfd, signal.SIGKILL)
            except OSError:
                pass
            os.close(self.worker_pidfd)
            self.zygote.wait_exit(EXIT_TIMEOUT_S)
        else:  # no pidfd (an old kernel): a pid alone may be reused once reaped; the zygote's death is sure
            self.zygote.broken = True
        if self.cgroup is not None:
            self.cgroup.kill_all()
            self.cgroup.remove()
        _close_all(self.request_fd, self.response_fd)
        self.output.join(1.0)
        self.pool._returned(self.zygote)


class ZygotePool(LauncherFront):
    """A launcher (name, python, spawn, isolation) whose workers are forked by zygotes it starts as needed."""

    launcher: BubblewrapLauncher

    def __init__(self, launcher: BubblewrapLauncher):
        if not launcher.seccomp:
            raise SandboxError("a zygote pool needs seccomp: its zygotes may fork, only their children may not")
        super().__init__(launcher)
        # The children's filter, loaded by each child (it must refuse exec too), staged where they see it.
        self.template = copy.copy(launcher)
        self.template.seccomp = seccomp_filter.build()
        self.template.stage_dir = stage(self.template.seccomp, SANDBOX_CODE)
        self.zygote_filter = seccomp_filter.build(allow_exec=True, allow_fork=True)
        self.started = 0  # zygotes started, for tests and benches
        self._idle: list[_Zygote] = []
        self._zygotes: set[_Zygote] = set()  # alive: idle or serving a worker
        self._lock = threading.Lock()
        self._closed = False
        # bubblewrap's --die-with-parent follows the thread that started it: one thread, as long as the pool.
        self._starter = ThreadPoolExecutor(max_workers=1, thread_name_prefix="codeeval-zygote")

    @property
    def uids(self) -> UidPool | None:
        return self.launcher.uids

    def layers(self) -> list:
        return self.launcher.layers()

    def spawn(self, limits: Limits) -> Child:
        if limits.capabilities:  # a zygote's filter refuses them, and a filter can only ever be narrowed
            return self.launcher.spawn(limits)
        compile_for(self.template.stage_dir, self.template.python, SANDBOX_CODE)
        zygote = self._take(limits.scratch_mb)
        if zygote is None:
            try:
                zygote = self._starter.submit(self._start, limits).result()
            except RuntimeError:  # closed (a session restarting its worker after the run was interrupted)
                return self.launcher.spawn(limits)
            except OSError as exc:
                raise SandboxError(f"could not start a zygote: {exc}") from exc
        try:
            return self._fork(zygote, limits)
        except (OSError, CgroupError, SandboxError) as exc:
            zygote.broken = True
            self._returned(zygote)
            raise SandboxError(f"could not start a worker: {exc}") from exc

    def zygote_pids(self) -> set[int]:
        """The processes the pool keeps between workers: each zygote's bubblewrap and interpreter."""
        with self._lock:
            return {pid for zygote in self._zygotes for pid in (zygote.process.pid, zygote.pid)}

    def _take(self, scratch_mb: int) -> _Zygote | None:
        with self._lock:
            for index, zygote in enumerate(self._idle):
                if zygote.scratch_mb == scratch_mb:
                    return self._idle.pop(index)
        return None

    def _returned(self, zygote: _Zygote) -> None:
        """A zygote whose child is gone: idle again if it reported the child reaped and its files deleted."""
        with self._lock:
            if zygote.exit_code is not None and not zygote.broken and not self._closed:
                self._idle.append(zygote)
                return
            self._zygotes.discard(zygote)
        zygote.close()

    def _start(self, limits: Limits) -> _Zygote:
        """A new zygote in a bubblewrap sandbox, as a uid of its own; runs on the starter thread."""
        template = self.template
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        info_read, info_write = os.pipe()
        filter_read, filter_write = os.pipe()
        output_read, output_write = os.pipe()
        os.write(filter_write, self.zygote_filter)  # a few hundred instructions: well within a pipe's buffer
        os.close(filter_write)
        side = {"info": (info_read, info_write), "seccomp": (None, filter_read)}
        command = template.bwrap_args(limits, side) + [
            template.python,
            "-S",
            "-s",
            "-B",
            "-c",
            BOOTSTRAP.format(code_dir=SANDBOX_CODE),
            str(theirs.fileno()),
        ]
        uid = template.uids.take() if template.uids else None
        process: subprocess.Popen | None = None
        try:
            try:
                process = template._popen(command, uid, None, output_write, (theirs.fileno(), info_write, filter_read))
            finally:  # the sandbox's ends of the channels: the evaluator's copies go either way
                theirs.close()
                _close_all(info_write, filter_read, output_write)
            output = OutputDrain(output_read, ZYGOTE_OUTPUT_BYTES)  # closes output_read once the zygote is gone
            pid = template._find_worker(process, {"info": (info_read, None)}, output)
        except BaseException:
            if process is None:
                os.close(output_read)
            else:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except OSError:
                    pass
                process.wait()
            ours.close()
            raise
        finally:
            os.close(info_read)
        zygote = _Zygote(process, ours, pid, output, limits.scratch_mb)
        with self._lock:
            self.started += 1
            self._zygotes.add(zygote)
        return zygote

    def _fork(self, zygote: _Zygote, limits: Limits) -> Child:
        template = self.template
        request_read, request_write = os.pipe()
        response_read, response_write = os.pipe()
        output_read, output_write = os.pipe()
        # The plain launcher's config, not bubblewrap's: the child loads its filter itself, from the staged file.
        config = ProcessLauncher.worker_config(template, limits, f"{SANDBOX_CODE}/{FILTER_NAME}")
        cgroup: WorkerCgroup | None = None
        pidfd: int | None = None
        try:
            cgroup = template._cgroup(limits)
            pid, pidfd = zygote.fork(wire.dumps(config), [request_read, response_write, output_write])
            if cgroup is not None:
                cgroup.add(pid)
            zygote.watch()
        except BaseException:
            if cgroup is not None:
                cgroup.kill_all()
                cgroup.remove()
            _close_all(request_write, response_read, output_read, pidfd)
            raise
        finally:
            _close_all(request_read, response_write, output_write)
        child = ForkedChild(
            _ForkedProcess(zygote, pid),
            request_write,
            response_read,
            OutputDrain(output_read, limits.output_bytes),
            None,
            worker_pid=pid,
            cgroup=cgroup,
            layers=template.expected_layers(),
            worker_pidfd=pidfd,
            pool=self,
            zygote=zygote,
        )
        _live.add(child)
        return child

    def close(self) -> None:
        """Kill the zygotes not in use; ones in use are killed when their worker is."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
            self._zygotes.difference_update(idle)
        for zygote in idle:
            zygote.close()
        self._starter.shutdown(wait=True)

    def __enter__(self) -> ZygotePool:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def batch_launcher(launcher: Launcher, size: int) -> WarmPool:
    """What a run of many solutions starts its workers with: workers started ahead, `size` at a time, forked
    by zygotes where bubblewrap and seccomp are in use (the pool closes its zygotes with it).

    Forked ahead, a worker's fork, cgroup and confinement (about 5 ms, mostly waiting on the kernel) overlap the
    solution before it instead of delaying the next one: HumanEval+ samples a second, 2 jobs on 2 shared cores,
    1.25-1.37x on a machine loaded by other work, the same within noise on a quieter one (docs/reward.md)."""
    if isinstance(launcher, BubblewrapLauncher) and launcher.seccomp:
        try:
            zygotes = ZygotePool(launcher)
        except (SandboxError, seccomp_filter.SeccompUnavailable):
            pass
        else:
            return WarmPool(zygotes, size, owns=zygotes)
    return WarmPool(launcher, size)
