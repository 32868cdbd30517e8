"""The child side: loads one untrusted solution and runs the calls the evaluator asks for.

Runs as `python -S -s -B worker.py REQUEST_FD RESPONSE_FD CONFIG_JSON`, or imported
and started with `run(argv)` (so it loads from precompiled bytecode), standard
library only. It never sees expected outputs: requests carry inputs, responses
carry what the solution did, and the evaluator judges. Anything here can be
tampered with by the solution once it is loaded, so nothing the worker says
is trusted beyond "this is the value the solution produced" (and the timing
figures, which the evaluator checks against what it measured itself).

Start-up order: hide the channel, apply rlimits, Landlock and seccomp, then say
"ready" with what was applied. Only after that does a solution arrive.
"""

from __future__ import annotations

import gc
import os
import resource
import sys
import time

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: importing `typing` would add `re` to every worker's start-up
if TYPE_CHECKING:  # the type checker sees the package; the sandbox runs this file as a script
    from collections.abc import Callable
    from typing import Any

    from codeeval.sandbox.child import installed, limits, probes, timing, wire
    from codeeval.sandbox.child.opcount import Thunk
    from codeeval.sandbox.child.wire import Value

    Handler = Callable[[dict], dict]  # an op: its request -> the reply
else:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import installed  # these sit next to this file, which is first on sys.path
    import limits
    import probes
    import timing
    import wire

# Bound before any solution code runs, so patching `time` or `wire` later cannot
# change what the harness itself uses.
_perf_counter_ns = time.perf_counter_ns
_read_message = wire.read_message
_write_message = wire.write_message

RECURSION_LIMIT = 10_000
_HERE = os.path.dirname(os.path.abspath(__file__))  # the harness's own frames are left out of tracebacks


def describe_exception(exc: BaseException) -> dict:
    kind = type(exc)
    try:
        mro = [klass.__name__ for klass in kind.__mro__]
    except Exception:
        mro = [getattr(kind, "__name__", "Exception")]
    try:
        message = str(exc)
    except BaseException:
        message = "<str failed>"
    return {
        "exc_type": getattr(kind, "__name__", "Exception"),
        "exc_mro": mro,
        "message": message[:2000],
        "traceback": format_traceback(exc),
    }


def format_traceback(exc: BaseException) -> str:
    """The solution's frames only (the worker's own frames say nothing to a reader)."""
    try:
        import traceback  # noqa: PLC0415  (only when a solution raises: 8 ms of every worker's start-up)

        # Only the last frames are looked up: a RecursionError has ten thousand, and finding the
        # source line of each (a file the worker cannot see) would take longer than the call.
        frames = [
            (f, n) for f, n in traceback.walk_tb(exc.__traceback__) if os.path.dirname(f.f_code.co_filename) != _HERE
        ]
        lines = traceback.StackSummary.extract(iter(frames[-12:])).format()
        lines += traceback.format_exception_only(type(exc), exc)
        return "".join(lines)[-4000:]
    except BaseException:
        return ""


def find_entry(namespace: dict, entry_point: str) -> tuple[Any, str]:
    """The callable a case calls, or None and why not.

    `name`: a module-level function or class. `Class.method` (LeetCode's `Solution.twoSum`): a method
    called on a fresh instance of the class for every call, so no state leaks from one test to the next.
    """
    owner_name, _, method = entry_point.partition(".")
    owner = namespace.get(owner_name)
    if owner is None:
        return None, f"no {owner_name!r} defined at module level"
    if not method:
        return (owner, "") if callable(owner) else (None, f"{entry_point!r} is not callable")
    if not isinstance(owner, type):
        return None, f"{owner_name!r} is not a class, so it has no method {method!r} to call"
    if not callable(getattr(owner, method, None)):
        return None, f"class {owner_name!r} defines no method {method!r}"

    def on_a_fresh_instance(*args: Any, **kwargs: Any) -> Any:
        return getattr(owner(), method)(*args, **kwargs)

    return on_a_fresh_instance, ""


