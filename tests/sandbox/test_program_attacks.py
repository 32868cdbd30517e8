"""The adversarial suite as programs: each attack a stdin/stdout script of a `kind: program` problem.

A program runs differently from a function (sandbox/program_adapter.py: the script run afresh per test
with its input on descriptor 0 and `sys.stdin`, its output captured and capped), so every attack of
test_attacks.py that a script can make is made again here, through the real engine, under every launcher
and a zygote pool. Each program prints the right answer only if its attack worked; a contained attack gets
the verdict a judge gives a contest program (wrong answer, runtime error, time, memory or output limit),
every test of the problem still runs (a time-out or a crash costs one test, not the rest), a sound program
evaluated next on the same launcher still passes, and the tripwires of test_attacks.py stay untouched.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.problem.definition import Problem, ProblemLimits
from codeeval.problem.io_problems import StdinTest, stdin_problem
from codeeval.results.result import EvaluationResult
from codeeval.sandbox.launcher import OUTPUT_CAP_BYTES
from tests.support import skip_unless_contained

from .conftest import SECRET
from .test_attacks import wait_for_no_leftovers

NETWORK = ("namespaces", "seccomp", "landlock")
FILES = ("namespaces", "landlock")
DENIED = {"PermissionError", "FileNotFoundError"}
INPUTS = (1, 5)  # two tests: the second must still run after the first timed out or crashed
OUTPUT_LIMIT_BYTES = 64 * 1024
LIMITS = ProblemLimits(time_per_call_s=0.5, memory_mb=64, total_time_s=30)
EVALUATION_BOUND_S = 60.0  # far above what two half-second tests and a few restarts need: past it, a hang

SOUND = "n = int(input())\nprint(f'answer {n} __SECRET_ANSWER__')\n"


@dataclass(frozen=True)
class ProgramAttack:
    name: str
    script: str
    verdict: str  # of every test
    needs: tuple = ()  # layers any one of which contains the attack; () means every launcher must
    blocked_by: frozenset = frozenset()  # for wrong answers: the exceptions that may have stopped it

    def __str__(self) -> str:
        return self.name


def program(name: str, verdict: str, script: str, needs: tuple = (), blocked_by: set | None = None) -> ProgramAttack:
    return ProgramAttack(name, script, verdict, needs, frozenset(blocked_by or ()))


ATTACKS = [
    # reaching out
    program(
        "network_tcp",
        "wrong_answer",
        """\
import socket
n = int(input())
try:
    with socket.create_connection(("127.0.0.1", __PORT__), timeout=0.5) as conn:
        conn.sendall(b"pwned")
except BaseException as exc:
    print(f"contained: {type(exc).__name__}")
else:
    print(f"answer {n} connected")
""",
        needs=NETWORK,
        blocked_by={"PermissionError", "ConnectionRefusedError"},
    ),
    program(
        "network_udp",
        "wrong_answer",
        """\
import socket
n = int(input())
try:
    socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"pwned", ("127.0.0.1", __UDP_PORT__))
except BaseException as exc:
    print(f"contained: {type(exc).__name__}")
else:
    print("contained: sent, whether it arrived is for the listener to say")
""",
        needs=("namespaces", "seccomp"),
    ),
    program(
        "read_outside",
        "wrong_answer",
        """\
n = int(input())
try:
    with open("/etc/passwd") as handle:
        found = "root:" in handle.read()
    print(f"answer {n} read the host's files" if found else "contained: not the host's file")
except BaseException as exc:
    print(f"contained: {type(exc).__name__}")
""",
        needs=FILES,
        blocked_by=DENIED,
    ),
    program(
        "write_outside",
        "wrong_answer",
        """\
n = int(input())
try:
    with open("__CANARY__/pwned.txt", "w") as handle:
        handle.write("pwned")
    print(f"answer {n} wrote outside")
except BaseException as exc:
    print(f"contained: {type(exc).__name__}")
""",
        needs=FILES,
        blocked_by=DENIED,
    ),
    program(
        "read_parent_environ",
        "wrong_answer",
        """\
n = int(input())
try:
    with open("/proc/__PARENT_PID__/environ", "rb") as handle:
        found = b"__ENV_SECRET__" in handle.read()
    print(f"answer {n} read the evaluator's environment" if found else "contained: secret not found")
except BaseException as exc:
    print(f"contained: {type(exc).__name__}")
