#!/usr/bin/env python3
"""What the sandbox costs: per-solution start-up and per-call round trip, for each launcher.

Per solution: a Session's whole life for a trivial solution (start the worker,
its "ready", load the solution, close), against a bare `python -c pass` of the
same interpreter measured in the same run, interleaved round-robin so machine
noise hits every configuration alike; the last row, workers forked from a
zygote as batch runs start them, is also compared with a fresh bubblewrap
worker's. Per call: the round trip of a call that returns its argument. Medians.

    .venv/bin/python scripts/bench_engine.py [--runs 30] [--calls 300] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from codeeval.sandbox import BubblewrapLauncher, Limits, ProcessLauncher, Session, detect
from codeeval.sandbox.zygote_pool import ZygotePool

SOLUTION = "def solve(x):\n    return x\n"


def configurations() -> dict:
    """Launchers from bare to fully layered; each needs what the machine has."""
    found = detect.machine()
    python = found.interpreter.path
    base = {"python": python, "python_version": found.interpreter.version_text}
    configs = {"process (evaluator's python)": ProcessLauncher(), "process, system python": ProcessLauncher(**base)}
    if found.uids or found.seccomp:
        configs["process + uid + seccomp"] = ProcessLauncher(uids=found.uids, seccomp=found.seccomp, **base)
    configs["process + all layers"] = detect.hardened_launcher(found)
    if found.bwrap:
        bwrap = {"features": found.bwrap_features, "python_dirs": found.interpreter.dirs, **base}
        configs["bubblewrap"] = BubblewrapLauncher(found.bwrap, **bwrap)
        if found.uids or found.seccomp:
            configs["bubblewrap + uid + seccomp"] = BubblewrapLauncher(
                found.bwrap, uids=found.uids, seccomp=found.seccomp_exec, **bwrap
            )
        configs["bubblewrap + all layers"] = detect.bubblewrap_launcher(found)
        if found.seccomp:  # what `codeeval run` and `codeeval import` start their workers with
            configs["forked from a zygote"] = ZygotePool(configs["bubblewrap + all layers"])
    return configs


def time_bare(python: str) -> float:
    started = time.perf_counter()
    subprocess.run([python, "-c", "pass"], check=True)
    return time.perf_counter() - started


def time_solution(launcher) -> float:
    started = time.perf_counter()
    with Session(SOLUTION, "solve", limits=Limits(), launcher=launcher) as session:
        loaded = session.load()
        if not loaded.ok:
            raise RuntimeError(f"{launcher.name}: the trivial solution did not load: {loaded.describe()}")
    return time.perf_counter() - started


def time_calls(launcher, calls: int) -> list:
    with Session(SOLUTION, "solve", limits=Limits(), launcher=launcher) as session:
        session.load()
        for _ in range(20):  # warm up
            session.call([1])
        samples = []
        for i in range(calls):
            started = time.perf_counter()
            outcome = session.call([i])
            samples.append(time.perf_counter() - started)
            assert outcome.value == i
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="start-ups per configuration (at least 20)")
    parser.add_argument("--calls", type=int, default=300, help="round trips per configuration")
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args()
    runs = max(20, args.runs)

    configs = configurations()
    bare_pythons = {"evaluator's python": sys.executable, "system python": detect.machine().interpreter.path}
    print(f"machine: {os.cpu_count()} cores, uid {os.geteuid()}; {runs} runs each, interleaved")
    for launcher in configs.values():  # warm the page cache, the staging directory, detection
        time_solution(launcher)
    bare = {name: [] for name in bare_pythons}
    start = {name: [] for name in configs}
    for _ in range(runs):
        for name, python in bare_pythons.items():
            bare[name].append(time_bare(python))
        for name, launcher in configs.items():
            start[name].append(time_solution(launcher))

    bare_ms = {name: 1000 * statistics.median(samples) for name, samples in bare.items()}
    print("\nbare `python -c pass` (median ms)")
    for name, ms in bare_ms.items():
        print(f"  {name:<28} {ms:7.1f}   ({bare_pythons[name]})")

    figures = {"bare_ms": bare_ms, "launchers": {}}
    print(
        "\nper solution: start worker + ready + load + close (median ms; extra and ratio vs the bare run "
        "of the same interpreter)"
    )
    print(f"  {'launcher':<28} {'ms':>7} {'extra':>7} {'ratio':>6}   per call (median, p90 µs)")
    for name, launcher in configs.items():
        ms = 1000 * statistics.median(start[name])
        reference = bare_ms["evaluator's python" if launcher.python == sys.executable else "system python"]
        calls = time_calls(launcher, args.calls)
        call_us = 1e6 * statistics.median(calls)
        p90_us = 1e6 * statistics.quantiles(calls, n=10)[-1]
        figures["launchers"][name] = {
            "start_ms": ms,
            "extra_ms": ms - reference,
            "ratio": ms / reference,
            "call_us": call_us,
            "call_p90_us": p90_us,
            "layers": launcher.layers(),
        }
        print(f"  {name:<28} {ms:7.1f} {ms - reference:+7.1f} {ms / reference:6.2f}x   {call_us:7.0f} {p90_us:7.0f}")
    if "forked from a zygote" in figures["launchers"]:
        forked, fresh = (
            figures["launchers"][name]["start_ms"] for name in ("forked from a zygote", "bubblewrap + all layers")
        )
        print(f"\nforked from a zygote / a fresh bubblewrap worker with all layers: {forked / fresh:.2f}")
    for launcher in configs.values():
        if isinstance(launcher, ZygotePool):
            launcher.close()
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
