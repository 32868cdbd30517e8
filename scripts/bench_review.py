#!/usr/bin/env python3
"""`codeeval review` on pairs of a function's versions built from real code, each pair a small git repository.

    .venv/bin/python scripts/bench_review.py [--changing N] [--samples N] [--no-scale] [--output FILE.json]

Pairs (each written by this script into a temporary repository: `git init`, the base committed, the new
version written over it, a test file with literal calls where the task has example inputs):
1. behaviour-changing, bug fixes: the old version is an LLM's HumanEval solution that EvalPlus judged wrong
   (/work/shared/data/llm-samples: failing the task's own tests, and, harder, passing them but failing
   EvalPlus's extra inputs), the new one the task's canonical solution (HumanEval+). Target: a behaviour
   change reported for at least 90%.
2. behaviour-preserving: HumanEval+ canonical solutions refactored by hand (loops to comprehensions,
   recursion to a loop, a builtin for a loop). Target: no report. Also, apart, LLM solutions that pass all
   of EvalPlus's inputs against the canonical one: a report there is a difference on inputs outside the
   task's contract (an empty list the task excludes), counted and listed, not a target.
3. slow-downs: real idioms replaced by slower ones (a set by a list for membership, Counter by list.count,
   a running sum by re-summing, sorted() by an insertion sort). Target: each named with its class.
4. scale: a generated repository of ~10,000 lines (115 modules that import each other, tests calling them),
   one function changed: seconds from the start of the review to its first finding (target: under 10 s).
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "server"))

from codeeval.change_review import Comparison, FindingKind, ReviewOptions, ReviewReport, review  # noqa: E402
from codeeval.change_review.outcomes import difference  # noqa: E402
from codeeval.sandbox import CallInput, Limits, Session, default_launcher  # noqa: E402

DATA = REPO.parent / "shared" / "data"
SAMPLES = DATA / "llm-samples" / "llm-samples.jsonl.gz"
HUMANEVAL = DATA / "humanevalplus" / "HumanEvalPlus.jsonl.gz"
GIT = ("git", "-c", "user.email=bench@example.com", "-c", "user.name=bench")

# HumanEval+ canonical solutions refactored by hand: task -> the new body (behaviour the same on every input).
REFACTORINGS = {
    "HumanEval/0": (
        "    ordered = sorted(numbers)\n    return any(b - a < threshold for a, b in zip(ordered, ordered[1:]))\n"
    ),
    "HumanEval/3": (
        "    from itertools import accumulate\n\n    return any(total < 0 for total in accumulate(operations))\n"
    ),
    "HumanEval/7": "    return [s for s in strings if substring in s]\n",
    "HumanEval/8": "    import math\n\n    return sum(numbers), math.prod(numbers)\n",
    "HumanEval/12": "    return max(strings, key=len) if strings else None\n",
    "HumanEval/13": "    while b != 0:\n        a, b = b, a % b\n    return a\n",
    "HumanEval/23": "    count = 0\n    for _ in string:\n        count += 1\n    return count\n",
    "HumanEval/28": '    out = ""\n    for s in strings:\n        out += s\n    return out\n',
    "HumanEval/30": "    return [x for x in l if x > 0]\n",
    "HumanEval/34": "    return sorted({*l})\n",
    "HumanEval/42": "    return list(map(lambda x: x + 1, l))\n",
    "HumanEval/52": "    return not any(not x < t for x in l)\n",
}

# name -> (base, new): real idioms and their slower replacements.
SLOWDOWNS = {
    "uniq": (
        "def uniq(xs: list[int]) -> list[int]:\n    seen = set()\n    out = []\n    for x in xs:\n"
        "        if x not in seen:\n            seen.add(x)\n            out.append(x)\n    return out\n",
        "def uniq(xs: list[int]) -> list[int]:\n    out = []\n    for x in xs:\n"
        "        if x not in out:\n            out.append(x)\n    return out\n",
    ),
    "counts": (
        "from collections import Counter\n\n\n"
        "def counts(xs: list[int]) -> dict[int, int]:\n    return dict(Counter(xs))\n",
        "def counts(xs: list[int]) -> dict[int, int]:\n    return {x: xs.count(x) for x in xs}\n",
    ),
    "prefix_sums": (
        "def prefix_sums(xs: list[int]) -> list[int]:\n    out = []\n    total = 0\n    for x in xs:\n"
        "        total += x\n        out.append(total)\n    return out\n",
        "def prefix_sums(xs: list[int]) -> list[int]:\n    return [sum(xs[: i + 1]) for i in range(len(xs))]\n",
    ),
    "has_duplicates": (
        "def has_duplicates(xs: list[int]) -> bool:\n    return len(set(xs)) != len(xs)\n",
        "def has_duplicates(xs: list[int]) -> bool:\n    for i in range(len(xs)):\n"
        "        for j in range(i + 1, len(xs)):\n            if xs[i] == xs[j]:\n                return True\n"
        "    return False\n",
    ),
    "ordered": (
        "def ordered(xs: list[int]) -> list[int]:\n    return sorted(xs)\n",
        "def ordered(xs: list[int]) -> list[int]:\n    out: list[int] = []\n    for x in xs:\n        i = len(out)\n"
        "        while i > 0 and out[i - 1] > x:\n            i -= 1\n        out.insert(i, x)\n    return out\n",
    ),
}


@dataclass
class Pair:
    group: str  # changing | changing-plus | preserving | preserving-llm | slowdown
    name: str
    base: str  # module text at the base commit
    new: str  # module text in the working tree
    tests: str = ""  # tests/test_module.py: literal calls of the function (the task's example inputs)
    entry: str = ""
    evalplus_inputs: list | None = None  # the task's inputs: whether the two versions differ on them is the truth


def read_jsonl(path: Path) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def header_of(prompt: str) -> str:
    """The prompt's imports (lines before its first def): a sample may use `List` without importing it."""
    lines = []
    for line in prompt.splitlines():
        if line.startswith("def "):
            break
        lines.append(line)
    return "\n".join(lines).strip() + "\n\n\n"


