#!/usr/bin/env python3
"""How many real bugs do codeeval's generated edge cases find? Measured on HumanEval+.

    .venv/bin/python scripts/bench_edge_cases.py                 # the full run (164 problems)
    .venv/bin/python scripts/bench_edge_cases.py --limit 10      # a quick look
    .venv/bin/python scripts/bench_edge_cases.py --tasks HumanEval/0,HumanEval/12 --mutants 20

Steps:
1. Import HumanEval+ (../shared/data/humanevalplus/HumanEvalPlus.jsonl.gz) with `codeeval import evalplus`:
   how many of the 164 problems convert.
2. False alarms on the oracle: each canonical solution (prompt + canonical_solution) is evaluated as a
   candidate; it must score 100 in correctness and in edge cases (its generated suite included).
   The time per problem is generation plus this evaluation.
3. Mutant benchmark: mechanical mutants of each canonical solution (`codeeval.generation.mutants`: `<` for `<=`,
   constants off by one, dropped guards...). A mutant is caught by EvalPlus's `plus_input` when its output differs
   from the canonical solution's on one of them (it raises, crashes or times out); it is caught by codeeval when
   its generated edge cases flag it (a failure or a time-out). Detection rate = of the mutants the plus inputs
   catch, the share codeeval also catches: its edge-case dimension costs points (a failure found only on inputs
   far from the examples is reported at low confidence, costs nothing and does not count). Mutants codeeval
   flags but the plus inputs do not are listed as possible false alarms (an input outside the real contract) or
   bugs the plus inputs miss.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from codeeval.dimensions import correctness, edge_cases  # noqa: E402
from codeeval.engine.evaluator import EvaluationOptions, ProblemContext, evaluate_source  # noqa: E402
from codeeval.generation.mutants import mutants as make_mutants  # noqa: E402
from codeeval.importers import import_file  # noqa: E402
from codeeval.judging.case_runner import Deadline  # noqa: E402
from codeeval.judging.compare import outputs_match  # noqa: E402
from codeeval.problem import load_problem  # noqa: E402
from codeeval.results.edge_case_details import EdgeCaseDetails  # noqa: E402
from codeeval.sandbox import Limits, Session, default_launcher  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "humanevalplus" / "HumanEvalPlus.jsonl.gz"
MUTANT_CALL_LIMIT_S = 1.0  # per-call limit for mutants (a mutant looping forever costs this much per input)
HARD_SEARCH = 40  # mutants checked per problem when looking for ones that pass the original tests


@dataclass
class TaskResult:
    task_id: str
    converted: bool = True
    reason: str = ""
    canonical_correctness: float | None = None
    canonical_edge: float | None = None
    false_alarm: str = ""
    generated: int = 0
    generation_s: float = 0.0
    problem_s: float = 0.0  # generation + evaluating the canonical solution
    generation_applicable: bool = True
    generation_reason: str = ""
    mutants: list[dict] = field(default_factory=list)


def load_records(path: Path) -> dict[str, dict]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return {r["task_id"]: r for r in (json.loads(line) for line in handle if line.strip())}


def plus_expectations(problem, record: dict) -> list[tuple[list, object, float]]:
    """(args, canonical output, canonical seconds) for each plus input the canonical solution returns on."""
    source = record["prompt"] + record["canonical_solution"]
    out = []
    limits = Limits(time_per_call_s=5.0, memory_mb=1024, cpu_s=3600)
    with Session(source, record["entry_point"], "canonical.py", limits, launcher=default_launcher()) as session:
        if not session.load().ok:
            return out
        for args in record.get("plus_input") or []:
            outcome = session.call(list(args), {}, timeout=5.0)
            if outcome.status == "returned":
                out.append((list(args), outcome.value, outcome.duration_s or 0.0))
    return out


def caught_by_plus(session: Session, problem, expectations) -> str:
    """How the plus inputs catch a mutant: "" (not caught), or the verdict of the first input that does."""
    for args, expected, seconds in expectations:
        timeout = max(MUTANT_CALL_LIMIT_S, 4 * seconds)
        outcome = session.call(args, {}, timeout=timeout)
        if outcome.status == "returned":
            if not outputs_match(outcome.value, expected, problem.compare):
                return "wrong_output"
            continue
        return outcome.status
    return ""


def passes_base(source: str, problem, limits: Limits) -> bool:
    """Whether a mutant passes every one of the problem's own tests (a bug the original tests miss)."""
    with Session(source, problem.entry_point, "mutant.py", limits, launcher=default_launcher()) as session:
        if not session.load().ok:
            return False
        return correctness.evaluate(problem, session, Deadline(60)).score == 100


