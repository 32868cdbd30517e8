"""The adversarial suite: one hostile solution per attack, through the real engine, under every launcher.

Each solution in attacks/ returns the right answer (2n + 1) only if its attack
worked, so a contained attack scores 0 on correctness. Each test also checks
the tripwires: no contact with the host listeners, nothing written to the
world-writable canary folder, no worker process left behind, the evaluator
alive. An attack that only some layer can stop is skipped on launchers without
any such layer, and the skip says which.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.sandbox.launcher import OUTPUT_CAP_BYTES
from codeeval.sandbox.zygote_pool import ZygotePool
from tests.support import skip_unless_contained

from .conftest import SECRET

ATTACKS_DIR = Path(__file__).with_name("attacks")

PROBLEM = """\
format: 1
name: sandbox_probe
summary: Twice n plus one.
entry_point: solve
reference: |
  def solve(n: int) -> int:
      \"\"\"Twice n plus one.\"\"\"
      return 2 * n + 1
limits: {time_per_call_s: 0.5, memory_mb: 64, total_time_s: 30}
tests:
  - args: [1]
    expected: 3
  - args: [5]
    expected: 11
  - args: [-2]
    expected: -3
edge_cases:
  generate: {enabled: false}
"""

NETWORK = ("namespaces", "seccomp", "landlock")
FILES = ("namespaces", "landlock")
DENIED = {"PermissionError", "FileNotFoundError"}


@dataclass(frozen=True)
class Attack:
    name: str
    verdicts: frozenset  # the verdict of every one of the three test cases
    needs: tuple = ()  # layers any one of which contains the attack; () means every launcher must
    blocked_by: frozenset = frozenset()  # for "contained: <exception>" answers: which exceptions
    raised: str | None = None  # for "raised" verdicts: the exception type
    load: str = "loaded"

    def __str__(self) -> str:
        return self.name


def attack(name, verdicts, **fields) -> Attack:
    return Attack(
        name, frozenset(verdicts.split()), **{k: frozenset(v) if k == "blocked_by" else v for k, v in fields.items()}
    )


ATTACKS = [
    # reaching out
    attack("network_tcp", "wrong_output", needs=NETWORK, blocked_by={"PermissionError", "ConnectionRefusedError"}),
    attack("network_udp", "wrong_output", needs=("namespaces", "seccomp")),
    attack("ctypes_socket", "wrong_output", needs=NETWORK, blocked_by={"PermissionError", "ConnectionRefusedError"}),
    attack("read_passwd", "wrong_output", needs=FILES, blocked_by=DENIED),
    attack("read_problem", "wrong_output", needs=FILES, blocked_by=DENIED),
    attack("read_parent_environ", "wrong_output", needs=FILES + ("unprivileged_uid",), blocked_by=DENIED),
    attack("env_secret", "wrong_output"),
    attack("write_outside", "wrong_output", needs=FILES, blocked_by=DENIED),
    attack("exec_program", "wrong_output", needs=("seccomp",), blocked_by={"PermissionError"}),
    attack("sysv_shared_memory", "wrong_output", needs=("seccomp",), blocked_by={"PermissionError"}),
    # exhausting the machine
    attack("fork_bomb", "wrong_output", needs=("seccomp",), blocked_by={"PermissionError"}),
    attack("thread_bomb", "wrong_output", blocked_by={"RuntimeError"}),
    attack("memory_bomb", "raised", raised="MemoryError"),
    attack("memory_creep", "raised", raised="MemoryError"),
    attack("cpu_spin", "timeout"),
    attack("sleep_forever", "timeout"),
    attack("output_flood", "timeout"),
    attack("fill_disk", "wrong_output", needs=("namespaces",), blocked_by={"OSError"}),
    attack("deep_recursion", "raised", raised="RecursionError"),
    attack("recursion_limit_abuse", "crashed"),
    attack("ctypes_segfault", "crashed"),
    # attacking the evaluator
    attack("kill_parent", "wrong_output", needs=("namespaces", "seccomp", "unprivileged_uid")),
    attack("signal_self", "wrong_output", needs=("seccomp",)),
    attack("close_channel", "crashed"),
    attack("forge_reply", "wrong_output crashed"),
    # fooling the judge
    attack("eq_always_true", "wrong_output"),
    attack("lying_int", "wrong_output"),
    attack("stdout_spoof", "wrong_output"),
    attack("del_repr_raise", "wrong_output"),
    attack("sys_exit_import", "", load="import_error"),
    attack("os_exit_call", "crashed"),
    attack("raise_base_exceptions", "raised"),
    attack("patch_builtins", "", load="crashed"),
    attack("patch_harness", "wrong_output"),
    attack("snoop_expectations", "wrong_output"),
]


def render(name: str, listener, world_dir: Path, problem_path: Path) -> str:
    source = (ATTACKS_DIR / f"{name}.py").read_text()
    for token, value in {
        "__PORT__": listener.port,
        "__UDP_PORT__": listener.udp_port,
        "__CANARY__": world_dir / "canary",
        "__PROBLEM__": problem_path,
        "__PARENT_PID__": os.getpid(),
        "__SECRET__": SECRET,
    }.items():
        source = source.replace(token, str(value))
    return source


def leftover_workers(launcher) -> list:
    """Processes still running as one of the launcher's worker uids (root only: otherwise we cannot tell), but a
    zygote pool's zygotes, which outlive their workers."""
    if launcher.uids is None:
        return []
    pool = range(launcher.uids.base, launcher.uids.base + launcher.uids.SIZE)
    kept = launcher.zygote_pids() if isinstance(launcher, ZygotePool) else set()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in kept:
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        uid = int(re.search(r"^Uid:\s+(\d+)", status, re.M).group(1))
        if uid in pool:
            found.append(f"{entry} {status.splitlines()[0]}")
    return found