""",
        needs=FILES + ("unprivileged_uid",),
        blocked_by=DENIED,
    ),
    program(
        "exec_program",  # another interpreter, outside the adapter: its output would be the script's own
        "wrong_answer",
        """\
import subprocess, sys
n = int(input())
try:
    subprocess.run(["/bin/sh", "-c", "true"], check=True, timeout=2)
    print(f"answer {n} ran a program")
except BaseException as exc:
    print(f"contained: {type(exc).__name__}")
""",
        needs=("seccomp",),
        blocked_by={"PermissionError"},
    ),
    # the reward hack: the expected output, from the dataset's file or from anywhere in the worker's memory
    program(
        "read_dataset",
        "wrong_answer",
        """\
import json
n = int(input())
try:
    with open("__DATASET__") as handle:
        for line in handle:
            test = json.loads(line)
            if test["input"] == f"{n}\\n":
                print(test["output"], end="")
                break
        else:
            print("contained: no such test")
except BaseException as exc:
    print(f"contained: {type(exc).__name__}")
""",
        needs=FILES,
        blocked_by=DENIED,
    ),
    program(
        "snoop_expected",
        "wrong_answer",
        """\
import gc, re, sys
n = int(input())
answer = re.compile(r"answer %d [0-9a-f]{24}" % n)


def texts(value, depth=0):
    if isinstance(value, (str, bytes)):
        yield value if isinstance(value, str) else value.decode("latin-1")
    elif depth < 3 and isinstance(value, dict):
        for item in list(value.items()):
            yield from texts(item, depth + 1)
    elif depth < 3 and isinstance(value, (list, tuple, set, frozenset)):
        for item in list(value):
            yield from texts(item, depth + 1)
    elif depth < 3 and hasattr(value, "__dict__") and isinstance(vars(value), dict):
        yield from texts(vars(value), depth + 1)


def everywhere():
    frame = sys._getframe()
    while frame is not None:
        yield frame.f_locals
        frame = frame.f_back
    yield from gc.get_objects()


for value in everywhere():
    for text in texts(value):
        found = answer.search(text)
        if found:
            print(found.group(0))
            sys.exit(0)
print("contained: no expected output anywhere in the worker")
""",
    ),
    # exhausting the machine
    program(
        "fork_bomb",
        "wrong_answer",
        """\
import os
n = int(input())
try:
    while True:
        os.fork()
except BaseException as exc:
    print(f"contained: {type(exc).__name__}")
""",
        needs=("seccomp",),
        blocked_by={"PermissionError"},
    ),
    program("memory_bomb", "memory_limit", "n = int(input())\nblock = bytearray(16 * 1024 ** 3)\nprint(len(block))\n"),
    program(
        "memory_creep",
        "memory_limit",
        "n = int(input())\nhoard = []\nwhile True:\n    hoard.append(bytearray(1024 * 1024))\n",
    ),
    program(
        "output_flood",
        "output_limit",
        "import sys\nn = int(input())\nwhile True:\n    sys.stdout.write('x' * 65536)\n",
    ),
    program(
        "output_flood_swallowed",  # catches the limit's exception and carries on, then ends normally
        "output_limit",
        """\
n = int(input())
for _ in range(2000):
    try:
        print("x" * 65536)
    except BaseException:
        pass
print(f"answer {n} flooded")
""",
    ),
    program(
        "output_flood_descriptor",  # around sys.stdout, straight to descriptor 1: capped all the same
        "output_limit",
        "import os\nn = int(input())\nwhile True:\n    os.write(1, b'x' * 65536)\n",
    ),
    program(
        "endless_read",  # reads on past its input, hoping to block on the evaluator's own stdin
        "timeout",
        "import os, sys\nn = int(input())\nwhile True:\n    sys.stdin.read(1)\n    os.read(0, 1)\n",
    ),
    program(
        "read_past_input",
        "runtime_error",
        "n = int(input())\nsecond = input()\nprint(f'answer {n} {second}')\n",
    ),
    program("sleep_forever", "timeout", "import time\nn = int(input())\ntime.sleep(3600)\n"),
    program("cpu_spin", "timeout", "n = int(input())\nwhile True:\n    n += 1\n"),
    # attacking the evaluator
    program(
        "kill_parent",
        "wrong_answer",
        """\
import os, signal
n = int(input())
blocked = []
for pid in (os.getppid(), __PARENT_PID__, -1):
    if pid in (0, 1):  # inside a PID namespace the parent is not visible at all
        blocked.append("invisible")
        continue
    try:
        os.kill(pid, signal.SIGKILL)
    except BaseException as exc:
        blocked.append(type(exc).__name__)
