#!/usr/bin/env python3
"""BigCodeBench's canonical solutions against their own problems, in this machine's environment as it is,
and the same run by the peer evaluator (`bigcodebench.evaluate` from PyPI) for comparison.

    .venv/bin/python scripts/bench_bigcodebench.py [--limit N | --tasks ID,ID] [--jobs N] [--libraries-only]
        [--env PATH] [--peer] [--output FILE.json]

1. Which of the tasks' 139 libraries the interpreter can import (the sandbox's, the one `codeeval run` starts
   workers with; with --env, that environment's python), and how many tasks have every library they name.
2. Writes each task's `code_prompt + canonical_solution` as a sample and runs `codeeval run BigCodeBench.jsonl.gz
   --samples ...` (converted straight from the file, sandboxed, correctness from each task's unittest suite,
   no reference pre-check: the samples are the references), timing the whole run.
3. Groups every task whose canonical solution does not pass by cause: missing library, network needed, data
   file missing (an NLTK corpus, a file the test expects), timeout, or a real failure.
4. With --peer: installs `bigcodebench==0.2.5` (scripts/bigcodebench_peer.py says how) and runs its own
   evaluation of the same samples, locally (`execution="local"`, unsandboxed: its rlimits and a child process
   per task), on the same data file (BIGCODEBENCH_OVERRIDE_PATH), the same tasks, the same number of jobs and
   the same interpreter; then both wall times and their ratio, both pass rates, and every task whose libraries
   are all here where the two disagree, with both messages. --output writes all of it as JSON.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bigcodebench_peer as peer
from codeeval.judging.environment_causes import classify
from codeeval.sandbox import CallStatus, LoadStatus, Session, default_launcher

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "bigcodebench" / "BigCodeBench.jsonl.gz"

# The causes and their words live in the package (judging/environment_causes.py), shared with `codeeval run`.
REAL_FAILURE = "a real failure"


@dataclass(frozen=True)
class Task:
    task_id: str
    libs: tuple[str, ...]
    reference: str


@dataclass(frozen=True)
class Verdict:
    """One task's outcome in one evaluator, told the same way for both."""

    status: str  # pass | fail | timeout | error | missing (no result at all)
    message: str
    cause: str = ""  # codeeval's cause group for a failure

    @property
    def passed(self) -> bool:
        return self.status == "pass"


def read_tasks(path: Path) -> list[Task]:
    tasks = []
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            libs = tuple(sorted(set(ast.literal_eval(record["libs"]))))
            tasks.append(Task(record["task_id"], libs, record["code_prompt"] + record["canonical_solution"]))
    return tasks


PROBE = """\
import importlib.util
import sys

def probe(names):
    found = {}
    for name in names:
        try:
            found[name] = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found[name] = False
    return [sys.executable, sys.version.split()[0], found]
"""


def env_python(env: str | None) -> str | None:
    """The interpreter of a `codeeval env` environment: PATH itself, or PATH/bin/python for its folder."""
    if env is None:
        return None
    path = Path(env)
    python = path / "bin" / "python" if path.is_dir() else path
    if not os.access(python, os.X_OK):
        raise SystemExit(f"--env {env}: no executable python there ({python})")
    return str(python)


def importable(libraries: set[str], python: str | None) -> tuple[str, dict[str, bool]]:
    """Whether code finds each library (its top-level module), without importing it: asked in a sandboxed
    worker, whose module path is not a plain `python`'s; with an environment's python, asked of it directly
    (find_spec only reads its module path)."""
    if python is not None:
        code = PROBE + f"import json\nprint(json.dumps(probe({sorted(libraries)!r})))\n"
        done = subprocess.run([python, "-c", code], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"the probe failed under {python}: {done.stderr.strip()[-500:]}")
        executable, version, found = json.loads(done.stdout)
        return f"{executable} (Python {version})", dict(found)
    with Session(PROBE, "probe", launcher=default_launcher()) as session:
        loaded = session.load()
        if loaded.status != LoadStatus.LOADED:
            raise SystemExit(f"the probe did not load in the sandbox: {loaded}")
        outcome = session.call([sorted(libraries)], {})
        if outcome.status != CallStatus.RETURNED:
            raise SystemExit(f"the probe failed in the sandbox: {outcome}")
        executable, version, found = outcome.value
        return f"{executable} (Python {version})", dict(found)