def wait_for_no_leftovers(launcher, seconds: float = 3.0) -> list:
    deadline = time.monotonic() + seconds
    while True:
        found = leftover_workers(launcher)
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def run_attack(name: str, launcher, listener, world_dir: Path):
    problem_path = world_dir / "problem.yaml"
    problem_path.write_text(PROBLEM)
    problem_path.chmod(0o644)
    source = render(name, listener, world_dir, problem_path)
    options = EvaluationOptions(launcher=launcher, skip=("code_quality",))
    return evaluate(f"{name}.py", problem_path, source=source, options=options)


@pytest.mark.parametrize("attack", ATTACKS, ids=str)
def test_attack_is_contained(attack: Attack, attack_launcher, listener, world_dir):
    launcher = attack_launcher
    skip_unless_contained(attack.name, attack.needs, launcher)
    contacts_before = len(listener.contacts)

    result = run_attack(attack.name, launcher, listener, world_dir)

    correctness = result.dimensions["correctness"]
    assert correctness.score == 0, correctness.details
    assert result.load is not None and result.load.status == attack.load, result.load
    if attack.load == "loaded":
        cases = correctness.details.cases
        assert len(cases) == 3
        for case in cases:
            assert case.verdict in attack.verdicts, case
            if case.verdict == "wrong_output" and attack.blocked_by:
                match = re.fullmatch(r"'contained: (\w+)'", case.actual)
                assert match and match.group(1) in attack.blocked_by, case
            elif case.verdict == "wrong_output":
                assert "2 * n + 1" not in case.actual
            if attack.raised:
                assert case.actual.startswith(f"raised {attack.raised}"), case
    # the tripwires
    assert listener.contacts[contacts_before:] == []
    time.sleep(0.05)  # a UDP datagram in flight
    assert listener.contacts[contacts_before:] == []
    assert list((world_dir / "canary").iterdir()) == []
    assert wait_for_no_leftovers(launcher) == []
    assert len(result.output) <= 3 * (OUTPUT_CAP_BYTES + 100)  # at most one worker per case, each capped
