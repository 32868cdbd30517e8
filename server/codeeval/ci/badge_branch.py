"""Publishing badge files to a branch of the repository (e.g. `badges`), so a README can link them.

The commit is made with git plumbing (hash-object, mktree, commit-tree), so
the workspace's checkout and index are never touched; other files already on
the branch are kept. Pushing uses the workspace's `origin` and the credentials
actions/checkout left in its configuration.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .git import git

BOT_NAME = "github-actions[bot]"
BOT_EMAIL = "41898282+github-actions[bot]@users.noreply.github.com"


@dataclass(frozen=True)
class Published:
    """What a publication did."""

    branch: str
    commit: str | None  # None: the branch already had these exact files
    files: tuple[str, ...]


def publish(repo: Path, branch: str, files: dict[str, Path], message: str, remote: str = "origin") -> Published:
    """Commit `files` ({name on the branch: local file}) on top of `branch` and push it."""
    remote_ref = f"refs/remotes/{remote}/{branch}"
    git(repo, "fetch", "--no-tags", "--depth=1", remote, f"+refs/heads/{branch}:{remote_ref}", check=False)
    parent = git(repo, "rev-parse", "--verify", "--quiet", remote_ref, check=False).strip() or None  # a new branch
    entries = _tree_entries(repo, parent) if parent else {}
    for name, local in files.items():
        blob = git(repo, "hash-object", "-w", "--", str(local)).strip()
        entries[name] = f"100644 blob {blob}\t{name}"
    tree = git(repo, "mktree", input_text="".join(f"{entry}\n" for _, entry in sorted(entries.items()))).strip()
    if parent and git(repo, "rev-parse", f"{parent}^{{tree}}").strip() == tree:
        return Published(branch, None, tuple(files))
    author = {
        "GIT_AUTHOR_NAME": BOT_NAME,
        "GIT_AUTHOR_EMAIL": BOT_EMAIL,
        "GIT_COMMITTER_NAME": BOT_NAME,
        "GIT_COMMITTER_EMAIL": BOT_EMAIL,
    }
    commit = git(repo, "commit-tree", tree, *(["-p", parent] if parent else []), "-m", message, env=author).strip()
    git(repo, "push", "--quiet", remote, f"{commit}:refs/heads/{branch}")
    return Published(branch, commit, tuple(files))


def _tree_entries(repo: Path, commit: str) -> dict[str, str]:
    """The top-level entries of a commit's tree, by name, as mktree reads them."""
    entries = {}
    for line in git(repo, "ls-tree", commit).splitlines():
        entries[line.split("\t", 1)[1]] = line
    return entries