def run_task(task_id: str, path: str, record: dict, args: argparse.Namespace) -> TaskResult:
    result = TaskResult(task_id)
    problem = load_problem(path)
    canonical = record["prompt"] + record["canonical_solution"]
    started = time.monotonic()
    with ProblemContext(problem, EvaluationOptions(skip=("code_quality", "performance"))) as context:
        evaluation = evaluate_source(canonical, "canonical.py", context)
        result.problem_s = time.monotonic() - started
        from codeeval.generation.shared_suite import state_for

        suite = state_for(problem, context.oracle).suite()
        result.generated = len(suite.cases)
        result.generation_s = suite.seconds
        result.generation_applicable = suite.applicable
        result.generation_reason = suite.reason
        corr, edge = evaluation.dimensions["correctness"], evaluation.dimensions["edge_cases"]
        result.canonical_correctness = corr.score
        result.canonical_edge = edge.score
        problems = []
        if corr.score != 100:
            problems.append(f"correctness {corr.score}: {corr.rationale[:2]}")
        if edge.applicable and edge.score != 100:
            problems.append(f"edge cases {edge.score}: {edge.rationale[:2]}")
        if edge.applicable and isinstance(edge.details, EdgeCaseDetails) and edge.details.timeouts:
            problems.append(f"{len(edge.details.timeouts)} generated inputs timed out on the canonical solution")
        result.false_alarm = "; ".join(problems)
        if args.mutants <= 0 and args.hard <= 0:
            return result
        expectations = plus_expectations(problem, record)
        mutant_limits = Limits(
            time_per_call_s=MUTANT_CALL_LIMIT_S, memory_mb=context.limits.memory_mb, cpu_s=context.limits.cpu_s
        )
        everything = make_mutants(canonical)
        rng = random.Random(f"bench:{task_id}")
        order = list(range(len(everything)))
        rng.shuffle(order)
        chosen = [(everything[i], "random") for i in sorted(order[: args.mutants])]
        hard_found = 0
        for i in order[args.mutants : args.mutants + HARD_SEARCH]:
            if hard_found >= args.hard:
                break
            if passes_base(everything[i].source, problem, mutant_limits):
                chosen.append((everything[i], "hard"))
                hard_found += 1
        for mutant, sample in chosen:
            entry = {
                "operator": mutant.operator,
                "line": mutant.line,
                "description": mutant.description,
                "sample": sample,
            }
            with Session(
                mutant.source, problem.entry_point, "mutant.py", mutant_limits, launcher=default_launcher()
            ) as session:
                load = session.load()
                if not load.ok:
                    entry["status"] = "does not load"
                    result.mutants.append(entry)
                    continue
                deadline = Deadline(120)
                entry["base"] = correctness.evaluate(problem, session, deadline).score < 100
                entry["plus"] = caught_by_plus(session, problem, expectations)
                dimension = edge_cases.evaluate(problem, session, context.oracle, deadline)
                details = dimension.details
                judged = details if isinstance(details, EdgeCaseDetails) else None
                generation = judged.generation if judged is not None else None
                failed = (generation.judged or 0) - (generation.passed or 0) if generation is not None else 0
                # caught: the dimension costs points (a finding found only on inputs far from the examples is
                # shown but costs nothing, and does not count)
                entry["codeeval"] = "flagged" if dimension.applicable and dimension.score < 100 else ""
                timeouts = bool(judged.generation.timeouts) if judged is not None else False
                entry["found_unscored"] = not entry["codeeval"] and (failed > 0 or timeouts)
                if entry["codeeval"] and not entry["plus"]:
                    entry["codeeval_input"] = judged.cases[0].input[:200] if judged is not None and judged.cases else ""
                result.mutants.append(entry)
    return result


