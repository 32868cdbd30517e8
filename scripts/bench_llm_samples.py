#!/usr/bin/env python3
"""Do generated edge cases catch real model bugs without crying wolf? Measured on LLM solutions EvalPlus labelled.

    .venv/bin/python scripts/bench_llm_samples.py                        # everything (tens of minutes on 2 cores)
    .venv/bin/python scripts/bench_llm_samples.py --split tune --limit 20   # the first 20 tasks of the tuning half
    .venv/bin/python scripts/bench_llm_samples.py --family mbpp --tasks Mbpp/2,Mbpp/7 --explain 40

The data (../shared/data): HumanEval+ and MBPP+ v0.1, and llm-samples: solutions written by language
models with EvalPlus's verdicts on the base tests and on its extra ("plus") inputs. Each distinct
solution (task id, source) counts once.

What it measures, per family (HumanEval, MBPP+) and per half of the tasks:
- base agreement: codeeval's correctness verdict (100 = pass) against EvalPlus's base_status, on every
  solution;
- recall: of the pass/fail solutions (pass the base tests, fail a plus input: a real bug the base tests
  miss), the share the edge-case dimension flags; printed twice: over every pass/fail solution, and over
  those some plus input makes fail in our sandbox too (the others, "not reproducible", fail only in
  EvalPlus's harness: a time limit of its machine, a crash of its process; no generator can catch them here);
- false flags: of the pass/pass solutions, the share it flags.
- calibration: each scored finding of a pass/fail or pass/pass solution is a confidence and a label (real:
  EvalPlus's plus inputs fail the solution), printed per family and half as a reliability table (confidence
  bins against the share real), the expected calibration error beside the one a perfectly calibrated model
  would show on the same questions (its sampling noise; findings of one task, input and answer are one
  question), and the share real at confidence >= 0.9;
- recall and false flags again with the label errors `llm_sample_labels.py` adjudicates corrected (solutions
  EvalPlus passes that are wrong on an input the prompt allows, and a few it fails that the prompt says are
  right), each listed with why.
"Flagged" means the edge-case dimension costs points: a low-confidence finding that costs nothing is
shown in the report but does not count. Edge cases come from the reference and the problem's own
examples only; the plus inputs are read only to explain a miss: the first plus input that exposes
the bug, beside the generated input nearest to it. Each false flag is printed with its input and the
reasons its relevance is low (how far the input is from the examples' domain).

The halves: a task belongs to "tune" when the SHA-256 of its task id is even, else to "held-out".
Generation was tuned looking only at the tune half's misses and false flags; the held-out half
measures how well that carries over to tasks nobody looked at.

Time per problem is the generated suite's build time (once per problem, shared by every solution).
"""

from __future__ import annotations

import argparse
import difflib
import gzip
import hashlib
import json
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from calibration_table import Point, print_reliability, question_of, share
from llm_sample_labels import LABEL_ERRORS, adjudicated_kind, solution_sha256
from llm_samples import DATA, SAMPLES, distinct_records

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from codeeval.base.display import short_repr  # noqa: E402
from codeeval.dimensions import correctness, edge_cases  # noqa: E402
from codeeval.engine.evaluator import EvaluationOptions, ProblemContext  # noqa: E402
from codeeval.generation.shared_suite import state_for  # noqa: E402
from codeeval.importers import import_file, restore_inputs  # noqa: E402
from codeeval.judging.case_runner import Deadline  # noqa: E402
from codeeval.judging.compare import outputs_match  # noqa: E402
from codeeval.problem import load_problem  # noqa: E402
from codeeval.problem.definition import Problem  # noqa: E402
from codeeval.results.edge_case_details import EdgeCaseDetails  # noqa: E402
from codeeval.sandbox import Limits, Session  # noqa: E402

FAMILIES = {
    "humaneval": ("HumanEval/", DATA / "humanevalplus" / "HumanEvalPlus.jsonl.gz"),
    "mbpp": ("Mbpp/", DATA / "mbppplus" / "MbppPlus-v0.1.jsonl.gz"),
}
PLUS_CALL_FLOOR_S = 1.0  # a plus input may take max(this, 4x the reference's time), as EvalPlus allows
SHOWN = 300


