"""Small problems for the reward tests, written to a folder."""

from __future__ import annotations

from pathlib import Path

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
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "add.yaml").write_text(ADD)
    (folder / "broken.yaml").write_text("name: broken\nentry_point: [\n")
    (folder / "Bench_7.yaml").write_text("name: Bench/7\nentry_point: [\n")  # as an importer names Bench/7's file
    return folder