def sandbox_python() -> str:
    """The interpreter `codeeval run` starts its workers with, where no environment is given."""
    from codeeval.sandbox.detect import machine

    return str(machine().interpreter.path)


def cause_of(result: dict[str, Any]) -> tuple[str, str]:
    """The group a failed result falls in, and the first message that shows it (or the first message at all)."""
    load = result.get("load") or {}
    text = json.dumps({"load": load, "dimensions": result.get("dimensions", {}), "errors": result.get("errors", [])})
    found = classify([text.replace("\\n", "\n")])
    if found is not None:  # a load error says it in one line; otherwise the words that showed the cause
        return str(found.cause), one_line(f"{found.detail or '-'}: {load.get('message') or found.evidence}")
    return REAL_FAILURE, one_line(load.get("message") or _first_failure(result))


def one_line(message: str) -> str:
    """A message for a one-line listing: its whitespace (NLTK's banner of asterisks, colour codes) dropped."""
    plain = re.sub(r"\x1b\[[0-9;]*m", "", message).replace("*" * 10, "")
    return " ".join(plain.split())[:200]


def _first_failure(result: dict[str, Any]) -> str:
    correctness = result.get("dimensions", {}).get("correctness", {})
    rationale = correctness.get("rationale") or []
    return str(rationale[0] if rationale else correctness.get("summary") or result.get("errors") or "no message")


def passed(result: dict[str, Any]) -> bool:
    correctness = result.get("dimensions", {}).get("correctness", {})
    return result.get("status") == "ok" and correctness.get("score") == 100


def codeeval_verdict(result: dict[str, Any]) -> Verdict:
    if passed(result):
        return Verdict("pass", "")
    cause, message = cause_of(result)
    status = "fail" if result.get("status") == "ok" else str(result.get("status"))
    return Verdict(status, message, cause)


def write_samples(tasks: list[Task], path: Path) -> Path:
    with path.open("w", encoding="utf-8") as handle:
        for task in tasks:
            handle.write(json.dumps({"task_id": task.task_id, "solution": task.reference}) + "\n")
    return path


def run_flags(env: str | None) -> list[str]:
    """The flags of this `codeeval run` the bench wants, where this version has them (--env is recent)."""
    shown = subprocess.run([sys.executable, "-m", "codeeval", "run", "--help"], capture_output=True, text=True).stdout
    flags = ["--no-precheck"] if "--no-precheck" in shown else []
    if env is not None:
        if re.search(r"--env[\s,=]", shown):
            flags += ["--env", env]
        else:
            print("note: this `codeeval run` has no --env yet: it runs in the sandbox's interpreter", file=sys.stderr)
    return flags


