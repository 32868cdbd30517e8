#!/usr/bin/env python3
"""stdin/stdout programs on LiveCodeBench (../shared/data/livecodebench): verdicts against the labels, and speed
against the peers' way, a bare `python` subprocess per test, in the same run with the same limits.

    .venv/bin/python scripts/bench_programs.py [--limit N]

1. Imports problems.jsonl.gz (`codeeval import livecodebench`): every problem converts or is listed with a reason.
2. Runs the 1,160 graded programs with `codeeval run` (sandboxed, correctness only: the labels judge that) and
   compares with LiveCodeBench's labels. The labels come from private tests these files lack, so a program
   labelled failed may pass every public test; one labelled passed should pass them all.
3. Times the same programs run the bare way: one `python file.py` per test, its output compared by the same
   checker, as many at once as `codeeval run` uses (one per core), the same per-test time limit.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from codeeval.judging.output_checkers import check_output
from codeeval.problem import load_problem
from codeeval.problem.definition import Problem

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "livecodebench"
TIME_PER_TEST_S = 6.0


def codeeval_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "codeeval", *args], capture_output=True, text=True, check=False)


def bare_run(problem: Problem, code: str, folder: Path) -> bool:
    """The peers' way: the program in a plain subprocess per test; True when every test passes."""
    assert problem.program is not None
    script = folder / f"{os.getpid()}-{time.monotonic_ns()}.py"
    script.write_text(code, encoding="utf-8")
    try:
        for case in problem.tests:
            try:
                done = subprocess.run(
                    [sys.executable, str(script)],
                    input=case.args[0],
                    capture_output=True,
                    text=True,
                    timeout=TIME_PER_TEST_S,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                return False
            if done.returncode != 0 or check_output(problem.program.checker, case.expected, done.stdout) is not None:
                return False
        return True
    finally:
        script.unlink()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N graded programs")
    args = parser.parse_args()
    if not (DATA / "problems.jsonl.gz").is_file():
        print(f"skipped: {DATA} is absent")
        return 0
    work = Path(tempfile.mkdtemp(prefix="bench-programs-"))
    imported = codeeval_command("import", "livecodebench", str(DATA / "problems.jsonl.gz"), "-o", str(work / "p"), "-q")
    print(imported.stderr.strip().splitlines()[-1])
    report = json.loads((work / "p" / "import-report.json").read_text())
    print("not converted:", dict(Counter(f["reason"] for f in report["failures"])))
    problems = {p.name: p for p in (load_problem(path) for path in sorted((work / "p").glob("*.yaml")))}
    with gzip.open(DATA / "graded.jsonl.gz", "rt", encoding="utf-8") as handle:
        graded = [json.loads(line) for line in handle if line.strip()]
    graded = [g for g in graded if g["question_id"] in problems][: args.limit]
    samples = work / "graded.jsonl"
    samples.write_text("".join(json.dumps(g) + "\n" for g in graded), encoding="utf-8")
    started = time.perf_counter()
    ran = codeeval_command(
        "run",
        str(work / "p"),
        "--samples",
        str(samples),
        "-o",
        str(work / "out"),
        "--no-cache",
        "--skip",
        "code_quality",
        "--skip",
        "edge_cases",
        "--skip",
        "performance",
        "-q",
    )
    ours_s = time.perf_counter() - started
    if ran.returncode != 0:
        print(ran.stderr[-2000:])
        return 1
    labels = {(g["question_id"], g["model"]): bool(g["passed"]) for g in graded}
    ours: dict[tuple[str, str], bool] = {}
    for line in (work / "out" / "results.jsonl").read_text().splitlines():
        result = json.loads(line)
        ours[(result["problem"], result["group"])] = result["dimensions"]["correctness"] == 100.0
    verdicts = Counter((labels[key], passed) for key, passed in ours.items())
    print(f"labelled passed: {verdicts[(True, True)]} pass every public test, {verdicts[(True, False)]} do not")
    print(f"labelled failed: {verdicts[(False, False)]} fail a public test, {verdicts[(False, True)]} pass them all")
    started = time.perf_counter()
    with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        bare = list(pool.map(lambda g: bare_run(problems[g["question_id"]], g["code"], work), graded))
    bare_s = time.perf_counter() - started
    agree = sum(b == ours[(g["question_id"], g["model"])] for g, b in zip(graded, bare, strict=True))
    print(f"codeeval run (sandboxed): {len(graded)} programs in {ours_s:.1f} s = {len(graded) / ours_s:.1f}/s")
    print(
        f"bare python per test:     {len(graded)} programs in {bare_s:.1f} s = {len(graded) / bare_s:.1f}/s "
        f"({sum(bare)} pass every test; codeeval's verdict the same on {agree})"
    )
    print(f"ratio: codeeval {bare_s / ours_s:.2f}x the bare rate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