def split_of(task_id: str) -> str:
    return "tune" if int(hashlib.sha256(task_id.encode()).hexdigest(), 16) % 2 == 0 else "held-out"


def family_of(task_id: str) -> str:
    return next(name for name, (prefix, _) in FAMILIES.items() if task_id.startswith(prefix))


@dataclass
class Sample:
    task_id: str
    solution: str
    base: str  # EvalPlus's verdicts: pass | fail | timeout
    plus: str

    @property
    def kind(self) -> str:
        """bug (pass/fail), clean (pass/pass) or other."""
        if self.base == "pass" and self.plus == "fail":
            return "bug"
        if self.base == "pass" and self.plus == "pass":
            return "clean"
        return "other"


@dataclass
class Verdict:
    task_id: str
    kind: str
    base_agrees: bool
    ours_base: bool
    flagged: bool | None = None  # None: edge cases not judged (not a bug or clean solution)
    edge_score: float | None = None
    findings: list[dict] = field(default_factory=list)  # edge-case findings: input, verdict, confidence, points
    explanation: dict = field(default_factory=dict)  # a miss: the plus input and the nearest generated one
    reproducible: bool | None = None  # a bug: some plus input fails here too (None: not checked, --explain 0)
    seconds: float = 0.0
    solution_sha256: str = ""  # what llm_sample_labels keys an adjudicated label by


@dataclass
class TaskRun:
    task_id: str
    family: str
    split: str
    suite_s: float = 0.0
    generated: int = 0
    generation_reason: str = ""
    verdicts: list[Verdict] = field(default_factory=list)
    error: str = ""


def load_samples(families: list[str]) -> dict[str, list[Sample]]:
    """Distinct solutions by task id (the first verdicts seen for a repeated solution)."""
    by_task: dict[str, list[Sample]] = defaultdict(list)
    for record in distinct_records(tuple(FAMILIES[f][0] for f in families)):
        by_task[record["task_id"]].append(
            Sample(record["task_id"], record["solution"], record["base_status"], record["plus_status"])
        )
    return by_task


def load_records(path: Path) -> dict[str, dict]:
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        return {r["task_id"]: r for r in map(json.loads, stream)}


