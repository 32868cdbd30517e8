"""Starting a worker process: the one place that decides how untrusted code is isolated.

The session talks to whatever `spawn` returns through two private pipes. This
module's ProcessLauncher starts the worker as a plain child process, optionally
as an unprivileged uid of its own, in a cgroup of its own, with Landlock and
seccomp applied by the worker before any solution arrives; bubblewrap.py wraps
the same worker in namespaces. `detect.py` decides which of these a machine
supports; the rest of the engine sees only `spawn(limits) -> Child` and
`isolation() -> IsolationReport`.
"""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import weakref
from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar, Protocol, TypedDict

from ..base.capabilities import Capability
from ..base.isolation import IsolationLevel, IsolationReport
from .cgroup import CgroupError, CgroupParent, WorkerCgroup
from .child import wire
from .staging import FILTER_NAME, compile_for, stage

OUTPUT_CAP_BYTES = 64 * 1024
_SETPRIV = shutil.which("setpriv", path="/usr/bin:/bin")  # drops the uid after a vfork (see _popen)

# The layers a fully isolated run has; any of these absent is reported as `missing`
# (and refused by --require-isolation=strict). Landlock and cgroups are extras.
REQUIRED_LAYERS = ("namespaces", "unprivileged_uid", "rlimits", "seccomp", "timeouts", "output_cap")
EXTRA_LAYERS = ("landlock", "cgroup")


# The worker is imported rather than run as a script, so it loads from the bytecode staging compiled.
BOOTSTRAP = "import sys; sys.path[0] = {code_dir!r}; import worker; worker.run(sys.argv)"


class SandboxError(Exception):
    """A worker could not be started with the isolation promised: the solution is not run."""


class CallClock(str, Enum):
    """What a call's time limit measures (see Session.call)."""

    WALL = "wall"  # seconds on the clock: what a user waits
    CPU = "cpu"  # the worker's CPU seconds, read from /proc: nearly the same on a busy machine as on an idle one

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Limits:
    """What one worker may use. Call time is enforced by the session, the rest by the kernel."""

    time_per_call_s: float = 2.0
    call_clock: CallClock = CallClock.WALL  # CPU in deterministic mode, so load cannot turn a pass into a time-out
    memory_mb: int = 512
    cpu_s: int = 300
    file_size_mb: int = 16
    open_files: int = 64
    processes: int = 64
    output_bytes: int = OUTPUT_CAP_BYTES
    scratch_mb: int = 64  # the writable working directory (a tmpfs under bubblewrap)
    # What the problem asks for beyond a pure function (processes, loopback): granted only by a launcher whose
    # namespaces contain it (`ProcessLauncher.grants`); elsewhere the worker runs as any other.
    capabilities: frozenset[Capability] = frozenset()

    def for_worker(self) -> dict:
        return {
            "memory_mb": self.memory_mb,
            "cpu_s": self.cpu_s,
            "file_size_mb": self.file_size_mb,
            "open_files": self.open_files,
            "processes": self.processes,
        }


class OutputDrain:
    """Reads a child's stdout and stderr to the end, keeping only the first `cap` bytes."""

    def __init__(self, fd: int, cap: int):
        self.cap = cap
        self.kept = bytearray()
        self.total = 0
        self._fd = fd
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while True:
                chunk = os.read(self._fd, 1 << 16)
                if not chunk:
                    break
                self.total += len(chunk)
                room = self.cap - len(self.kept)
                if room > 0:
                    self.kept += chunk[:room]
        except OSError:
            pass
        finally:
            os.close(self._fd)

    def text(self) -> str:
        body = self.kept.decode("utf-8", errors="replace")
        if self.total > len(self.kept):
            body += f"\n[... {self.total - len(self.kept)} more bytes of output dropped]"
        return body

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)


class WorkerProcess(Protocol):
    """What the evaluator asks of the process it started for a worker: a `subprocess.Popen`, or a zygote's
    child (zygote_pool.py)."""

    pid: int

    def poll(self) -> int | None: ...

    def wait(self, timeout: float | None = None) -> int: ...


