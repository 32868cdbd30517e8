#!/usr/bin/env python3
"""Soak test of `codeeval run`: a whole benchmark, watched from outside, must finish and stay flat.

Default: MBPP+ v0.1 (../shared/data/mbppplus, imported with `codeeval import
evalplus`) with every distinct MBPP solution in ../shared/data/llm-samples,
plus the sandbox's attack solutions (tests/sandbox/attacks), each against its
own copy of their probe problem and spread through the run, all in one real
`codeeval run`. While it runs, the evaluator's
open descriptors and resident memory are read from /proc; the script prints
them at the start, middle and end, with the number of results and internal
errors, and checks that every solution got exactly one result.

  scripts/soak_runner.py                      # the MBPP+ soak (tens of minutes on 2 cores)
  scripts/soak_runner.py --limit 200          # a quicker look: the first 200 samples
  scripts/soak_runner.py --trivial 1000       # 1,000 small problems, one solution each
  scripts/soak_runner.py --kill-at 0.5        # SIGKILL halfway, then check nothing finished was lost

Flat means: descriptors at the end within a few of the start (workers are
closed problem by problem), and resident memory not climbing with the number
of results: the median over the last quarter of the results within a quarter
of the start's memory of the median over the second quarter, or, when above
it, level with the third quarter's (within an eighth of the start's). A solution that returns
a huge value makes a peak (printed too) and the allocators keep part of what
it freed, a step that then stays level; a leak raises every later quarter.
Every reading goes to readings.csv in the work folder.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from llm_samples import DATA, SAMPLES, distinct_records

ROOT = Path(__file__).resolve().parent.parent
MBPP = DATA / "mbppplus" / "MbppPlus-v0.1.jsonl.gz"
sys.path.insert(0, str(ROOT))  # the attack solutions and their probe problem live with the sandbox tests

from tests.sandbox.conftest import SECRET, Listener  # noqa: E402
from tests.sandbox.test_attacks import ATTACKS, PROBLEM, render  # noqa: E402

CODEEVAL = [sys.executable, "-m", "codeeval"]


@dataclass
class Reading:
    seconds: float
    results: int
    descriptors: int
    rss_mb: float


def read_process(pid: int, log: Path, started: float) -> Reading | None:
    try:
        descriptors = len(os.listdir(f"/proc/{pid}/fd"))
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    rss_kb = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
    results = log.read_bytes().count(b"\n") if log.exists() else 0
    return Reading(time.monotonic() - started, results, descriptors, rss_kb / 1024)


def prepare_mbpp(work: Path, limit: int | None, attacks: bool) -> tuple[Path, list[Path], int, Listener | None]:
    problems = work / "problems"
    if not (problems / "import-report.json").exists():
        print(f"[soak] importing {MBPP.name} ...", flush=True)
        subprocess.run([*CODEEVAL, "import", "evalplus", str(MBPP), "-o", str(problems), "-q"], check=True)
    lines = [json.dumps({"task_id": r["task_id"], "solution": r["solution"]}) for r in distinct_records(("Mbpp/",))]
    lines = lines[:limit] if limit else lines
    listener = Listener() if attacks else None
    if listener is not None:
        # Each attack against its own copy of the probe problem, spread evenly through the samples: the
        # runner works problem by problem in order of first appearance, so they run all along the soak.
        world = work / "world"
        world.mkdir(exist_ok=True)
        world.chmod(0o777)
        step = max(1, len(lines) // (len(ATTACKS) + 1))
        for number, attack in reversed(list(enumerate(ATTACKS, start=1))):
            probe = problems / f"probe_{attack.name}.yaml"
            probe.write_text(PROBLEM.replace("name: sandbox_probe", f"name: probe_{attack.name}"))
            source = render(attack.name, listener, world, probe)
            lines.insert(
                min(len(lines), number * step), json.dumps({"task_id": f"probe_{attack.name}", "solution": source})
            )
    samples = work / "samples.jsonl"
    samples.write_text("\n".join(lines) + "\n")
    return problems, [samples], len(lines), listener


def prepare_trivial(work: Path, count: int) -> tuple[Path, list[Path], int]:
    problems = work / "problems"
    problems.mkdir(exist_ok=True)
    lines = []
    for k in range(count):
        (problems / f"add{k}.yaml").write_text(
            f"format: 1\nname: add{k}\nsummary: Add {k}.\nentry_point: add\nreference: |\n"
            f"  def add(x: int) -> int:\n      return x + {k}\ntests:\n  - args: [1]\n    expected: {k + 1}\n"
        )
        lines.append(json.dumps({"task_id": f"add{k}", "solution": f"def add(x: int) -> int:\n    return x + {k}\n"}))
    samples = work / "trivial.jsonl"
    samples.write_text("\n".join(lines) + "\n")
    return problems, [samples], count


def watch(command: list[str], log: Path, expected: int, kill_at: float | None) -> tuple[list[Reading], int, bool]:
    started = time.monotonic()
    env = {**os.environ, "CODEEVAL_TEST_SECRET": SECRET}
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True
    )
    readings: list[Reading] = []
    killed = False
    while process.poll() is None:
        reading = read_process(process.pid, log, started)
        if reading is not None:
            readings.append(reading)
            if kill_at is not None and reading.results >= expected * kill_at:
                os.killpg(process.pid, signal.SIGKILL)
                killed = True
                break
        time.sleep(1.0)
    process.wait()
    stderr = process.stderr.read() if process.stderr else ""
    if stderr.strip() and not killed:
        print("[soak] codeeval said:\n" + "\n".join(stderr.strip().splitlines()[-15:]))
    return readings, process.returncode, killed


def milestones(readings: list[Reading], expected: int) -> dict[str, Reading]:
    """The first reading with a result, the first past each quarter of the solutions, and the last one."""
    picks = {"start": next((r for r in readings if r.results >= 1), readings[0])}
    for share, name in ((0.25, "25%"), (0.5, "middle"), (0.75, "75%")):
        picks[name] = next((r for r in readings if r.results >= expected * share), readings[-1])
    picks["end"] = readings[-1]
    return picks


def quarter_medians(readings: list[Reading], expected: int) -> list[float]:
    medians = []
    for quarter in range(4):
        values = sorted(
            r.rss_mb
            for r in readings
            if expected * quarter / 4 <= r.results < expected * (quarter + 1) / 4 and r.results
        )
        if values:
            medians.append(values[len(values) // 2])
    return medians


def describe(picks: dict[str, Reading]) -> list[str]:
    return [
        f"  {name:<6} {r.seconds:7.0f} s  {r.results:5d} results  {r.descriptors:4d} open descriptors  "
        f"{r.rss_mb:7.1f} MB resident"
        for name, r in picks.items()
    ]


def check_log(out: Path, expected: int, killed: bool) -> list[str]:
    """Every logged row complete, with its reports; one row per solution (when not killed)."""
    from codeeval.report.results_log import read_results_log

    rows, warnings = read_results_log(out / "results.jsonl")
    problems = []
    keys = [(r.problem, r.group, r.solution) for r in rows]
    if len(set(keys)) != len(keys):
        problems.append(f"{len(keys) - len(set(keys))} duplicated results")
    if not killed and len(rows) != expected:
        problems.append(f"{len(rows)} results for {expected} solutions")
    missing = [r.report for r in rows if not r.report or not (out / r.report).is_file()]
    if missing:
        problems.append(f"{len(missing)} logged results without their report, e.g. {missing[0]}")
    problems += [f"log: {w}" for w in warnings if not (killed and "cut short" in w)]
    internal = sum(r.status.value == "internal_error" for r in rows)
    print(f"[soak] {len(rows)} results logged for {expected} solutions; {internal} internal errors")
    if killed:
        rebuilt = subprocess.run([*CODEEVAL, "leaderboard", str(out), "-q"], capture_output=True, text=True)
        board = json.loads((out / "leaderboard.json").read_text()) if rebuilt.returncode in (0, 1) else {}
        if len(board.get("results", [])) != len(rows):
            problems.append(f"`codeeval leaderboard` on the killed run failed: {rebuilt.stderr.strip()[:300]}")
        else:
            print(f"[soak] killed run: `codeeval leaderboard` rebuilt a leaderboard of all {len(rows)} logged results")
    if internal:
        problems.append(f"{internal} internal errors")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, help="only the first N distinct MBPP samples")
    parser.add_argument("--no-attacks", action="store_true", help="leave the sandbox's attack solutions out")
    parser.add_argument("--trivial", type=int, metavar="N", help="N small problems, one solution each, instead")
    parser.add_argument("--kill-at", type=float, metavar="FRACTION", help="SIGKILL the run after this share")
    parser.add_argument("--jobs", "-j", type=int, default=2)
    parser.add_argument("--skip", action="append", default=[], help="dimensions to skip (passed to codeeval run)")
    parser.add_argument("--work", help="working folder (kept; the import is reused); default: a temporary one")
    args = parser.parse_args()
    if args.trivial is None and not (MBPP.exists() and SAMPLES.exists()):
        print(f"[soak] skipped: {MBPP} or {SAMPLES} not found (the shared benchmark data is not in this clone)")
        return 0
    work = Path(args.work or tempfile.mkdtemp(prefix="codeeval-soak-"))
    work.mkdir(parents=True, exist_ok=True)
    listener = None
    if args.trivial is not None:
        problems, samples, expected = prepare_trivial(work, args.trivial)
    else:
        problems, samples, expected, listener = prepare_mbpp(work, args.limit, not args.no_attacks)
    out = work / "out"
    command = [*CODEEVAL, "run", str(problems), "-o", str(out), "-q", "-j", str(args.jobs)]
    for path in samples:
        command += ["--samples", str(path)]
    for name in args.skip:
        command += ["--skip", name]
    print(f"[soak] {expected} solutions, {args.jobs} jobs: {' '.join(command[2:])}", flush=True)
    readings, code, killed = watch(command, out / "results.jsonl", expected, args.kill_at)
    if not readings:
        print("[soak] the run ended before it could be observed")
        return 1
    print(f"[soak] the evaluator ({'killed' if killed else f'exit code {code}'}):")
    picks = milestones(readings, expected)
    print("\n".join(describe(picks)))
    with open(work / "readings.csv", "w", encoding="utf-8") as table:
        table.write("seconds,results,descriptors,rss_mb\n")
        table.writelines(f"{r.seconds:.1f},{r.results},{r.descriptors},{r.rss_mb:.1f}\n" for r in readings)
    problems_found = check_log(out, expected, killed)
    first, last = picks["start"], picks["end"]
    if last.descriptors > first.descriptors + 8:
        problems_found.append(f"open descriptors grew from {first.descriptors} to {last.descriptors}")
    quarters = quarter_medians(readings, expected)
    peak = max(readings, key=lambda r: r.rss_mb)
    print(
        f"[soak] resident memory, median per quarter of the results: "
        f"{', '.join(f'{m:.0f}' for m in quarters)} MB; peak {peak.rss_mb:.0f} MB at {peak.results} results"
    )
    # A leak climbs to the end: the last quarter above the second and still above the third. A solution
    # returning a huge value (replies may be up to 64 MB) makes a peak, after which the allocators keep
    # part of what was freed: a step that then stays level is that high-water mark, not a leak (MBPP+'s
    # Mbpp/255 peaks at 200 MB: with its samples or without, a run ends with the same live objects).
    tolerance = 0.25 * first.rss_mb
    if len(quarters) == 4 and quarters[3] > quarters[1] + tolerance:
        if quarters[3] > quarters[2] + tolerance / 2:
            problems_found.append(f"resident memory climbs: quarter medians {[round(m) for m in quarters]} MB")
        else:
            print(
                f"[soak] resident memory rose once, at the peak, and stayed level after it "
                f"(last quarter within {tolerance / 2:.0f} MB of the third): a high-water mark, not a leak"
            )
    if listener is not None:
        if listener.contacts:
            problems_found.append(f"attack solutions reached the host's listeners: {listener.contacts[:3]}")
        listener.close()
    print(f"[soak] work folder: {work}")
    for problem in problems_found:
        print(f"[soak] FAILED: {problem}")
    print("[soak] ok" if not problems_found else "[soak] not ok")
    return 1 if problems_found else 0


if __name__ == "__main__":
    sys.exit(main())
