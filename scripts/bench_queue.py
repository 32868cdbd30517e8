#!/usr/bin/env python3
"""Does `codeeval queue` put the results a person should look at first at the top? Measured on LLM solutions
whose true verdicts EvalPlus knows.

    .venv/bin/python scripts/bench_queue.py --work /tmp/queue-bench          # both runs, then the figures
    .venv/bin/python scripts/bench_queue.py --work /tmp/queue-bench --report-only
    .venv/bin/python scripts/bench_queue.py --work /tmp/queue-bench-33 --seed 33     # two more runs, other draws

The data (../shared/data): HumanEval+ and llm-samples (solutions written by language models, each with
EvalPlus's verdicts on the base tests and on its extra "plus" inputs). Two 200-solution runs, drawn with a
fixed seed from the distinct (task, solution) pairs: one from the tasks of the "tune" half, one from the
"held-out" half (bench_llm_samples.split_of: the parity of the task id's SHA-256). Each is a plain
`codeeval run` (base tests, every dimension; the result cache makes a second call cheap), then
`codeeval queue` on its folder.

A wrong verdict (printed with the figures): codeeval's automatic verdict on a solution differs from
EvalPlus's. codeeval calls a solution correct when it passes every base test (correctness 100) and the
edge-case dimension takes nothing off (100, or not applicable): findings below the confidence that costs
points are shown but do not make it incorrect. EvalPlus calls it correct when base_status and plus_status
are both "pass" (the plus inputs are the closest thing to the truth this data has). So a wrong verdict is
either a bug codeeval missed (EvalPlus fails it on its plus inputs, codeeval passes it) or a false alarm
(EvalPlus passes it, codeeval's tests or edge cases fail it).

Printed per run: the wrong verdicts, how many of them the queue puts in its first 10% and 20%, against
"lowest score first" (the same folder sorted by score) and a random order (the mean over 1,000 seeded
shuffles). For the tune run also each signal's record: on how many results it fires and how many of those
are wrong verdicts, which is what `triage/weights.py`'s weights were read from. The held-out run is the
figure to quote: no weight was read from it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench_llm_samples import PlusInputs, load_records, split_of
from llm_samples import DATA, SAMPLES, distinct_records

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from codeeval.engine.evaluator import EvaluationOptions, ProblemContext  # noqa: E402
from codeeval.problem import load_problem  # noqa: E402
from codeeval.triage import QueueItem, ReasonKind, build_queue, read_run  # noqa: E402
from codeeval.triage.weights import weight_of  # noqa: E402

BENCHMARK = DATA / "humanevalplus" / "HumanEvalPlus.jsonl.gz"
SPLITS = ("tune", "held-out")
SHUFFLES = 1000
DEFINITION = (
    "wrong verdict = codeeval's automatic verdict differs from EvalPlus's; codeeval: correct when correctness "
    "is 100 and edge_cases is 100 (or not applicable); EvalPlus: correct when base_status and plus_status are "
    "both 'pass'"
)


@dataclass(frozen=True)
class Label:
    """EvalPlus's verdicts on one solution of the samples file."""

    task_id: str
    base: str
    plus: str

    @property
    def correct(self) -> bool:
        return self.base == "pass" and self.plus == "pass"


def choose(split: str, count: int, seed: int) -> list[dict]:
    """`count` distinct HumanEval solutions of the split's tasks, drawn with the seed."""
    pool = [r for r in distinct_records(("HumanEval/",)) if split_of(r["task_id"]) == split]
    return random.Random(f"{seed}:{split}").sample(pool, min(count, len(pool)))


def prepare(work: Path, split: str, count: int, seed: int) -> None:
    """The samples file the run reads and the labels beside it, line for line."""
    folder = work / split
    folder.mkdir(parents=True, exist_ok=True)
    chosen = choose(split, count, seed)
    with (folder / "samples.jsonl").open("w", encoding="utf-8") as samples:
        for record in chosen:
            samples.write(json.dumps({"task_id": record["task_id"], "solution": record["solution"]}) + "\n")
    with (folder / "labels.jsonl").open("w", encoding="utf-8") as labels:
        for record in chosen:
            fields = ("task_id", "base_status", "plus_status", "file")
            labels.write(json.dumps({key: record[key] for key in fields}) + "\n")


def run_codeeval(work: Path, split: str, jobs: str) -> None:
    folder = work / split
    command = [sys.executable, "-m", "codeeval", "run", str(BENCHMARK), "--samples", str(folder / "samples.jsonl")]
    subprocess.run([*command, "-o", str(folder / "run"), "-q", "-j", jobs], check=False, cwd=ROOT)


