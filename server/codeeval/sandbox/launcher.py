"""Starting a worker process: the one place that decides how untrusted code is isolated.

The session talks to whatever `spawn` returns through two private pipes; a
stronger launcher (namespaces, another uid, seccomp) replaces this one
without the rest of the engine noticing.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

WORKER = Path(__file__).with_name("child") / "worker.py"
OUTPUT_CAP_BYTES = 64 * 1024


@dataclass(frozen=True)
class Limits:
    """What one worker may use. Wall-clock time is enforced by the session, the rest by the kernel."""

    time_per_call_s: float = 2.0
    memory_mb: int = 512
    cpu_s: int = 300
    file_size_mb: int = 16
    open_files: int = 64
    processes: int = 64
    output_bytes: int = OUTPUT_CAP_BYTES

    def for_worker(self) -> dict:
        return {"memory_mb": self.memory_mb, "cpu_s": self.cpu_s, "file_size_mb": self.file_size_mb,
                "open_files": self.open_files, "processes": self.processes}


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


@dataclass
class Child:
    """A running worker: its process, the two channel ends the parent holds, its captured output."""

    process: subprocess.Popen
    request_fd: int
    response_fd: int
    output: OutputDrain
    workdir: str
    _closed: bool = field(default=False, repr=False)

    def kill(self) -> None:
        """Kill the whole process group and reap it; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
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
        shutil.rmtree(self.workdir, ignore_errors=True)


class ProcessLauncher:
    """A child process per solution with resource limits, in its own session and process group."""

    name = "process"

    def __init__(self, python: str | None = None):
        self.python = python or sys.executable

    def isolation(self) -> dict:
        return {
            "level": "process",
            "network": True,
            "uid": os.getuid(),
            "layers": ["process", "rlimits", "timeouts", "output_cap"],
            "missing": ["namespaces", "seccomp", "unprivileged_uid"],
            "warnings": ["solutions run as a plain child process: they can reach the network and read files"],
        }

    def spawn(self, limits: Limits) -> Child:
        request_read, request_write = os.pipe()
        response_read, response_write = os.pipe()
        output_read, output_write = os.pipe()
        workdir = tempfile.mkdtemp(prefix="codeeval-")
        command = [self.python, "-S", "-s", "-B", str(WORKER), str(request_read), str(response_write),
                   json.dumps(limits.for_worker())]
        try:
            process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=output_write,
                stderr=output_write,
                pass_fds=(request_read, response_write),
                cwd=workdir,
                env=worker_environment(),
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            for fd in (request_read, request_write, response_read, response_write, output_read, output_write):
                os.close(fd)
            shutil.rmtree(workdir, ignore_errors=True)
            raise
        for fd in (request_read, response_write, output_write):
            os.close(fd)
        return Child(process, request_write, response_read, OutputDrain(output_read, limits.output_bytes), workdir)


def worker_environment() -> dict:
    """A clean environment: nothing of the evaluator's leaks in, and hashing is reproducible."""
    return {
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
        "HOME": "/nonexistent",
    }