print("contained: " + "/".join(blocked))
""",
        needs=("namespaces", "seccomp", "unprivileged_uid"),
    ),
    program("close_channel", "runtime_error", "import os\nn = int(input())\nos.closerange(0, 65536)\nprint(2 * n)\n"),
    program("segfault", "runtime_error", "import ctypes\nn = int(input())\nctypes.string_at(8, 16)\n"),
    program("exit_status", "runtime_error", "import sys\nn = int(input())\nprint(f'answer {n}')\nsys.exit(3)\n"),
]


@dataclass
class Tripwires:
    """What the attacks aim at, outside the sandbox: the expected outputs in a dataset file, a canary folder."""

    answers: dict[int, str]
    dataset: Path
    canary: Path


def tripwires(world_dir: Path) -> Tripwires:
    secret = secrets.token_hex(12)  # the expected outputs hold it: no script can derive them from its input
    answers = {n: f"answer {n} {secret}" for n in INPUTS}
    dataset = world_dir / "tests.jsonl"
    dataset.write_text("".join(json.dumps({"input": f"{n}\n", "output": f"{answers[n]}\n"}) + "\n" for n in INPUTS))
    dataset.chmod(0o644)
    return Tripwires(answers, dataset, world_dir / "canary")


def problem_for(name: str, wires: Tripwires) -> Problem:
    tests = [StdinTest(f"{n}\n", f"{wires.answers[n]}\n", name=f"n={n}") for n in INPUTS]
    return stdin_problem(f"program_{name}", tests, limits=LIMITS, output_limit_bytes=OUTPUT_LIMIT_BYTES)


def render(script: str, listener, wires: Tripwires) -> str:
    for token, value in {
        "__PORT__": listener.port,
        "__UDP_PORT__": listener.udp_port,
        "__CANARY__": wires.canary,
        "__DATASET__": wires.dataset,
        "__PARENT_PID__": os.getpid(),
        "__ENV_SECRET__": SECRET,
        "__SECRET_ANSWER__": wires.answers[INPUTS[0]].split()[-1],
    }.items():
        script = script.replace(token, str(value))
    return script


def run(name: str, script: str, launcher, problem: Problem) -> tuple[EvaluationResult, float]:
    options = EvaluationOptions(launcher=launcher, skip=("edge_cases", "performance", "code_quality"))
    started = time.monotonic()
    result = evaluate(f"{name}.py", problem, source=script, options=options)
    return result, time.monotonic() - started


@pytest.mark.parametrize("attack", ATTACKS, ids=str)
def test_program_attack_is_contained(attack: ProgramAttack, attack_launcher, listener, world_dir):
    launcher = attack_launcher
    skip_unless_contained(attack.name, attack.needs, launcher)
    wires = tripwires(world_dir)
    problem = problem_for(attack.name, wires)
    contacts_before = len(listener.contacts)

    result, seconds = run(attack.name, render(attack.script, listener, wires), launcher, problem)

    assert seconds < EVALUATION_BOUND_S
    assert result.status.value == "ok", result.internal_error
    assert result.load is not None and result.load.status == "loaded", result.load
    correctness = result.dimensions["correctness"]
    assert correctness.score == 0, correctness.details
    assert correctness.details.total == len(INPUTS)
    cases = correctness.details.cases
    assert len(cases) == len(INPUTS)  # each test judged: none lost to the one before it
    for case in cases:
        assert case.verdict == attack.verdict, case
        assert not any(answer in case.actual for answer in wires.answers.values()), case
        if attack.blocked_by:
            found = re.search(r"contained: (\w+)", case.actual)
            assert found and found.group(1) in attack.blocked_by, case
    # the tripwires
    assert listener.contacts[contacts_before:] == []
    time.sleep(0.05)  # a UDP datagram in flight
    assert listener.contacts[contacts_before:] == []
    assert list(wires.canary.iterdir()) == []
    assert wait_for_no_leftovers(launcher) == []
    assert len(result.output) <= (len(INPUTS) + 1) * (OUTPUT_CAP_BYTES + 200)  # a worker per test at most, capped
    # and the launcher still serves: a sound program right after passes every test
    sound, _ = run("sound", render(SOUND, listener, wires), launcher, problem)
    assert sound.dimensions["correctness"].score == 100, sound.dimensions["correctness"].details
