"""Decision files: where they are, reading one whole (every error with its line), and adding a decision.

The file is `codeeval-decisions.jsonl`, plain JSON Lines meant to be committed beside the problems or in the
repository. A run looks for it from the problems' folder upwards to the repository's root; `--decisions FILE`
names one. Adding a decision rewrites the file through a temporary file and a rename, and replaces the same
reviewer's earlier decision on the same item (so changing your mind is not a conflict); a file that does not
read cleanly is never rewritten.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..base.atomic_file import write_text_atomically
from .decision import Decision, DecisionFileError, parse_line

FILE_NAME = "codeeval-decisions.jsonl"
_MAX_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class DecisionLog:
    """Every decision of one file, in file order."""

    path: str
    decisions: tuple[Decision, ...] = field(default=())

    def __bool__(self) -> bool:
        return bool(self.decisions)

    def where(self, decision: Decision) -> str:
        return f"{Path(self.path).name}:{decision.line}"


EMPTY_LOG = DecisionLog("")


def find_decision_file(start: str | Path) -> Path | None:
    """The nearest `codeeval-decisions.jsonl` from `start` (a folder or a file in it) up to the repository's root
    (the first folder holding `.git`), or None."""
    folder = Path(start).resolve()
    if not folder.is_dir():
        folder = folder.parent
    for candidate in (folder, *folder.parents):
        if (candidate / FILE_NAME).is_file():
            return candidate / FILE_NAME
        if (candidate / ".git").exists():
            return None
    return None


def read_decisions(path: str | Path) -> DecisionLog:
    """The whole file, or DecisionFileError naming the first bad line; a missing file is an empty log."""
    path = Path(path)
    if not path.exists():
        return DecisionLog(str(path))
    if path.stat().st_size > _MAX_BYTES:
        raise DecisionFileError(f"larger than {_MAX_BYTES // (1024 * 1024)} MB: not a decision file", str(path))
    raw = path.read_bytes()
    if b"\0" in raw:
        raise DecisionFileError("a binary file, not a decision file (JSON Lines)", str(path))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DecisionFileError("not UTF-8 text", str(path), line) from None
    decisions = [
        parse_line(line_text, str(path), number)
        for number, line_text in enumerate(text.splitlines(), start=1)
        if line_text.strip()
    ]
    _check_conflicts(decisions, str(path))
    return DecisionLog(str(path), tuple(decisions))


def _check_conflicts(decisions: list[Decision], path: str) -> None:
    """One reviewer, one item, two lines: which one holds is unknowable, so the file is refused."""
    seen: dict[tuple[str, tuple[str, str, str, str]], Decision] = {}
    for decision in decisions:
        key = (decision.reviewer, decision.item)
        earlier = seen.get(key)
        if earlier is not None:
            raise DecisionFileError(
                f"conflicts with line {earlier.line}: {decision.reviewer} decided on the same "
                f"{'finding' if decision.finding else 'score'} twice; keep one line",
                path,
                decision.line,
            )
        seen[key] = decision


def add_decision(path: str | Path, decision: Decision) -> DecisionLog:
    """`decision` written to the file, replacing the same reviewer's earlier one on the same item; the new log."""
    path = Path(path)
    log = read_decisions(path)  # raises on a bad file: then nothing is written, and nothing is lost
    kept = [d for d in log.decisions if (d.reviewer, d.item) != (decision.reviewer, decision.item)]
    lines = [d.to_json() for d in kept] + [decision.to_json()]
    write_text_atomically(path, "".join(line + "\n" for line in lines))
    return read_decisions(path)
