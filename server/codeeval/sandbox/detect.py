"""What this machine can isolate a worker with, found once per evaluator process.

Each layer is probed the way it will be used (an interpreter by running it as
the worker's uid, bubblewrap and the whole stack by starting a real worker and
running a call), never guessed from what is installed. A layer that fails its
probe is left out, with the reason, and the report says so.

Interpreter rule: the evaluator's own interpreter if the worker's uid can run
it (and read its standard library); otherwise the first system `python3` of
the same major version, 3.10 or newer, that it can. Reference and candidate
always run under the same one, and the report names it.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from ..base.errors import IsolationError
from .bubblewrap import BubblewrapLauncher
from .cgroup import CgroupError, CgroupParent
from .child import confine
from .cleanup import sweep
from .launcher import Launcher, LayerOptions, ProcessLauncher, UidPool, worker_environment
from .seccomp_filter import SeccompUnavailable, build
from .session import Session

FORCE_ENV = "CODEEVAL_SANDBOX"  # process | process-hardened | bubblewrap: pin the default (tests, debugging)
PROBE_TIMEOUT_S = 20.0
MIN_VERSION = (3, 10)
# The dirs include the interpreter's site-packages (not on the worker's -S path): plot problems import from there.
INTERPRETER_PROBE = (
    "import json, os, site, sys; print(json.dumps({'version': list(sys.version_info[:3]), "
    "'dirs': sorted({sys.base_prefix, sys.base_exec_prefix} | {p for p in sys.path if p} "
    "| {p for p in site.getsitepackages() if os.path.isdir(p)})}))"
)


# A built environment's interpreter (`codeeval env`, `--env`): the workers run it instead of the chosen one.
ENVIRONMENT_VARIABLE = "CODEEVAL_ENV_PYTHON"
# A venv's packages are found by `site` (its pyvenv.cfg), which the worker's -S skips: asked for without -S.
ENVIRONMENT_PROBE = (
    "import json, os, site, sys; print(json.dumps({'prefix': sys.prefix, "
    "'site': [p for p in site.getsitepackages() if os.path.isdir(p)]}))"
)


@dataclass(frozen=True)
class Interpreter:
    """A Python interpreter the sandbox can run: its path, version and the folders it reads."""

    path: str
    version: tuple
    dirs: tuple  # what it reads at run time: its prefixes and module path
    site_packages: tuple = ()  # a built environment's package folders, handed to the worker; () for the default

    @property
    def version_text(self) -> str:
        return ".".join(map(str, self.version))


@dataclass
class Machine:
    """Every layer's availability; `notes` says why a layer is unavailable."""

    interpreter: Interpreter
    uids: UidPool | None = None
    seccomp: bytes | None = None  # loaded by the worker itself
    seccomp_exec: bytes | None = None  # the same, but letting one exec through: loaded by bubblewrap
    landlock: bool = False
    cgroups: CgroupParent | None = None
    bwrap: str | None = None
    bwrap_features: frozenset = frozenset()
    notes: dict = field(default_factory=dict)


def _identity(uid: int | None) -> dict:
    return {"user": uid, "group": uid, "extra_groups": []} if uid is not None else {}


def interpreter_candidates() -> list:
    """Paths of the Python interpreters worth probing, this process's own first, without duplicates."""
    found = []
    for path in (
        sys.executable,
        getattr(sys, "_base_executable", None),
        shutil.which("python3", path="/usr/bin"),
        "/usr/bin/python3",
        "/usr/local/bin/python3",
    ):
        if path:
            real = os.path.realpath(path)
            if real not in found and os.path.isfile(real):
                found.append(real)
    return found


def probe_interpreter(path: str, uid: int | None) -> Interpreter | None:
    """Run `path` as `uid` with the worker's flags; None unless it works and is a compatible version."""
    try:
        done = subprocess.run(
            [path, "-S", "-s", "-B", "-c", INTERPRETER_PROBE],
            capture_output=True,
            timeout=PROBE_TIMEOUT_S,
            env=worker_environment(),
            cwd="/",
            **_identity(uid),
        )
        info = json.loads(done.stdout)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    version = tuple(info.get("version", ()))
    if done.returncode != 0 or len(version) != 3 or version[0] != sys.version_info[0] or version < MIN_VERSION:
        return None
    return Interpreter(path, version, tuple(info.get("dirs", ())))


