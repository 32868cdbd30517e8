"""Runs one test of a problem's test suite at a time, inside the solution's sandboxed worker (stdlib only).

`sandbox/suite_adapter.py` puts this module's text first in what the worker loads, so everything here
(the result class, the references to unittest's and the builtins' originals, the snapshot of
`unittest.TestCase`) exists before the solution's code runs. Then the solution runs as the module
`solution` (so `import solution` works), and the suite runs in the same globals, as BigCodeBench runs
`solution + tests` as one module. Each call runs one test, named `Class.method` or `function`, in the
task's own temporary directory, and returns `[verdict, message, traceback]`; the parent never sends
expected values: the suite judges itself, and only verdicts leave the sandbox.

What a solution can do against it: it runs in this process, so a determined solution can reach any object
here (through frames or the garbage collector) and forge a pass. What is stopped: replacing the methods of
`unittest.TestCase`, `TestResult`, unittest's `_Outcome` (which turns a test's exceptions into results) or
this runner's own result and runner classes (restored before every test, and a test during which they
changed is an error); the runner's verdict comes from its result object, not from test code; and what a
solution prints never reaches the evaluator as a verdict (only the worker's channel does).
"""

from __future__ import annotations

import linecache
import os
import shutil
import sys
import tempfile
import traceback
import unittest

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

PASSED, FAILED, ERROR, SKIPPED = "passed", "failed", "error", "skipped"
SHOWN_FRAMES = 8
MESSAGE_LIMIT = 2000

_AssertionError = AssertionError
_SkipTest = unittest.SkipTest
_isinstance = isinstance
_guarded: tuple = (unittest.TestCase, unittest.TestResult, unittest.case._Outcome)  # type: ignore[attr-defined]
_originals = {klass: dict(vars(klass)) for klass in _guarded}  # this module's classes join below
_OWN_FILES: set = set()  # the solution's and the suite's file names: the frames a traceback shows


def _tampered() -> str:
    """The guarded attributes someone replaced, put back; '' when none was."""
    changed = []
    for klass, original in _originals.items():
        for name, value in original.items():
            if vars(klass).get(name) is not value:
                changed.append(f"{klass.__name__}.{name}")
                try:
                    setattr(klass, name, value)
                except (AttributeError, TypeError):  # read-only slots such as __dict__
                    pass
        for name in set(vars(klass)) - set(original):
            changed.append(f"{klass.__name__}.{name}")
            try:
                delattr(klass, name)
            except (AttributeError, TypeError):
                pass
    return ", ".join(sorted(changed))


class _Result(unittest.TestResult):
    """Records one test's outcome: the first failure or error wins (a subTest can fail several times)."""

    def __init__(self) -> None:
        super().__init__()
        self.outcome: list = []

    def _record(self, verdict: str, message: str, trace: str = "") -> None:
        if not self.outcome or (self.outcome[0] in (PASSED, SKIPPED) and verdict in (FAILED, ERROR)):
            self.outcome = [verdict, message, trace]

    def addSuccess(self, test: Any) -> None:
        self._record(PASSED, "")

    def addFailure(self, test: Any, err: Any) -> None:
        self._record(FAILED, *describe(err[1], failed=True))

    def addError(self, test: Any, err: Any) -> None:
        self._record(ERROR, *describe(err[1], failed=False))

    def addSkip(self, test: Any, reason: str) -> None:
        self._record(SKIPPED, str(reason)[:MESSAGE_LIMIT])

    def addExpectedFailure(self, test: Any, err: Any) -> None:
        self._record(PASSED, "failed as expected")

    def addUnexpectedSuccess(self, test: Any) -> None:
        self._record(FAILED, "passed, but is marked as an expected failure")

    def addSubTest(self, test: Any, subtest: Any, err: Any) -> None:
        if err is not None:
            failed = _isinstance(err[1], _AssertionError)
            message, trace = describe(err[1], failed=failed)
            self._record(FAILED if failed else ERROR, f"{subtest._subDescription()}: {message}", trace)


def describe(exc: BaseException, failed: bool) -> tuple[str, str]:
    """(message, traceback): an assertion's message (or its source line, for a bare `assert`), an error's
    type and message; the last frames that are in the solution or the suite."""
    try:
        frames = [
            (frame, line)
            for frame, line in traceback.walk_tb(exc.__traceback__)
            if frame.f_code.co_filename in _OWN_FILES
        ]
        summary = traceback.StackSummary.extract(iter(frames[-SHOWN_FRAMES:]))
        text = str(exc)
        if failed and not text and summary:
            text = (summary[-1].line or "assertion failed").strip()
        if not failed:
            text = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
        trace = "".join(summary.format()) + "".join(traceback.format_exception_only(type(exc), exc))
        return text[:MESSAGE_LIMIT], trace[-4000:]
    except BaseException:
        return "<the exception could not be described>", ""