def run_canonical(
    path: Path, samples: Path, jobs: int, folder: Path, flags: list[str]
) -> tuple[list[dict[str, Any]], float]:
    output = folder / "run"
    command = [sys.executable, "-m", "codeeval", "run", str(path), "--samples", str(samples), "-o", str(output)]
    command += ["--no-cache", "--quiet", "--skip", "code_quality", "--jobs", str(jobs), *flags]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = time.monotonic() - started
    if done.returncode not in (0, 1):
        print(done.stderr[-3000:], file=sys.stderr)
    results = []
    for report in output.rglob("*.json"):
        data = json.loads(report.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "problem" in data and "dimensions" in data:
            results.append(data)
    return results, elapsed


def task_number(task_id: str) -> int:
    tail = task_id.rpartition("/")[2]
    return int(tail) if tail.isdigit() else 0


def print_libraries(python: str, tasks: list[Task], found: dict[str, bool]) -> None:
    missing = sorted(name for name, ok in found.items() if not ok)
    needing = Counter(lib for task in tasks for lib in task.libs if not found[lib])
    ready = sum(all(found[lib] for lib in task.libs) for task in tasks)
    print(f"the interpreter: {python}")
    print(f"libraries: {len(found) - len(missing)} of {len(found)} importable; {ready} of {len(tasks)} tasks have all")
    print("missing (tasks needing each): " + ", ".join(f"{lib} {needing[lib]}" for lib in missing))


def print_causes(verdicts: dict[str, Verdict], tasks: list[Task], found: dict[str, bool], elapsed: float) -> None:
    by_cause: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for task_id, verdict in sorted(verdicts.items(), key=lambda item: task_number(item[0])):
        if not verdict.passed:
            by_cause[verdict.cause or verdict.status].append((task_id, verdict.message))
    passing = sum(verdict.passed for verdict in verdicts.values())
    print(f"\ncanonical solutions: {passing} of {len(tasks)} pass ({len(verdicts)} results) in {elapsed:.0f} s")
    complete = [task.task_id for task in tasks if all(found[lib] for lib in task.libs)]
    print(
        f"  of the {len(complete)} tasks whose libraries are all here: "
        f"{sum(verdicts[t].passed for t in complete if t in verdicts)} pass"
    )
    for cause, failures in sorted(by_cause.items(), key=lambda item: -len(item[1])):
        print(f"\n{cause}: {len(failures)}")
        for task_id, message in failures:
            print(f"  {task_id}: {message}")


def compare(
    tasks: list[Task], found: dict[str, bool], ours: dict[str, Verdict], theirs: dict[str, peer.PeerVerdict]
) -> list[dict[str, str]]:
    """Every task whose libraries are all here on which the two evaluators disagree, with both messages."""
    disagreements = []
    for task in tasks:
        if not all(found[lib] for lib in task.libs):
            continue
        mine = ours.get(task.task_id, Verdict("missing", "no result"))
        other = theirs.get(task.task_id, peer.PeerVerdict("missing", "no result"))
        if mine.passed != other.passed:
            disagreements.append(
                {
                    "task_id": task.task_id,
                    "codeeval": mine.status,
                    "codeeval_cause": mine.cause,
                    "codeeval_message": mine.message,
                    "peer": other.status,
                    "peer_message": other.message,
                }
            )
    return disagreements


def print_comparison(summary: dict[str, Any]) -> None:
    codeeval, other = summary["codeeval"], summary["peer"]
    print(f"\n{'':34}{'codeeval (sandboxed)':>22}{'peer (unsandboxed)':>22}")
    print(f"{'wall time, s':34}{codeeval['seconds']:>22.1f}{other['seconds']:>22.1f}")
    print(f"{'pass':34}{codeeval['passed']:>22}{other['passed']:>22}")
    print(f"{'pass rate':34}{codeeval['pass_rate']:>22.3f}{other['pass_rate']:>22.3f}")
    print(f"{'pass rate, tasks with all libs':34}{codeeval['pass_rate_libs']:>22.3f}{other['pass_rate_libs']:>22.3f}")
    print(f"time ratio codeeval / peer: {summary['time_ratio']:.2f}; load average: {summary['load_average']}")
    rows = summary["disagreements"]
    print(f"\ndisagreements on tasks with all their libraries: {len(rows)}")
    for row in rows:
        print(f"  {row['task_id']}: codeeval {row['codeeval']} ({row['codeeval_cause'] or '-'}) | peer {row['peer']}")
        print(f"      codeeval: {row['codeeval_message'][:200]}")
        print(f"      peer:     {row['peer_message'][:200]}")


def rates(verdicts: dict[str, Any], tasks: list[Task], complete: list[str], seconds: float) -> dict[str, Any]:
    passing = sum(1 for task in tasks if task.task_id in verdicts and verdicts[task.task_id].passed)
    passing_libs = sum(1 for task_id in complete if task_id in verdicts and verdicts[task_id].passed)
    return {
        "seconds": round(seconds, 1),
        "passed": passing,
        "pass_rate": passing / max(1, len(tasks)),
        "pass_rate_libs": passing_libs / max(1, len(complete)),
        "verdicts": {task_id: {"status": v.status, "message": v.message} for task_id, v in verdicts.items()},
    }


def run_peer(args: argparse.Namespace, python: str, tasks: list[Task], samples: Path) -> peer.PeerRun | str:
    """The peer's run, or why it could not run."""
    folder = samples.parent / "peer"
    folder.mkdir()
    copy = folder / samples.name  # the peer writes its results beside the samples
    copy.write_bytes(samples.read_bytes())
    task_ids = [task.task_id for task in tasks] if args.limit or args.tasks else None
    try:
        return peer.run(python, args.data, copy, task_ids, args.jobs, folder / "peer.log")
    except peer.PeerUnavailable as exc:
        print(f"\nthe peer could not run: {exc}", file=sys.stderr)
        return str(exc)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--limit", type=int, default=None, help="only the first N tasks")
    parser.add_argument("--tasks", default=None, help="only these task ids, comma-separated")
    parser.add_argument("--jobs", "-j", type=int, default=2, help="parallel tasks, for both evaluators (default 2)")
    parser.add_argument("--libraries-only", action="store_true", help="step 1 only")
    parser.add_argument("--env", default=None, help="a `codeeval env` environment: its python, or its folder")
    parser.add_argument("--peer", action="store_true", help="also run bigcodebench.evaluate (PyPI) and compare")
    parser.add_argument("--output", type=Path, default=None, help="write everything measured here, as JSON")
    args = parser.parse_args()
    if not args.data.is_file():
        print(f"no data: {args.data}", file=sys.stderr)
        return 2
    python = env_python(args.env)
    tasks = read_tasks(args.data)
    shown, found = importable({lib for task in tasks for lib in task.libs}, python)
    print_libraries(shown, tasks, found)
    if args.libraries_only:
        return 0
    chosen = set(args.tasks.split(",")) if args.tasks else None
    tasks = [task for task in tasks if chosen is None or task.task_id in chosen][: args.limit]
    summary = measure(args, python or sandbox_python(), tasks, found)
    summary["interpreter"] = shown
    if args.output:
        args.output.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        print(f"\nwritten: {args.output}")
    return 0


def measure(args: argparse.Namespace, python: str, tasks: list[Task], found: dict[str, bool]) -> dict[str, Any]:
    """Both runs (the peer's with --peer) and what they say; printed as it goes, returned for --output."""
    complete = [task.task_id for task in tasks if all(found[lib] for lib in task.libs)]
    summary: dict[str, Any] = {"tasks": len(tasks), "tasks_with_all_libs": len(complete), "jobs": args.jobs}
    summary["missing_libraries"] = sorted(name for name, ok in found.items() if not ok)
    with tempfile.TemporaryDirectory(prefix="bench-bcb-") as scratch:
        samples = write_samples(tasks, Path(scratch) / "canonical.jsonl")
        load_before = os.getloadavg()
        flags = run_flags(args.env)
        results, elapsed = run_canonical(args.data, samples, args.jobs, Path(scratch), flags)
        ours = {str(result["problem"]): codeeval_verdict(result) for result in results}
        print_causes(ours, tasks, found, elapsed)
        summary["codeeval"] = rates(ours, tasks, complete, elapsed)
        summary["codeeval"]["causes"] = {task_id: v.cause for task_id, v in ours.items() if not v.passed}
        summary["codeeval"]["load_average_before"] = load_before
        summary["codeeval"]["run_flags"] = flags
        if args.peer:
            summary["peer"] = peer_summary(args, python, tasks, samples)
    if args.peer and summary["peer"].get("verdicts") is not None:
        theirs = {task_id: peer.PeerVerdict(**v) for task_id, v in summary["peer"]["verdicts"].items()}
        summary["peer"].update(rates(theirs, tasks, complete, summary["peer"]["seconds"]))
        summary["time_ratio"] = summary["codeeval"]["seconds"] / max(0.1, summary["peer"]["seconds"])
        summary["load_average"] = [round(x, 2) for x in os.getloadavg()]
        summary["disagreements"] = compare(tasks, found, ours, theirs)
        print_comparison(summary)
    return summary


def peer_summary(args: argparse.Namespace, python: str, tasks: list[Task], samples: Path) -> dict[str, Any]:
    load_before = os.getloadavg()
    done = run_peer(args, python, tasks, samples)
    if isinstance(done, str):
        return {"ran": False, "why": done, "verdicts": None}
    verdicts = {task_id: {"status": v.status, "message": v.message} for task_id, v in done.verdicts.items()}
    return {
        "ran": True,
        "package": peer.PEER,
        "python": done.python,
        "seconds": done.seconds,
        "returncode": done.returncode,
        "load_average_before": load_before,
        "log_tail": done.log_tail[-1500:],
        "verdicts": verdicts,
    }


if __name__ == "__main__":
    sys.exit(main())
