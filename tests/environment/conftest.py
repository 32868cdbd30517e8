"""One small environment built by the real `codeeval env` (pip from the registry) for the whole session."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support import run_cli

# texttable: a small pure-Python wheel the sandbox's own interpreter does not have.
LIBRARY_PROBLEM = """\
name: table_width
summary: The width of a one-cell texttable.
entry_point: table_width
reference: |
  import texttable

  def table_width(text):
      table = texttable.Texttable()
      table.add_row([text])
      return len(table.draw().splitlines()[0])
tests:
  - args: ["abc"]
    expected: 7
"""
NLTK_PROBLEM = """\
name: count_words
summary: Words in a sentence, by NLTK.
entry_point: count_words
reference: |
  from nltk.tokenize import word_tokenize

  def count_words(text):
      return len(word_tokenize(text))
tests:
  - args: ["a b"]
    expected: 2
"""
# tabulate: pinned by no lock, so installed unpinned and its version written to the user's lock.
UNPINNED_PROBLEM = """\
name: tabulated
summary: A one-row table by tabulate.
entry_point: tabulated
reference: |
  from tabulate import tabulate

  def tabulated(x):
      return tabulate([[x]])
tests:
  - args: [1]
    expected: "-\\n1\\n-"
"""
LOCK = "texttable==1.7.0\ncodeeval-no-such-package-anywhere==0.0.1\n"


@dataclass(frozen=True)
class TinyEnvironment:
    problems: Path
    lock: Path
    folder: Path  # the built environment
    manifest: dict
    first_output: str  # what the first `codeeval env` printed on stderr

    @property
    def python(self) -> Path:
        return self.folder / "bin" / "python"


@pytest.fixture(scope="session")
def tiny_env() -> Iterator[TinyEnvironment]:
    # Not under /tmp: the sandbox mounts its own /tmp, where the workers would not see the environment.
    work = Path(tempfile.mkdtemp(prefix="codeeval-env-test-", dir="/var/tmp"))
    os.chmod(work, 0o755)  # the workers' uids must reach the environment inside
    previous = os.environ.get("CODEEVAL_ENV_DIR")
    os.environ["CODEEVAL_ENV_DIR"] = str(work / "envs")
    try:
        problems = work / "problems"
        problems.mkdir()
        (problems / "table_width.yaml").write_text(LIBRARY_PROBLEM, encoding="utf-8")
        (problems / "count_words.yaml").write_text(NLTK_PROBLEM, encoding="utf-8")
        (problems / "tabulated.yaml").write_text(UNPINNED_PROBLEM, encoding="utf-8")
        lock = work / "my.lock"
        lock.write_text(LOCK, encoding="utf-8")
        done = run_cli("env", str(problems), "--lock", str(lock), timeout=600)
        assert done.returncode == 0, done.stderr
        python = Path(done.stdout.strip().splitlines()[-1])
        manifest = json.loads((python.parent.parent / "codeeval-env.json").read_text(encoding="utf-8"))
        if "texttable" not in manifest["installed"]:
            reason = next((f["reason"] for f in manifest["failed"] if f["requirement"].startswith("texttable")), "")
            pytest.skip(f"the package registry is not reachable: pip could not install texttable ({reason})")
        yield TinyEnvironment(problems, lock, python.parent.parent, manifest, done.stderr)
    finally:
        if previous is None:
            os.environ.pop("CODEEVAL_ENV_DIR", None)
        else:
            os.environ["CODEEVAL_ENV_DIR"] = previous
        shutil.rmtree(work, ignore_errors=True)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path