def summarise(results: list[TaskResult], conversion: dict, wall_s: float) -> dict:
    converted = [r for r in results if r.converted]
    alarms = [r for r in converted if r.false_alarm]
    mutants = [m for r in converted for m in r.mutants if "plus" in m]
    plus = [m for m in mutants if m["plus"]]
    both = [m for m in plus if m["codeeval"]]
    hard_plus = [m for m in plus if not m["base"]]
    hard_both = [m for m in hard_plus if m["codeeval"]]
    extra = [m for m in mutants if m["codeeval"] and not m["plus"]]
    random_plus = [m for m in plus if m.get("sample") == "random"]
    random_both = [m for m in random_plus if m["codeeval"]]
    times = [r.problem_s for r in converted]
    gen_times = [r.generation_s for r in converted]
    missed = [{"task": r.task_id, **m} for r in converted for m in r.mutants if m.get("plus") and not m["codeeval"]]
    return {
        "converted": conversion["converted"],
        "total": conversion["total"],
        "not_converted": conversion["failures"],
        "canonical_false_alarms": len(alarms),
        "false_alarm_details": [{"task": r.task_id, "detail": r.false_alarm} for r in alarms],
        "generation_not_applicable": [
            {"task": r.task_id, "reason": r.generation_reason} for r in converted if not r.generation_applicable
        ],
        "mutants": len(mutants),
        "caught_by_plus": len(plus),
        "caught_by_both": len(both),
        "detection_rate": len(both) / len(plus) if plus else None,
        "random_sample_caught_by_plus": len(random_plus),
        "random_sample_detection_rate": len(random_both) / len(random_plus) if random_plus else None,
        "hard_mutants_caught_by_plus": len(hard_plus),
        "hard_detection_rate": len(hard_both) / len(hard_plus) if hard_plus else None,
        "flagged_only_by_codeeval": len(extra),
        "flagged_only_by_codeeval_rate": len(extra) / len(mutants) if mutants else None,
        "missed": missed,
        "flagged_only_examples": [
            {"task": r.task_id, **m} for r in converted for m in r.mutants if m.get("codeeval") and not m.get("plus")
        ][:40],
        "time_per_problem_s": {
            "median": statistics.median(times) if times else None,
            "mean": statistics.fmean(times) if times else None,
            "max": max(times) if times else None,
            "over_5s": sum(t > 5 for t in times),
        },
        "generation_s": {
            "median": statistics.median(gen_times) if gen_times else None,
            "max": max(gen_times) if gen_times else None,
        },
        "generated_per_problem": statistics.fmean([r.generated for r in converted]) if converted else None,
        "wall_s": wall_s,
    }


