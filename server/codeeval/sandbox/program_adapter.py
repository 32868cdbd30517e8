"""A stdin/stdout program as a callable entry point, so its tests run as calls in one sandboxed worker.

The worker loads the adapter below instead of the script: loading compiles the script once; each call
runs it afresh (new globals, `__name__ == "__main__"`) with the test's input on standard input (as
`sys.stdin`, `sys.stdin.buffer`, `input()` and file descriptor 0, so `open(0)` reads it too) and returns
what it wrote to `sys.stdout` (and `print`, `sys.stdout.buffer`) with its exit status, after waiting for
the threads it started, as an interpreter does at exit. Past the input a
read gets end-of-file. Past the output limit a write raises `OutputLimitExceeded`, and so does the end of
a run whose script swallowed that exception. Everything else a script does (raising, hanging, exhausting
memory, crashing the worker) is what a call can do, and the session reports it as for any call. The
expected output never enters the sandbox: the parent compares (`judging.output_checkers`).
"""

from __future__ import annotations

PROGRAM_ENTRY = "__codeeval_program__"
OUTPUT_LIMIT_ERROR = "OutputLimitExceeded"
DEFAULT_OUTPUT_LIMIT_BYTES = 8 * 1024 * 1024  # well past any benchmark's answer; a flood stops here

_RUNNER = '''
import io as _io
import os as _os
import sys as _sys
import tempfile as _tempfile
import threading as _threading


class OutputLimitExceeded(Exception):
    """The script wrote more than the problem's output limit."""


class _CappedSink(_io.RawIOBase):
    def __init__(self, limit):
        self.parts, self.size, self.limit = [], 0, limit

    def writable(self):
        return True

    def write(self, data):
        self.size += len(data)
        if self.size > self.limit:
            raise OutputLimitExceeded(f"more than {self.limit} bytes of output")
        self.parts.append(bytes(data))
        return len(data)


def _exit_status(code):
    """What a process would exit with after `sys.exit(code)`."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=_sys.stderr)
    return 1


def _with_input_on_fd0(data, run):
    """Run `run()` with `data` readable on descriptor 0, then put the worker's own descriptor 0 back."""
    with _tempfile.TemporaryFile() as source:
        source.write(data)
        source.seek(0)
        saved = _os.dup(0)
        _os.dup2(source.fileno(), 0)
        try:
            return run()
        finally:
            _os.dup2(saved, 0)
            _os.close(saved)


def _join_new_threads(before):
    """Wait for the threads the script started, as an interpreter does before it exits (scripts run their
    solution in a thread with a bigger stack and return at once); daemon threads are not waited for."""
    for thread in _threading.enumerate():
        if thread not in before and not thread.daemon and thread is not _threading.current_thread():
            thread.join()


def __codeeval_program__(stdin):
    sink = _CappedSink(_LIMIT)
    out = _io.TextIOWrapper(_io.BufferedWriter(sink), encoding="utf-8", errors="surrogateescape")
    saved = _sys.stdin, _sys.stdout

    def run():
        _sys.stdin = _io.TextIOWrapper(_io.FileIO(0, closefd=False), encoding="utf-8", errors="surrogateescape")
        _sys.stdout = out
        before = set(_threading.enumerate())
        try:
            exec(_CODE, {"__name__": "__main__", "__builtins__": __builtins__, "exit": _sys.exit, "quit": _sys.exit})
            status = 0
        except SystemExit as stop:
            status = _exit_status(stop.code)
        finally:
            _join_new_threads(before)
            _sys.stdin, _sys.stdout = saved
        out.flush()
        return status

    status = _with_input_on_fd0(stdin.encode("utf-8", "surrogateescape"), run)
    if sink.size > sink.limit:  # the script caught the exception and went on
        raise OutputLimitExceeded(f"more than {sink.limit} bytes of output")
    return [b"".join(sink.parts).decode("utf-8", "replace"), status]
'''


def program_adapter(script: str, filename: str, output_limit_bytes: int = DEFAULT_OUTPUT_LIMIT_BYTES) -> str:
    """Source for the worker: the script compiled once (a syntax error fails the load), and the entry
    `PROGRAM_ENTRY(stdin) -> [stdout, exit status]` that runs it."""
    return (
        f"# codeeval: runs the script {filename!r} once per test, its input on stdin (sandbox/program_adapter.py)\n"
        f"{_RUNNER}\n"
        f"_LIMIT = {int(output_limit_bytes)}\n"
        f"_CODE = compile({script!r}, {filename!r}, 'exec', dont_inherit=True)\n"
    )
