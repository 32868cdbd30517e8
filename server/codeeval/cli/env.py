"""`codeeval env SOURCE... [--lock FILE] [--rebuild]`: build (once, cached) the environment a problem set needs.

Also the `--env auto|none|PATH` of `codeeval run` and `codeeval evaluate`: which environment the workers run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..environment.builder import BaseInterpreter, BuiltEnvironment
    from ..environment.needs import ProblemSetNeeds

NAME = "env"
HELP = "build (once, cached) a virtual environment with the libraries a problem set needs"
TASKS_SHOWN = 8  # tasks listed per missing library or data package before "and N more"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "sources",
        nargs="+",
        metavar="SOURCE",
        help="a BigCodeBench .jsonl or .jsonl.gz (its `libs`, installed from codeeval's BigCodeBench lock), "
        "problem files or folders (the imports of their reference, test suite and prelude)",
    )
    parser.add_argument(
        "--lock",
        metavar="FILE",
        default=None,
        help="your lock: pins that win over codeeval's; libraries no lock pins are installed unpinned and their "
        "versions written here (default: codeeval-env.lock beside the first source)",
    )
    parser.add_argument("--rebuild", action="store_true", help="build again even if a built environment is cached")


def _say(line: str) -> None:
    print(f"codeeval env: {line}", file=sys.stderr, flush=True)


def base_interpreter() -> BaseInterpreter:
    """The sandbox's interpreter (a worker's uid can run it): what environments are made from."""
    from ..environment.builder import BaseInterpreter
    from ..sandbox.detect import machine

    found = machine().interpreter
    return BaseInterpreter(str(Path(found.path)), found.version_text)


def run(args: argparse.Namespace) -> int:
    from ..environment.builder import build, record_resolved
    from ..environment.install_plan import default_user_lock, make_plan
    from ..environment.needs import read_needs

    started = time.monotonic()
    needs = read_needs(args.sources)
    for warning in needs.warnings:
        _say(f"warning: {warning}")
    plan = make_plan(needs, Path(args.lock) if args.lock else default_user_lock(args.sources))
    base = base_interpreter()
    _say(
        f"{len(needs.tasks)} tasks import {len(needs.imports())} libraries; {len(plan.requirements)} requirements "
        f"({len(plan.unpinned)} unpinned), Python {base.version} ({base.path})"
    )
    built = build(plan, needs, base, _say, rebuild=args.rebuild)
    written = record_resolved(plan, needs, built, base)
    if written is not None:
        _say(f"the versions of {', '.join(plan.unpinned)} are now pinned in {written}")
    describe(built, needs)
    state = "found built" if built.cached else f"built in {time.monotonic() - started:.0f} s"
    _say(f"{state}: {built.python}  (size {_size(built.folder)})")
    print(built.python)
    return 0


def describe(built: BuiltEnvironment, needs: ProblemSetNeeds) -> None:
    """What the environment lacks: each failed requirement with pip's reason, and the tasks left without."""
    manifest = built.manifest
    _say(f"{len(manifest.installed)} distributions installed, {len(manifest.failed)} requirements failed")
    for failure in manifest.failed:
        _say(f"could not install {failure.requirement}: {failure.reason}")
    if manifest.libraries_missing:
        _say(f"{len(manifest.libraries_missing)} tasks lack a library: {_listed(manifest.libraries_missing)}")
    by_data: dict[str, list[str]] = {}
    for task, data in manifest.data_missing.items():
        by_data.setdefault(", ".join(data), []).append(task)
    for names, tasks in sorted(by_data.items()):
        _say(f"{len(tasks)} tasks need NLTK data {names}, not on the package registry: {_tasks(tasks)}")


def _listed(missing: dict[str, list[str]]) -> str:
    return _tasks([f"{task} ({', '.join(names)})" for task, names in missing.items()])


def _tasks(tasks: list[str]) -> str:
    shown = ", ".join(tasks[:TASKS_SHOWN])
    return shown + (f" and {len(tasks) - TASKS_SHOWN} more" if len(tasks) > TASKS_SHOWN else "")


def _size(folder: Path) -> str:
    total = sum(path.lstat().st_size for path in folder.rglob("*"))
    return f"{total / 1e9:.2f} GB" if total >= 1e8 else f"{total / 1e6:.1f} MB"


# -- `--env` for run and evaluate ------------------------------------------------------------------


def add_env_flag(parser: argparse.ArgumentParser, default_help: str) -> None:
    parser.add_argument(
        "--env",
        metavar="auto|none|PATH",
        default=None,
        help="the environment the workers run: auto (the one `codeeval env` built for these problems, if any), "
        f"none (the sandbox's interpreter), or an environment's folder or its bin/python; {default_help}",
    )


def choose_environment(choice: str | None, sources: list[str], bigcodebench: bool) -> Path | None:
    """Point the sandbox at the chosen environment (sandbox.detect.use_environment); its python, or None for the
    sandbox's own interpreter. `choice` None: auto for BigCodeBench sources, none otherwise."""
    from ..sandbox.detect import use_environment

    choice = choice or ("auto" if bigcodebench else "none")
    if choice == "none":
        return None
    python = _auto_python(sources) if choice == "auto" else _given_python(Path(choice))
    if python is None:
        return None
    found = use_environment(str(python))
    print(f"codeeval: workers run the environment {python} (Python {found.version_text})", file=sys.stderr)
    return python


def _given_python(path: Path) -> Path:
    from ..base.errors import CodeevalError

    python = path / "bin" / "python" if path.is_dir() else path
    if not python.exists():
        raise CodeevalError("not an environment: no bin/python in it (build one with `codeeval env`)", str(path))
    return python


def _auto_python(sources: list[str]) -> Path | None:
    from ..environment.builder import find_built
    from ..environment.install_plan import default_user_lock, make_plan
    from ..environment.needs import read_needs

    needs = read_needs(sources)
    base = base_interpreter()
    found = find_built(make_plan(needs, default_user_lock(sources)), base)
    if found is not None:
        return found.python
    missing = missing_libraries(base.path, sorted(needs.imports()))
    print(
        f"codeeval: run `codeeval env {' '.join(sources)}` first; running with the sandbox's interpreter, "
        f"{len(missing)} libraries missing" + (f" ({_tasks(missing)})" if missing else ""),
        file=sys.stderr,
    )
    return None


def missing_libraries(python: str, modules: list[str]) -> list[str]:
    """Which of `modules` `python` cannot find (as the evaluator's uid; an empty list if it cannot be asked)."""
    script = (
        "import importlib.util, json, sys; "
        "print(json.dumps([m for m in sys.argv[1:] if not importlib.util.find_spec(m)]))"
    )
    try:
        done = subprocess.run([python, "-c", script, *modules], capture_output=True, text=True, timeout=60)
        return list(json.loads(done.stdout))
    except (OSError, subprocess.SubprocessError, ValueError):
        return []


def environment_cache(folder: Path, python: Path | None) -> Path:
    """The result cache's folder for runs in an environment: its own, so results from another interpreter are
    never reused."""
    if python is None:
        return folder
    return folder / f"env-{hashlib.sha256(str(python).encode()).hexdigest()[:16]}"
