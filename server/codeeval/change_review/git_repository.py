"""What git knows about a repository: its root, a file's text at a ref, the Python files a change touches.

Only read-only git commands run (`rev-parse`, `show`, `diff`, `ls-files`, `ls-tree`): the review never
checks anything out and never writes the working tree. Each failure is a `GitError` whose message is one
line a user can act on.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path

GIT_TIMEOUT_S = 30.0


class GitError(Exception):
    """git could not answer; the message is one line naming what is wrong."""


def _git(root: Path, *args: str) -> str:
    try:
        done = subprocess.run(
            ["git", "-C", str(root), *args], capture_output=True, text=True, timeout=GIT_TIMEOUT_S, check=False
        )
    except FileNotFoundError:
        raise GitError("git is not installed (the review reads the base version with git)") from None
    except subprocess.TimeoutExpired:
        raise GitError(f"git {args[0]} took longer than {GIT_TIMEOUT_S:.0f} s in {root}") from None
    if done.returncode != 0:
        detail = (done.stderr.strip().splitlines() or ["failed"])[-1]
        raise GitError(f"git {args[0]} in {root}: {detail}")
    return done.stdout


def repository_root(start: Path) -> Path:
    """The top of the git checkout holding `start`."""
    folder = start if start.is_dir() else start.parent
    if not folder.exists():
        raise GitError(f"{start} does not exist")
    try:
        return Path(_git(folder, "rev-parse", "--show-toplevel").strip())
    except GitError:
        raise GitError(f"{folder} is not inside a git checkout: nothing to compare against") from None


@dataclass
class Repository:
    """One checkout and the base ref its working tree is compared with."""

    root: Path
    base: str
    commit: str = ""  # the base ref resolved to a commit
    _base_files: set[str] | None = field(default=None, repr=False)
    _texts: dict[str, str | None] = field(default_factory=dict, repr=False)

    @classmethod
    def open(cls, start: Path, base: str = "HEAD") -> Repository:
        root = repository_root(start)
        try:
            commit = _git(root, "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}").strip()
        except GitError:
            raise GitError(f"the base {base!r} is not a commit of {root} (a branch, tag or commit id)") from None
        return cls(root, base, commit)

    def base_files(self) -> set[str]:
        """Every file path (relative, with /) at the base."""
        if self._base_files is None:
            listed = _git(self.root, "ls-tree", "-r", "--name-only", "-z", self.commit)
            self._base_files = {name for name in listed.split("\0") if name}
        return self._base_files

    def working_files(self) -> set[str]:
        """Every file of the working tree git tracks or would track (untracked files not ignored)."""
        listed = _git(self.root, "ls-files", "--cached", "--others", "--exclude-standard", "-z")
        return {name for name in listed.split("\0") if name and (self.root / name).is_file()}

    def base_text(self, path: str) -> str | None:
        """The file's text at the base, or None when it did not exist there (or is not text)."""
        if path not in self._texts:
            if path not in self.base_files():
                self._texts[path] = None
            else:
                raw = subprocess.run(
                    ["git", "-C", str(self.root), "show", f"{self.commit}:{path}"],
                    capture_output=True,
                    timeout=GIT_TIMEOUT_S,
                    check=False,
                )
                self._texts[path] = raw.stdout.decode("utf-8", "replace") if raw.returncode == 0 else None
        return self._texts[path]

    def working_text(self, path: str) -> str | None:
        """The file's text in the working tree, or None when it is gone."""
        try:
            return (self.root / path).read_text(encoding="utf-8", errors="replace")
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return None

    def changed_python_files(self, paths: list[Path] | None = None) -> list[str]:
        """The .py files whose working text differs from the base's (new files included), under `paths`."""
        limits = [self._relative(p) for p in paths or []]
        listed = _git(self.root, "diff", "--name-only", "-z", self.commit, "--", *limits)
        changed = {name for name in listed.split("\0") if name.endswith(".py")}
        untracked = _git(self.root, "ls-files", "--others", "--exclude-standard", "-z", "--", *limits)
        changed |= {name for name in untracked.split("\0") if name.endswith(".py")}
        return sorted(changed)

    def _relative(self, path: Path) -> str:
        absolute = path.resolve()
        try:
            return absolute.relative_to(self.root.resolve()).as_posix() or "."
        except ValueError:
            raise GitError(f"{path} is outside the repository {self.root}") from None
