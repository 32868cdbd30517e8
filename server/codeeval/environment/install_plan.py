"""What an environment installs: the needs of a problem set, pinned by the locks.

Pins come from the user's lock first (`--lock FILE`), then from codeeval's BigCodeBench lock (the versions
its tasks were written for, which also pin the libraries' own dependencies); a library neither pins is
installed unpinned, and the first build writes what pip chose to the user's lock. A BigCodeBench source
installs the whole BigCodeBench lock.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from .distributions import canonical, distribution_of
from .lock import Lock, Pin, lock_text, project_lock, read_lock
from .needs import ProblemSetNeeds

USER_LOCK_NAME = "codeeval-env.lock"
BIGCODEBENCH_LOCK = "bigcodebench"


@dataclass(frozen=True)
class EnvironmentPlan:
    """The requirements pip installs, the constraints it resolves them under, and where unpinned ones go."""

    requirements: tuple[Pin, ...]
    constraints: tuple[Pin, ...]  # pins for whatever the requirements pull in
    user_lock: Path
    owners: dict[str, str]  # distribution key -> the import names it provides (to name the tasks a failure hits)

    @property
    def unpinned(self) -> list[str]:
        return [pin.name for pin in self.requirements if pin.version is None]

    @property
    def text(self) -> str:
        """What the environment is keyed by: every requirement and constraint line."""
        lines = [pin.requirement for pin in self.requirements] + ["# constraints"]
        return "\n".join(lines + [pin.requirement for pin in self.constraints]) + "\n"

    def key(self, python_version: str) -> str:
        return hashlib.sha256(f"{python_version}\n{self.text}".encode()).hexdigest()[:20]

    def resolved_lock(self, installed: dict[str, str]) -> str:
        """The user's lock after a build: every requirement at the version pip installed."""
        pins = [Pin(pin.name, pin.version or installed.get(pin.key)) for pin in self.requirements]
        return lock_text(pins, "codeeval env's lock: the versions `codeeval env` installs for these problems.")


def default_user_lock(sources: list[str]) -> Path:
    """`codeeval-env.lock` beside the first source (in it, for a folder)."""
    first = Path(sources[0])
    return (first if first.is_dir() else first.parent) / USER_LOCK_NAME


def make_plan(needs: ProblemSetNeeds, user_lock: Path) -> EnvironmentPlan:
    known = project_lock(BIGCODEBENCH_LOCK)
    mine = read_lock(user_lock) if user_lock.is_file() else None
    owners: dict[str, str] = {}
    for module in sorted(needs.imports()):
        key = canonical(distribution_of(module))
        owners[key] = f"{owners[key]}, {module}" if key in owners else module
    wanted: dict[str, Pin] = {}
    if needs.bigcodebench:
        wanted.update(known.by_key())
    if mine is not None:
        wanted.update(mine.by_key())
    for module in needs.imports():
        name = distribution_of(module)
        if canonical(name) not in wanted:
            wanted[canonical(name)] = _pinned(name, mine, known)
    constraints = tuple(pin for key, pin in known.by_key().items() if key not in wanted)
    return EnvironmentPlan(tuple(sorted(wanted.values(), key=lambda pin: pin.key)), constraints, user_lock, owners)


def _pinned(name: str, *locks: Lock | None) -> Pin:
    for lock in locks:
        pin = lock.by_key().get(canonical(name)) if lock is not None else None
        if pin is not None:
            return pin
    return Pin(name)