def probe_environment(path: str, uid: int | None) -> Interpreter:
    """A built environment's interpreter as the worker for `uid`, with its package folders; IsolationError if
    that uid cannot run it."""
    found = probe_interpreter(path, uid)
    try:
        if found is None:
            raise ValueError("it does not run as the worker's uid, or is not a Python 3.10+ of this major version")
        done = subprocess.run(
            [path, "-s", "-B", "-c", ENVIRONMENT_PROBE],
            capture_output=True,
            timeout=PROBE_TIMEOUT_S,
            env=worker_environment(),
            cwd="/",
            **_identity(uid),
        )
        info = json.loads(done.stdout)
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        raise IsolationError(f"the environment's interpreter {path} cannot be used: {exc}") from exc
    site_packages = tuple(str(folder) for folder in info.get("site", ()))
    dirs = tuple(sorted(set(found.dirs) | {str(info.get("prefix", ""))} | set(site_packages)))
    return Interpreter(path, found.version, dirs, site_packages)


def use_environment(python: str) -> Interpreter:
    """From now on, workers run `python` (a built environment's), here and in processes started from here."""
    os.environ[ENVIRONMENT_VARIABLE] = python
    with _lock:
        found = machine()
        found.interpreter = probe_environment(python, found.uids.base if found.uids else None)
        _probed.cache_clear()
    return found.interpreter


def _worker_interpreter(uid: int | None) -> Interpreter | None:
    environment = os.environ.get(ENVIRONMENT_VARIABLE)
    return probe_environment(environment, uid) if environment else choose_interpreter(uid)


def choose_interpreter(uid: int | None) -> Interpreter | None:
    """The first candidate interpreter that works as the worker for `uid`, or None."""
    for path in interpreter_candidates():
        found = probe_interpreter(path, uid)
        if found is not None:
            return found
    return None


def _bwrap_features(bwrap: str) -> frozenset:
    try:
        text = subprocess.run([bwrap, "--help"], capture_output=True, text=True, timeout=PROBE_TIMEOUT_S).stdout
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    return frozenset(flag for flag in ("--disable-userns", "--size", "--as-pid-1", "--info-fd") if flag in text)


def _landlock_note() -> str | None:
    """None when Landlock is usable, else why not."""
    try:
        abi = confine.landlock_abi()
    except (OSError, AttributeError) as exc:
        return f"Landlock not usable: {exc}"
    return None if abi >= 1 else "the kernel has no Landlock (or it is disabled)"


@functools.lru_cache(maxsize=1)
def machine() -> Machine:
    notes = {}
    root = os.geteuid() == 0
    uids = UidPool() if root else None
    interpreter = _worker_interpreter(uids.base if uids else None)
    if interpreter is None and uids is not None:
        notes["unprivileged_uid"] = (
            "no Python interpreter an unprivileged uid can read; install the system python3 (apt-get install python3)"
        )
        uids = None
        interpreter = choose_interpreter(None)
    if interpreter is None:  # cannot happen while we are running, but never fail detection
        info = sys.version_info
        interpreter = Interpreter(sys.executable, (info.major, info.minor, info.micro), (sys.base_prefix,))
    found = Machine(interpreter=interpreter, uids=uids, notes=notes)
    try:
        found.seccomp, found.seccomp_exec = build(), build(allow_exec=True)
    except SeccompUnavailable as exc:
        notes["seccomp"] = str(exc)
    landlock_problem = _landlock_note()
    found.landlock = landlock_problem is None
    if landlock_problem:
        notes["landlock"] = landlock_problem
    try:
        found.cgroups = CgroupParent.detect() if root else None
        if not root:
            notes["cgroup"] = "only root creates cgroups here"
    except (CgroupError, OSError) as exc:
        notes["cgroup"] = str(exc)
    sweep(list(found.cgroups.bases.values()) if found.cgroups else None)  # what killed evaluators left
    found.bwrap = shutil.which("bwrap")
    if found.bwrap:
        found.bwrap_features = _bwrap_features(found.bwrap)
        if not {"--info-fd", "--as-pid-1"} <= found.bwrap_features:
            notes["namespaces"] = "this bubblewrap is too old (needs --info-fd and --as-pid-1)"
            found.bwrap = None
    else:
        notes["namespaces"] = "bubblewrap is not installed (apt-get install bubblewrap)"
    return found


def plain_launcher() -> ProcessLauncher:
    """The evaluator's interpreter and uid, rlimits only: what runs where nothing else does."""
    return ProcessLauncher(
        notes={
            "namespaces": "plain process launcher",
            "seccomp": "plain process launcher",
            "unprivileged_uid": "plain process launcher",
        }
    )


