"""The child side: loads one untrusted solution and runs the calls the evaluator asks for.

Runs as `python -I -S -B worker.py REQUEST_FD RESPONSE_FD LIMITS_JSON`, standard
library only. It never sees expected outputs: requests carry inputs, responses
carry what the solution did, and the evaluator judges. Anything here can be
tampered with by the solution once it is loaded, so nothing the worker says
is trusted beyond "this is the value the solution produced".
"""

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import limits  # noqa: E402  (these three sit next to this file, which is first on sys.path)
import timing  # noqa: E402
import wire  # noqa: E402

# Bound before any solution code runs, so patching `time` or `wire` later cannot
# change what the harness itself uses.
_perf_counter_ns = time.perf_counter_ns
_read_message = wire.read_message
_write_message = wire.write_message

RECURSION_LIMIT = 10_000


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
        import traceback

        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename != __file__]
        lines = traceback.format_list(frames[-12:])
        lines += traceback.format_exception_only(type(exc), exc)
        return "".join(lines)[-4000:]
    except BaseException:
        return ""


class Worker:
    def __init__(self, request_fd: int, response_fd: int):
        self.request_fd = request_fd
        self.response_fd = response_fd
        self.entry = None
        self.kind = None

    def serve(self) -> None:
        while True:
            try:
                request = _read_message(self.request_fd)
            except EOFError:
                return
            op = request.get("op")
            if op == "bye":
                return
            handler = {"load": self.load, "call": self.call, "time": self.time}.get(op)
            if handler is None:
                response = {"status": "error", "message": f"unknown op {op!r}"}
            else:
                try:
                    response = handler(request)
                except BaseException as exc:  # the harness reports, never dies on a solution's behalf
                    response = {"status": "error", **describe_exception(exc)}
            try:
                _write_message(self.response_fd, response)
            except wire.WireError as exc:
                _write_message(self.response_fd, {"status": "unencodable", "message": str(exc)})

    def load(self, request: dict) -> dict:
        filename = request.get("filename") or "solution.py"
        try:
            code = compile(request["source"], filename, "exec", dont_inherit=True)
        except SyntaxError as exc:
            return {"status": "syntax_error", "message": str(exc.msg), "lineno": exc.lineno,
                    "offset": exc.offset, "text": (exc.text or "")[:500]}
        except (ValueError, MemoryError) as exc:
            return {"status": "syntax_error", "message": str(exc)[:500], "lineno": None}
        module = type(sys)("solution")
        module.__file__ = filename
        sys.modules["solution"] = module
        try:
            exec(code, module.__dict__)
        except BaseException as exc:  # SystemExit at import is a failed import, not a pass
            return {"status": "import_error", **describe_exception(exc)}
        entry = module.__dict__.get(request["entry_point"])
        if entry is None:
            return {"status": "missing_entry_point", "message": f"no {request['entry_point']!r} defined at module level"}
        if not callable(entry):
            return {"status": "missing_entry_point", "message": f"{request['entry_point']!r} is not callable"}
        self.entry = entry
        self.kind = "class" if isinstance(entry, type) else "function"
        return {"status": "loaded", "kind": self.kind}

    def _invoke(self, request: dict):
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
            encoded = wire.encode(value)
        except (wire.WireError, RecursionError, MemoryError) as exc:
            return {"status": "unencodable", "duration_s": elapsed, "message": str(exc)[:500]}
        return {"status": "returned", "duration_s": elapsed, "value": encoded}

    def time(self, request: dict) -> dict:
        if self.entry is None:
            return {"status": "error", "message": "no solution loaded"}
        try:
            return timing.time_case(lambda: self._prepare(request), request)
        except BaseException as exc:
            return {"status": "raised", **describe_exception(exc)}

    def _prepare(self, request: dict):
        """Decode a fresh copy of the inputs now, so decoding is not part of the timed region."""
        args = wire.decode(request.get("args", []))
        kwargs = wire.decode(request.get("kwargs", {"$dict": []}))
        calls = request.get("calls")
        entry = self.entry
        if calls is None:
            return lambda: entry(*args, **kwargs)
        decoded = [(m, wire.decode(a), wire.decode(k)) for m, a, k in calls]

        def run_calls():
            target = entry(*args, **kwargs)
            for method, call_args, call_kwargs in decoded:
                getattr(target, method)(*call_args, **call_kwargs)

        return run_calls


def main(argv: list) -> int:
    request_fd, response_fd = int(argv[1]), int(argv[2])
    limit_settings = json.loads(argv[3]) if len(argv) > 3 else {}
    limits.apply(limit_settings)
    sys.setrecursionlimit(RECURSION_LIMIT)
    Worker(request_fd, response_fd).serve()
    return 0


if __name__ == "__main__":
    code = main(sys.argv)
    sys.stdout.flush()
    os._exit(code)  # skip interpreter teardown: a solution's __del__ cannot change anything now