@dataclass(eq=False)  # compared and hashed by identity: live children are tracked in a WeakSet
class Child:
    """A running worker: its process, the two channel ends the parent holds, its captured output."""

    process: WorkerProcess
    request_fd: int
    response_fd: int
    output: OutputDrain
    workdir: str | None
    worker_pid: int | None = None  # the interpreter's pid as the evaluator sees it (bubblewrap's child)
    cgroup: WorkerCgroup | None = None
    layers: dict = field(default_factory=dict)  # what the worker must report as applied in its hello
    worker_pidfd: int | None = None  # the wrapped worker, signalled without any risk of pid reuse
    _closed: bool = field(default=False, repr=False)

    def kill(self) -> None:
        """Kill the whole process group (and cgroup), reap, clean up; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        kill_inner_first(self.process, self.worker_pidfd)
        if self.cgroup is not None:
            self.cgroup.kill_all()  # also what left the process group
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for fd in (self.request_fd, self.response_fd):
            try:
                os.close(fd)
            except OSError:
                pass
        self.output.join(1.0)
        if self.cgroup is not None:
            self.cgroup.remove()
        if self.workdir:
            shutil.rmtree(self.workdir, ignore_errors=True)


def kill_inner_first(process: WorkerProcess, inner_pidfd: int | None) -> None:
    """Kill what runs inside bubblewrap (by its pidfd, which is then closed), then bubblewrap's process group:
    the other way round, the inner process is orphaned and left a zombie until the system's init gets to it."""
    if inner_pidfd is not None:
        try:
            signal.pidfd_send_signal(inner_pidfd, signal.SIGKILL)
            process.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired):
            pass
        os.close(inner_pidfd)
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


class LauncherFront:
    """In front of a launcher (a pool of workers or zygotes): its name, interpreter and isolation are the
    wrapped launcher's."""

    def __init__(self, launcher: Launcher):
        self.launcher = launcher

    @property
    def name(self) -> str:
        return self.launcher.name

    @property
    def python(self) -> str:
        return self.launcher.python

    def isolation(self) -> IsolationReport:
        return self.launcher.isolation()


_live: weakref.WeakSet[Child] = weakref.WeakSet()


@atexit.register
def _kill_leftovers() -> None:
    """Workers a caller never closed die with the evaluator, and their directories and cgroups go too."""
    for child in list(_live):
        try:
            child.kill()
        except Exception:
            pass


class UidPool:
    """A distinct unprivileged uid (used as gid too) for each worker, when the evaluator is root.

    RLIMIT_NPROC counts per uid, and two workers sharing one could signal each
    other or read each other's files; numbers far above any real account.
    """

    SIZE = 1000

    def __init__(self, base: int | None = None):
        self.base = base if base is not None else 2_000_000_000 + (os.getpid() % 100_000) * self.SIZE
        self._counter = itertools.count()
        self._lock = threading.Lock()

    def take(self) -> int:
        with self._lock:
            return self.base + next(self._counter) % self.SIZE


class LayerOptions(TypedDict, total=False):
    """The interpreter and the layers detection found (detect.py), as a `ProcessLauncher`'s keyword arguments."""

    python: str | None
    python_version: str | None
    uids: UidPool | None
    seccomp: bytes | None
    landlock: bool
    cgroups: CgroupParent | None
    site_packages: tuple[str, ...]  # a built environment's package folders (the worker starts with -S)


class ProcessOptions(LayerOptions, total=False):
    """All of a `ProcessLauncher`'s keyword arguments, so a launcher built on it (`BubblewrapLauncher`) can pass
    them through as they are."""

    notes: dict | None  # layer -> why it is absent


def worker_environment() -> dict:
    """A clean environment: nothing of the evaluator's leaks in, and hashing is reproducible."""
    return {
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
        "HOME": "/nonexistent",
        # One BLAS thread for numpy (child/installed.py): the address-space limit counts every thread's stack,
        # and OpenBLAS would start one per core.
        "OPENBLAS_NUM_THREADS": "1",
    }


def _abandon(
    process: subprocess.Popen | None, cgroup: WorkerCgroup | None, workdir: str | None, *fds: int | None
) -> None:
    """Undo a worker start that failed half way: kill what started, drop its cgroup, close `fds`, remove its folder."""
    if process is not None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass
        process.wait()
    if cgroup is not None:
        cgroup.kill_all()
        cgroup.remove()
    _close_all(*fds)
    if workdir:
        shutil.rmtree(workdir, ignore_errors=True)


def refused_capabilities(launcher: Launcher, wanted: frozenset[Capability]) -> frozenset[Capability]:
    """What of `wanted` a launcher (or a pool in front of one) will not grant: all of it without namespaces."""
    return frozenset() if "namespaces" in launcher.isolation().layers else wanted


def _pidfd(pid: int) -> int | None:
    try:
        return os.pidfd_open(pid)
    except (OSError, AttributeError):  # an old kernel: killing the process group still works
        return None