class SuiteRunner:
    """The solution and the suite loaded in one module's globals, and one test run per call."""

    def __init__(self, solution: str, filename: str, suite: str, suite_filename: str, prelude: str) -> None:
        _OWN_FILES.update((filename, suite_filename))
        self.home = os.getcwd()
        self.workdir = tempfile.mkdtemp(
            prefix="codeeval-suite-", dir=self.home if os.access(self.home, os.W_OK) else None
        )
        os.chdir(self.workdir)
        self.class_ready: dict[str, list] = {}  # classes whose setUpClass ran: [] or its error
        self.open_class: Any = None
        for name, text in ((filename, solution), (suite_filename, suite)):  # tracebacks can show their lines
            linecache.cache[name] = (len(text), None, text.splitlines(True), name)
        module = type(sys)("solution")
        module.__file__ = filename
        sys.modules["solution"] = module
        self.globals = module.__dict__
        self.load_error: list = []
        for what, text, name in (("prelude", prelude, "<prelude>"), ("solution", solution, filename)):
            if self.load_error or not text:
                continue
            try:
                exec(compile(text, name, "exec", dont_inherit=True), self.globals)
            except BaseException as exc:  # every test will be an error naming this
                message, trace = describe(exc, failed=False)
                self.load_error = [ERROR, f"the {what} raised while loading: {message}", trace]
        if not self.load_error:
            try:
                exec(compile(suite, suite_filename, "exec", dont_inherit=True), self.globals)
            except BaseException as exc:
                message, trace = describe(exc, failed=False)
                self.load_error = [ERROR, f"the test suite raised while loading: {message}", trace]
        _tampered()  # what loading changed in unittest is put back before any test

    def run(self, name: Any) -> list:
        if name is None:
            return self.finish()
        if self.load_error:
            return list(self.load_error)
        os.chdir(self.workdir)
        owner, _, method = str(name).partition(".")
        try:
            outcome = self._run_method(owner, method) if method else self._run_function(owner)
        except BaseException as exc:
            outcome = [ERROR, *describe(exc, failed=False)]
        changed = _tampered()
        if changed:
            return [ERROR, f"the test runner was tampered with during the test ({changed})", ""]
        return outcome

    def _run_method(self, owner: str, method: str) -> list:
        klass: Any = self.globals.get(owner)
        if not _isinstance(klass, type) or not issubclass(klass, unittest.TestCase):
            return [ERROR, f"the suite defines no unittest.TestCase class {owner!r}", ""]
        if self.open_class is not None and self.open_class is not klass:
            self._close_class()
        if owner not in self.class_ready:
            self.open_class = klass
            try:
                klass.setUpClass()
                self.class_ready[owner] = []
            except BaseException as exc:
                message, trace = describe(exc, failed=False)
                self.class_ready[owner] = [ERROR, f"setUpClass raised {message}", trace]
        if self.class_ready[owner]:
            return list(self.class_ready[owner])
        result = _Result()
        klass(method).run(result)
        return result.outcome or [ERROR, "the test reported no outcome", ""]

    def _run_function(self, name: str) -> list:
        function = self.globals.get(name)
        if not callable(function):
            return [ERROR, f"the suite defines no test function {name!r}", ""]
        try:
            code = function.__code__
            wanted = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
            if "tmp_path" in wanted:
                import pathlib  # noqa: PLC0415  (only suites that ask for tmp_path)

                function(tmp_path=pathlib.Path(tempfile.mkdtemp(prefix="tmp_path-", dir=self.workdir)))
            else:
                function()
        except _AssertionError as exc:
            return [FAILED, *describe(exc, failed=True)]
        except _SkipTest as exc:
            return [SKIPPED, str(exc)[:MESSAGE_LIMIT], ""]
        except BaseException as exc:
            if type(exc).__name__ == "Skipped":  # pytest.skip(), when the suite imports pytest
                return [SKIPPED, str(exc)[:MESSAGE_LIMIT], ""]
            return [ERROR, *describe(exc, failed=False)]
        return [PASSED, "", ""]

    def _close_class(self) -> None:
        try:
            self.open_class.tearDownClass()
        except BaseException:  # a class's clean-up failing changes no test's verdict
            pass
        self.open_class = None

    def finish(self) -> list:
        """The last call: the open class torn down, the task's directory removed."""
        if self.open_class is not None:
            self._close_class()
        os.chdir(self.home)
        shutil.rmtree(self.workdir, ignore_errors=True)
        return ["done", "", ""]


_originals.update({klass: dict(vars(klass)) for klass in (_Result, SuiteRunner)})
