"""pip, run by the evaluator on the environment's interpreter (`pip --python ENV/bin/python install ...`).

The environment has no pip of its own (`venv --without-pip`): the evaluator's pip installs into it. A
requirement that cannot be installed does not stop the others: the batch is tried, then again without the
requirements pip named, then one at a time; each failure keeps pip's reason, shortened.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .distributions import canonical
from .lock import Pin
from .manifest import InstallFailure

INSTALL_TIMEOUT_S = 3600.0
REASON_CHARS = 300
# pip names the requirement it could not find in these messages.
_NAMED = re.compile(
    r"(?:No matching distribution found for|Could not find a version that satisfies the requirement)"
    r"\s+([A-Za-z0-9._-]+)"
)


@dataclass
class InstallOutcome:
    installed: dict[str, str] = field(default_factory=dict)  # canonical distribution name -> version
    failed: list[InstallFailure] = field(default_factory=list)


def pip(python: Path, *arguments: str, timeout: float = INSTALL_TIMEOUT_S) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "pip", "--python", str(python), "--disable-pip-version-check", "--no-input"]
    return subprocess.run([*command, *arguments], capture_output=True, text=True, timeout=timeout)


def shorten(output: str) -> str:
    """pip's reason in a line: its ERROR lines (else its last line), at most REASON_CHARS characters."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("ERROR:")]
    text = " ".join((errors or lines[-1:])[:2]).removeprefix("ERROR: ")
    return text if len(text) <= REASON_CHARS else text[: REASON_CHARS - 1] + "…"


def install(python: Path, requirements: list[Pin], constraints: list[Pin]) -> InstallOutcome:
    """Install `requirements` (under `constraints`) into the environment of `python`, as many as can be."""
    outcome = InstallOutcome()
    with tempfile.TemporaryDirectory(prefix="codeeval-pip-") as scratch:
        constraint_file = Path(scratch) / "constraints.txt"
        constraint_file.write_text("".join(f"{pin.requirement}\n" for pin in constraints), encoding="utf-8")
        pending = list(requirements)
        while pending:
            done = _install_batch(python, pending, constraint_file, Path(scratch))
            if done.returncode == 0:
                break
            named = {canonical(name) for name in _NAMED.findall(done.stderr + done.stdout)}
            culprits = [pin for pin in pending if pin.key in named]
            if not culprits or len(pending) == 1:
                _one_by_one(python, pending, constraint_file, Path(scratch), outcome)
                break
            reason = shorten(done.stderr or done.stdout)
            outcome.failed += [InstallFailure(pin.requirement, reason) for pin in culprits]
            pending = [pin for pin in pending if pin not in culprits]
    outcome.installed = installed_versions(python)
    return outcome


def _install_batch(python: Path, pins: list[Pin], constraints: Path, scratch: Path) -> subprocess.CompletedProcess:
    requirement_file = scratch / "requirements.txt"
    requirement_file.write_text("".join(f"{pin.requirement}\n" for pin in pins), encoding="utf-8")
    return pip(python, "install", "--no-warn-script-location", "-r", str(requirement_file), "-c", str(constraints))


def _one_by_one(python: Path, pins: list[Pin], constraints: Path, scratch: Path, outcome: InstallOutcome) -> None:
    for pin in pins:
        done = _install_batch(python, [pin], constraints, scratch)
        if done.returncode != 0:
            outcome.failed.append(InstallFailure(pin.requirement, shorten(done.stderr or done.stdout)))


def installed_versions(python: Path) -> dict[str, str]:
    """What the environment holds: canonical distribution name -> version."""
    done = pip(python, "list", "--format=json", timeout=300.0)
    try:
        listed = json.loads(done.stdout)
    except ValueError:
        return {}
    return {canonical(item["name"]): item["version"] for item in listed}
