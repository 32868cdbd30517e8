"""Helpers that tests of several packages share: the repository's paths, the real `codeeval` command,
small problems (a benchmark-style one, the reward tests', the edge-case tests' median), and a copy of the
bundled suite that a test may change. Per-package helpers stay beside their tests (`helpers.py`)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from codeeval.problem import Problem, problem_from_text

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"

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


def run_cli(*args: str, cwd: Path | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run the real `codeeval` command in a child process."""
    return subprocess.run(
        [sys.executable, "-m", "codeeval", *args], capture_output=True, text=True, cwd=cwd or REPO, timeout=timeout
    )


def copy_suite(target: Path, problems: tuple[str, ...] = ("two_sum", "balanced_brackets")) -> tuple[Path, Path]:
    """Copy some bundled problems and their samples to target/problems and target/problems/samples."""
    problem_dir = target / "problems"
    samples_dir = problem_dir / "samples"
    samples_dir.mkdir(parents=True)
    for name in problems:
        shutil.copy(REPO / "problems" / f"{name}.yaml", problem_dir / f"{name}.yaml")
        shutil.copytree(REPO / "problems" / "samples" / name, samples_dir / name)
    return problem_dir, samples_dir


def make_two_sum_worse(samples_dir: Path) -> None:
    """two_sum/good.py returns its pair backwards: tests and edge cases fail with a wrong output."""
    good = samples_dir / "two_sum" / "good.py"
    text = good.read_text(encoding="utf-8")
    assert "return (first, second)" in text
    good.write_text(text.replace("return (first, second)", "return (second, first)"), encoding="utf-8")


# The reward tests' problem and answers (also the service's and the Ray executor's).
ADD = """\
format: 1
name: add
summary: The sum of two ints.
entry_point: add
prompt: |
  def add(a: int, b: int) -> int:
      \"\"\"a plus b.\"\"\"
reference: |
  def add(a: int, b: int) -> int:
      \"\"\"a plus b.\"\"\"
      return a + b
limits: {time_per_call_s: 1.0, total_time_s: 40}
tests:
  - args: [1, 2]
    expected: 3
  - args: [-5, 5]
    expected: 0
performance:
  sizes: [1000, 2000, 4000]
  input: "args(n, n)"
  iterations: 3
"""

GOOD = "def add(a, b):\n    return a + b\n"
WRONG = "def add(a, b):\n    return a - b\n"
HANGS = "def add(a, b):\n    while True:\n        pass\n"
FORKS = (
    "import os\ndef add(a, b):\n    for _ in range(50):\n        try:\n            os.fork()\n"
    "        except OSError:\n            pass\n    return a + b\n"
)
ANSWER = (
    "Here is my solution:\n\n```python\ndef add(a: int, b: int) -> int:\n    return a + b\n```\n\n"
    "Example:\n\n```python\nprint(add(1, 2))\n```\n"
)


def write_problems(folder: Path) -> Path:
    """The reward tests' folder: `add`, and two files that fail to load (one named as an importer names it)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "add.yaml").write_text(ADD)
    (folder / "broken.yaml").write_text("name: broken\nentry_point: [\n")
    (folder / "Bench_7.yaml").write_text("name: Bench/7\nentry_point: [\n")  # as an importer names Bench/7's file
    return folder


# The edge-case tests' problem: generated inputs, the reference as oracle.
MEDIAN = """
name: median
summary: Median of a non-empty list of numbers.
entry_point: median
reference: |
  def median(xs: list[float]) -> float:
      s = sorted(xs)
      n = len(s)
      mid = n // 2
      return float(s[mid]) if n % 2 else (s[mid - 1] + s[mid]) / 2
limits: {time_per_call_s: 1.0, total_time_s: 60}
tests:
  - args: [[1.0, 3.0, 2.0]]
    expected: 2.0
edge_cases:
  generate:
    max_examples: 60
    preconditions: ["len(xs) > 0", "all(x == x for x in xs)"]
"""


def problem(text: str = MEDIAN, **replacements: str) -> Problem:
    """The problem `text` (the median by default) with each key replaced by its value."""
    for old, new in replacements.items():
        text = text.replace(old, new)
    return problem_from_text(textwrap.dedent(text), "problem.yaml")


# A stdin/stdout program problem with a reference script (docs/problem-format.md, "Programs").
SUM_PAIRS = """\
name: sum_pairs
kind: program
summary: For each of T pairs, print the sum.
prompt: |
  The first line holds T; each of the next T lines holds two integers. Print each pair's sum on its own line.
reference: |
  import sys
  data = sys.stdin.read().split()
  t = int(data[0])
  print("\\n".join(str(int(data[1 + 2 * i]) + int(data[2 + 2 * i])) for i in range(t)))
tests:
  - input: "2\\n1 2\\n3 4\\n"
    output: "3\\n7\\n"
  - input: "1\\n-5 5\\n"
    output: "0\\n"
  - input: "3\\n10 20\\n1 1\\n0 0\\n"
    output: "30\\n2\\n0\\n"
limits: {time_per_test_s: 1, memory_mb: 256, output_mb: 1}
"""

# A custom checker: any permutation of 1..n whose neighbours never differ by 1.
PERMUTATION_CHECK = """\
def check(input, expected, output):
    n = int(input.split()[0])
    if expected.strip() == "NO SOLUTION":
        return output.strip() == "NO SOLUTION"
    try:
        values = [int(token) for token in output.split()]
    except ValueError:
        return False
    return sorted(values) == list(range(1, n + 1)) and all(abs(a - b) != 1 for a, b in zip(values, values[1:]))
"""


def skip_unless_contained(attack: str, needs: tuple[str, ...], launcher: Any) -> None:
    """Skip an attack the launcher has no layer to stop (only a layer in `needs` stops it), saying which."""
    layers = set(launcher.layers())
    if needs and not layers & set(needs):
        pytest.skip(
            f"only {' or '.join(needs)} stops {attack}; the {launcher.name} launcher has {', '.join(sorted(layers))}"
        )