def test_file(task: dict, limit: int = 8) -> str:
    """A test module calling the function on the task's first base inputs, as a repository's tests would."""
    raw = task.get("base_input") or []
    inputs = (json.loads(raw) if isinstance(raw, str) else raw)[:limit]
    name = task["entry_point"]
    lines = [f"from solution import {name}\n\n\ndef test_{name}():"]
    for args in inputs:
        text = ", ".join(repr(a) for a in args)
        if len(text) < 300:
            lines.append(f"    {name}({text})")
    return "\n".join(lines) + "\n" if len(lines) > 1 else ""


def task_inputs(task: dict, plus_limit: int = 1000) -> list:
    def listed(raw: object) -> list:
        return json.loads(raw) if isinstance(raw, str) else list(raw or [])

    return listed(task.get("base_input")) + listed(task.get("plus_input"))[:plus_limit]


def differs_on_task_inputs(pair: Pair) -> bool | None:
    """The ground truth for a sample pair: do the two versions differ on one of EvalPlus's own inputs (run in
    the sandbox, judged like the review judges; time-outs and memory errors are no answer)? None: one did
    not load."""
    limits = Limits(time_per_call_s=2.0)
    launcher = default_launcher()
    calls = [CallInput(list(args), {}, None, 2.0) for args in pair.evalplus_inputs or []]
    outcomes = []
    for text in (pair.base, pair.new):
        with Session(text, pair.entry, "solution.py", limits, launcher=launcher) as session:
            if not session.load().ok:
                return None
            outcomes.append(list(session.call_each(calls)))
    return any(difference(b, n) is FindingKind.BEHAVIOUR for b, n in zip(*outcomes, strict=True))


def canonical(task: dict) -> str:
    return task["prompt"] + task["canonical_solution"]


def usable(sample: dict, task: dict) -> bool:
    """A sample that parses and whose function returns a value: a stub left unwritten is no bug fix."""
    text = sample["solution"]
    if "input(" in text or "import random" in text:
        return False
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    function = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == task["entry_point"]), None)
    return function is not None and any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(function))


def sample_pairs(
    tasks: dict[str, dict], samples: list[dict], status: tuple[str, str], count: int, group: str
) -> list[Pair]:
    """One sample per task with EvalPlus verdicts `status` (base, plus), tasks in id order, `count` at most."""
    pairs: list[Pair] = []
    seen: set[str] = set()
    ordered = sorted(samples, key=lambda s: (int(s["task_id"].split("/")[1]), s["solution"]))
    for sample in ordered:
        task = tasks.get(sample["task_id"])
        if task is None or sample["task_id"] in seen or (sample["base_status"], sample["plus_status"]) != status:
            continue
        if not usable(sample, task):
            continue
        seen.add(sample["task_id"])
        old = header_of(task["prompt"]) + sample["solution"]
        base, new = (old, canonical(task)) if group.startswith("changing") else (canonical(task), old)
        truth = task_inputs(task)
        pairs.append(Pair(group, sample["task_id"], base, new, test_file(task), task["entry_point"], truth))
        if len(pairs) >= count:
            break
    return pairs