def read_labels(folder: Path) -> dict[str, Label]:
    """Label by the report's path: the results log's `origin` names the samples file's line."""
    lines = (folder / "labels.jsonl").read_text(encoding="utf-8").splitlines()
    labels = [json.loads(line) for line in lines]
    by_report = {}
    for line in (folder / "run" / "results.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        record = labels[int(row["origin"].rsplit(":", 1)[1]) - 1]
        by_report[row["report"]] = Label(record["task_id"], record["base_status"], record["plus_status"])
    return by_report


def automatic_correct(folder: Path) -> dict[str, bool]:
    """codeeval's verdict by report path, from the results log's dimension scores."""
    verdicts = {}
    for line in (folder / "run" / "results.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        dimensions = row["dimensions"]
        edge = dimensions.get("edge_cases")
        verdicts[row["report"]] = row["status"] == "ok" and dimensions.get("correctness") == 100 and edge in (None, 100)
    return verdicts


def exposing_plus_input(folder: Path, report: str, records: dict[str, dict]) -> dict:
    """For a bug codeeval passed: the first plus input that fails it in our sandbox (`args` absent when none
    does: EvalPlus's harness saw a failure ours does not, a time limit of its machine, a crash of its process)."""
    data = json.loads((folder / "run" / report).read_text(encoding="utf-8"))
    path = Path(data["problem_path"])
    if not path.is_file():
        return {"how": "not checked: the imported problem is gone from the cache"}
    line = int(data["solution"].rsplit(":", 1)[1])
    solution = json.loads((folder / "samples.jsonl").read_text(encoding="utf-8").splitlines()[line - 1])["solution"]
    problem = load_problem(path)
    with ProblemContext(problem, EvaluationOptions(skip=("code_quality", "performance"))) as context:
        return PlusInputs(problem, records[data["problem"]], context).first_exposing(solution)


def caught(order: Sequence[str], wrong: set[str], share: float) -> int:
    """How many wrong verdicts are in the first `share` of the order (rounded up to whole results)."""
    head = max(1, math.ceil(len(order) * share - 1e-9))
    return sum(report in wrong for report in order[:head])


def random_caught(order: Sequence[str], wrong: set[str], share: float) -> float:
    shuffled = list(order)
    rng = random.Random(0)
    counts = []
    for _ in range(SHUFFLES):
        rng.shuffle(shuffled)
        counts.append(caught(shuffled, wrong, share))
    return statistics.fmean(counts)


def signal_record(items: Sequence[QueueItem], wrong: set[str]) -> dict[ReasonKind, tuple[int, int]]:
    """Per reason: (results it fires on, of which wrong verdicts)."""
    record: dict[ReasonKind, list[int]] = defaultdict(lambda: [0, 0])
    for item in items:
        for kind in {reason.kind for reason in item.reasons}:
            record[kind][0] += 1
            record[kind][1] += item.report in wrong
    return {kind: (fired, hits) for kind, (fired, hits) in record.items()}


def report_split(work: Path, split: str) -> dict:
    folder = work / split
    labels = read_labels(folder)
    ours = automatic_correct(folder)
    wrong = {
        report for report, label in labels.items() if ours.get(report) is not None and ours[report] != label.correct
    }
    run = read_run(folder / "run")
    queue = build_queue(run)
    order = [item.report for item in queue.items]
    by_score = [facts.report for facts in sorted(run.results, key=lambda facts: (facts.score, facts.report))]
    orders: dict[str, Callable[[float, set[str]], float]] = {
        "queue": lambda share, known: caught(order, known, share),
        "lowest score first": lambda share, known: caught(by_score, known, share),
        "random order (mean)": lambda share, known: random_caught(order, known, share),
    }
    print(f"\n## {split}: {len(order)} results, {len(wrong)} wrong verdicts")
    missed = {r for r in wrong if ours[r] and not labels[r].correct}
    print(f"   {len(missed)} bugs codeeval passed, {len(wrong) - len(missed)} correct solutions codeeval failed")
    records = load_records(BENCHMARK)
    hidden = set()
    for report in sorted(missed):
        found = exposing_plus_input(folder, report, records)
        if "args" not in found:
            hidden.add(report)
        failing = str(found.get("args", "-"))[:80]
        print(f"   missed bug {report}: first plus input failing here: {failing} ({found['how']})")
    visible = wrong - hidden
    print(
        f"   {len(visible)} wrong verdicts the run can show (leaving out {len(hidden)} bugs no plus input reproduces "
        "in our sandbox)"
    )
    print("| order | wrong in first 10% | wrong in first 20% | reproducible wrong in first 10% | in first 20% |")
    print("|---|---|---|---|---|")
    figures = {}
    for name, count in orders.items():
        first, second = count(0.1, wrong), count(0.2, wrong)
        shown_first, shown_second = count(0.1, visible), count(0.2, visible)
        figures[name] = (first, second, shown_first, shown_second)
        print(
            f"| {name} | {first:g}/{len(wrong)} | {second:g}/{len(wrong)} | {shown_first:g}/{len(visible)} "
            f"| {shown_second:g}/{len(visible)} |"
        )
    for item in queue.items:
        if item.report in wrong:
            reasons = "; ".join(f"{reason.kind} ({reason.strength:.2f})" for reason in item.reasons) or "none"
            print(f"   wrong: rank {item.rank} {item.problem} {item.solution} score {item.score:g}: {reasons}")
    print("| reason | fires on | of which wrong | measured weight (hits + 1) / (fires + 2) | weight in use |")
    print("|---|---|---|---|---|")
    for kind, (fired, hits) in sorted(signal_record(queue.items, wrong).items()):
        print(f"| {kind} | {fired} | {hits} | {(hits + 1) / (fired + 2):.2f} | {weight_of(kind):g} |")
    return {"results": len(order), "wrong": len(wrong), "figures": figures}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", required=True, help="folder for the samples files and the two runs (reused)")
    parser.add_argument("--count", type=int, default=200, help="solutions per run (default 200)")
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--jobs", default="1", help="codeeval run's --jobs (default 1: timings want a core each)")
    parser.add_argument("--report-only", action="store_true", help="read the runs already in --work; run nothing")
    args = parser.parse_args(argv)
    if not (SAMPLES.exists() and BENCHMARK.exists()):
        print(f"bench_queue: needs {SAMPLES} and {BENCHMARK}", file=sys.stderr)
        return 2
    work = Path(args.work)
    for split in SPLITS:
        if not args.report_only:
            prepare(work, split, args.count, args.seed)
            run_codeeval(work, split, args.jobs)
    print(DEFINITION)
    summary = {split: report_split(work, split) for split in SPLITS}
    (work / "summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
