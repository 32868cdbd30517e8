"""Shared test helpers: the repository's paths and a way to write small problem files."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"

pytest_plugins = ["tests.browser"]  # the `chromium` fixture, for tests that use a real browser

# The smallest benchmark-style problem, for tests of how runs are written (cache, blind mode, progress, ...).
DOUBLE_PROBLEM = """\
name: Demo/0
summary: Twice a number.
entry_point: double
prompt: "def double(x):\\n"
reference: |
  def double(x):
      return 2 * x
tests:
  - args: [2]
    expected: 4
"""

# `codeeval run` reuses cached results: tests (and the commands they start) get a cache of their own,
# so no test reads a result another test or an earlier session stored.
_CACHE = tempfile.TemporaryDirectory(prefix="codeeval-test-cache-")
os.environ["CODEEVAL_CACHE_DIR"] = _CACHE.name


def run_cli(*args: str, cwd: Path | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run the real `codeeval` command in a child process."""
    return subprocess.run(
        [sys.executable, "-m", "codeeval", *args], capture_output=True, text=True, cwd=cwd or REPO, timeout=timeout
    )


@pytest.fixture
def write_problem(tmp_path):
    """Write a problem file from (dedented) YAML text and return its path."""

    def write(text: str, name: str = "problem.yaml") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
        return path

    return write


@pytest.fixture
def write_solution(tmp_path):
    def write(text: str, name: str = "solution.py") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
        return path

    return write