def _close_all(*fds: int | None) -> None:
    for fd in fds:
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass


class Launcher(Protocol):
    """What a session needs of where its worker runs: a `ProcessLauncher`, or a `WarmPool` in front of one."""

    @property
    def name(self) -> str: ...

    @property
    def python(self) -> str: ...  # the interpreter the workers run

    def isolation(self) -> IsolationReport: ...

    def spawn(self, limits: Limits) -> Child: ...


class ProcessLauncher:
    """A child process per solution, in its own session and process group, with resource limits.

    With no arguments: the evaluator's interpreter and uid, rlimits only (a
    developer's fallback). `detect.py` adds what the machine supports.
    """

    level: ClassVar[IsolationLevel] = IsolationLevel.PROCESS  # what its isolation report says it is
    name: str = level.value
    code_dir: str | None = None  # where the worker sees its code; None: where staging put it

    def __init__(
        self,
        python: str | None = None,
        *,
        python_version: str | None = None,
        uids: UidPool | None = None,
        seccomp: bytes | None = None,
        landlock: bool = False,
        cgroups: CgroupParent | None = None,
        site_packages: tuple[str, ...] = (),
        notes: dict | None = None,
    ):
        self.python = python or sys.executable
        self.site_packages = site_packages
        self.python_version = python_version or ".".join(map(str, sys.version_info[:3]))
        self.uids = uids
        self.seccomp = seccomp
        self.landlock = landlock
        self.cgroups = cgroups
        self.notes = dict(notes or {})  # layer -> why it is absent, from detection
        self.stage_dir = stage(seccomp, self.code_dir)

    # -- what this launcher gives ---------------------------------------------------
    def layers(self) -> list:
        present = ["rlimits", "timeouts", "output_cap"]
        if self._uid_for_report() != 0:
            present.append("unprivileged_uid")
        if self.seccomp:
            present.append("seccomp")
        if self.landlock:
            present.append("landlock")
        if self.cgroups is not None:
            present.append("cgroup")
        return present

    def _uid_for_report(self) -> int:
        return self.uids.base if self.uids else os.geteuid()

    def isolation(self) -> IsolationReport:
        present = self.layers()
        missing = [layer for layer in REQUIRED_LAYERS if layer not in present]
        return IsolationReport(
            level=self.level,
            network=not ("namespaces" in present or "seccomp" in present),
            uid=self._uid_for_report(),
            python=f"{self.python_version} ({self.python})",
            layers=tuple(present),
            missing=tuple(missing),
            warnings=tuple(self._warnings(present, missing)),
        )

    def _warnings(self, present: list, missing: list) -> list:
        out = []
        if "namespaces" in missing:
            why = self.notes.get("namespaces", "bubblewrap is not in use")
            filtered = "seccomp" in present
            if "landlock" in present:
                reach = "Landlock still confines files and TCP" + ("" if filtered else ", but UDP gets out")
            else:
                reach = "solutions can read any file their uid can read" + (
                    "" if filtered else " and reach the network"
                )
            out.append(f"no namespaces ({why}): {reach}")
        if "unprivileged_uid" in missing:
            why = self.notes.get("unprivileged_uid", "the evaluator runs as root and the worker does too")
            out.append(f"workers run as root ({why}): the process-count limit does not apply")
        if "seccomp" in missing:
            out.append(f"no seccomp filter ({self.notes.get('seccomp', 'not enabled')}): system calls are not filtered")
        return out

    def grants(self, wanted: frozenset[Capability]) -> frozenset[Capability]:
        """The capabilities of `wanted` this launcher's workers get: none without namespaces to contain them."""
        return frozenset()

    # -- starting a worker ------------------------------------------------------------
    def worker_config(self, limits: Limits, seccomp_path: str | None) -> dict:
        config = {"limits": limits.for_worker(), "landlock": self.landlock, "seccomp": seccomp_path}
        if self.site_packages:  # a built environment's, in place of the interpreter's own (child/installed.py)
            config["site_packages"] = list(self.site_packages)
        return config

    def expected_layers(self) -> dict:
        """What the worker's hello must confirm, else the solution is not run."""
        expected = {"rlimits": True}
        if self.uids is not None:
            expected["unprivileged"] = True
        if self.landlock:
            expected["landlock"] = True
        if self.seccomp:
            expected["seccomp"] = True
        return expected

    def _workdir(self, uid: int | None) -> str | None:
        workdir = tempfile.mkdtemp(prefix=f"codeeval-{os.getpid()}-")  # the pid: see cleanup.py
        if uid is not None:
            os.chown(workdir, uid, uid)
        return workdir

    def _command(self, limits: Limits, request_fd: int, response_fd: int, side: dict) -> list:
        code_dir = self.code_dir or str(self.stage_dir)
        seccomp_path = f"{code_dir}/{FILTER_NAME}" if self.seccomp else None
        config = wire.dumps(self.worker_config(limits, seccomp_path)).decode("utf-8")
        return [
            self.python,
            "-S",
            "-s",
            "-B",
            "-c",
            BOOTSTRAP.format(code_dir=code_dir),
            str(request_fd),
            str(response_fd),
            config,
        ]

    def _side_channels(self, limits: Limits) -> dict:
        """Extra descriptors for the child, by name: (end the evaluator keeps or None, end the child gets)."""
        return {}

    def _find_worker(self, process: subprocess.Popen, side: dict, output: OutputDrain) -> int:
        return process.pid

    def _cgroup(self, limits: Limits) -> WorkerCgroup | None:
        """A cgroup capping the worker's processes and memory, where cgroups are delegated to us."""
        if self.cgroups is None:
            return None
        return self.cgroups.create(limits.processes + 8, (limits.memory_mb + limits.scratch_mb + 64) * 1024 * 1024)

    def _popen(
        self, command: list, uid: int | None, workdir: str | None, output_write: int, pass_fds: tuple[int, ...]
    ) -> subprocess.Popen:
        """Start `command` (in its own session, as `uid` when given), its output to `output_write`, keeping
        `pass_fds` open in it.

        The uid is dropped by setpriv (util-linux) when it is installed: Popen's own `user=` forbids vfork, and
        forking the evaluator (its page tables) cost about 5 ms of its CPU per worker, under the GIL.
        """
        if uid is not None and _SETPRIV is not None:
            command = [_SETPRIV, f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--", *command]
            uid = None
        return subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=output_write,
            stderr=output_write,
            pass_fds=pass_fds,
            cwd=workdir or "/",
            env=worker_environment(),
            start_new_session=True,
            close_fds=True,
            user=uid,
            group=uid,
            extra_groups=None if uid is None else [],
        )

    def spawn(self, limits: Limits) -> Child:
        compile_for(self.stage_dir, self.python, self.code_dir)
        uid = self.uids.take() if self.uids else None
        # The child's ends become None once handed over and closed here.
        request_read: int | None
        response_write: int | None
        output_read: int | None
        output_write: int | None
        request_read, request_write = os.pipe()
        response_read, response_write = os.pipe()
        output_read, output_write = os.pipe()
        workdir: str | None = None
        cgroup: WorkerCgroup | None = None
        process: subprocess.Popen | None = None
        side: dict = {}
        try:
            side = self._side_channels(limits)
            workdir = self._workdir(uid)
            cgroup = self._cgroup(limits)
            command = self._command(limits, request_read, response_write, side)
            process = self._popen(
                command,
                uid,
                workdir,
                output_write,
                (request_read, response_write, *(child for _, child in side.values())),
            )
            _close_all(request_read, response_write, output_write, *(child for _, child in side.values()))
            request_read = response_write = output_write = None
            side = {name: (kept, None) for name, (kept, _) in side.items()}
            output = OutputDrain(output_read, limits.output_bytes)
            output_read = None
            if cgroup is not None:
                cgroup.add(process.pid)  # before it can start anything: children are born inside
            worker_pid = self._find_worker(process, side, output)
            if cgroup is not None and worker_pid != process.pid:
                cgroup.add(worker_pid)  # in case bubblewrap forked before it was moved
        except BaseException as exc:
            _abandon(
                process,
                cgroup,
                workdir,
                request_read,
                request_write,
                response_read,
                response_write,
                output_read,
                output_write,
                *(fd for pair in side.values() for fd in pair),
            )
            if isinstance(exc, (OSError, SandboxError, CgroupError)):
                raise SandboxError(f"could not start a worker: {exc}") from exc
            raise
        _close_all(*(kept for kept, _ in side.values()))
        pidfd = None if worker_pid == process.pid else _pidfd(worker_pid)
        child = Child(
            process,
            request_write,
            response_read,
            output,
            workdir,
            worker_pid=worker_pid,
            cgroup=cgroup,
            layers=self.expected_layers(),
            worker_pidfd=pidfd,
        )
        _live.add(child)
        return child
