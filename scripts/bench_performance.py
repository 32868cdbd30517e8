#!/usr/bin/env python3
"""Does the performance dimension tell slow from good on a busy machine, and say the same thing every time?

Runs the performance dimension (only) of every bundled problem with a
`performance` section over its samples whose `flaw` is `performance` (slow)
or `none` (good), plus the reference evaluated against itself, each `--runs`
times (`--kinds all` adds the fragile and messy samples, for the class
check only: their speed is not part of what they are built to show), while
`--hogs` CPU-burning processes run beside it. Runs are interleaved across
solutions, so a change in the machine's load hits all of them alike. Prints, per solution, the scores and
fitted classes, then:

- detection rate: runs losing points, over the genuinely slower samples
  (flaw `performance`; their declared class or speed makes them slower);
- false-alarm rate: runs losing points, over the equal-speed ones (good
  samples and the reference itself);
- spread: the largest (max - min) performance score of any one solution;
- classes: how often each sample's fitted class matches the class its
  problem file declares (`samples.<file>.complexity`, `performance.complexity`).

Targets: detection >= 95%, false alarms <= 1%, spread <= 5 points, classes right.

    .venv/bin/python scripts/bench_performance.py                    # everything, 20 runs each
    .venv/bin/python scripts/bench_performance.py --runs 3 --only job_queue
    .venv/bin/python scripts/bench_performance.py --deterministic --runs 2
    .venv/bin/python scripts/bench_performance.py --runs 3 --kinds fragile,messy --no-reference

Exit status 0 when every target is met, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from codeeval.engine.evaluator import EvaluationOptions, ProblemContext, evaluate_source  # noqa: E402  (needs the path above)
from codeeval.problem import load_problem  # noqa: E402
from codeeval.results.performance_details import PerformanceDetails  # noqa: E402

OTHER_DIMENSIONS = ("correctness", "edge_cases", "code_quality")
KINDS = {"performance": "slow", "none": "good", "edge_cases": "fragile", "code_quality": "messy"}  # by `flaw`
TARGETS = {"detection": 0.95, "false_alarms": 0.01, "spread": 5.0, "classes": 1.0}


@dataclass
class Subject:
    """One solution to evaluate repeatedly, and what it should get."""

    problem_path: Path
    problem_name: str
    label: str  # good.py, slow.py, reference
    source: str
    kind: str  # slow (genuinely slower: must lose points), good, reference (equal speed), fragile, messy
    expected_class: str | None
    scores: list[float] = field(default_factory=list)
    classes: list[str | None] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    runs: list[str] = field(default_factory=list)  # one line per run, for --verbose
    possible: list[list[str]] = field(default_factory=list)  # per run: classes the curves do not rule out

    @property
    def slower(self) -> bool:
        return self.kind == "slow"

    @property
    def judged(self) -> bool:
        """Part of detection, false alarms and spread (fragile and messy samples only have their class checked)."""
        return self.kind in ("slow", "good", "reference")


def discover(problems_dir: Path, only: list[str], kinds: set[str], with_reference: bool) -> list[Subject]:
    subjects = []
    for path in sorted(problems_dir.glob("*.yaml")):
        problem = load_problem(path)
        if problem.performance is None or (only and problem.name not in only):
            continue
        for filename, meta in sorted(problem.samples.items()):
            flaw = (meta or {}).get("flaw")
            kind = KINDS.get(flaw)
            sample = problems_dir / "samples" / problem.name / filename
            if kind not in kinds or not sample.is_file():
                continue
            subjects.append(
                Subject(
                    path,
                    problem.name,
                    filename,
                    sample.read_text(encoding="utf-8"),
                    kind,
                    expected_class=(meta or {}).get("complexity"),
                )
            )
        if with_reference:
            subjects.append(
                Subject(
                    path,
                    problem.name,
                    "reference",
                    problem.reference,
                    "reference",
                    expected_class=problem.performance.complexity,
                )
            )
    return subjects


def start_hogs(count: int) -> list[subprocess.Popen]:
    """CPU-burning neighbours, each in its own process group so they can be stopped by id."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True) for _ in range(count)]


