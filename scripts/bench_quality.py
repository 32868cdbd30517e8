#!/usr/bin/env python3
"""Times `codeeval check` against pylint and ruff on generated 1,000- and 10,000-line files, in one run.

Each tool checks the same file with comparable rules enabled (docstrings,
naming, complexity, branches, nesting, statements, arguments, mutable
defaults, bare except, inconsistent returns; type-hint checks where the tool
has them). Every command runs as a subprocess, start-up included, and is
repeated; the medians of wall-clock and CPU time are reported with their
ratio to codeeval's, after each tool's start-up time on a one-line file. It
also times the in-process `analyze` on the 1,000-line file, which is what the
language server pays on each save (target: under 100 ms).

    .venv/bin/python scripts/bench_quality.py [--repeat 5] [--inprocess 30]

The machine may be shared: absolute times are noisy, the ratios less so.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

PYLINT_RULES = (
    "missing-module-docstring,missing-class-docstring,missing-function-docstring,invalid-name,"
    "too-many-branches,too-many-nested-blocks,too-many-statements,too-many-arguments,"
    "dangerous-default-value,bare-except,inconsistent-return-statements,too-complex"
)
RUFF_RULES = "D100,D101,D102,D103,N,ANN001,ANN201,C901,PLR0912,PLR0913,PLR0915,PLR1702,B006,E722,RET501,RET502,RET503"

# Function shapes found in AI-written solutions: clean, messy, object-oriented, functional, nested.
TEMPLATES = [
    '''def clean_{n}(values: list[int], limit: int = 10) -> list[int]:
    """Return the values below `limit`, sorted."""
    kept = [value for value in values if value < limit]
    kept.sort()
    return kept

''',
    """def messy_{n}(a, b, c, d, e, f, g):
    r = []
    for x in a:
        if x > b:
            if x % 2 == 0:
                if c:
                    r.append(x)
                elif d:
                    r.append(-x)
                else:
                    while e:
                        e -= 1
                        if e % 3 == 0:
                            break
            else:
                try:
                    r.append(int(x))
                except:
                    pass
        elif x < f:
            r.append(g)
    if not r:
        return None
    return r

""",
    '''class Store{n}:
    """A tiny key-value store."""

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: dict[str, int] = {{}}

    def get(self, key: str, default: int = 0) -> int:
        """The value under `key`, or `default`."""
        return self.items.get(key, default)

    def put(self, key, value, history=[]):
        history.append(key)
        self.items[key] = value

''',
    '''def pipeline_{n}(rows: list[str]) -> dict[str, int]:
    """Count words in the rows, functional style."""
    def words(row: str) -> list[str]:
        return [word.lower() for word in row.split() if word.isalpha()]

    counts: dict[str, int] = {{}}
    for word in (w for row in rows for w in words(row)):
        counts[word] = counts.get(word, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

''',
    """def describe_{n}(command):
    match command.split():
        case ["go", direction]:
            return "moving " + direction
        case ["look"]:
            return "looking"
        case _:
            pass

""",
]


def generate(lines: int) -> str:
    """A module of about `lines` lines cycling through the templates."""
    parts, count, n = ['"""Generated benchmark module."""\n\n'], 2, 0
    while count < lines:
        template = TEMPLATES[n % len(TEMPLATES)].format(n=n)
        parts.append(template)
        count += template.count("\n")
        n += 1
    return "".join(parts)


def measure(command: list[str], repeat: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds (user + system, children included) of running `command`."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, check=False)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def tools(path: Path) -> dict[str, list[str]]:
    """The command of each tool available here, checking `path` with comparable rules."""
    commands = {"codeeval": [str(BIN / "codeeval"), "check", "--fail-on", "none", str(path)]}
    pylint = shutil.which("pylint", path=str(BIN)) or shutil.which("pylint")
    if pylint:
        commands["pylint"] = [
            pylint,
            "--disable=all",
            f"--enable={PYLINT_RULES}",
            "--load-plugins=pylint.extensions.mccabe",
            "--max-complexity=10",
            "--score=n",
            str(path),
        ]
    ruff = shutil.which("ruff", path=str(BIN)) or shutil.which("ruff")
    if ruff:
        commands["ruff"] = [ruff, "check", "--no-cache", "--isolated", "--select", RUFF_RULES, str(path)]
    return commands


def in_process_ms(source: str, runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds of `analyze` on `source` in this process (what the server pays)."""
    sys.path.insert(0, str(ROOT / "server"))
    from codeeval.quality import analyze

    analyze(source)  # warm up imports and caches
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        analyze(source, "bench.py")
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def report(label: str, results: dict[str, tuple[float, float]]) -> None:
    """Print each tool's medians and their ratio to codeeval's."""
    print(label)
    wall_base, cpu_base = results["codeeval"]
    for name, (wall, cpu) in results.items():
        ratios = "" if name == "codeeval" else f"   {wall / wall_base:5.1f}x / {cpu / cpu_base:5.1f}x codeeval's"
        print(f"  {name:<9} wall {wall * 1000:8.1f} ms   cpu {cpu * 1000:8.1f} ms{ratios}")


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each command (median reported)")
    parser.add_argument("--inprocess", type=int, default=30, help="runs of the in-process analyze")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(folder) / "empty.py"
        empty.write_text('"""Nothing."""\n', encoding="utf-8")
        report(
            "start-up (a one-line file):",
            {name: measure(command, args.repeat) for name, command in tools(empty).items()},
        )
        for lines in (1_000, 10_000):
            path = Path(folder) / f"bench_{lines}.py"
            path.write_text(generate(lines), encoding="utf-8")
            report(
                f"{lines:,} lines (median of {args.repeat}; ratios are wall / cpu):",
                {name: measure(command, args.repeat) for name, command in tools(path).items()},
            )
        source = generate(1_000)
    wall, cpu = in_process_ms(source, args.inprocess)
    verdict = "within" if wall < 100 else "OVER"
    print(
        f"in-process analyze, 1,000 lines, median of {args.inprocess}: wall {wall:.1f} ms, cpu {cpu:.1f} ms "
        f"({verdict} the 100 ms target)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
