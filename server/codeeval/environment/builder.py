"""Build an environment once: a venv of the sandbox's interpreter, the plan installed by pip, a manifest.

It is built in a temporary folder beside its final place and renamed when complete, so a build that is
killed never leaves a folder that looks done; an environment is found again by its key (the plan's text and
the interpreter's version).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..base.errors import CodeevalError
from .install_plan import EnvironmentPlan, make_plan
from .location import environments_root, make_readable_root
from .manifest import NOT_ON_REGISTRY, EnvironmentManifest, load_manifest
from .needs import ProblemSetNeeds
from .pip_install import install

Announce = Callable[[str], None]


@dataclass(frozen=True)
class BaseInterpreter:
    """The interpreter environments are made from (the sandbox's: a worker's uid can run it)."""

    path: str
    version: str


@dataclass(frozen=True)
class BuiltEnvironment:
    folder: Path
    manifest: EnvironmentManifest
    cached: bool  # found built, not built now

    @property
    def python(self) -> Path:
        return self.folder / "bin" / "python"


def environment_folder(plan: EnvironmentPlan, base: BaseInterpreter) -> Path:
    return environments_root() / plan.key(base.version)


def find_built(plan: EnvironmentPlan, base: BaseInterpreter) -> BuiltEnvironment | None:
    folder = environment_folder(plan, base)
    manifest = load_manifest(folder)
    return BuiltEnvironment(folder, manifest, cached=True) if manifest is not None else None


def build(
    plan: EnvironmentPlan, needs: ProblemSetNeeds, base: BaseInterpreter, announce: Announce, rebuild: bool = False
) -> BuiltEnvironment:
    """The environment for `plan`: the cached one unless `rebuild`, else built now."""
    found = None if rebuild else find_built(plan, base)
    if found is not None:
        return found
    final = environment_folder(plan, base)
    make_readable_root(final.parent)
    scratch = final.parent / f".building-{final.name}-{os.getpid()}"
    shutil.rmtree(scratch, ignore_errors=True)
    phases: dict[str, float] = {}
    try:
        with _phase("venv", phases, announce):
            _make_venv(base.path, scratch)
        with _phase("install", phases, announce):
            outcome = install(scratch / "bin" / "python", list(plan.requirements), list(plan.constraints))
        with _phase("permissions", phases, announce):
            _open_to_all(scratch)
        manifest = _manifest(plan, needs, base, final, outcome.installed, outcome.failed, phases)
        manifest.save(scratch)
        _replace(scratch, final)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return BuiltEnvironment(final, manifest, cached=False)


class _phase:
    """Times a phase into `phases` and announces it when it ends."""

    def __init__(self, name: str, phases: dict[str, float], announce: Announce):
        self.name, self.phases, self.announce = name, phases, announce

    def __enter__(self) -> None:
        self.announce(f"{self.name}: started")
        self.start = time.monotonic()

    def __exit__(self, *exc: object) -> None:
        self.phases[self.name] = round(time.monotonic() - self.start, 1)
        self.announce(f"{self.name}: {self.phases[self.name]:.1f} s")


def _make_venv(base_python: str, folder: Path) -> None:
    done = subprocess.run(
        [base_python, "-m", "venv", "--without-pip", str(folder)], capture_output=True, text=True, timeout=300
    )
    if done.returncode != 0:
        raise CodeevalError(f"cannot make a virtual environment with {base_python}: {done.stderr.strip()[-300:]}")


def _open_to_all(folder: Path) -> None:
    """Readable (and folders searchable) by every uid: workers run as unprivileged uids of their own."""
    for root, _dirs, files in os.walk(folder):
        os.chmod(root, os.stat(root).st_mode | 0o555)
        for name in files:
            path = os.path.join(root, name)
            if not os.path.islink(path):
                mode = os.stat(path).st_mode
                os.chmod(path, mode | 0o444 | (0o111 if mode & 0o100 else 0))


def _replace(scratch: Path, final: Path) -> None:
    """Put the finished environment in place (a rebuild's old one moved aside first, then deleted)."""
    old = final.parent / f".old-{final.name}-{os.getpid()}"
    if final.exists() or final.is_symlink():
        os.rename(final, old)
    os.rename(scratch, final)
    if old.is_symlink():
        old.unlink()
    shutil.rmtree(old, ignore_errors=True)


def _manifest(
    plan: EnvironmentPlan,
    needs: ProblemSetNeeds,
    base: BaseInterpreter,
    final: Path,
    installed: dict[str, str],
    failed: list,
    phases: dict[str, float],
) -> EnvironmentManifest:
    failed_keys = {plan_key for plan_key in plan.owners if plan_key not in installed}
    lacking = {module for key in failed_keys for module in plan.owners[key].split(", ")}
    libraries = {task.task: sorted(task.imports & lacking) for task in needs.tasks if task.imports & lacking}
    data = {task.task: sorted(task.nltk_data) for task in needs.tasks if task.nltk_data}
    return EnvironmentManifest(
        key=final.name,
        lock_sha256=plan_sha(plan),
        python=str(final / "bin" / "python"),
        base_python=base.path,
        python_version=base.version,
        installed=installed,
        failed=failed,
        libraries_missing=libraries,
        data_missing=data,
        phases=phases,
    )


def plan_sha(plan: EnvironmentPlan) -> str:
    return hashlib.sha256(plan.text.encode("utf-8")).hexdigest()


def data_note(names: list[str]) -> str:
    return f"needs NLTK data {', '.join(names)}, {NOT_ON_REGISTRY}"


def record_resolved(
    plan: EnvironmentPlan, needs: ProblemSetNeeds, built: BuiltEnvironment, base: BaseInterpreter
) -> Path | None:
    """After a build with unpinned libraries: their versions written to the user's lock (the next build, here or
    elsewhere, installs the same), and this environment found under the new lock's key too. None: nothing to do."""
    if not plan.unpinned or built.cached:
        return None
    plan.user_lock.write_text(plan.resolved_lock(built.manifest.installed), encoding="utf-8")
    alias = environment_folder(make_plan(needs, plan.user_lock), base)
    if alias != built.folder and not alias.exists():
        alias.symlink_to(built.folder.name)
    return plan.user_lock