def refactoring_pairs(tasks: dict[str, dict]) -> list[Pair]:
    return [
        Pair(
            "preserving", task_id, canonical(tasks[task_id]), tasks[task_id]["prompt"] + body, test_file(tasks[task_id])
        )
        for task_id, body in REFACTORINGS.items()
    ]


def slowdown_pairs() -> list[Pair]:
    return [Pair("slowdown", name, base, new) for name, (base, new) in SLOWDOWNS.items()]


def git(root: Path, *args: str) -> None:
    subprocess.run([*GIT, "-C", str(root), *args], check=True, capture_output=True)


def fixture(root: Path, files: dict[str, str], changed: dict[str, str]) -> Path:
    root.mkdir(parents=True)
    git(root, "init", "-q")
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "base")
    for name, text in changed.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def review_pair(pair: Pair, folder: Path, speed: bool) -> ReviewReport:
    files = {"solution.py": pair.base}
    if pair.tests:
        files["tests/test_solution.py"] = pair.tests
    root = fixture(folder / f"{pair.group}-{pair.name.replace('/', '_')}", files, {"solution.py": pair.new})
    return review(root, ReviewOptions(speed=speed))


def outcome(report: ReviewReport) -> tuple[str, str]:
    """(verdict, what it said): changed / slower / same / not compared / nothing."""
    if not report.functions:
        return "nothing", "; ".join(report.messages)
    for function in report.functions:
        if function.comparison is Comparison.DIFFERENT:
            return "changed", function.findings[0].message
    for function in report.functions:
        if function.slower and function.speed is not None:
            return "slower", function.speed.summary
    compared = [f for f in report.functions if f.comparison is Comparison.SAME]
    if compared:
        speed = compared[0].speed.summary if compared[0].speed else ""
        return "same", speed
    return "not compared", report.functions[0].reason


def scale_repo(root: Path, modules: int = 115) -> tuple[Path, int]:
    """A repository of `modules` modules (each importing the one before) and tests calling them; one function
    changed. Returns the root and its line count."""
    files: dict[str, str] = {"app/__init__.py": ""}
    for index in range(modules):
        previous = f"from .m{index - 1} import f{index - 1}_0\n\n\n" if index else ""
        body = [previous]
        for k in range(8):
            body.append(
                f"def f{index}_{k}(xs: list[int], k: int = {k}) -> int:\n"
                f"    total = 0\n    for x in xs:\n        if x > k:\n            total += x * {k + 1}\n"
                f"        else:\n            total -= k\n    return total\n\n\n"
            )
        files[f"app/m{index}.py"] = "".join(body)
        files[f"tests/test_m{index}.py"] = (
            f"from app.m{index} import f{index}_0\n\n\ndef test_f{index}_0():\n"
            f"    assert f{index}_0([1, 2, 3]) == f{index}_0([1, 2, 3])\n"
        )
    lines = sum(text.count("\n") for text in files.values())
    target = f"app/m{modules * 3 // 4}.py"
    changed = files[target].replace(
        "        if x > k:\n            total += x * 4", "        if x >= k:\n            total += x * 4"
    )
    assert changed != files[target]
    return fixture(root, files, {target: changed}), lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changing", type=int, default=12, help="bug-fix pairs failing the task's own tests")
    parser.add_argument("--plus", type=int, default=6, help="bug-fix pairs failing only EvalPlus's extra inputs")
    parser.add_argument("--samples", type=int, default=8, help="passing LLM samples against the canonical")
    parser.add_argument("--no-scale", action="store_true")
    parser.add_argument("--output", help="write every pair's outcome as JSON here")
    args = parser.parse_args()
    if not (SAMPLES.exists() and HUMANEVAL.exists()):
        print(f"bench_review: needs {SAMPLES} and {HUMANEVAL}", file=sys.stderr)
        return 2
    tasks = {t["task_id"]: t for t in read_jsonl(HUMANEVAL)}
    samples = [s for s in read_jsonl(SAMPLES) if s["task_id"].startswith("HumanEval/")]
    pairs = (
        sample_pairs(tasks, samples, ("fail", "fail"), args.changing, "changing")
        + sample_pairs(tasks, samples, ("pass", "fail"), args.plus, "changing-plus")
        + refactoring_pairs(tasks)
        + slowdown_pairs()
        + sample_pairs(tasks, samples, ("pass", "pass"), args.samples, "preserving-llm")
    )
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-review-") as folder:
        for pair in pairs:
            started = time.monotonic()
            report = review_pair(pair, Path(folder), speed=pair.group in ("slowdown", "preserving"))
            verdict, said = outcome(report)
            seconds = round(time.monotonic() - started, 2)
            truth = differs_on_task_inputs(pair) if pair.evalplus_inputs is not None else None
            rows.append(
                {
                    "group": pair.group,
                    "pair": pair.name,
                    "verdict": verdict,
                    "said": said,
                    "seconds": seconds,
                    "differs_on_task_inputs": truth,
                }
            )
            mark = "" if truth is None else " (differs on EvalPlus inputs)" if truth else " (same on EvalPlus inputs)"
            print(f"{pair.group:15} {pair.name:15} {verdict:13} {seconds:5.1f}s  {said[:100]}{mark}", flush=True)
        scale = None if args.no_scale else run_scale(Path(folder))
    summarize(rows, scale)
    if args.output:
        Path(args.output).write_text(json.dumps({"pairs": rows, "scale": scale}, indent=2), encoding="utf-8")
    return 0