def _layer_options(found: Machine) -> LayerOptions:
    return {
        "python": found.interpreter.path,
        "python_version": found.interpreter.version_text,
        "uids": found.uids,
        "seccomp": found.seccomp,
        "landlock": found.landlock,
        "cgroups": found.cgroups,
        "site_packages": found.interpreter.site_packages,
    }


def hardened_launcher(found: Machine | None = None) -> ProcessLauncher:
    """Every layer but namespaces: what a machine without bubblewrap gets."""
    found = found or machine()
    notes = {"namespaces": "the process launcher uses none", **found.notes}
    return ProcessLauncher(notes=notes, **_layer_options(found))


def bubblewrap_launcher(found: Machine | None = None) -> BubblewrapLauncher | None:
    found = found or machine()
    if not found.bwrap:
        return None
    options: LayerOptions = {
        **_layer_options(found),
        "seccomp": found.seccomp_exec if found.seccomp else None,
        "landlock": False,
    }  # the mount namespace already hides the file system
    return BubblewrapLauncher(
        found.bwrap, features=found.bwrap_features, python_dirs=found.interpreter.dirs, notes=found.notes, **options
    )


# Optional layers dropped one at a time when a probe fails, least important first.
DEGRADE = (("landlock", False), ("cgroups", None), ("seccomp", None), ("uids", None))
DEGRADE_NOTES = {"landlock": "landlock", "cgroups": "cgroup", "seccomp": "seccomp", "uids": "unprivileged_uid"}


def _first_working(
    make: Callable[[Machine], ProcessLauncher | None], found: Machine, label: str
) -> ProcessLauncher | None:
    """`make(found)` if it works, else with layers dropped until it does; None if nothing does."""
    trial = Machine(**{**found.__dict__, "notes": found.notes})
    for attribute, off in ((None, None),) + DEGRADE:
        if attribute is not None:
            if getattr(trial, attribute) in (off, False, None):
                continue
            setattr(trial, attribute, off)
        launcher = make(trial)
        if launcher is None:
            return None
        problem = works(launcher)
        if problem is None:
            return launcher
        layer = DEGRADE_NOTES.get(attribute or "", label)
        found.notes[layer] = f"{label} failed its start-up probe ({problem[:200]})"
    return None


def works(launcher: Launcher) -> str | None:
    """None if a real worker starts under `launcher` and answers a call; else what went wrong."""
    try:
        with Session("def probe(x):\n    return x + 1\n", "probe", "probe.py", launcher=launcher) as session:
            loaded = session.load()
            if not loaded.ok:
                return loaded.describe()
            outcome = session.call([41])
            return None if outcome.returned and outcome.value == 42 else outcome.describe()
    except Exception as exc:  # a probe must never take the evaluator down
        return f"{type(exc).__name__}: {exc}"


LAUNCHER_NAMES = ("process", "process-hardened", "bubblewrap")  # weakest first
_lock = threading.Lock()


@functools.cache
def _probed(name: str) -> ProcessLauncher | None:
    found = machine()
    if name == "process":
        return plain_launcher()
    if name == "bubblewrap":
        working = _first_working(bubblewrap_launcher, found, "bubblewrap")
        if working is None and found.bwrap:
            found.notes["namespaces"] = found.notes.get("bubblewrap", "bubblewrap cannot start a worker here")
        return working
    _probed("bubblewrap")  # first, so the hardened launcher's report can say why bubblewrap is not in use
    return _first_working(hardened_launcher, found, "the hardened process launcher")


def launcher_named(name: str) -> ProcessLauncher | None:
    """The launcher of that name if it works on this machine (probed once), else None."""
    with _lock:
        return _probed(name)


def launchers() -> dict[str, ProcessLauncher]:
    """Every launcher that works on this machine, weakest first."""
    return {name: found for name in LAUNCHER_NAMES if (found := launcher_named(name)) is not None}


def default_launcher() -> ProcessLauncher:
    """The strongest launcher that works here (or the one named in $CODEEVAL_SANDBOX)."""
    forced = os.environ.get(FORCE_ENV)
    if forced:
        found = launcher_named(forced) if forced in LAUNCHER_NAMES else None
        if found is None:
            raise IsolationError(f"${FORCE_ENV}={forced}, but only {', '.join(launchers())} work on this machine")
        return found
    strongest = launcher_named("bubblewrap") or launcher_named("process-hardened") or launcher_named("process")
    if strongest is None:  # the plain launcher is never probed, so it is always there: this cannot happen
        raise IsolationError("no sandbox launcher works on this machine")
    return strongest