def stop_hogs(hogs: list[subprocess.Popen]) -> None:
    for hog in hogs:
        try:
            os.killpg(hog.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        hog.wait()


def run_once(subject: Subject, contexts: dict) -> None:
    context = contexts[subject.problem_path]
    started = time.monotonic()
    result = evaluate_source(subject.source, subject.label, context)
    dim = result.dimensions["performance"]
    subject.seconds.append(time.monotonic() - started)
    subject.scores.append(dim.score if dim.applicable else float("nan"))
    details = dim.details if isinstance(dim.details, PerformanceDetails) else None
    complexity = details.complexity if details is not None else None
    fit = complexity.candidate_fit if complexity is not None else None
    subject.classes.append(complexity.candidate if complexity is not None else None)
    subject.possible.append(list(fit.not_ruled_out) if fit is not None else [])
    worse = "worse" if complexity is not None and complexity.worse else "not worse"
    subject.runs.append(
        f"{dim.score if dim.applicable else float('nan'):5.1f}  {dim.summary[:110]}; "
        f"{worse}: {(complexity.reason if complexity is not None else '')[:120]}"
    )
    if not dim.applicable:
        subject.notes.append(f"not applicable: {dim.reason}")
    if details is None:
        return
    if details.budget.cut_short:
        subject.notes.append(f"cut short: {details.budget.cut_short}")
    for size in details.sizes:
        if size.failure and not subject.slower:
            subject.notes.append(f"n={size.n}: {size.failure}")


def lost(score: float) -> bool:
    return math.isnan(score) or score < 100.0  # not applicable counts as a failure to judge


def odd(subject: Subject) -> list[str]:
    """Runs that disagree with the rest: a class other than the declared one, or an outlying score."""
    valid = [x for x in subject.scores if not math.isnan(x)]
    middle = statistics.median(valid) if valid else 0.0
    return [
        line
        for line, score, found in zip(subject.runs, subject.scores, subject.classes, strict=False)
        if (subject.expected_class and found != subject.expected_class) or not abs(score - middle) <= 2.5
    ]


def report(subjects: list[Subject], verbose: bool = False) -> dict:
    width = max([len(s.problem_name) for s in subjects] + [7])
    print()
    print(
        f"{'problem':<{width}} {'solution':<10} {'kind':<7} {'min':>6} {'median':>7} {'max':>6} {'spread':>6} "
        f"{'lost':>5} {'class (expected)':<28} {'s/run':>5}"
    )
    for s in subjects:
        valid = [x for x in s.scores if not math.isnan(x)]
        counts = {c: s.classes.count(c) for c in dict.fromkeys(s.classes)}
        classes = ", ".join(f"{c} x{k}" for c, k in counts.items())
        spread = max(valid) - min(valid) if valid else float("nan")
        shown_kind = "slow" if s.slower else "equal" if s.judged else s.kind
        print(
            f"{s.problem_name:<{width}} {s.label:<10} {shown_kind:<7} "
            f"{min(valid, default=float('nan')):6.1f} {statistics.median(valid) if valid else float('nan'):7.1f} "
            f"{max(valid, default=float('nan')):6.1f} {spread:6.1f} {sum(map(lost, s.scores)):>5} "
            f"{classes + ' (' + str(s.expected_class) + ')':<28} {statistics.fmean(s.seconds):5.1f}"
        )
        for note in sorted(set(s.notes))[:5]:
            print(f"{'':<{width + 2}}note: {note}")
        for line in (s.runs if verbose else odd(s))[:6]:
            print(f"{'':<{width + 2}}run: {line}")
    slow_runs = [x for s in subjects if s.slower for x in s.scores]
    equal_runs = [x for s in subjects if s.judged and not s.slower for x in s.scores]
    # A fragile sample can fail on a performance input (a wrong answer is not timed): no class to check.
    known = [(s, c) for s in subjects if s.expected_class for c in s.classes if s.judged or c is not None]
    possible = [
        (s, p)
        for s in subjects
        if s.expected_class
        for c, p in zip(s.classes, s.possible, strict=False)
        if s.judged or c is not None
    ]
    figures = {
        "detection": sum(map(lost, slow_runs)) / len(slow_runs) if slow_runs else None,
        "false_alarms": sum(map(lost, equal_runs)) / len(equal_runs) if equal_runs else None,
        "spread": max(
            (max(v) - min(v) for v in ([x for x in s.scores if not math.isnan(x)] for s in subjects if s.judged) if v),
            default=0.0,
        ),
        "classes": sum(c == s.expected_class for s, c in known) / len(known) if known else None,
        "classes_not_ruled_out": sum(s.expected_class in p for s, p in possible) / len(possible) if possible else None,
        "runs": {"slow": len(slow_runs), "equal": len(equal_runs)},
    }
    print()
    print(_line("detection rate (slower samples losing points)", figures["detection"], ">=", "detection"))
    print(_line("false-alarm rate (equal-speed losing points)", figures["false_alarms"], "<=", "false_alarms"))
    print(
        f"largest score spread (max - min per solution): {figures['spread']:.2f} points "
        f"(target <= {TARGETS['spread']:g})"
    )
    print(_line("fitted class = declared class", figures["classes"], ">=", "classes"))
    shown = figures["classes_not_ruled_out"]
    print(f"declared class among those the curves cannot rule out: {'n/a' if shown is None else f'{100 * shown:.1f}%'}")
    wrong = sorted(
        {f"{s.problem_name}/{s.label}: {c} (declared {s.expected_class})" for s, c in known if c != s.expected_class}
    )
    for line in wrong:
        print(f"  class differs: {line}")
    figures["met"] = _met(figures)
    print(f"targets met: {'yes' if figures['met'] else 'NO'}")
    return figures


def _line(text: str, value: float | None, op: str, key: str) -> str:
    shown = "n/a" if value is None else f"{100 * value:.1f}%"
    return f"{text}: {shown} (target {op} {100 * TARGETS[key]:g}%)"


def _met(figures: dict) -> bool:
    ok = figures["spread"] <= TARGETS["spread"]
    ok &= figures["detection"] is None or figures["detection"] >= TARGETS["detection"]
    ok &= figures["false_alarms"] is None or figures["false_alarms"] <= TARGETS["false_alarms"]
    ok &= figures["classes"] is None or figures["classes"] >= TARGETS["classes"]
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--problems", type=Path, default=ROOT / "problems", help="folder of problem files")
    parser.add_argument("--runs", type=int, default=20, help="evaluations per solution (default 20)")
    parser.add_argument("--only", action="append", default=[], metavar="PROBLEM", help="only this problem; repeatable")
    parser.add_argument(
        "--kinds",
        default="good,slow",
        help="sample kinds, comma-separated: good, slow (default: both), fragile, messy, or all",
    )
    parser.add_argument("--no-reference", action="store_true", help="skip the reference evaluated against itself")
    parser.add_argument("--hogs", type=int, default=1, help="CPU-burning processes beside the bench (default 1)")
    parser.add_argument("--deterministic", action="store_true", help="count instructions instead of timing")
    parser.add_argument("--budget", type=float, default=None, help="performance budget per evaluation, seconds")
    parser.add_argument("--json", type=Path, help="also write every score and figure here")
    parser.add_argument("--verbose", action="store_true", help="print every run's summary, not only odd ones")
    args = parser.parse_args(argv)

    kinds = set(KINDS.values()) if args.kinds == "all" else set(args.kinds.split(","))
    subjects = discover(args.problems, args.only, kinds, not args.no_reference)
    if not subjects:
        print("no problem with a performance section and good/slow samples found", file=sys.stderr)
        return 1
    extra = {"performance": {"budget_s": args.budget}} if args.budget else {}
    options = EvaluationOptions(skip=OTHER_DIMENSIONS, deterministic=args.deterministic, extra=extra)
    contexts = {s.problem_path: ProblemContext(load_problem(s.problem_path), options) for s in subjects}
    print(
        f"{len(subjects)} solutions x {args.runs} runs, {args.hogs} CPU hog(s) running"
        f"{', deterministic mode' if args.deterministic else ''}",
        flush=True,
    )
    hogs = start_hogs(args.hogs)
    started = time.monotonic()
    try:
        for run in range(args.runs):
            for subject in subjects:
                run_once(subject, contexts)
            print(f"  run {run + 1}/{args.runs} done ({time.monotonic() - started:.0f} s)", flush=True)
    finally:
        stop_hogs(hogs)
        for context in contexts.values():
            context.close()
    figures = report(subjects, args.verbose)
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "figures": figures,
                    "solutions": [
                        {
                            "problem": s.problem_name,
                            "solution": s.label,
                            "kind": s.kind,
                            "expected_class": s.expected_class,
                            "scores": s.scores,
                            "classes": s.classes,
                            "seconds": s.seconds,
                            "runs": s.runs,
                        }
                        for s in subjects
                    ],
                },
                indent=2,
            )
        )
    return 0 if figures["met"] else 1


if __name__ == "__main__":
    sys.exit(main())
