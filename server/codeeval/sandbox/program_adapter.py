"""A stdin/stdout program as a callable entry point, so its tests run as calls in one sandboxed worker.

The worker loads the adapter below instead of the script: loading compiles the script once; each call
runs it afresh (new globals, `__name__ == "__main__"`) with the test's input on standard input (as
`sys.stdin`, `sys.stdin.buffer`, `input()` and file descriptor 0, so `open(0)` reads it too) and returns
what it wrote to standard output (`print`, `sys.stdout`, its buffer, and descriptor 1 itself, which fast-IO
templates write to through `sys.stdout.fileno()`) with its exit status, after waiting for the threads it
started and flushing `sys.stdout` (the script's own, if it set one), as an interpreter does at exit. Past
the input a read gets end-of-file. Descriptor 1 is a file during the run, and no file may grow past the
output limit (RLIMIT_FSIZE, lowered for the run: a write past it fails with EFBIG, so a flood stops at
once); a run that wrote more ends in `OutputLimitExceeded`, whatever the script did with the error.
Everything else a script does (raising, hanging, exhausting memory, crashing the worker) is what a call
can do, and the session reports it as for any call. The expected output never enters the sandbox: the
parent compares (`judging.output_checkers`).
"""

from __future__ import annotations

PROGRAM_ENTRY = "__codeeval_program__"
OUTPUT_LIMIT_ERROR = "OutputLimitExceeded"
DEFAULT_OUTPUT_LIMIT_BYTES = 8 * 1024 * 1024  # well past any benchmark's answer; a flood stops here

_RUNNER = '''
import io as _io
import os as _os
import resource as _resource
import sys as _sys
import tempfile as _tempfile
import threading as _threading


class OutputLimitExceeded(Exception):
    """The script wrote more than the problem's output limit."""


def _exit_status(code):
    """What a process would exit with after `sys.exit(code)`."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=_sys.stderr)
    return 1


def _join_new_threads(before):
    """Wait for the threads the script started, as an interpreter does before it exits (scripts run their
    solution in a thread with a bigger stack and return at once); daemon threads are not waited for."""
    for thread in _threading.enumerate():
        if thread not in before and not thread.daemon and thread is not _threading.current_thread():
            thread.join()


def _standard_streams():
    """`sys.stdin` and `sys.stdout` over descriptors 0 and 1, as an interpreter opens them (fast-IO templates
    write to `sys.stdout.fileno()` and read its `mode`)."""
    stdin = _io.TextIOWrapper(
        _io.BufferedReader(_io.FileIO(0, "r", closefd=False)), encoding="utf-8", errors="surrogateescape"
    )
    stdout = _io.TextIOWrapper(
        _io.BufferedWriter(_io.FileIO(1, "w", closefd=False)), encoding="utf-8", errors="surrogateescape"
    )
    stdin.mode, stdout.mode = "r", "w"
    return stdin, stdout


def _on_fd(fd, source, run):
    """Run `run()` with `source` (a file) as descriptor `fd`, then put the worker's own back."""
    saved = _os.dup(fd)
    _os.dup2(source.fileno(), fd)
    try:
        return run()
    finally:
        _os.dup2(saved, fd)
        _os.close(saved)


def _capped_files(limit, run):
    """Run `run()` with files past `limit` + 1 bytes refused (EFBIG: the worker ignores SIGXFSZ), so a flood
    stops at once; the worker's own soft limit back afterwards (a script may have raised it, up to the hard one)."""
    soft, hard = _resource.getrlimit(_resource.RLIMIT_FSIZE)
    cap = limit + 1 if hard == _resource.RLIM_INFINITY else min(limit + 1, hard)
    _resource.setrlimit(_resource.RLIMIT_FSIZE, (cap, hard))
    try:
        return run()
    finally:
        try:
            _resource.setrlimit(_resource.RLIMIT_FSIZE, (soft, hard))
        except (ValueError, OSError):  # the script lowered the hard limit: this worker keeps it
            pass


def __codeeval_program__(stdin):
    saved = _sys.stdin, _sys.stdout
    with _tempfile.TemporaryFile() as given, _tempfile.TemporaryFile() as written:
        given.write(stdin.encode("utf-8", "surrogateescape"))
        given.seek(0)

        def run():
            _sys.stdin, _sys.stdout = _standard_streams()
            out = _sys.stdout
            before = set(_threading.enumerate())
            namespace = {"__name__": "__main__", "__builtins__": __builtins__, "exit": _sys.exit, "quit": _sys.exit}
            try:
                exec(_PRELUDE, namespace)  # the benchmark's own imports, before the script (Problem.prelude)
                exec(_CODE, namespace)
                status = 0
            except SystemExit as stop:
                status = _exit_status(stop.code)
            except OSError:
                if _os.fstat(1).st_size <= _LIMIT:  # not the output limit's EFBIG: the script's own error
                    raise
                status = 0
            finally:
                _join_new_threads(before)
                current = _sys.stdout
                _sys.stdin, _sys.stdout = saved
            for stream in (current, out):  # what an interpreter flushes at exit: stdout, the script's own if it set one
                try:
                    stream.flush()
                except Exception:  # past the limit (judged below), closed, or the script's own flush failing
                    pass
            return status

        status = _capped_files(_LIMIT, lambda: _on_fd(0, given, lambda: _on_fd(1, written, run)))
        size = _os.fstat(written.fileno()).st_size
        if size > _LIMIT:  # also when the script caught the limit's error and went on
            raise OutputLimitExceeded(f"more than {_LIMIT} bytes of output")
        written.seek(0)
        output = written.read()
    return [output.decode("utf-8", "replace"), status]
'''


def program_adapter(
    script: str, filename: str, output_limit_bytes: int = DEFAULT_OUTPUT_LIMIT_BYTES, prelude: str = ""
) -> str:
    """Source for the worker: the script compiled once (a syntax error fails the load), and the entry
    `PROGRAM_ENTRY(stdin) -> [stdout, exit status]` that runs it, each time after `prelude` in the same fresh
    globals (compiled apart, so the script's line numbers stay its own)."""
    return (
        f"# codeeval: runs the script {filename!r} once per test, its input on stdin (sandbox/program_adapter.py)\n"
        f"{_RUNNER}\n"
        f"_LIMIT = {int(output_limit_bytes)}\n"
        f"_PRELUDE = compile({prelude!r}, '<prelude>', 'exec', dont_inherit=True)\n"
        f"_CODE = compile({script!r}, {filename!r}, 'exec', dont_inherit=True)\n"
    )
