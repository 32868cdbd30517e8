"""A test suite and the solution it judges as one module the worker loads: one call per test.

The worker loads the runner (child/suite_runner.py, its text first, so it exists before any solution code
runs), which loads the solution as the module `solution` and the suite in the same globals; the entry
`SUITE_ENTRY(name)` runs one test and returns `[verdict, message, traceback]`, and `SUITE_ENTRY(None)`
tears down and removes the task's temporary directory. A hanging test is a call that times out: the session
kills the worker and the next test runs in a new one (which loads everything again).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

SUITE_ENTRY = "__codeeval_suite__"
SUITE_FILENAME = "test_suite.py"  # the suite's name in tracebacks
RUNNER_FILENAME = "<codeeval suite runner>"
VERDICTS = ("passed", "failed", "error", "skipped")


@lru_cache(maxsize=1)
def _runner_text() -> str:
    return (Path(__file__).parent / "child" / "suite_runner.py").read_text(encoding="utf-8")


def suite_adapter(solution: str, filename: str, suite: str, prelude: str = "") -> str:
    """Source for the worker: the runner, then the lines that load the solution and the suite into it."""
    return (
        f"{_runner_text()}\n\n"
        f"_RUNNER = SuiteRunner({solution!r}, {filename!r}, {suite!r}, {SUITE_FILENAME!r}, {prelude!r})\n\n\n"
        f"def {SUITE_ENTRY}(name):\n"
        f"    return _RUNNER.run(name)\n"
    )
