#!/usr/bin/env python3
"""BigCodeBench's canonical solutions against their own problems, in this machine's environment as it is.

    .venv/bin/python scripts/bench_bigcodebench.py [--limit N | --tasks ID,ID] [--jobs N] [--libraries-only]

1. Which of the tasks' 139 libraries the sandbox's interpreter (the one `codeeval run` starts workers with) can
   import, and how many tasks have every library they name.
2. Writes each task's `code_prompt + canonical_solution` as a sample and runs `codeeval run BigCodeBench.jsonl.gz
   --samples ...` (converted straight from the file, sandboxed, correctness from each task's unittest suite),
   timing the whole run.
3. Groups every task whose canonical solution does not pass by cause: missing library, network needed, data
   file missing (an NLTK corpus, a file the test expects), timeout, or a real failure; these causes are what
   `codeeval env` (a later slice) is to remove.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codeeval.sandbox import CallStatus, LoadStatus, Session, default_launcher

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "bigcodebench" / "BigCodeBench.jsonl.gz"

# Each cause with the words that show it in a result's messages, tried in this order (a missing module wins:
# a test that needs the network often fails first on importing its client library).
CAUSES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("missing library", re.compile(r"No module named|ModuleNotFoundError|cannot import name")),
    (
        "network needed",
        re.compile(
            r"Temporary failure in name resolution|Name or service not known|gaierror|Network is unreachable"
            r"|ConnectionError|URLError|Max retries exceeded|Failed to establish a new connection"
            r"|Connection refused|getaddrinfo|socket\.(?:socket|create_connection)|ssl\.SSL",
        ),
    ),
    (
        "data file missing",
        re.compile(r"Resource \S+ not found|nltk_data|FileNotFoundError|No such file or directory|LookupError"),
    ),
    ("sandbox refused (a process, a signal)", re.compile(r"Operation not permitted|PermissionError")),
    ("timeout", re.compile(r"\btimed? ?out\b|\btimeout\b|TimeoutError|time limit", re.IGNORECASE)),
)
REAL_FAILURE = "a real failure"


@dataclass(frozen=True)
class Task:
    task_id: str
    libs: tuple[str, ...]
    reference: str


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


def importable(libraries: set[str]) -> tuple[str, dict[str, bool]]:
    """Whether code in the sandbox finds each library (its top-level module), without importing it: asked in a
    sandboxed worker, whose module path is not a plain `python`'s."""
    with Session(PROBE, "probe", launcher=default_launcher()) as session:
        loaded = session.load()
        if loaded.status != LoadStatus.LOADED:
            raise SystemExit(f"the probe did not load in the sandbox: {loaded}")
        outcome = session.call([sorted(libraries)], {})
        if outcome.status != CallStatus.RETURNED:
            raise SystemExit(f"the probe failed in the sandbox: {outcome}")
        python, version, found = outcome.value
        return f"{python} (Python {version})", dict(found)


def cause_of(result: dict[str, Any]) -> tuple[str, str]:
    """The group a failed result falls in, and the first message that shows it (or the first message at all)."""
    load = result.get("load") or {}
    text = json.dumps({"load": load, "dimensions": result.get("dimensions", {}), "errors": result.get("errors", [])})
    for cause, pattern in CAUSES:
        match = pattern.search(text)
        if match:
            start = max(0, match.start() - 80)
            return cause, text[start : match.end() + 80].replace("\\n", " ")
    return REAL_FAILURE, (load.get("message") or _first_failure(result))[:200]


def _first_failure(result: dict[str, Any]) -> str:
    correctness = result.get("dimensions", {}).get("correctness", {})
    rationale = correctness.get("rationale") or []
    return str(rationale[0] if rationale else correctness.get("summary") or result.get("errors") or "no message")


def passed(result: dict[str, Any]) -> bool:
    correctness = result.get("dimensions", {}).get("correctness", {})
    return result.get("status") == "ok" and correctness.get("score") == 100


def run_canonical(path: Path, tasks: list[Task], jobs: int | None, folder: Path) -> tuple[list[dict[str, Any]], float]:
    samples = folder / "canonical.jsonl"
    with samples.open("w", encoding="utf-8") as handle:
        for task in tasks:
            handle.write(json.dumps({"task_id": task.task_id, "solution": task.reference}) + "\n")
    output = folder / "run"
    command = [sys.executable, "-m", "codeeval", "run", str(path), "--samples", str(samples), "-o", str(output)]
    command += ["--no-cache", "--quiet", "--skip", "code_quality"] + (["--jobs", str(jobs)] if jobs else [])
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--limit", type=int, default=None, help="only the first N tasks")
    parser.add_argument("--tasks", default=None, help="only these task ids, comma-separated")
    parser.add_argument("--jobs", "-j", type=int, default=None)
    parser.add_argument("--libraries-only", action="store_true", help="step 1 only")
    args = parser.parse_args()
    if not args.data.is_file():
        print(f"no data: {args.data}", file=sys.stderr)
        return 2
    tasks = read_tasks(args.data)
    python, found = importable({lib for task in tasks for lib in task.libs})
    missing = sorted(name for name, ok in found.items() if not ok)
    needing = Counter(lib for task in tasks for lib in task.libs if not found[lib])
    ready = sum(all(found[lib] for lib in task.libs) for task in tasks)
    print(f"the sandbox's interpreter: {python}")
    print(f"libraries: {len(found) - len(missing)} of {len(found)} importable; {ready} of {len(tasks)} tasks have all")
    print("missing (tasks needing each): " + ", ".join(f"{lib} {needing[lib]}" for lib in missing))
    if args.libraries_only:
        return 0
    chosen = set(args.tasks.split(",")) if args.tasks else None
    tasks = [task for task in tasks if chosen is None or task.task_id in chosen][: args.limit]
    with tempfile.TemporaryDirectory(prefix="bench-bcb-") as scratch:
        results, elapsed = run_canonical(args.data, tasks, args.jobs, Path(scratch))
    by_cause: dict[str, list[tuple[str, str]]] = defaultdict(list)
    passing = 0
    for result in sorted(results, key=lambda r: int(str(r["problem"]).rpartition("/")[2] or 0)):
        if passed(result):
            passing += 1
        else:
            cause, message = cause_of(result)
            by_cause[cause].append((str(result["problem"]), message))
    print(f"\ncanonical solutions: {passing} of {len(tasks)} pass ({len(results)} results) in {elapsed:.0f} s")
    lacking_libs = {task.task_id for task in tasks if not all(found[lib] for lib in task.libs)}
    print(
        f"  of the {len(tasks) - len(lacking_libs)} tasks whose libraries are all here: "
        f"{sum(1 for r in results if passed(r) and r['problem'] not in lacking_libs)} pass"
    )
    for cause, failures in sorted(by_cause.items(), key=lambda item: -len(item[1])):
        print(f"\n{cause}: {len(failures)}")
        for task_id, message in failures:
            print(f"  {task_id}: {message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
