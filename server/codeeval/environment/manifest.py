"""`codeeval-env.json`, saved in every environment: what it was built from, holds, and lacks."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

MANIFEST_NAME = "codeeval-env.json"
NOT_ON_REGISTRY = "not on the package registry"


@dataclass(frozen=True)
class InstallFailure:
    """A requirement pip could not install, and pip's reason, shortened."""

    requirement: str
    reason: str


@dataclass
class EnvironmentManifest:
    """An environment's record. `libraries_missing`/`data_missing`: task -> what it needs and the environment
    lacks (import names whose distribution failed; NLTK data packages)."""

    key: str
    lock_sha256: str
    python: str  # the environment's interpreter, what `--env` runs
    base_python: str  # the interpreter it was made from (the sandbox's)
    python_version: str
    installed: dict[str, str] = field(default_factory=dict)  # distribution -> version
    failed: list[InstallFailure] = field(default_factory=list)
    libraries_missing: dict[str, list[str]] = field(default_factory=dict)
    data_missing: dict[str, list[str]] = field(default_factory=dict)
    phases: dict[str, float] = field(default_factory=dict)  # phase -> seconds

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> EnvironmentManifest:
        data = json.loads(text)
        data["failed"] = [InstallFailure(**failure) for failure in data.get("failed", [])]
        return cls(**data)

    def save(self, folder: Path) -> None:
        (folder / MANIFEST_NAME).write_text(self.to_json(), encoding="utf-8")


def load_manifest(folder: Path) -> EnvironmentManifest | None:
    """The manifest of a finished environment, or None (not built, or not by codeeval)."""
    try:
        return EnvironmentManifest.from_json((folder / MANIFEST_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError, TypeError, KeyError):
        return None
