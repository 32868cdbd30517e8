"""Each isolation layer on its own: what it reports, that it is really in place, that it fails closed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.report import to_markdown
from codeeval.sandbox import Limits, ProcessLauncher, Session, detect
from codeeval.sandbox.launcher import REQUIRED_LAYERS
from codeeval.sandbox.seccomp_filter import SeccompUnavailable, build, denied_names

REPO = Path(__file__).resolve().parents[2]

PROBLEM = """\
name: double
summary: Twice a number.
entry_point: double
reference: |
  def double(n: int) -> int:
      \"\"\"Twice n.\"\"\"
      return 2 * n
tests:
  - args: [2]
    expected: 4
edge_cases:
  generate: {enabled: false}
"""

GOOD = 'def double(n: int) -> int:\n    """Twice n."""\n    return 2 * n\n'


def call(launcher, source: str, *args, limits: Limits | None = None):
    with Session(textwrap.dedent(source), "probe", limits=limits or Limits(), launcher=launcher) as session:
        assert session.load().ok, session.load_outcome
        return session.call(list(args))


def test_every_launcher_reports_its_layers_and_what_is_missing(launcher):
    isolation = launcher.isolation()
    assert isolation.level == launcher.level and isolation.level.value == launcher.name
    assert set(isolation.missing) == set(REQUIRED_LAYERS) - set(isolation.layers)
    assert len(isolation.warnings) == len(isolation.missing)  # each missing layer explained
    assert isolation.network == (not {"namespaces", "seccomp"} & set(isolation.layers))
    assert isolation.python.split()[0].count(".") == 2
    assert isolation.notes is None  # notes come from visual evaluations, not from a launcher


def test_the_plain_launcher_says_plainly_what_it_lacks():
    isolation = detect.plain_launcher().isolation()
    assert "namespaces" in isolation.missing and "seccomp" in isolation.missing
    assert any("read any file" in w for w in isolation.warnings)


def test_the_worker_really_runs_as_the_reported_uid(launcher):
    outcome = call(launcher, "import os\ndef probe():\n    return os.getuid()\n")
    assert outcome.value == launcher.isolation().uid or launcher.uids is not None
    if "unprivileged_uid" in launcher.layers():
        assert outcome.value != 0
    if launcher.uids is not None:
        assert launcher.uids.base <= outcome.value < launcher.uids.base + launcher.uids.SIZE


def test_each_worker_gets_a_uid_of_its_own(launcher):
    if launcher.uids is None:
        why = "the plain process launcher keeps the evaluator's uid" if os.geteuid() == 0 else "needs a root evaluator"
        pytest.skip(f"one uid per worker: {why}")
    source = "import os\ndef probe():\n    return os.getuid()\n"
    assert call(launcher, source).value != call(launcher, source).value


def test_the_worker_sees_no_channel_numbers_and_a_clean_environment(launcher):
    outcome = call(launcher, "import os, sys\ndef probe():\n    return [sys.argv, sorted(os.environ)]\n")
    argv, environment = outcome.value
    assert argv == ["-c"]
    extra = ["PWD"] if "namespaces" in launcher.layers() else []  # bubblewrap's --chdir sets it: "/tmp"
    assert environment == sorted(
        ["HOME", "LANG", "OPENBLAS_NUM_THREADS", "PATH", "PYTHONHASHSEED", "PYTHONIOENCODING"] + extra
    )


def test_the_working_directory_is_writable_private_and_removed_afterwards(launcher):
    source = """
    import os
    def probe():
        with open("scratch.txt", "w") as handle:
            handle.write("notes")
        with open("scratch.txt") as handle:
            return [os.getcwd(), handle.read()]
    """
    workdir, text = call(launcher, source).value
    assert text == "notes"
    if "namespaces" in launcher.layers():
        assert workdir == "/tmp"  # a tmpfs that disappears with the sandbox
    else:
        assert not os.path.exists(workdir)


def test_a_solution_using_scratch_files_scores_full_marks(launcher, tmp_path):
    problem = tmp_path / "double.yaml"
    problem.write_text(PROBLEM)
    source = GOOD.replace(
        "    return 2 * n\n",
        "    with open('n.txt', 'w') as f:\n        f.write(str(n))\n"
        "    with open('n.txt') as f:\n        return 2 * int(f.read())\n",
    )
    result = evaluate(
        "scratch.py", problem, source=source, options=EvaluationOptions(launcher=launcher, skip=("code_quality",))
    )
    assert result.dimensions["correctness"].score == 100


def test_the_seccomp_filter_denies_the_calls_it_lists():
    try:
        program = build()
    except SeccompUnavailable as exc:
        pytest.skip(str(exc))
    assert len(program) % 8 == 0 and len(program) > 8 * 20
    for name in (
        "socket",
        "connect",
        "execve",
        "fork",
        "clone",
        "clone3",
        "kill",
        "ptrace",
        "mount",
        "bpf",
        "io_uring_setup",
        "unshare",
    ):
        assert name in denied_names()


def test_a_worker_that_cannot_apply_a_promised_layer_never_runs_the_solution(tmp_path):
    marker = tmp_path / "ran"
    broken = ProcessLauncher(seccomp=b"\xff" * 8)  # not a BPF program the kernel accepts
    source = f"open({str(marker)!r}, 'w').close()\ndef probe():\n    return 1\n"
    with Session(source, "probe", launcher=broken) as session:
        loaded = session.load()
    assert loaded.status == "crashed"
    assert "sandbox failed to start" in loaded.message and "could not confine itself" in loaded.message
    assert not marker.exists()


def test_an_oversized_reply_is_refused_without_reading_it():
    # The evaluator's own check, the same under every launcher: one is enough.
    outcome = call(
        detect.default_launcher(),
        "def probe():\n    return 'x' * (65 * 1024 * 1024)\n",
        limits=Limits(memory_mb=1024, time_per_call_s=20),
    )
    assert outcome.status == "crashed" and "oversized" in outcome.message


def test_the_interpreter_is_one_the_worker_uid_can_read():
    found = detect.machine()
    uid = found.uids.base if found.uids else None
    assert detect.probe_interpreter(found.interpreter.path, uid) == found.interpreter


def run_cli(*args: str, sandbox: str) -> subprocess.CompletedProcess:
    env = {**os.environ, detect.FORCE_ENV: sandbox}
    return subprocess.run(
        [sys.executable, "-m", "codeeval", *args], capture_output=True, text=True, env=env, cwd=REPO, timeout=120
    )


def test_strict_isolation_refuses_to_run_with_a_layer_missing(tmp_path):
    problem, solution = tmp_path / "double.yaml", tmp_path / "double.py"
    problem.write_text(PROBLEM)
    solution.write_text(GOOD)
    done = run_cli(
        "evaluate", str(solution), "--problem", str(problem), "--require-isolation=strict", sandbox="process"
    )
    assert done.returncode == 2
    assert "refusing to run" in done.stderr and "namespaces" in done.stderr and done.stdout == ""
    weaker = run_cli("evaluate", str(solution), "--problem", str(problem), sandbox="process")
    assert weaker.returncode == 0 and "isolation is weaker than full" in weaker.stdout


def test_strict_isolation_runs_when_every_layer_is_there(tmp_path):
    if "bubblewrap" not in detect.launchers() or detect.launchers()["bubblewrap"].isolation().missing:
        pytest.skip(f"full isolation is not available here: {detect.machine().notes}")
    problem, solution = tmp_path / "double.yaml", tmp_path / "double.py"
    problem.write_text(PROBLEM)
    solution.write_text(GOOD)
    done = run_cli(
        "evaluate",
        str(solution),
        "--problem",
        str(problem),
        "--require-isolation=strict",
        "--format",
        "json",
        sandbox="bubblewrap",
    )
    assert done.returncode == 0, done.stderr
    assert '"missing": []' in done.stdout


def test_the_markdown_report_says_when_isolation_is_weaker(tmp_path):
    problem = tmp_path / "double.yaml"
    problem.write_text(PROBLEM)
    result = evaluate(
        "double.py",
        problem,
        source=GOOD,
        options=EvaluationOptions(launcher=detect.plain_launcher(), skip=("code_quality",)),
    )
    line = next(line for line in to_markdown(result).splitlines() if "solation" in line)
    assert "weaker than full" in line and "namespaces" in line and "seccomp" in line


UNCLOSED = """
import sys
sys.path.insert(0, {server!r})
from codeeval.sandbox import detect, Session
session = Session("def probe():\\n    return 1\\n", "probe", launcher=detect.launchers()[{name!r}])
session.load()
print(session.child.workdir, session.child.worker_pid, flush=True)
# exits without session.close()
"""


def test_workers_a_caller_never_closed_die_with_the_evaluator(launcher):
    script = UNCLOSED.format(server=str(REPO / "server"), name=detect_name(launcher))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    workdir, pid = done.stdout.split()
    assert done.returncode == 0, done.stderr
    assert workdir == "None" or not os.path.exists(workdir)
    deadline = time.monotonic() + 5
    while os.path.exists(f"/proc/{pid}") and "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]:
        assert time.monotonic() < deadline, f"worker {pid} outlived its evaluator"
        time.sleep(0.05)


def detect_name(launcher) -> str:
    return next(name for name, found in detect.launchers().items() if found is launcher)


def test_leftovers_of_a_dead_evaluator_are_swept_and_a_live_ones_are_not(tmp_path):
    from codeeval.sandbox.cleanup import sweep

    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = Path(tempfile.mkdtemp(prefix=f"codeeval-{dead.pid}-"))
    mine = Path(tempfile.mkdtemp(prefix=f"codeeval-{os.getpid()}-"))
    try:
        sweep()
        assert not stale.exists() and mine.exists()
    finally:
        shutil.rmtree(mine, ignore_errors=True)
        shutil.rmtree(stale, ignore_errors=True)
