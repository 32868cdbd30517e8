#!/usr/bin/env python3
"""Do codeeval's HumanEval+ / MBPP+ verdicts and pass@1 equal EvalPlus's? Measured on ../shared/data/llm-samples.

    .venv/bin/python scripts/check_evalplus_verdicts.py --work /tmp/plus        # everything (long on 2 cores)
    .venv/bin/python scripts/check_evalplus_verdicts.py --work /tmp/plus --tasks HumanEval/0,Mbpp/104
    .venv/bin/python scripts/check_evalplus_verdicts.py --work /tmp/plus --family Mbpp
    .venv/bin/python scripts/check_evalplus_verdicts.py --work /tmp/plus --report-only  # while it runs, or after

Imports HumanEval+ and MBPP+ v0.1 with their plus inputs (`codeeval import evalplus`, kept in --work and
reused), then runs `codeeval run --tests plus` (correctness only) on every distinct (task, solution) of
llm-samples, and compares, solution by solution, codeeval's base verdict with EvalPlus's base_status and
its extended verdict with plus_status. Then, per model (each labelled results file is one model), pass@1
on base and on plus (base and extended) from codeeval's verdicts, with codeeval's estimator, beside the
same figure from EvalPlus's labels. Prints the agreement, every disagreement, and the largest pass@1 gap.
A run started again resumes (finished pairs come from codeeval's result cache); `--report-only` reports on
the solutions the run has finished so far.
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from codeeval.report.pass_at_k import mean_pass_at_k  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
BENCHMARKS = {
    "HumanEval": DATA / "humanevalplus" / "HumanEvalPlus.jsonl.gz",
    "Mbpp": DATA / "mbppplus" / "MbppPlus-v0.1.jsonl.gz",
}
LABELS = DATA / "llm-samples" / "llm-samples.jsonl.gz"


def codeeval(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "codeeval", *args], check=False, cwd=ROOT)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", required=True, help="folder for the imported problems and the run")
    parser.add_argument("--tasks", default=None, help="only these task ids (comma-separated)")
    parser.add_argument("--family", choices=sorted(BENCHMARKS), default=None, help="only this benchmark's tasks")
    parser.add_argument("--jobs", default="2")
    parser.add_argument(
        "--report-only", action="store_true", help="report on the solutions the run in --work finished; run nothing"
    )
    args = parser.parse_args()
    work = Path(args.work)
    wanted = set(args.tasks.split(",")) if args.tasks else None
    with gzip.open(LABELS, "rt", encoding="utf-8") as handle:
        labels = [
            r
            for r in map(json.loads, handle)
            if (wanted is None or r["task_id"] in wanted)
            and (args.family is None or r["task_id"].startswith(f"{args.family}/"))
        ]
    problems = work / "problems"
    for family, path in BENCHMARKS.items():
        target = problems / family
        if not (target / "import-report.json").exists():
            codeeval("import", "evalplus", str(path), "-o", str(target), "-q")
    samples = work / "distinct.jsonl"
    if not args.report_only:  # the report reads the samples file the run read, whatever this call's filters
        pairs = dict.fromkeys((record["task_id"], record["solution"]) for record in labels)
        with samples.open("w", encoding="utf-8") as out:
            for task_id, solution in pairs:
                out.write(json.dumps({"task_id": task_id, "solution": solution}) + "\n")
    written = [json.loads(line) for line in samples.read_text(encoding="utf-8").splitlines()]
    distinct = {(row["task_id"], row["solution"]): index for index, row in enumerate(written)}
    run = work / "run"
    if not args.report_only:
        codeeval(
            "run",
            str(problems),
            "--samples",
            str(samples),
            "-o",
            str(run),
            "-q",
            "--tests",
            "plus",
            "-j",
            args.jobs,
            "--skip",
            "edge_cases",
            "--skip",
            "performance",
            "--skip",
            "code_quality",
        )
    verdicts: dict[int, dict[str, bool]] = {}
    for line in (run / "results.jsonl").read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:  # the last line of a run still writing, or killed mid-line
            continue
        verdicts[int(row["origin"].rsplit(":", 1)[1]) - 1] = row["tiers"]
    return report(labels, distinct, verdicts)


def report(labels: list[dict], distinct: dict[tuple[str, str], int], verdicts: dict[int, dict[str, bool]]) -> int:
    agree = {"base": 0, "plus": 0}
    judged = 0
    disagreements = []
    ours: dict[str, dict[str, list]] = defaultdict(lambda: {"base": [], "plus": []})
    theirs: dict[str, dict[str, list]] = defaultdict(lambda: {"base": [], "plus": []})
    for record in labels:
        index = distinct.get((record["task_id"], record["solution"]))
        tiers = verdicts.get(index) if index is not None else None
        if tiers is None:
            continue
        judged += 1
        base, extended = tiers.get("base", False), tiers.get("extended", False)
        label_base, label_plus = record["base_status"] == "pass", record["plus_status"] == "pass"
        agree["base"] += base == label_base
        agree["plus"] += extended == label_plus
        if base != label_base or extended != label_plus:
            disagreements.append((record["task_id"], record["file"], (base, extended), (label_base, label_plus)))
        model = f"{record['source']}:{record['file']}"
        ours[model]["base"].append((record["task_id"], base))
        ours[model]["plus"].append((record["task_id"], base and extended))
        theirs[model]["base"].append((record["task_id"], label_base))
        theirs[model]["plus"].append((record["task_id"], label_base and label_plus))
    print(f"solutions judged: {judged} of {len(labels)} ({len(distinct)} distinct)")
    for tier in ("base", "plus"):
        print(f"{tier} verdict agreement: {agree[tier]}/{judged} = {agree[tier] / max(judged, 1):.4f}")
    for task_id, file, got, want in disagreements[:60]:
        print(f"  differs: {task_id} {file}: codeeval (base, extended) {got}, EvalPlus {want}")
    worst = 0.0
    equal = {"base": 0, "plus": 0}
    print(f"\n{'model':70} {'ours base':>9} {'EP base':>8} {'ours plus':>9} {'EP plus':>8}")
    for model in sorted(ours):
        row = []
        for tier in ("base", "plus"):
            mine, label = mean_pass_at_k(ours[model][tier], (1,))[1], mean_pass_at_k(theirs[model][tier], (1,))[1]
            worst = max(worst, abs(round(mine, 3) - round(label, 3)))
            equal[tier] += round(mine, 3) == round(label, 3)
            row += [mine, label]
        print(f"{model[:70]:70} {row[0]:9.3f} {row[1]:8.3f} {row[2]:9.3f} {row[3]:8.3f}")
    print(f"\nlargest pass@1 difference at the third decimal: {worst:.3f} over {len(ours)} models")
    print(
        f"pass@1 equal to the third decimal: base {equal['base']} of {len(ours)} models, "
        f"plus {equal['plus']} of {len(ours)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