def run_scale(folder: Path) -> dict:
    root, lines = scale_repo(folder / "scale")
    started = time.monotonic()
    report = review(root, ReviewOptions(speed=False))
    return {
        "lines": lines,
        "first_finding_s": report.first_finding_s,
        "review_s": round(time.monotonic() - started, 2),
        "functions": len(report.functions),
        "finding": report.behaviour_changes[0].findings[0].message if report.behaviour_changes else None,
    }


def summarize(rows: list[dict], scale: dict | None) -> None:
    def share(group: str, verdict: str) -> str:
        members = [
            r
            for r in rows
            if r["group"] == group and not (r["differs_on_task_inputs"] is False and "changing" in group)
        ]
        hits = sum(1 for r in members if r["verdict"] == verdict)
        return f"{hits}/{len(members)}" + (f" ({100 * hits / len(members):.0f}%)" if members else "")

    mislabeled = [r for r in rows if r["group"].startswith("changing") and r["differs_on_task_inputs"] is False]
    changing = [r for r in rows if r["group"].startswith("changing") and r not in mislabeled]
    found = sum(1 for r in changing if r["verdict"] == "changed")
    print()
    print(f"behaviour changes found, bug fixes failing the task's tests: {share('changing', 'changed')}")
    print(
        f"behaviour changes found, bug fixes failing only EvalPlus's extra inputs: {share('changing-plus', 'changed')}"
    )
    print(
        f"behaviour changes found, all changing pairs: {found}/{len(changing)} "
        f"({100 * found / max(1, len(changing)):.0f}%)"
    )
    shown = ", ".join(f"{r['group']} {r['pair']} ({r['verdict']})" for r in mislabeled) or "none"
    print(f"left out: labelled wrong by EvalPlus, yet the same as the canonical on all its inputs: {shown}")
    preserving = [r for r in rows if r["group"] == "preserving"]
    false = [r for r in preserving if r["verdict"] == "changed"]
    slower = [f"{r['pair']} ({r['said']})" for r in preserving if r["verdict"] == "slower"]
    print(f"false behaviour reports on hand refactorings: {len(false)}/{len(preserving)}")
    print(f"slow-downs reported on hand refactorings: {len(slower)}/{len(preserving)}: {'; '.join(slower) or 'none'}")
    print(
        "reports on passing LLM samples (differences outside the task's contract): "
        f"{share('preserving-llm', 'changed')}"
    )
    for row in rows:
        if row["group"] == "slowdown":
            print(f"slow-down {row['pair']}: {row['verdict']}: {row['said']}")
    if scale:
        print(
            f"scale: {scale['lines']} lines, first finding after {scale['first_finding_s']:.2f} s "
            f"(whole review {scale['review_s']:.2f} s): {scale['finding']}"
        )


if __name__ == "__main__":
    sys.exit(main())
