"""A function problem's test suite: a Python module of unittest classes and/or pytest-style functions.

Plain data: the suite runs only in the sandbox (sandbox/child/suite_runner.py), where it judges itself.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_TIME_PER_TEST_S = 10.0
DEFAULT_TIME_PER_TASK_S = 120.0


@dataclass(frozen=True)
class TestSuiteSpec:
    """`test_suite:` in a problem file: the module's text and its time limits."""

    __test__ = False  # a name pytest would otherwise collect as a test class

    source: str
    line: int | None = None  # where the suite's first line is in the problem file
    time_per_test_s: float = DEFAULT_TIME_PER_TEST_S
    time_per_task_s: float = DEFAULT_TIME_PER_TASK_S
