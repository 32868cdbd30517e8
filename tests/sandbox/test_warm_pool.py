"""Workers started ahead of need (`WarmPool`): fresh, fully layered, handed out once, and gone when it closes."""

from __future__ import annotations

import os

from codeeval.engine.evaluation_options import EvaluationOptions
from codeeval.problem import problem_from_text
from codeeval.run.runner import LocalExecutor, Submission, run_all
from codeeval.sandbox import Limits, Session
from codeeval.sandbox.warm_pool import KINDS_KEPT, WarmPool

PROBE = "import os\nSTATE = []\ndef probe():\n    STATE.append(1)\n    return [os.getuid(), len(STATE)]\n"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_each_session_gets_a_fresh_worker_of_its_own_with_every_layer(launcher):
    with WarmPool(launcher, size=2) as pool:
        assert pool.isolation() == launcher.isolation()
        seen = []
        for _ in range(5):
            with Session(PROBE, "probe", limits=Limits(), launcher=pool) as session:
                assert session.load().ok, session.load_outcome
                uid, calls = session.call([]).value
                worker = session.child.worker_pid
            assert calls == 1  # no solution ran in this worker before
            assert not alive(worker)  # the session killed it: a worker is never given back
            seen.append((worker, uid))
    assert len({pid for pid, _ in seen}) == 5
    if launcher.uids is not None:
        assert len({uid for _, uid in seen}) == 5


def test_closing_the_pool_kills_the_workers_started_ahead(launcher):
    pool = WarmPool(launcher, size=2)
    first = pool.spawn(Limits())  # asking once starts two more ahead
    waiting = pool.wait_started(timeout=60)
    assert len(waiting) == 2 and all(child.process.poll() is None for child in waiting)
    pool.close()
    first.kill()
    assert all(child.process.poll() is not None for child in waiting)
    assert not any(alive(child.worker_pid) for child in waiting + [first])
    with Session(PROBE, "probe", limits=Limits(), launcher=pool) as session:  # closed: starts one on demand
        assert session.load().ok


def test_workers_started_for_other_limits_are_not_handed_out(launcher):
    with WarmPool(launcher, size=1) as pool:
        pool.spawn(Limits(memory_mb=256)).kill()
        assert len(pool.wait_started(timeout=60)) == 1
        small = "import resource\ndef probe():\n    return resource.getrlimit(resource.RLIMIT_AS)[0]\n"
        with Session(small, "probe", limits=Limits(memory_mb=384, time_per_call_s=3.0), launcher=pool) as session:
            assert session.load().ok, session.load_outcome
            assert session.call([]).value == 384 * 1024 * 1024


def test_workers_waiting_for_limits_not_asked_lately_are_killed(launcher):
    with WarmPool(launcher, size=1) as pool:
        pool.spawn(Limits(memory_mb=256)).kill()
        (oldest,) = pool.wait_started(timeout=60)
        for megabytes in range(257, 257 + KINDS_KEPT):  # as many other kinds as are kept: the first is dropped
            pool.spawn(Limits(memory_mb=megabytes)).kill()
        waiting = pool.wait_started(timeout=60)
        assert oldest.process.poll() is not None and oldest not in waiting
        assert len(waiting) == KINDS_KEPT


PROBLEM = """\
name: double
summary: Twice a number.
entry_point: double
reference: |
  def double(n):
      return 2 * n
tests:
  - args: [2]
    expected: 4
"""


def test_a_run_leaves_no_worker_behind(launcher):
    problem = problem_from_text(PROBLEM, "double.yaml")
    submissions = [Submission("double", f"s{i}", "s", "def double(n):\n    return n + n\n", f"s{i}") for i in range(4)]
    options = EvaluationOptions(launcher=launcher, skip=("edge_cases", "performance", "code_quality"))
    results = run_all({"double": problem}, submissions, options, executor=LocalExecutor(2))
    assert [r.dimensions["correctness"].score for _, r in results] == [100.0] * 4
    assert results[0][1].isolation == launcher.isolation()
    assert _children() == []  # the workers the pool started ahead, and bubblewrap around them, are gone


def _children() -> list[str]:
    """This process's child processes, by command (a worker, or bubblewrap around one)."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as handle:
                parent = int(handle.read().rsplit(")", 1)[1].split()[1])
            if parent == os.getpid():
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    found.append(handle.read().replace(b"\0", b" ").decode(errors="replace")[:120])
        except (OSError, ValueError, IndexError):
            pass
    return found
