#!/usr/bin/env python3
"""Program edge cases on LiveCodeBench (../shared/data/livecodebench): real bugs caught, correct programs flagged.

    .venv/bin/python scripts/bench_program_edge_cases.py [--limit N] [--jobs N]

LiveCodeBench's stdin problems have no reference program, but each has two graded programs (o1-mini's and
o1-preview's) labelled by LiveCodeBench's private tests. For every problem where one of them is labelled
passed, that one is the reference and the other is evaluated (correctness on the public tests, then the
edge cases: the public inputs changed in shape-keeping ways, judged by the reference's output):
- labelled passed too: any edge-case point lost is a false flag (or an input outside the contract, or an
  answer the problem allows several of): the false-flag rate, each listed;
- labelled failed but passing every public test: the bugs the public tests miss; an edge-case point lost
  is a catch: the catch rate.
Each finding of a program that passes the public tests is also a confidence and a label (real: the program is
labelled failed), printed as a reliability table: program findings keep the mean of their parts as their
confidence (no labelled set was big enough to fit a map on, as `edge_probability` does for functions), and the
table shows how far that mean is from a probability.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from calibration_table import Point, print_reliability, question_of
from codeeval.engine.evaluator import evaluate
from codeeval.problem.definition import ProblemLimits
from codeeval.problem.io_problems import StdinTest, stdin_problem
from codeeval.results.edge_case_details import EdgeCaseDetails
from codeeval.results.result import EvaluationResult

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "livecodebench"
TIME_PER_TEST_S = 6.0


def read_lines(path: Path) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def pairs(limit: int | None) -> list[tuple[dict, dict, dict]]:
    """(problem record, reference program, judged program) for every stdin problem with a passed program."""
    problems = {r["question_id"]: r for r in read_lines(DATA / "problems.jsonl.gz")}
    graded: dict[str, list[dict]] = defaultdict(list)
    for row in read_lines(DATA / "graded.jsonl.gz"):
        graded[row["question_id"]].append(row)
    chosen = []
    for question_id, programs in graded.items():
        record = problems[question_id]
        tests = json.loads(record["public_test_cases"])
        if not tests or tests[0]["testtype"] != "stdin" or len(programs) != 2:
            continue
        passed = sorted((p for p in programs if p["passed"]), key=lambda p: p["model"] != "o1-mini")
        if not passed:
            continue
        reference = passed[0]
        judged = next(p for p in programs if p is not reference)
        chosen.append((record, reference, judged))
    return chosen[:limit]


def judge(record: dict, reference: dict, judged: dict) -> EvaluationResult:
    tests = [StdinTest(t["input"], t["output"]) for t in json.loads(record["public_test_cases"])]
    limits = ProblemLimits(time_per_call_s=TIME_PER_TEST_S)
    problem = stdin_problem(
        record["question_id"], tests, prompt=record["question_content"], reference=reference["code"], limits=limits
    )
    return evaluate(f"{judged['model']}.py", problem, source=judged["code"], skip=("performance", "code_quality"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if not DATA.is_dir():
        print(f"skipped: {DATA} is not here", file=sys.stderr)
        return 0
    chosen = pairs(args.limit)
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda pair: judge(*pair), chosen))
    counts: dict[str, int] = defaultdict(int)
    flagged: list[str] = []
    points: list[Point] = []
    for (record, _, judged), result in zip(chosen, results, strict=True):
        edge = result.dimensions["edge_cases"]
        public_pass = result.dimensions["correctness"].score == 100.0
        details = edge.details if isinstance(edge.details, EdgeCaseDetails) and edge.score is not None else None
        counts["pairs"] += 1
        counts["edge cases applicable"] += details is not None
        if details is None or not public_pass:
            continue
        lost = edge.score is not None and edge.score < 100.0
        points += [
            Point(
                finding.confidence.value,
                not judged["passed"],
                question_of(record["question_id"], finding.input, finding.actual),
            )
            for finding in details.findings
        ]
        group = "labelled passed" if judged["passed"] else "labelled failed, public tests passed"
        counts[group] += 1
        counts[f"{group}: edge points lost"] += lost
        if lost and judged["passed"]:
            flagged.append(f"  {record['question_id']} ({judged['model']}): {edge.rationale[0][:160]}")
    for key, value in counts.items():
        print(f"{key}: {value}")
    caught, missed = (
        counts["labelled failed, public tests passed: edge points lost"],
        counts["labelled failed, public tests passed"],
    )
    false, correct = counts["labelled passed: edge points lost"], counts["labelled passed"]
    if missed:
        print(f"catch rate (bugs the public tests miss): {caught}/{missed} = {100 * caught / missed:.1f}%")
    if correct:
        print(f"false-flag rate (correct programs losing points): {false}/{correct} = {100 * false / correct:.1f}%")
    print("\n".join(flagged))
    print_reliability("program edge-case findings", points)
    return 0


if __name__ == "__main__":
    sys.exit(main())