class Worker:
    """Serves one evaluator: loads the solution, then answers its calls, timings and plots until told to stop."""

    def __init__(self, request_fd: int, response_fd: int):
        self.request_fd = request_fd
        self.response_fd = response_fd
        self.entry: Any = None  # the solution's entry point, once loaded
        self.kind: str | None = None

    def serve(self) -> None:
        while True:
            try:
                request = _read_message(self.request_fd)
            except EOFError:
                return
            op = request.get("op")
            if op == "bye":
                return
            if op == "calls":
                self.call_each(request)
                continue
            handler = {"load": self.load, "call": self.call, "time": self.time, "plot": self.plot}.get(str(op))
            if handler is None:
                self._reply(request, {"status": "error", "message": f"unknown op {op!r}"})
            else:
                self._reply(request, self._handled(handler, request))

    def call_each(self, request: dict) -> None:
        """A batch of calls: one reply per case, in order, each written the moment its case is done, so the
        evaluator times every case from the previous reply and stops a hanging one at its own limit."""
        cases = request.get("cases")
        if not isinstance(cases, list):
            self._reply(request, {"status": "error", "message": "a batch without cases"})
            return
        for index, case in enumerate(cases):
            response = (
                self._handled(self.call, case)
                if isinstance(case, dict)
                else {"status": "error", "message": "a case is not an object"}
            )
            response["index"] = index
            self._reply(request, response)

    @staticmethod
    def _handled(handler: Handler, request: dict) -> dict:
        try:
            return handler(request)
        except BaseException as exc:  # the harness reports, never dies on a solution's behalf
            return {"status": "error", **describe_exception(exc)}

    def _reply(self, request: dict, response: dict) -> None:
        response["id"] = request.get("id")  # lets the evaluator spot stray or stale messages
        try:
            _write_message(self.response_fd, response)
        except wire.WireError as exc:
            _write_message(
                self.response_fd,
                {
                    "status": "unencodable",
                    "message": str(exc)[:500],
                    "id": request.get("id"),
                    "index": response.get("index"),
                },
            )

    def load(self, request: dict) -> dict:
        filename = request.get("filename") or "solution.py"
        try:
            code = compile(request["source"], filename, "exec", dont_inherit=True)
        except SyntaxError as exc:
            return {
                "status": "syntax_error",
                "message": str(exc.msg),
                "lineno": exc.lineno,
                "offset": exc.offset,
                "text": (exc.text or "")[:500],
            }
        except (ValueError, MemoryError) as exc:
            return {"status": "syntax_error", "message": str(exc)[:500], "lineno": None}
        prelude = request.get("prelude") or ""
        try:  # compiled apart, so the solution's own line numbers stay as written
            prelude_code = compile(prelude, "<prelude>", "exec", dont_inherit=True) if prelude else None
        except (SyntaxError, ValueError) as exc:
            return {"status": "syntax_error", "message": f"in the problem's prelude: {exc}"[:500], "lineno": None}
        module = type(sys)("solution")
        module.__file__ = filename
        sys.modules["solution"] = module
        installed.add_site_packages()
        try:
            if prelude_code is not None:
                exec(prelude_code, module.__dict__)
            exec(code, module.__dict__)
        except BaseException as exc:  # SystemExit at import is a failed import, not a pass
            return {"status": "import_error", **describe_exception(exc)}
        entry, missing = find_entry(module.__dict__, str(request["entry_point"]))
        if entry is None:
            return {"status": "missing_entry_point", "message": missing}
        self.entry = entry
        self.kind = "class" if isinstance(entry, type) else "function"
        # What import built lives as long as the worker: keep it out of every later collection, so
        # the collection before each timed batch costs the same for a big module as for a small one.
        gc.collect()
        gc.freeze()
        return {"status": "loaded", "kind": self.kind}

    def plot(self, request: dict) -> dict:
        """Run a plotting script (no entry point) and describe the figure it left open (plot_script.py)."""
        if TYPE_CHECKING:
            from codeeval.sandbox.child import plot_script as figure  # noqa: PLC0415
        else:
            import plot_script as figure  # noqa: PLC0415  (logging and warnings: only plot problems pay for them)
        installed.add_site_packages()  # matplotlib and pandas live there
        reply = figure.run_script(
            request,
            lambda source, name: compile(source, name, "exec", dont_inherit=True),
            describe_exception,
            wire.decode,
        )
        if "png" in reply:
            reply["png"] = wire.encode(reply["png"])
        for stream in (sys.stdout, sys.stderr):  # the session stops this worker next: keep what it printed
            try:
                stream.flush()
            except BaseException:
                pass
        return reply

    def _invoke(self, request: dict) -> Value:
        """Run one case on fresh copies of its inputs and return the solution's result."""
        args = wire.decode(request.get("args", []))
        kwargs = wire.decode(request.get("kwargs", {"$dict": []}))
        calls = request.get("calls")
        if calls is None:
            return self.entry(*args, **kwargs)
        target = self.entry(*args, **kwargs)
        results = []
        for method, call_args, call_kwargs in calls:
            bound = getattr(target, method)
            results.append(bound(*wire.decode(call_args), **wire.decode(call_kwargs)))
        return results

    def call(self, request: dict) -> dict:
        if self.entry is None:
            return {"status": "error", "message": "no solution loaded"}
        started = _perf_counter_ns()
        try:
            value = self._invoke(request)
        except BaseException as exc:
            elapsed = (_perf_counter_ns() - started) / 1e9
            return {"status": "raised", "duration_s": elapsed, **describe_exception(exc)}
        elapsed = (_perf_counter_ns() - started) / 1e9
        try:
            encoded = wire.encode(value, packed=True)
        except (wire.WireError, RecursionError, MemoryError) as exc:
            return {"status": "unencodable", "duration_s": elapsed, "message": str(exc)[:500]}
        return {"status": "returned", "duration_s": elapsed, "value": encoded}

    def time(self, request: dict) -> dict:
        if self.entry is None:
            return {"status": "error", "message": "no solution loaded"}
        try:
            fresh = timing.FreshCopies(wire.decode)  # decoded once, copied
            probing = request.get("mode") == "count" and request.get("probe")
            decode = probes.Probing(fresh) if probing else fresh
            return timing.time_case(lambda: self._prepare(request, decode), request)
        except BaseException as exc:
            return {"status": "raised", **describe_exception(exc)}

    def _prepare(self, request: dict, decode: timing.FreshCopies | probes.Probing) -> Thunk:
        """Decode a fresh copy of the inputs now, so decoding is not part of the timed region."""
        args = decode(request.get("args", []))
        kwargs = decode(request.get("kwargs", {"$dict": []}))
        calls = request.get("calls")
        entry = self.entry
        if calls is None:
            return lambda: entry(*args, **kwargs)
        decoded = decode.calls(calls)

        def run_calls() -> list:
            target = entry(*args, **kwargs)
            # The results, so a timed run's answers can be checked like a function's return value.
            return [getattr(target, method)(*call_args, **call_kwargs) for method, call_args, call_kwargs in decoded]

        return run_calls