def import_family(family: str, folder: Path) -> dict[str, str]:
    """Problem file by task id, importing once into `folder/<family>` (reused when already there)."""
    target = folder / family
    report_path = target / "import-report.json"
    if report_path.exists():
        report = json.loads(report_path.read_text())
    else:
        started = time.monotonic()
        report = import_file("evalplus", FAMILIES[family][1], target).to_dict()
        report_path.write_text(json.dumps(report, indent=2))
        print(
            f"[bench] imported {report['converted']}/{report['total']} {family} tasks in "
            f"{time.monotonic() - started:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    for failure in report["failures"]:
        print(f"[bench] not imported: {failure['task_id']}: {failure['reason']}", file=sys.stderr)
    return {p["task_id"]: p["path"] for p in report["problems"]}


# -- one task ---------------------------------------------------------------------------------------


def edge_findings(dimension) -> list[dict]:
    """The failing generated inputs as the report shows them (one per kind, with confidence and cost)."""
    details = dimension.details
    return [finding.to_dict() for finding in details.findings] if isinstance(details, EdgeCaseDetails) else []


def judge_sample(problem: Problem, context: ProblemContext, sample: Sample, limits: Limits) -> Verdict:
    started = time.monotonic()
    verdict = Verdict(
        sample.task_id,
        sample.kind,
        base_agrees=False,
        ours_base=False,
        solution_sha256=solution_sha256(sample.solution),
    )
    with Session(sample.solution, problem.entry_point, "solution.py", limits, launcher=context.launcher) as session:
        deadline = Deadline(problem.limits.total_time_s)
        loaded = session.load().ok
        verdict.ours_base = loaded and correctness.evaluate(problem, session, deadline).score == 100
        verdict.base_agrees = verdict.ours_base == (sample.base == "pass")
        if sample.kind != "other":
            if loaded:
                dimension = edge_cases.evaluate(problem, session, context.oracle, deadline)
                verdict.edge_score = dimension.score if dimension.applicable else None
                verdict.flagged = dimension.applicable and dimension.score < 100
                verdict.findings = edge_findings(dimension)
            else:
                verdict.flagged = True  # it scores 0 when it does not load (EvalPlus passed it: a harness difference)
    verdict.seconds = time.monotonic() - started
    return verdict


class PlusInputs:
    """The task's plus inputs with the reference's outputs, computed on first use (only misses need them)."""

    def __init__(self, problem: Problem, record: dict, context: ProblemContext):
        self.problem = problem
        self.record = record
        self.context = context
        self._expected: list[tuple[list, Any, float]] | None = None
        self._lock = threading.Lock()

    def expected(self) -> list[tuple[list, Any, float]]:
        with self._lock:
            if self._expected is None:
                self._expected = []
                inputs = restore_inputs(self.record["task_id"], self.record.get("plus_input") or [])
                limits = Limits(time_per_call_s=10.0, memory_mb=1024, cpu_s=3600)
                with Session(
                    self.problem.reference,
                    self.problem.entry_point,
                    "reference.py",
                    limits,
                    launcher=self.context.launcher,
                ) as session:
                    if session.load().ok:
                        for args in inputs:
                            outcome = session.call(list(args), {}, timeout=10.0)
                            if outcome.returned:
                                self._expected.append((list(args), outcome.value, outcome.duration_s or 0.0))
            return self._expected

    def first_exposing(self, solution: str) -> dict:
        """The first plus input on which the solution fails, and how."""
        limits = Limits(time_per_call_s=5.0, memory_mb=1024, cpu_s=3600)
        with Session(
            solution, self.problem.entry_point, "solution.py", limits, launcher=self.context.launcher
        ) as session:
            if not session.load().ok:
                return {"how": "does not load"}
            for index, (args, expected, seconds) in enumerate(self.expected()):
                outcome = session.call(args, {}, timeout=max(PLUS_CALL_FLOOR_S, 4 * seconds))
                if outcome.returned and outputs_match(outcome.value, expected, self.problem.compare, args):
                    continue
                how = "wrong output" if outcome.returned else outcome.status
                return {
                    "index": index,
                    "args": args,
                    "how": how,
                    "expected": short_repr(expected, 200),
                    "actual": outcome.describe()[:200],
                }
        return {"how": "no plus input exposes it here (EvalPlus's harness differs)"}


def nearest_generated(args: list, problem: Problem, context: ProblemContext) -> dict:
    """The generated input most similar (as text) to a plus input."""
    suite = state_for(problem, context.oracle).suite()
    target = short_repr(args, SHOWN)
    best, best_ratio = None, -1.0
    for generated in suite.cases:
        text = short_repr(generated.case.args, SHOWN)
        matcher = difflib.SequenceMatcher(None, target, text, autojunk=False)
        if matcher.real_quick_ratio() <= best_ratio or matcher.quick_ratio() <= best_ratio:
            continue
        ratio = matcher.ratio()
        if ratio > best_ratio:
            best, best_ratio = generated, ratio
    if best is None:
        return {}
    return {"input": short_repr(best.case.args, SHOWN), "phase": best.phase, "similarity": round(best_ratio, 2)}


def run_task(task_id: str, path: str, record: dict, samples: list[Sample], explain: bool) -> TaskRun:
    run = TaskRun(task_id, family_of(task_id), split_of(task_id))
    problem = load_problem(path)
    with ProblemContext(problem, EvaluationOptions(skip=("code_quality", "performance"))) as context:
        suite = state_for(problem, context.oracle).suite(Deadline(problem.limits.total_time_s))
        run.suite_s, run.generated = suite.seconds, len(suite.cases)
        run.generation_reason = "" if suite.applicable else suite.reason
        plus = PlusInputs(problem, record, context)
        for sample in samples:
            verdict = judge_sample(problem, context, sample, context.limits)
            if explain and sample.kind == "bug":
                exposing = plus.first_exposing(sample.solution)
                verdict.reproducible = "args" in exposing
                if not verdict.flagged:
                    nearest = nearest_generated(exposing["args"], problem, context) if "args" in exposing else {}
                    verdict.explanation = {
                        "plus": {k: (short_repr(v, SHOWN) if k == "args" else v) for k, v in exposing.items()},
                        "nearest": nearest,
                    }
            run.verdicts.append(verdict)
    return run


# -- summary ----------------------------------------------------------------------------------------


def summarise(runs: list[TaskRun]) -> dict:
    groups: dict[str, list[TaskRun]] = defaultdict(list)
    for run in runs:
        groups[f"{run.family} {run.split}"].append(run)
        groups[f"{run.family} all"].append(run)
        groups["all"].append(run)
    summary = {}
    for name, members in sorted(groups.items()):
        verdicts = [v for r in members for v in r.verdicts]
        bugs = [v for v in verdicts if v.kind == "bug"]
        reproducible = [v for v in bugs if v.reproducible]
        clean = [v for v in verdicts if v.kind == "clean"]
        suite_times = [r.suite_s for r in members if not r.error]
        summary[name] = {
            "tasks": len(members),
            "solutions": len(verdicts),
            "base_agreement": [sum(v.base_agrees for v in verdicts), len(verdicts)],
            "recall": [sum(bool(v.flagged) for v in bugs), len(bugs)],
            # over the bugs some plus input reproduces in our sandbox (the others no generator can be asked to
            # catch here: EvalPlus's harness saw a failure ours does not); None when not checked (--explain 0)
            "recall_reproducible": [sum(bool(v.flagged) for v in reproducible), len(reproducible)]
            if all(v.reproducible is not None for v in bugs)
            else None,
            "not_reproducible": sum(v.reproducible is False for v in bugs),
            "false_flags": [sum(bool(v.flagged) for v in clean), len(clean)],
            # with the label errors llm_sample_labels adjudicates corrected
            "recall_adjudicated": _flagged_of(verdicts, "bug"),
            "false_flags_adjudicated": _flagged_of(verdicts, "clean"),
            "suite_s_median": statistics.median(suite_times) if suite_times else None,
            "suite_s_max": max(suite_times) if suite_times else None,
            "suites_over_5s": sum(t > 5 for t in suite_times),
            "judge_s_median": statistics.median([v.seconds for v in verdicts]) if verdicts else None,
        }
    return summary


def _flagged_of(verdicts: list[Verdict], kind: str) -> list[int]:
    """[flagged, all] among the solutions of this kind once adjudicated label errors are corrected."""
    members = [v for v in verdicts if adjudicated_kind(v.task_id, v.solution_sha256, v.kind) == kind]
    return [sum(bool(v.flagged) for v in members), len(members)]


def print_label_errors(runs: list[TaskRun]) -> None:
    """The adjudicated label errors among the judged solutions, each with why."""
    judged = {(r.task_id, v.solution_sha256): v for r in runs for v in r.verdicts}
    errors = [e for e in LABEL_ERRORS if (e.task_id, e.solution_sha256) in judged]
    print(f"\nadjudicated label errors among these solutions: {len(errors)} (scripts/llm_sample_labels.py)")
    for error in errors:
        flagged = judged[(error.task_id, error.solution_sha256)].flagged
        print(f"  {error.task_id} {error.solution_sha256[:12]}: {error.true_kind}, flagged {flagged}: {error.why}")


def _finding_line(finding: dict) -> str:
    """One finding as the bench prints it: what failed, how sure codeeval is, what it cost, and why."""
    if "confidence" not in finding:
        return json.dumps(finding)[:SHOWN]
    reasons = "; ".join(finding.get("relevance_reasons") or [])
    why = (
        f"out of the promised domain: {reasons}"
        if reasons
        else (
            "like the examples: within the contract as far as codeeval can tell (an ambiguous prompt, a reference "
            "accident, or a bug EvalPlus's inputs do not reach)"
        )
    )
    return (
        f"{finding['kind']} on {finding['inputs']} input(s), e.g. {finding['input'][:SHOWN]}: expected "
        f"{finding['expected'][:100]}, got {finding['actual'][:100]}; confidence "
        f"{finding['confidence']['value']:.2f}, {finding['points']:.1f} points; {why}"
    )


def print_details(runs: list[TaskRun], limit: int) -> None:
    misses = [(r, v) for r in runs for v in r.verdicts if v.kind == "bug" and not v.flagged]
    flags = [(r, v) for r in runs for v in r.verdicts if v.kind == "clean" and v.flagged]
    disagreements = [(r, v) for r in runs for v in r.verdicts if not v.base_agrees]
    unreproduced = sum(v.reproducible is False for _, v in misses)
    print(
        f"\nmisses (pass/fail solutions not flagged): {len(misses)}, of which {unreproduced} no plus input "
        "reproduces here (listed last)"
    )
    for run, verdict in sorted(misses, key=lambda pair: pair[1].reproducible is False)[:limit]:
        plus, nearest = verdict.explanation.get("plus", {}), verdict.explanation.get("nearest", {})
        print(
            f"  {run.task_id} [{run.split}]: plus input #{plus.get('index', '?')} {plus.get('args', '')} -> "
            f"{plus.get('how', '?')}: expected {plus.get('expected', '')}, got {plus.get('actual', '')}"
        )
        if nearest:
            print(
                f"      nearest generated ({nearest['phase']}, similarity {nearest['similarity']}): {nearest['input']}"
            )
        for finding in verdict.findings[:1]:
            print(f"      found but costing nothing: {_finding_line(finding)}")
    print(f"\nfalse flags (pass/pass solutions flagged): {len(flags)}")
    for run, verdict in flags[:limit]:
        score = "n/a (the solution does not load here)" if verdict.edge_score is None else f"{verdict.edge_score:.1f}"
        print(f"  {run.task_id} [{run.split}] edge score {score}:")
        for finding in [f for f in verdict.findings if f.get("points", 1)][:2]:
            print(f"      {_finding_line(finding)}")
    print(f"\nbase verdict disagreements: {len(disagreements)}")
    for run, verdict in disagreements[:limit]:
        print(f"  {run.task_id}: codeeval {'pass' if verdict.ours_base else 'fail'}, EvalPlus the other")


def finding_points(verdicts: list[Verdict]) -> list[Point]:
    """Each scored finding of a pass/fail ("real") or pass/pass solution, with the question it asks."""
    return [
        Point(
            finding["confidence"]["value"],
            verdict.kind == "bug",
            question_of(verdict.task_id, finding.get("input"), finding.get("actual")),
        )
        for verdict in verdicts
        if verdict.kind in ("bug", "clean")
        for finding in verdict.findings
        if finding["scored"]
    ]


def print_calibration(runs: list[TaskRun]) -> None:
    groups: dict[str, list[Verdict]] = defaultdict(list)
    for run in runs:
        groups[f"{run.family} {run.split}"] += run.verdicts
    for name, verdicts in sorted(groups.items()):
        print_reliability(name, finding_points(verdicts))


def print_summary(summary: dict, wall_s: float) -> None:
    print(
        "\n| group | tasks | solutions | base agreement | recall (pass/fail flagged) | recall over reproducible bugs "
        "(not reproducible) | false flags (pass/pass) | recall / false flags, adjudicated labels "
        "| suite build median / max (s) | over 5 s | judging a solution, median (s) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, s in summary.items():
        median = "n/a" if s["suite_s_median"] is None else f"{s['suite_s_median']:.2f} / {s['suite_s_max']:.2f}"
        judge = "n/a" if s["judge_s_median"] is None else f"{s['judge_s_median']:.2f}"
        reproducible = (
            "not checked"
            if s["recall_reproducible"] is None
            else (f"{share(*s['recall_reproducible'])} ({s['not_reproducible']})")
        )
        print(
            f"| {name} | {s['tasks']} | {s['solutions']} | {share(*s['base_agreement'])} | {share(*s['recall'])} "
            f"| {reproducible} | {share(*s['false_flags'])} | {share(*s['recall_adjudicated'])} / "
            f"{share(*s['false_flags_adjudicated'])} | {median} | {s['suites_over_5s']} | {judge} |"
        )
    print(f"\nwall time {wall_s:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--family", default="humaneval,mbpp", help="humaneval, mbpp or both (comma-separated)")
    parser.add_argument("--split", default="all", choices=("all", "tune", "held-out"))
    parser.add_argument("--tasks", default=None, help="comma-separated task ids")
    parser.add_argument("--limit", type=int, default=None, help="only the first N tasks (after the other filters)")
    parser.add_argument(
        "--kinds",
        default="all",
        choices=("all", "edge"),
        help="edge: only pass/fail and pass/pass solutions (skips base agreement on the others)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="tasks in parallel (threads)")
    parser.add_argument("--problems", default=None, help="a folder for the imported problems (reused when present)")
    parser.add_argument(
        "--explain",
        type=int,
        default=60,
        help="misses and false flags printed (0: none, and "
        "misses are not explained, which skips running the plus inputs)",
    )
    parser.add_argument("--output", default=None, help="write every verdict as JSON here")
    args = parser.parse_args(argv)
    families = [f.strip() for f in args.family.split(",") if f.strip()]
    for name in families:
        if name not in FAMILIES or not FAMILIES[name][1].exists():
            print(
                f"bench_llm_samples: no data for {name!r} (expected {FAMILIES.get(name, ('', '?'))[1]})",
                file=sys.stderr,
            )
            return 2
    if not SAMPLES.exists():
        print(f"bench_llm_samples: {SAMPLES} not found", file=sys.stderr)
        return 2
    started = time.monotonic()
    folder = Path(args.problems) if args.problems else Path(tempfile.mkdtemp(prefix="codeeval-llm-samples-"))
    paths: dict[str, str] = {}
    records: dict[str, dict] = {}
    for name in families:
        paths.update(import_family(name, folder))
        records.update(load_records(FAMILIES[name][1]))
    by_task = load_samples(families)
    wanted = sorted(by_task, key=lambda t: (family_of(t), int(t.rsplit("/", 1)[1])))
    if args.tasks:
        chosen = {t.strip() for t in args.tasks.split(",")}
        wanted = [t for t in wanted if t in chosen]
    if args.split != "all":
        wanted = [t for t in wanted if split_of(t) == args.split]
    if args.kinds == "edge":
        by_task = {t: [s for s in samples if s.kind != "other"] for t, samples in by_task.items()}
        wanted = [t for t in wanted if by_task[t]]
    wanted = wanted[: args.limit] if args.limit else wanted
    lock = threading.Lock()

    def work(task_id: str) -> TaskRun:
        if task_id not in paths:
            return TaskRun(task_id, family_of(task_id), split_of(task_id), error="not imported")
        try:
            run = run_task(task_id, paths[task_id], records[task_id], by_task[task_id], args.explain > 0)
        except Exception as exc:  # one task's crash is reported, not fatal
            run = TaskRun(task_id, family_of(task_id), split_of(task_id), error=f"{type(exc).__name__}: {exc}")
        with lock:
            bugs = [v for v in run.verdicts if v.kind == "bug"]
            clean = [v for v in run.verdicts if v.kind == "clean"]
            print(
                f"[bench] {task_id} ({run.split}): suite {run.generated} in {run.suite_s:.1f} s; bugs flagged "
                f"{sum(bool(v.flagged) for v in bugs)}/{len(bugs)}, clean flagged "
                f"{sum(bool(v.flagged) for v in clean)}/{len(clean)}, base disagreements "
                f"{sum(not v.base_agrees for v in run.verdicts)}{' ERROR ' + run.error if run.error else ''}",
                file=sys.stderr,
                flush=True,
            )
        return run

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        runs = list(pool.map(work, wanted))
    summary = summarise(runs)
    if args.output:  # first: a long run's verdicts survive a failure while printing
        Path(args.output).write_text(
            json.dumps({"summary": summary, "runs": [asdict(r) for r in runs]}, indent=1, default=str)
        )
    if args.explain:
        print_details(runs, args.explain)
    for run in runs:
        if run.error or run.generation_reason:
            print(f"  {run.task_id}: {run.error or 'generation not applicable: ' + run.generation_reason}")
    print_calibration(runs)
    print_label_errors(runs)
    print_summary(summary, time.monotonic() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
