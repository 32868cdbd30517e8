"""Fixtures every test may use: writing small problem and solution files. Shared helpers are in support.py."""

from __future__ import annotations

import os
import tempfile
import textwrap
from pathlib import Path

import pytest

pytest_plugins = ["tests.browser"]  # the `chromium` fixture, for tests that use a real browser

# `codeeval run` reuses cached results: tests (and the commands they start) get a cache of their own,
# so no test reads a result another test or an earlier session stored.
_CACHE = tempfile.TemporaryDirectory(prefix="codeeval-test-cache-")
os.environ["CODEEVAL_CACHE_DIR"] = _CACHE.name


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
