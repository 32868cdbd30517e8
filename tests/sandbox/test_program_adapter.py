"""A script runs under the adapter as under a plain `python`: what it writes, however it writes it, is its output.

Through the real engine and a real sandbox (the machine's default launcher): contest templates that write to
descriptor 1 through `sys.stdout.fileno()` and flush only at exit, output mixed from `print` and the buffer,
an exit status, and the output limit counted over every way of writing.
"""

from __future__ import annotations

import pytest

from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.problem.definition import ProblemLimits
from codeeval.problem.io_problems import StdinTest, stdin_problem
from codeeval.sandbox import default_launcher

# PyRival's fast-IO template, as many Codeforces and CodeContests solutions begin: its own `sys.stdout`,
# written to descriptor 1 with os.write, flushed only when the interpreter exits.
FAST_IO = """\
import os, sys
from io import BytesIO, IOBase


class FastIO(IOBase):
    newlines = 0

    def __init__(self, file):
        self._fd = file.fileno()
        self.buffer = BytesIO()
        self.writable = "x" in file.mode or "r" not in file.mode
        self.write = self.buffer.write if self.writable else None

    def read(self):
        return os.read(self._fd, 1 << 16)

    def flush(self):
        if self.writable:
            os.write(self._fd, self.buffer.getvalue())
            self.buffer.truncate(0), self.buffer.seek(0)


class IOWrapper(IOBase):
    def __init__(self, file):
        self.buffer = FastIO(file)
        self.flush = self.buffer.flush
        self.writable = self.buffer.writable
        self.write = lambda s: self.buffer.write(s.encode("ascii"))
        self.read = lambda: self.buffer.read().decode("ascii")


sys.stdin, sys.stdout = IOWrapper(sys.stdin), IOWrapper(sys.stdout)
n = int(sys.stdin.read())
print(2 * n + 1)
"""

MIXED = """\
import os, sys
n = int(input())
print("first", n)
sys.stdout.flush()
os.write(1, b"second\\n")
sys.stdout.buffer.write(b"third\\n")
sys.stdout.write("fourth\\n")
"""


def judged(script: str, expected: str, output_limit_bytes: int = 1 << 20) -> tuple[float | None, list]:
    problem = stdin_problem(
        "adapter_probe",
        [StdinTest("4\n", expected)],
        limits=ProblemLimits(time_per_call_s=2.0),
        output_limit_bytes=output_limit_bytes,
    )
    options = EvaluationOptions(launcher=default_launcher(), skip=("edge_cases", "performance", "code_quality"))
    correctness = evaluate("probe.py", problem, source=script, options=options).dimensions["correctness"]
    return correctness.score, [(case.verdict, case.actual) for case in correctness.details.cases]


def test_a_fast_io_template_writing_to_descriptor_1_at_exit_passes():
    assert judged(FAST_IO, "9\n") == (100.0, [])


def test_output_written_every_way_comes_in_the_order_a_process_writes_it():
    assert judged(MIXED, "first 4\nsecond\nthird\nfourth\n") == (100.0, [])


@pytest.mark.parametrize(
    "flood",
    ["print('x' * 4096)", "os.write(1, b'x' * 4096)", "sys.stdout.buffer.write(b'x' * 4096)"],
    ids=["print", "descriptor", "buffer"],
)
def test_the_output_limit_counts_every_way_of_writing(flood):
    script = f"import os, sys\nfor _ in range(100):\n    {flood}\n"
    score, cases = judged(script, "x\n", output_limit_bytes=64 * 1024)
    assert score == 0
    assert cases == [("output_limit", "raised OutputLimitExceeded: more than 65536 bytes of output")]


def test_an_exit_status_is_kept_and_the_output_up_to_it_flushed():
    score, cases = judged("import sys\nprint(int(input()) * 2)\nsys.exit(2)\n", "8\n")
    assert score == 0 and cases == [("runtime_error", "exit status 2")]
