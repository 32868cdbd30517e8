"""The worker inside bubblewrap: new user, network, PID, IPC, UTS, cgroup and mount namespaces.

What the worker sees: /usr (and the /bin, /lib... links to it), the
interpreter's own prefix and /etc/alternatives (symlinks numpy's BLAS is found
through), read-only; its code at /codeeval, read-only;
/dev/null, zero, random and urandom; and a size-capped private tmpfs at /tmp
as its working directory. Everything else, the project, the problems, /etc, /home, /root,
/proc and other solutions, does not exist in there.

Started as the worker's unprivileged uid (bubblewrap then makes an
unprivileged user namespace), so the uid the kernel counts and checks
outside is that uid, not root. bubblewrap also loads the seccomp filter, just
before it starts the interpreter (so that filter allows exec, and only exec:
with fork refused, exec can only replace the worker), which spares the worker
importing ctypes; Landlock would add nothing the mount namespace does not.

Capabilities a problem asks for (base/capabilities.py) are granted here, and only here, because the
namespaces contain them: with `processes`, the filter lets fork, exec and signals through (the PID
namespace holds every process the solution starts: it sees and signals only them, and they all die with
the worker, its pid 1; RLIMIT_NPROC and the cgroup's pids.max bound their number) and a small /dev/shm
is mounted for multiprocessing's semaphores; with `loopback`, Unix and IP sockets (the network namespace
has only its own loopback).
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from typing import TYPE_CHECKING

from ..base.capabilities import Capability
from ..base.isolation import IsolationLevel
from .fdwait import wait_readable
from .launcher import Limits, OutputDrain, ProcessLauncher, ProcessOptions, SandboxError
from .seccomp_filter import build_granted
from .staging import FILTER_NAME

if TYPE_CHECKING:
    from typing_extensions import Unpack  # in `typing` from Python 3.11

SANDBOX_CODE = "/codeeval"
SANDBOX_WORKDIR = "/tmp"
SYSTEM_LINKS = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
# Only symlinks and a settings file: numpy finds its BLAS through /etc/alternatives, matplotlib reads its rc.
SYSTEM_DATA = ("/etc/alternatives", "/etc/matplotlibrc")
DEVICES = ("/dev/null", "/dev/zero", "/dev/random", "/dev/urandom")
SHARED_MEMORY = "/dev/shm"  # POSIX semaphores and shared memory (multiprocessing's locks and queues)
# For a task granted processes: `python` and `python3` on PATH (tests run `python script.py`), as the
# interpreter the worker runs, and a /proc of the sandbox's own PID namespace (`pkill`, `top`, `ps`).
COMMANDS_DIR = "/run/codeeval/bin"
GRANTED_PATH = f"{COMMANDS_DIR}:/usr/bin:/bin"
# For a task granted loopback: `localhost` resolves (there is no /etc in the sandbox but what is bound here).
HOSTS = b"127.0.0.1 localhost\n::1 localhost ip6-localhost ip6-loopback\n"
FILE_CHANNEL = "file "  # a side channel's name prefix: a file bubblewrap writes into the sandbox from a pipe
INFO_TIMEOUT_S = 10.0


def system_binds() -> list:
    """/usr read-only, and /bin, /lib... as the symlinks (merged /usr) or directories they are here."""
    args = ["--ro-bind", "/usr", "/usr"]
    for name in SYSTEM_LINKS:
        path = "/" + name
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
    return args


def under(path: str, roots: list) -> bool:
    return any(path == root or path.startswith(root.rstrip("/") + "/") for root in roots)


class BubblewrapLauncher(ProcessLauncher):
    """The process launcher's worker inside bubblewrap's namespaces (see above)."""

    level = IsolationLevel.BUBBLEWRAP
    name = level.value
    code_dir = SANDBOX_CODE

    def __init__(
        self,
        bwrap: str,
        *,
        features: frozenset[str] = frozenset(),
        python_dirs: tuple[str, ...] = (),
        **options: Unpack[ProcessOptions],
    ):
        """`features`: optional bubblewrap flags this version has; `python_dirs`: the interpreter's prefixes.

        `seccomp` (in `options`) must be built with `seccomp_filter.build(allow_exec=True)`: bubblewrap
        loads it before it execs the interpreter.
        """
        super().__init__(**options)
        self.bwrap = bwrap
        self.features = features
        self.python_dirs = tuple(d for d in python_dirs if d and not under(d, ["/usr"]))

    def layers(self) -> list:
        return ["namespaces"] + super().layers()

    def _workdir(self, uid: int | None) -> str | None:
        return None  # a tmpfs inside the sandbox, gone with it

    def grants(self, wanted: frozenset[Capability]) -> frozenset[Capability]:
        return wanted  # the namespaces contain every capability there is (see above)

    def _side_channels(self, limits: Limits) -> dict:
        # name -> (end the evaluator keeps or None, end the child gets); bubblewrap writes the worker's pid to "info"
        side: dict[str, tuple[int | None, int]] = {"info": os.pipe()}
        granted = self.grants(limits.capabilities)
        if self.seccomp and granted:  # a few kilobytes: the pipe holds them until bubblewrap reads them
            side["seccomp"] = (None, _pipe_holding(build_granted(granted)))
        elif self.seccomp:  # bubblewrap loads the filter just before it starts the interpreter
            side["seccomp"] = (None, os.open(self.stage_dir / FILTER_NAME, os.O_RDONLY | os.O_CLOEXEC))
        for path, content in self._granted_files(granted).items():
            side[FILE_CHANNEL + path] = (None, _pipe_holding(content))
        return side

    def _granted_files(self, granted: frozenset[Capability]) -> dict[str, bytes]:
        files = {}
        if Capability.PROCESSES in granted:
            wrapper = f'#!/bin/sh\nexec {self.python} "$@"\n'.encode()
            files.update({f"{COMMANDS_DIR}/python": wrapper, f"{COMMANDS_DIR}/python3": wrapper})
        if Capability.LOOPBACK in granted:
            files["/etc/hosts"] = HOSTS
        return files

    def worker_config(self, limits: Limits, seccomp_path: str | None) -> dict:
        # The worker only checks that a filter is in place: it must not need ctypes for it. A granted filter
        # lets signals through, so the worker checks it with another call it refuses.
        installed: bool | str = bool(self.seccomp)
        if installed and self.grants(limits.capabilities):
            installed = "granted"
        return {**super().worker_config(limits, None), "seccomp_installed": installed}

    def bwrap_args(self, limits: Limits, side: dict) -> list:
        args = [
            self.bwrap,
            "--unshare-all",
            "--unshare-user",
            "--die-with-parent",
            "--as-pid-1",
            "--cap-drop",
            "ALL",
            "--hostname",
            "sandbox",
        ]
        if "--disable-userns" in self.features:
            args.append("--disable-userns")  # no nested namespaces to regain capabilities in
        args += system_binds()
        for directory in self.python_dirs:
            args += ["--ro-bind", directory, directory]
        for path in SYSTEM_DATA:  # what plotting libraries read: symlinks to BLAS, matplotlib's rc file
            args += ["--ro-bind-try", path, path]
        args += ["--ro-bind", str(self.stage_dir), SANDBOX_CODE]
        for device in DEVICES:  # not --dev: no /dev/shm (an unbounded tmpfs), no ptys, and faster
            args += ["--dev-bind-try", device, device]
        size = ["--size", str(limits.scratch_mb * 1024 * 1024)] if "--size" in self.features else []
        if Capability.PROCESSES in self.grants(limits.capabilities):
            args += size + ["--tmpfs", SHARED_MEMORY, "--proc", "/proc", "--setenv", "PATH", GRANTED_PATH]
        for name, (_, fd) in side.items():
            if name.startswith(FILE_CHANNEL):
                args += ["--perms", "0755", "--file", str(fd), name[len(FILE_CHANNEL) :]]
        args += size + [
            "--tmpfs",
            SANDBOX_WORKDIR,
            "--remount-ro",
            "/",  # the root bubblewrap builds the view on is a tmpfs too
            "--chdir",
            SANDBOX_WORKDIR,
            "--info-fd",
            str(side["info"][1]),
        ]
        if "seccomp" in side:
            args += ["--seccomp", str(side["seccomp"][1])]
        return args + ["--"]

    def _command(self, limits: Limits, request_fd: int, response_fd: int, side: dict) -> list:
        return self.bwrap_args(limits, side) + super()._command(limits, request_fd, response_fd, side)

    def _find_worker(self, process: subprocess.Popen, side: dict, output: OutputDrain) -> int:
        """bubblewrap writes the sandboxed process's pid (as we see it) to --info-fd once it exists."""
        info_fd = side["info"][0]
        data = b""
        deadline = time.monotonic() + INFO_TIMEOUT_S
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not wait_readable(info_fd, remaining):
                raise SandboxError("bubblewrap did not report its sandbox in time")
            chunk = os.read(info_fd, 4096)
            if not chunk:
                break
            data += chunk
        try:
            return int(json.loads(data)["child-pid"])
        except (ValueError, KeyError, TypeError):
            try:
                process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                pass
            output.join(0.5)
            raise SandboxError(f"bubblewrap failed: {output.text().strip()[:500] or 'no message'}") from None


def _pipe_holding(content: bytes) -> int:
    """The read end of a pipe that holds `content` (a few bytes: within a pipe's buffer) and then ends."""
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, content)
    finally:
        os.close(write_end)
    return read_end
