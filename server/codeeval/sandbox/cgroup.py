"""A control group per worker: a hard cap on its processes and memory, and a way to kill all of it.

An extra layer: rlimits already bound each process, but RLIMIT_NPROC counts
per uid and RLIMIT_AS per process, and neither sees a tmpfs filling memory.
Used only where the evaluator may create groups (root with cgroup v1 pids and
memory controllers, or a v2 hierarchy that delegates both to our group).
"""

from __future__ import annotations

import itertools
import os
import signal
import time
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")
CONTROLLERS = ("pids", "memory")
_names = itertools.count()


class CgroupError(Exception):
    pass


def _own_paths() -> dict:
    """Our cgroup per controller (v1) and the unified path ("" key) from /proc/self/cgroup."""
    paths = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        for name in controllers.split(",") if controllers else [""]:
            paths[name] = path
    return paths


def _write(path: Path, value: str) -> None:
    with open(path, "w") as handle:
        handle.write(value)


class CgroupParent:
    """The directories under which per-worker groups are made, one per controller."""

    def __init__(self, version: int, bases: dict):
        self.version = version
        self.bases = bases  # controller -> directory (v2: the same directory for both)

    @classmethod
    def detect(cls) -> CgroupParent:
        """Raises CgroupError with the reason when no usable hierarchy exists."""
        try:
            own = _own_paths()
        except OSError as exc:
            raise CgroupError(f"cannot read /proc/self/cgroup: {exc}") from None
        if all((CGROUP_ROOT / c).is_dir() and c in own for c in CONTROLLERS):
            parent = cls(1, {c: CGROUP_ROOT / c / own[c].lstrip("/") for c in CONTROLLERS})
        elif (CGROUP_ROOT / "cgroup.controllers").exists() and "" in own:
            base = CGROUP_ROOT / own[""].lstrip("/")
            try:
                delegated = (base / "cgroup.subtree_control").read_text().split()
            except OSError as exc:
                raise CgroupError(f"cannot read {base}/cgroup.subtree_control: {exc}") from None
            if not all(c in delegated for c in CONTROLLERS):
                raise CgroupError(f"cgroup v2: {base} does not delegate the pids and memory controllers")
            parent = cls(2, dict.fromkeys(CONTROLLERS, base))
        else:
            raise CgroupError("no cgroup v1 pids/memory controllers and no cgroup v2 hierarchy")
        probe = parent.create(processes=8, memory_bytes=64 << 20)  # may we create, limit and remove groups?
        probe.remove()
        return parent

    def create(self, processes: int, memory_bytes: int) -> WorkerCgroup:
        name = f"codeeval-{os.getpid()}-{next(_names)}"
        dirs = sorted({base / name for base in self.bases.values()})
        group = WorkerCgroup(self.version, dirs)
        try:
            for directory in dirs:
                directory.mkdir()
            pids_dir = self.bases["pids"] / name
            memory_dir = self.bases["memory"] / name
            _write(pids_dir / "pids.max", str(processes))
            _write(memory_dir / ("memory.limit_in_bytes" if self.version == 1 else "memory.max"), str(memory_bytes))
            if self.version == 2 and (memory_dir / "memory.swap.max").exists():
                _write(memory_dir / "memory.swap.max", "0")
        except OSError as exc:
            group.remove()
            raise CgroupError(f"cannot set up {name}: {exc}") from None
        return group


class WorkerCgroup:
    """One worker's cgroup (v1 or v2 directories): processes are added to it and it is removed after."""

    def __init__(self, version: int, dirs: list):
        self.version = version
        self.dirs = dirs

    def add(self, pid: int) -> None:
        """Move a process (all its threads) in; its later children start inside."""
        for directory in self.dirs:
            _write(directory / "cgroup.procs", str(pid))

    def pids(self) -> set[int]:
        found: set[int] = set()
        for directory in self.dirs:
            try:
                found.update(int(x) for x in (directory / "cgroup.procs").read_text().split())
            except (OSError, ValueError):
                pass
        return found

    def kill_all(self) -> None:
        """SIGKILL everything inside, including processes that left the worker's process group."""
        if self.version == 2 and (self.dirs[0] / "cgroup.kill").exists():
            try:
                _write(self.dirs[0] / "cgroup.kill", "1")
            except OSError:
                pass
        for _ in range(50):
            pids = self.pids()
            if not pids:
                return
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            time.sleep(0.002)

    def remove(self) -> bool:
        """Remove the (empty) groups; a group that will not go is left behind rather than block the evaluator."""
        removed = True
        for directory in self.dirs:
            for _ in range(50):
                try:
                    directory.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.002)  # the last task is still exiting
            else:
                removed = False
        return removed
