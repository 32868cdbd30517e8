#!/usr/bin/env python3
"""Programs on LiveCodeBench (../shared/data/livecodebench): verdicts against the labels, and speed against the
peers' way, a bare `python` subprocess per test, in the same run with the same limits.

    .venv/bin/python scripts/bench_programs.py [--limit N]

1. Imports problems.jsonl.gz (`codeeval import livecodebench`): every problem converts or is listed with a reason.
   Stdin problems (AtCoder, Codeforces) become program problems; functional ones (LeetCode) function problems
   whose entry point is `Solution.<method>`, run after LiveCodeBench's imports.
2. Runs the 1,160 graded programs with `codeeval run` (sandboxed, correctness only: the labels judge that) and
   compares with LiveCodeBench's labels, stdin and functional apart. The labels come from private tests these
   files lack, so a program labelled failed may pass every public test; one labelled passed should pass them
   all, and each that does not is listed with the cause codeeval reports.
3. Times the same programs run the bare way: one `python file.py` per test (a functional test: the program, the
   imports and a call of `Solution().<method>(*args)`), its output compared by the same checker or comparison,
   as many at once as `codeeval run` uses (one per core), the same per-test time limit.
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

from codeeval.judging.compare import outputs_match
from codeeval.judging.output_checkers import check_output
from codeeval.problem import load_problem
from codeeval.problem.definition import Problem

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "livecodebench"
TIME_PER_TEST_S = 6.0


def codeeval_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "codeeval", *args], capture_output=True, text=True, check=False)


# A functional test the bare way: the arguments arrive as one JSON list on stdin, the result leaves as JSON.
CALL_HARNESS = """
_json = __import__("json")
_result = getattr(Solution(), {method!r})(*_json.loads(__import__("sys").stdin.read()))
print(_json.dumps(list(_result) if isinstance(_result, tuple) else _result))
"""


def bare_run(problem: Problem, code: str, folder: Path) -> bool:
    """The peers' way: the program in a plain subprocess per test; True when every test passes."""
    script = folder / f"{os.getpid()}-{time.monotonic_ns()}.py"
    if problem.program is None:  # a functional problem: LiveCodeBench's imports, the program, one call
        method = problem.entry_point.partition(".")[2]
        script.write_text(problem.prelude + code + CALL_HARNESS.format(method=method), encoding="utf-8")
    else:
        script.write_text(code, encoding="utf-8")
    try:
        for case in problem.tests:
            stdin = case.args[0] if problem.program is not None else json.dumps(case.args)
            try:
                done = subprocess.run(
                    [sys.executable, str(script)],
                    input=stdin,
                    capture_output=True,
                    text=True,
                    timeout=TIME_PER_TEST_S,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                return False
            if done.returncode != 0 or not _bare_output_right(problem, case.expected, done.stdout):
                return False
        return True
    finally:
        script.unlink()


def _bare_output_right(problem: Problem, expected: object, stdout: str) -> bool:
    if problem.program is not None:
        return check_output(problem.program.checker, str(expected), stdout) is None
    try:
        value = json.loads(stdout)
    except json.JSONDecodeError:
        return False
    return outputs_match(value, expected, problem.compare)


def kind_of(problem: Problem) -> str:
    return "stdin" if problem.program is not None else "functional"


def failure_cause(out: Path, report: str) -> str:
    """What codeeval's report says went wrong: the first failing test's verdict, or why nothing ran."""
    data = json.loads((out / report).read_text(encoding="utf-8"))
    correctness = data["dimensions"]["correctness"]
    rationale = correctness.get("rationale") or [correctness.get("summary", "")]
    return " ".join(str(rationale[0]).split())[:300]


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
    exceptions: list[str] = []
    for line in (work / "out" / "results.jsonl").read_text().splitlines():
        result = json.loads(line)
        key = (result["problem"], result["group"])
        ours[key] = result["dimensions"]["correctness"] == 100.0
        if labels[key] and not ours[key]:
            exceptions.append(f"  {key[0]} ({key[1]}): {failure_cause(work / 'out', result['report'])}")
    for kind in ("stdin", "functional"):
        verdicts = Counter((labels[key], passed) for key, passed in ours.items() if kind_of(problems[key[0]]) == kind)
        print(
            f"{kind}: labelled passed: {verdicts[(True, True)]} pass every public test, {verdicts[(True, False)]} "
            f"do not; labelled failed: {verdicts[(False, False)]} fail a public test, {verdicts[(False, True)]} "
            "pass them all"
        )
    print("labelled passed, failing here:" if exceptions else "every program labelled passed passes here")
    if exceptions:
        print("\n".join(exceptions))
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
    for g, passed_bare in zip(graded, bare, strict=True):
        if passed_bare != ours[(g["question_id"], g["model"])]:
            print(f"  verdicts differ: {g['question_id']} ({g['model']}): bare {'passes' if passed_bare else 'fails'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