def print_summary(s: dict) -> None:
    def pct(x):
        return "n/a" if x is None else f"{100 * x:.1f}%"

    print(f"\nimport: {s['converted']}/{s['total']} HumanEval+ problems converted")
    for failure in s["not_converted"]:
        print(f"  not converted: {failure['task_id']}: {failure['reason']}")
    print(f"false alarms on canonical solutions: {s['canonical_false_alarms']}")
    for alarm in s["false_alarm_details"]:
        print(f"  {alarm['task']}: {alarm['detail'][:300]}")
    for item in s["generation_not_applicable"]:
        print(f"  generation not applicable: {item['task']}: {item['reason']}")
    print(
        f"mutants: {s['mutants']}; caught by plus inputs: {s['caught_by_plus']}; of those caught by codeeval: "
        f"{s['caught_by_both']} -> detection rate {pct(s['detection_rate'])}"
    )
    print(
        f"  random sample only: {s['random_sample_caught_by_plus']} caught by plus -> codeeval detection "
        f"{pct(s['random_sample_detection_rate'])}"
    )
    print(
        f"  hard mutants (pass the problem's own tests) caught by plus: {s['hard_mutants_caught_by_plus']} -> "
        f"codeeval detection {pct(s['hard_detection_rate'])}"
    )
    print(
        f"  flagged by codeeval but not by plus inputs: {s['flagged_only_by_codeeval']} "
        f"({pct(s['flagged_only_by_codeeval_rate'])} of mutants): possible false alarms or bugs plus misses"
    )
    t = s["time_per_problem_s"]
    if t["median"] is not None:
        print(
            f"time per problem (generation + evaluating the canonical solution): median {t['median']:.2f} s, "
            f"mean {t['mean']:.2f} s, max {t['max']:.2f} s, {t['over_5s']} over 5 s; generation median "
            f"{s['generation_s']['median']:.2f} s; {s['generated_per_problem']:.0f} generated inputs per problem"
        )
    if s["missed"]:
        print("missed mutants (caught by plus inputs only):")
        for m in s["missed"][:30]:
            print(
                f"  {m['task']}: {m['operator']} line {m['line']}: {m['description']} (plus: {m['plus']}, "
                f"{m.get('sample')})"
            )
    print(f"wall time {s['wall_s']:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(DATA), help="HumanEvalPlus.jsonl.gz")
    parser.add_argument("--limit", type=int, default=None, help="only the first N problems")
    parser.add_argument("--tasks", default=None, help="comma-separated task ids")
    parser.add_argument("--mutants", type=int, default=12, help="random mutants per problem (0: skip the mutants)")
    parser.add_argument(
        "--hard",
        type=int,
        default=6,
        help="extra mutants per problem that pass the problem's own tests (bugs the tests miss)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="problems in parallel (threads)")
    parser.add_argument("--problems", default=None, help="reuse problem files imported earlier (a folder)")
    parser.add_argument("--shrink", action="store_true", help="also shrink mutants' counterexamples (slower)")
    parser.add_argument("--output", default=None, help="write the full results as JSON here")
    args = parser.parse_args(argv)
    data = Path(args.data)
    if not data.exists():
        print(f"bench_edge_cases: {data} not found (the HumanEval+ data lives in ../shared/data)", file=sys.stderr)
        return 2
    if not args.shrink:
        edge_cases.MAX_COUNTEREXAMPLES = 0
    started = time.monotonic()
    records = load_records(data)
    tasks = [t.strip() for t in args.tasks.split(",")] if args.tasks else None
    folder = Path(args.problems) if args.problems else Path(tempfile.mkdtemp(prefix="codeeval-humanevalplus-"))
    if args.problems and (folder / "import-report.json").exists():
        report = json.loads((folder / "import-report.json").read_text())
    else:
        imported = import_file("evalplus", data, folder, tasks=tasks, limit=args.limit)
        report = imported.to_dict()
        (folder / "import-report.json").write_text(json.dumps(report, indent=2))
    print(f"imported {report['converted']}/{report['total']} into {folder}", file=sys.stderr)
    paths = {p["task_id"]: p["path"] for p in report["problems"]}
    wanted = [t for t in records if (tasks is None or t in tasks)]
    if args.limit is not None:
        wanted = wanted[: args.limit]
    lock = threading.Lock()
    results: list[TaskResult] = []

    def work(task_id: str) -> TaskResult:
        if task_id not in paths:
            return TaskResult(task_id, converted=False, reason="not converted")
        try:
            result = run_task(task_id, paths[task_id], records[task_id], args)
        except Exception as exc:  # a bench crash on one task is reported, not fatal
            result = TaskResult(task_id, false_alarm=f"bench error: {type(exc).__name__}: {exc}")
        with lock:
            caught = sum(1 for m in result.mutants if m.get("plus") and m.get("codeeval"))
            plus = sum(1 for m in result.mutants if m.get("plus"))
            print(
                f"{task_id}: canonical {result.canonical_correctness}/{result.canonical_edge} "
                f"{'FALSE ALARM ' + result.false_alarm[:200] if result.false_alarm else ''} "
                f"gen {result.generated} in {result.generation_s:.1f}s, problem {result.problem_s:.1f}s; "
                f"mutants {caught}/{plus}",
                file=sys.stderr,
                flush=True,
            )
        return result

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(work, wanted))
    summary = summarise(
        results,
        {"converted": report["converted"], "total": report["total"], "failures": report["failures"]},
        time.monotonic() - started,
    )
    print_summary(summary)
    if args.output:
        Path(args.output).write_text(
            json.dumps({"summary": summary, "tasks": [r.__dict__ for r in results]}, indent=2, default=str)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
