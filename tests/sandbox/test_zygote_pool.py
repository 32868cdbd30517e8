"""Workers forked from a zygote: one zygote serves many solutions, and none of them sees another's traces.

The attack suite (test_attacks.py) runs every attack under a zygote pool too; these are what only a zygote
could get wrong: what a worker leaves for the next one of the same zygote, a zygote outliving its workers'
time-outs and crashes, and the zygote itself refusing to run anywhere but in a sandbox.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from codeeval.sandbox import Limits, Session, detect
from codeeval.sandbox.zygote_pool import ZygotePool, batch_launcher

CHILD_DIR = Path(__file__).resolve().parents[2] / "server" / "codeeval" / "sandbox" / "child"

# Leaves what it can: files and folders in its working directory and in /tmp (one it cannot enter any more,
# one 300 levels deep), an environment variable, a module attribute; and says what it found of a predecessor.
LITTERER = """\
import os, sys

def solve(tag):
    found = {"cwd": sorted(os.listdir(".")), "tmp": sorted(os.listdir("/tmp")),
             "env": os.environ.get("LEFT_BY"), "module": getattr(os, "left_by", None)}
    with open(f"left-by-{tag}.txt", "w") as handle:
        handle.write(tag)
    os.makedirs("/tmp/locked/inner", exist_ok=True)
    with open("/tmp/locked/inner/file", "w") as handle:
        handle.write(tag)
    os.chmod("/tmp/locked/inner", 0)
    os.chmod("/tmp/locked", 0)
    deep = "/tmp/deep"
    for _ in range(300):
        deep += "/d"
    os.makedirs(deep, exist_ok=True)
    os.environ["LEFT_BY"] = tag
    os.left_by = tag
    return found
