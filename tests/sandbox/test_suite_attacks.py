"""The adversarial suite as test-suite tasks: hostile solutions judged by a unittest suite, with and without the
capabilities a problem may ask for (processes, loopback).

A suite runs the solution in the same module as its tests (sandbox/child/suite_runner.py), so every attack here
is the solution of a `test_suite:` problem whose tests pass only if the attack worked (`solve(n) == 2n + 1`).
Each runs through the real engine under bubblewrap with the default capabilities, under bubblewrap with
processes and loopback granted (what BigCodeBench's subprocess and socket tasks get), and under the hardened
launcher, which has no namespaces and so grants nothing (its failures say so). A contained attack passes no
test; an attack the grant lets start (a shell, a lingering grandchild) must still reach nothing: the
tripwires of test_attacks.py (the host's listeners, the world-writable canary folder, no process left of the
worker's uid, the evaluator alive) stay untouched.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from codeeval.base.capabilities import REFUSED_PREFIX
from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.results.case_details import CaseVerdict

from .conftest import found_launcher
from .test_attacks import render, wait_for_no_leftovers

SUITE = """\
import unittest

from solution import solve


class TestSolve(unittest.TestCase):
    def test_one(self):
        self.assertEqual(solve(1), 3)

    def test_five(self):
        self.assertEqual(solve(5), 11)


def test_minus_two():
    assert solve(-2) == -3
"""


def problem_text(suite: str, granted: bool) -> str:
    indented = "".join(f"    {line}\n" if line else "\n" for line in suite.splitlines())
    sandbox = "sandbox: {processes: true, loopback: true}\n" if granted else ""
    return (
        "format: 1\nname: suite_probe\nsummary: Twice n plus one, judged by a suite.\nentry_point: solve\n"
        "reference: |\n  def solve(n):\n      return 2 * n + 1\n"
        "limits: {time_per_call_s: 2, memory_mb: 256, total_time_s: 60}\n"
        f"{sandbox}test_suite:\n  time_per_test_s: 5\n  time_per_task_s: 30\n  source: |\n{indented}"
        "edge_cases:\n  generate: {enabled: false}\n"
    )


@dataclass(frozen=True)
class SuiteAttack:
    name: str  # a file in attacks/
    contained_when_granted: bool = True  # False: the grant lets it start; only the tripwires must hold

    def __str__(self) -> str:
        return self.name


ATTACKS = [
    SuiteAttack("suite_shell_escape"),
    SuiteAttack("suite_child_network"),
    SuiteAttack("suite_kill_from_child"),
    SuiteAttack("suite_lingering_grandchild", contained_when_granted=False),
    SuiteAttack("suite_fork_bomb"),
    SuiteAttack("suite_write_outside"),
    SuiteAttack("suite_forge_unittest"),
    SuiteAttack("suite_forge_runner"),
    SuiteAttack("network_tcp"),
    SuiteAttack("network_udp"),
    SuiteAttack("read_problem"),
    SuiteAttack("write_outside"),
    SuiteAttack("env_secret"),
    SuiteAttack("kill_parent"),
    SuiteAttack("signal_self"),
    SuiteAttack("sysv_shared_memory"),
    SuiteAttack("stdout_spoof"),
    SuiteAttack("forge_reply"),
]
MODES = {  # name -> (launcher, capabilities asked for)
    "bubblewrap": ("bubblewrap", False),
    "bubblewrap-granted": ("bubblewrap", True),
    "hardened-refused": ("process-hardened", True),
}


def run_suite_attack(name: str, launcher, granted: bool, listener, world_dir: Path, suite: str = SUITE):
    problem_path = world_dir / "problem.yaml"
    problem_path.write_text(problem_text(suite, granted))
    problem_path.chmod(0o644)
    source = render(name, listener, world_dir, problem_path)
    options = EvaluationOptions(launcher=launcher, skip=("code_quality",))
    return evaluate(f"{name}.py", problem_path, source=source, options=options)


def assert_tripwires_untouched(launcher, listener, contacts_before: int, world_dir: Path) -> None:
    time.sleep(0.05)  # a UDP datagram in flight
    assert listener.contacts[contacts_before:] == []
    assert list((world_dir / "canary").iterdir()) == []
    assert wait_for_no_leftovers(launcher) == []
    os.kill(os.getpid(), 0)  # the evaluator is alive (it is this process)


@pytest.mark.parametrize("mode", MODES, ids=str)
@pytest.mark.parametrize("attack", ATTACKS, ids=str)
def test_suite_attack_is_contained(attack: SuiteAttack, mode: str, listener, world_dir):
    launcher_name, granted = MODES[mode]
    launcher = found_launcher(launcher_name)
    if not launcher.seccomp:
        pytest.skip(f"the {launcher_name} launcher has no seccomp filter here")
    contacts_before = len(listener.contacts)

    result = run_suite_attack(attack.name, launcher, granted, listener, world_dir)

    correctness = result.dimensions["correctness"]
    if attack.contained_when_granted or mode != "bubblewrap-granted":
        assert correctness.score == 0, correctness.details
        failed = correctness.details.cases
        assert len(failed) == 3 and all(case.verdict != CaseVerdict.PASSED for case in failed), failed
        if mode == "hardened-refused":
            assert all(case.actual.startswith(REFUSED_PREFIX) for case in failed), failed
    else:  # the grant let it start (a grandchild now hiding in the sandbox): the tripwires show it reached nothing
        assert correctness.score == 100, correctness.details
    assert_tripwires_untouched(launcher, listener, contacts_before, world_dir)


HOSTILE_SUITE = (
    """\
import subprocess

subprocess.run(["/bin/sh", "-c", "cat /root/.profile > __CANARY__/suite.txt; kill -9 __PARENT_PID__"])
subprocess.Popen(["/bin/sh", "-c", "trap '' TERM HUP; while true; do sleep 1; done"], start_new_session=True)

"""
    + SUITE
)


def test_a_hostile_suite_is_contained_too(listener, world_dir):
    """The suite is the problem's, so trusted-ish; its text runs in the same sandbox all the same."""
    launcher = found_launcher("bubblewrap")
    contacts_before = len(listener.contacts)
    suite = render_text(HOSTILE_SUITE, listener, world_dir)
    result = run_suite_attack("suite_lingering_grandchild", launcher, True, listener, world_dir, suite=suite)
    assert result.load is not None and result.load.status == "loaded"
    assert_tripwires_untouched(launcher, listener, contacts_before, world_dir)


def render_text(text: str, listener, world_dir: Path) -> str:
    for token, value in {
        "__CANARY__": world_dir / "canary",
        "__PARENT_PID__": os.getpid(),
        "__PORT__": listener.port,
    }.items():
        text = text.replace(token, str(value))
    return text
