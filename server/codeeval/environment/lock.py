"""Lock files: pinned requirement lines (`name==version`), one a line, `#` comments.

The project keeps its own locks in `locks/` (package data); a user's lock (`--lock FILE`) pins what a problem
set needs beyond them, written by the first build so that the next one installs the same versions.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..base.errors import CodeevalError
from .distributions import canonical

# A distribution name (PEP 508), an optional `==version`: nothing else (no URLs, markers or options).
_LINE = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:==\s*(?P<version>[A-Za-z0-9.+!*-]+))?$")


class LockError(CodeevalError):
    """A lock file that cannot be read, naming its file and line."""


@dataclass(frozen=True)
class Pin:
    """One requirement: a distribution, pinned to a version or not (None: whatever pip resolves)."""

    name: str
    version: str | None = None

    @property
    def key(self) -> str:
        return canonical(self.name)

    @property
    def requirement(self) -> str:
        return f"{self.name}=={self.version}" if self.version else self.name


@dataclass(frozen=True)
class Lock:
    """A lock's pins in file order and its text (what an environment is keyed by)."""

    pins: tuple[Pin, ...]
    text: str
    source: str  # where it was read from, for messages

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    def by_key(self) -> dict[str, Pin]:
        return {pin.key: pin for pin in self.pins}


def parse_lock(text: str, source: str) -> Lock:
    """The pins of a lock's text; a malformed or contradictory line is a LockError naming `source` and the line."""
    pins: dict[str, Pin] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        found = _LINE.match(line)
        if found is None:
            raise LockError(f"not a `name==version` line: {line!r}", source, number)
        pin = Pin(found["name"], found["version"])
        earlier = pins.get(pin.key)
        if earlier is not None and earlier.version != pin.version:
            raise LockError(f"{pin.name} is pinned twice ({earlier.version} and {pin.version})", source, number)
        pins[pin.key] = pin
    return Lock(tuple(pins.values()), text, source)


def read_lock(path: str | Path) -> Lock:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LockError(f"cannot read the lock file: {exc}", str(path)) from exc
    return parse_lock(text, str(path))


def project_lock(name: str) -> Lock:
    """One of the locks codeeval ships (`locks/<name>.txt`), e.g. `bigcodebench`."""
    found = resources.files(__package__).joinpath("locks").joinpath(f"{name}.txt")
    return parse_lock(found.read_text(encoding="utf-8"), f"codeeval's {name} lock")


def lock_text(pins: list[Pin], header: str) -> str:
    """A lock file's text: `header` as comments, then one pin a line, sorted by name."""
    comments = "".join(f"# {line}\n" for line in header.splitlines())
    return comments + "".join(f"{pin.requirement}\n" for pin in sorted(pins, key=lambda pin: pin.key))
