"""A world-readable copy of the worker's code (and the seccomp program) that any sandbox uid can load.

The package may live where a worker's uid cannot read (a venv under /root),
and bubblewrap shows the worker only what is bound in; one small directory,
owned by the evaluator and read-only to everyone else, serves both.

The copy is compiled once, by the interpreter that will run it, with the file
names the worker will see (/codeeval/... under bubblewrap): compiling the
worker's modules from source cost about 20 ms on every start.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

CHILD_DIR = Path(__file__).with_name("child")
FILTER_NAME = "filter.bpf"
COMPILE = (
    "import compileall, sys; "
    "sys.exit(0 if compileall.compile_dir(sys.argv[1], ddir=sys.argv[2], quiet=1, force=True) else 1)"
)

_lock = threading.Lock()
_staged: dict = {}
_compiled: set = set()


def stage(seccomp_program: bytes | None, seen_as: str | None = None) -> Path:
    """The staging directory for this filter and in-sandbox path (made once per process)."""
    key = (seccomp_program or b"", seen_as)
    with _lock:
        if key in _staged and _staged[key].is_dir():
            return _staged[key]
        directory = Path(tempfile.mkdtemp(prefix=f"codeeval-worker-{os.getpid()}-"))  # the pid: cleanup.py
        atexit.register(shutil.rmtree, directory, True)
        for source in sorted(CHILD_DIR.glob("*.py")):
            shutil.copyfile(source, directory / source.name)
        if seccomp_program:
            (directory / FILTER_NAME).write_bytes(seccomp_program)
        _make_readable(directory)
        _staged[key] = directory
        return directory


def compile_for(directory: Path, python: str, seen_as: str | None = None) -> bool:
    """Byte-compile the copy with `python` (once); False if that failed (the worker then compiles at start)."""
    key = (str(directory), python)
    with _lock:
        if key in _compiled:
            return True
        try:
            done = subprocess.run(
                [python, "-S", "-s", "-c", COMPILE, str(directory), seen_as or str(directory)],
                capture_output=True,
                timeout=60,
                cwd="/",
            )
        except (OSError, subprocess.SubprocessError):
            return False
        _make_readable(directory)
        if done.returncode == 0:
            _compiled.add(key)
        return done.returncode == 0


def _make_readable(directory: Path) -> None:
    for root, dirs, files in os.walk(directory):
        for name in dirs:
            os.chmod(os.path.join(root, name), 0o755)
        for name in files:
            os.chmod(os.path.join(root, name), 0o644)
    os.chmod(directory, 0o755)  # mkdtemp made it 0700: others may now read, nobody else may write
