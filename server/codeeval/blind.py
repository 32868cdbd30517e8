"""Blind evaluation: model names become neutral labels before anything is judged or written.

`codeeval run --blind` maps each group (a samples file's model) to a label
("model-3"), in an order drawn at random so the labels say nothing about the
names, and replaces the name everywhere a report could show it: the group,
the solution's label, its origin (the samples file's path), warnings, and the
solutions' comments and string literals (a banner such as "# written by
gpt-4" or a docstring naming the model). Code outside comments and strings
is left as it is, so the solution still runs as written. The key goes to a
file of its own; `codeeval unblind` maps a blinded run's leaderboard back.
"""

from __future__ import annotations

import io
import json
import random
import re
import tokenize
from dataclasses import dataclass, replace
from pathlib import Path

from .errors import CodeevalError
from .runner import Submission

KEY_SUFFIX = ".blind-key.json"


class BlindKeyError(CodeevalError):
    """A blind key file that cannot be read."""


@dataclass(frozen=True)
class BlindKey:
    """Neutral label -> real group name."""

    names: dict[str, str]

    @classmethod
    def draw(cls, groups: list[str]) -> BlindKey:
        order = list(range(1, len(groups) + 1))
        random.SystemRandom().shuffle(order)
        return cls({f"model-{number}": group for number, group in zip(order, sorted(groups), strict=True)})

    @property
    def labels(self) -> dict[str, str]:
        return {name: label for label, name in self.names.items()}

    def write(self, path: Path) -> None:
        path.write_text(json.dumps({"labels": self.names}, indent=2, sort_keys=True) + "\n", encoding="utf-8")

    @classmethod
    def read(cls, path: Path) -> BlindKey:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            names = data["labels"]
            if not isinstance(names, dict):
                raise TypeError("labels is not a mapping")
        except FileNotFoundError:
            raise BlindKeyError("file not found", str(path)) from None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise BlindKeyError(f"not a blind key (expected {{\"labels\": {{label: name}}}}): {exc}",
                                str(path)) from None
        return cls({str(k): str(v) for k, v in names.items()})


def name_pattern(names: list[str]) -> re.Pattern[str] | None:
    """Any of the names, case-insensitively, with `-`, `_`, `.` and spaces between their parts interchangeable."""
    parts = []
    for name in sorted(set(names), key=len, reverse=True):
        pieces = [re.escape(piece) for piece in re.split(r"[-_. ]+", name) if piece]
        if pieces:
            parts.append(r"[-_. ]?".join(pieces))
    # Not inside a longer word: a name is replaced where it stands alone ("by gpt-4:", "[gpt-4]").
    return re.compile(r"(?<![A-Za-z0-9])(?:" + "|".join(parts) + r")(?![A-Za-z0-9])", re.IGNORECASE) if parts else None


class Blinder:
    """Replaces a key's names with their labels in text, sources and submissions."""

    def __init__(self, key: BlindKey):
        self.key = key
        self._labels = {self._norm(name): label for name, label in key.labels.items()}
        self._pattern = name_pattern(list(key.labels))

    @staticmethod
    def _norm(text: str) -> str:
        return re.sub(r"[-_. ]+", "", text).lower()

    def text(self, text: str) -> str:
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda m: self._labels.get(self._norm(m.group(0)), "model"), text)

    def source(self, source: str) -> str:
        """Names replaced inside comments and string literals only (everywhere when the code does not tokenize)."""
        try:
            tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
        except (tokenize.TokenError, SyntaxError, IndentationError):
            return self.text(source)
        starts = [0]
        for line in source.splitlines(keepends=True):
            starts.append(starts[-1] + len(line))
        spans = [(starts[t.start[0] - 1] + t.start[1], starts[t.end[0] - 1] + t.end[1])
                 for t in tokens if t.type in (tokenize.COMMENT, tokenize.STRING)]
        for begin, end in reversed(spans):
            source = source[:begin] + self.text(source[begin:end]) + source[end:]
        return source

    def submission(self, submission: Submission) -> Submission:
        label = self.key.labels[submission.group]
        _path, colon, line = submission.origin.rpartition(":")
        origin = f"{label}.jsonl:{line}" if colon and line.isdigit() else self.text(submission.origin)
        return replace(submission, label=self.text(submission.label), group=label, origin=origin,
                       source=self.source(submission.source))


def blind(submissions: list[Submission], warnings: list[str]) -> tuple[list[Submission], list[str], BlindKey]:
    """The submissions and warnings with every model name replaced, and the key."""
    key = BlindKey.draw(sorted({s.group for s in submissions}))
    blinder = Blinder(key)
    return [blinder.submission(s) for s in submissions], [blinder.text(w) for w in warnings], key


def unblind_text(text: str, key: BlindKey) -> str:
    """Labels back to names (`model-12` is never mistaken for `model-1`)."""
    pattern = re.compile(r"\b(" + "|".join(re.escape(label) for label in sorted(key.names, key=len, reverse=True))
                         + r")\b") if key.names else None
    return pattern.sub(lambda m: key.names[m.group(0)], text) if pattern else text