def hide_channel(*fds: int) -> list:
    """Move the channel to random high descriptors, closed on exec, and forget the numbers we were given.

    Obscurity, not a defence: code in this process can always find them. It
    keeps a solution from writing to a descriptor number it read in argv.
    """
    low = 256
    high = max(low + 64, min(resource.getrlimit(resource.RLIMIT_NOFILE)[0], 4096))
    moved = []
    for fd in fds:
        while True:
            target = low + int.from_bytes(os.urandom(2), "little") % (high - low)
            try:
                os.fstat(target)
            except OSError:
                break
        moved.append(os.dup2(fd, target, inheritable=False))
        os.close(fd)
    del sys.argv[1:]
    return moved


def seccomp_in_place(kind: object = True) -> str:
    """Confirm a filter loaded before the interpreter started (by bubblewrap) without ctypes.

    Signal 0 to oneself only checks permission: harmless, and refused only by the filter. A filter that grants
    processes lets signals through; it is checked with setuid to one's own uid instead, a no-op that only the
    filter refuses (every filter refuses identity changes).
    """
    try:
        if kind == "granted":
            os.setuid(os.getuid())
        else:
            os.kill(os.getpid(), 0)
    except PermissionError:
        return "loaded before start"
    raise RuntimeError("seccomp: the filter the launcher promised is not in place")


def confine(config: dict) -> dict:
    """Every layer the evaluator asked for, or an exception: the worker never runs code half-confined."""
    applied = {"rlimits": limits.apply(config.get("limits") or {}), "uid": os.getuid()}
    if config.get("seccomp_installed"):
        applied["seccomp"] = seccomp_in_place(config["seccomp_installed"])
    if config.get("landlock") or config.get("seccomp"):
        if TYPE_CHECKING:
            from codeeval.sandbox.child import confine as layers  # noqa: PLC0415
        else:
            import confine as layers  # noqa: PLC0415  (ctypes: only when a layer needs it)

        applied.update(layers.apply(config))
    return applied


def main(argv: list) -> int:
    request_fd, response_fd = int(argv[1]), int(argv[2])
    config = wire.loads(argv[3].encode("utf-8")) if len(argv) > 3 else {}
    request_fd, response_fd = hide_channel(request_fd, response_fd)
    installed.use(config.get("site_packages"))
    try:
        applied = confine(config)
    except BaseException as exc:
        _write_message(response_fd, {"status": "failed", "message": f"{type(exc).__name__}: {exc}"[:1000]})
        return 3
    sys.setrecursionlimit(RECURSION_LIMIT)
    _write_message(response_fd, {"status": "ready", "layers": applied})
    Worker(request_fd, response_fd).serve()
    return 0


def run(argv: list) -> None:
    """The entry point: serve until told to stop, then leave without interpreter teardown."""
    code = main(argv)
    sys.stdout.flush()
    os._exit(code)  # a solution's __del__ or atexit hook cannot change anything now


if __name__ == "__main__":
    run(sys.argv)