"""


def bubblewrap_with_seccomp():
    """The launcher zygotes are made from; skips the test where this machine lacks it."""
    launcher = detect.launcher_named("bubblewrap")
    if launcher is None or not launcher.seccomp:
        pytest.skip("zygotes need bubblewrap and seccomp: " + detect.machine().notes.get("namespaces", "no seccomp"))
    return launcher


@pytest.fixture
def pool():
    with ZygotePool(bubblewrap_with_seccomp()) as zygotes:
        yield zygotes


def call(pool, source: str, *args, timeout: float = 5.0):
    with Session(source, "solve", "solution.py", launcher=pool) as session:
        loaded = session.load()
        assert loaded.ok, loaded.describe()
        return session.call(list(args), timeout=timeout)


def test_a_worker_finds_nothing_its_predecessor_in_the_same_zygote_left(pool):
    first = call(pool, LITTERER, "first")
    second = call(pool, LITTERER, "second")

    assert first.returned and second.returned, (first.describe(), second.describe())
    assert second.value == {"cwd": [], "tmp": [], "env": None, "module": None}
    assert pool.started == 1  # one zygote forked both


def test_a_zygote_outlives_its_workers_time_outs_and_crashes(pool):
    hung = call(pool, "def solve(n):\n    while True:\n        pass\n", 1, timeout=0.3)
    crashed = call(pool, "import os\ndef solve(n):\n    os._exit(7)\n", 1)
    killed = call(pool, "import ctypes\ndef solve(n):\n    return ctypes.string_at(0)\n", 1)
    fine = call(pool, "def solve(n):\n    return n + 1\n", 41)

    assert hung.status == "timeout", hung.describe()
    assert crashed.status == "crashed" and "exited with code 7" in crashed.message, crashed.describe()
    assert killed.status == "crashed" and "SIGSEGV" in killed.message, killed.describe()
    assert fine.returned and fine.value == 42
    assert pool.started == 1


def test_a_worker_inherits_its_zygotes_objects_frozen_out_of_its_collections(pool):
    # Unfrozen, the worker's first collection walks every object it inherited and writes to each one's
    # header, copying the pages it shares with the zygote: loading took twice as long.
    probe = "import gc\nFROZEN_AT_IMPORT = gc.get_freeze_count()\ndef solve(n):\n    return FROZEN_AT_IMPORT\n"
    frozen = call(pool, probe, 0)
    assert frozen.returned and frozen.value > 1_000, frozen.describe()  # 9,125 here; 0 unfrozen


def test_each_worker_gets_the_limits_it_asks_for(pool):
    probe = "import resource\ndef solve(n):\n    return resource.getrlimit(resource.RLIMIT_AS)[0] // 2**20\n"
    small, large = (Limits(memory_mb=megabytes) for megabytes in (200, 300))
    answers = []
    for limits in (small, large):
        with Session(probe, "solve", "solution.py", limits, launcher=pool) as session:
            session.load()
            answers.append(session.call([0]).value)

    assert answers == [200, 300]


def test_the_zygote_refuses_to_run_outside_a_sandbox_of_its_own(tmp_path):
    """It deletes everything in its working directory after each worker: never anywhere but in its sandbox."""
    kept = tmp_path / "precious.txt"
    kept.write_text("still here")
    bootstrap = f"import sys; sys.path[0] = {str(CHILD_DIR)!r}; import zygote; zygote.run(sys.argv)"
    started = subprocess.run(
        [sys.executable, "-S", "-c", bootstrap, "0"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )

    assert started.returncode == 3
    assert "pid 1" in started.stderr
    assert kept.read_text() == "still here"


def test_batch_runs_fork_from_zygotes_where_bubblewrap_and_seccomp_are_in_use():
    with batch_launcher(bubblewrap_with_seccomp(), 2) as chosen:
        assert isinstance(chosen.launcher, ZygotePool)  # forked ahead of need
    with batch_launcher(detect.plain_launcher(), 2) as chosen:
        assert not isinstance(chosen.launcher, ZygotePool)


def test_no_process_of_a_closed_pool_is_left(pool):
    assert call(pool, "def solve(n):\n    return n\n", 3).value == 3
    kept = pool.zygote_pids()
    assert kept and all(Path(f"/proc/{pid}").exists() for pid in kept)

    pool.close()

    for pid in kept:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass
    assert not [pid for pid in kept if Path(f"/proc/{pid}").exists()]


def test_a_batch_launcher_forks_ahead_and_closes_its_zygotes_with_it():
    pool = batch_launcher(bubblewrap_with_seccomp(), 1)
    assert call(pool, "def solve(n):\n    return n\n", 3).value == 3
    (ahead,) = pool.wait_started(timeout=60)  # the next worker, forked while this one ran
    kept = pool.launcher.zygote_pids()
    assert len(kept) == 4  # two zygotes (bubblewrap and interpreter each): one per worker at a time

    pool.close()

    assert ahead.process.poll() is not None
    for pid in kept:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass
    assert not [pid for pid in kept if Path(f"/proc/{pid}").exists()]


UNCLOSED = """
import os, sys
sys.path.insert(0, {server!r})
from codeeval.sandbox import detect, Session
from codeeval.sandbox.zygote_pool import ZygotePool
pool = ZygotePool(detect.launcher_named("bubblewrap"))
session = Session("def probe():\\n    return 1\\n", "probe", launcher=pool)
session.load()
print(session.child.worker_pid, *pool.zygote_pids(), flush=True)
{ending}
"""


@pytest.mark.parametrize("ending", ["pass", "os._exit(0)"], ids=["exits", "exits without its atexit hooks"])
def test_a_worker_and_its_zygote_die_with_an_evaluator_that_never_closed_them(ending):
    bubblewrap_with_seccomp()
    script = UNCLOSED.format(server=str(CHILD_DIR.parents[2]), ending=ending)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    pids = done.stdout.split()
    assert len(pids) == 3  # the worker, the zygote's bubblewrap and the zygote
    deadline = time.monotonic() + 5
    for pid in pids:
        while alive(pid):
            assert time.monotonic() < deadline, f"{pid} outlived its evaluator"
            time.sleep(0.05)


def alive(pid: str) -> bool:
    """Whether the process is still running (a zombie has ended; a process gone between two reads too)."""
    try:
        return "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]
    except (FileNotFoundError, ProcessLookupError):
        return False
