"""Blind evaluation: model names become neutral labels before anything is judged or written.

`codeeval run --blind` maps each group (a samples file's model) to a label
("model-3"), in an order drawn at random so the labels say nothing about the
names, and replaces the name everywhere a report could show it: the group,
the solution's label, its origin (the samples file's path), warnings, and the
solutions' comments and string literals (a banner such as "# written by
gpt-4" or a docstring naming the model, the literal parts of an f-string,
however the running Python tokenizes it). Code outside comments and strings,
the `{expressions}` of f-strings included, is left as it is, so the solution
still runs as written. The key goes to a
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

from ..base.errors import CodeevalError
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
            raise BlindKeyError(f'not a blind key (expected {{"labels": {{label: name}}}}): {exc}', str(path)) from None
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
        return self.within(source, text_spans(tokens))

    def within(self, source: str, spans: list[tuple[Position, Position]]) -> str:
        """Names replaced inside the given (start, end) spans of the source, as (line, column) pairs."""
        starts = [0]
        for line in source.splitlines(keepends=True):
            starts.append(starts[-1] + len(line))
        offsets = [(starts[begin[0] - 1] + begin[1], starts[end[0] - 1] + end[1]) for begin, end in spans]
        for begin, end in sorted(offsets, reverse=True):
            source = source[:begin] + self.text(source[begin:end]) + source[end:]
        return source

    def submission(self, submission: Submission) -> Submission:
        label = self.key.labels[submission.group]
        _path, colon, line = submission.origin.rpartition(":")
        origin = f"{label}.jsonl:{line}" if colon and line.isdigit() else self.text(submission.origin)
        return replace(
            submission,
            label=self.text(submission.label),
            group=label,
            origin=origin,
            source=self.source(submission.source),
        )


Position = tuple[int, int]  # a token's (line, column), lines from 1
# Literal text: comments and strings, and (Python 3.12+, which tokenizes inside f-strings) the literal parts of
# f-strings and t-strings, between their `{expressions}`, whose names are code and stay as they are.
_TEXT_TOKENS = frozenset({"COMMENT", "STRING"})
_MIDDLE_TOKENS = frozenset({"FSTRING_MIDDLE", "TSTRING_MIDDLE"})


def text_spans(
    tokens: list[tokenize.TokenInfo], names: dict[int, str] = tokenize.tok_name
) -> list[tuple[Position, Position]]:
    """The (start, end) of each piece of literal text among the tokens.

    A literal part of an f-string ends where the next token starts, not at its own end: Python 3.12 gives an
    escaped brace (`{{`) one character in the token and two in the source, so the token's end falls short."""
    spans = []
    for index, token in enumerate(tokens):
        name = names.get(token.type, "")
        if name == "STRING" and "f" in _prefix(token.string).lower():
            spans.extend(_f_string_literals(token))  # Python before 3.12: an f-string is one STRING token
        elif name in _TEXT_TOKENS:
            spans.append((token.start, token.end))
        elif name in _MIDDLE_TOKENS:
            following = tokens[index + 1].start if index + 1 < len(tokens) else token.end
            spans.append((token.start, max(following, token.end)))
    return spans


def _prefix(literal: str) -> str:
    """A string literal's prefix letters (`rb`, `f`, ...)."""
    return literal[: len(literal) - len(literal.lstrip("rRbBuUfFtT"))]


def _f_string_literals(token: tokenize.TokenInfo) -> list[tuple[Position, Position]]:
    """The spans of a whole f-string token that are literal text, not `{expressions}` (`{{` is literal)."""
    text, spans, depth, begin, index = token.string, [], 0, 0, 0
    while index < len(text):
        pair = text[index : index + 2]
        if depth == 0 and pair in ("{{", "}}"):
            index += 2
            continue
        if text[index] == "{":
            if depth == 0:
                spans.append((begin, index))
            depth += 1
        elif text[index] == "}" and depth > 0:
            depth -= 1
            if depth == 0:
                begin = index + 1
        index += 1
    if depth == 0:
        spans.append((begin, len(text)))
    return [(_position(token, start), _position(token, end)) for start, end in spans if end > start]


def _position(token: tokenize.TokenInfo, offset: int) -> Position:
    """The (line, column) of an offset into a token's text."""
    before = token.string[:offset]
    newlines = before.count("\n")
    if not newlines:
        return token.start[0], token.start[1] + offset
    return token.start[0] + newlines, offset - before.rindex("\n") - 1


def blind(submissions: list[Submission], warnings: list[str]) -> tuple[list[Submission], list[str], BlindKey]:
    """The submissions and warnings with every model name replaced, and the key."""
    key = BlindKey.draw(sorted({s.group for s in submissions}))
    blinder = Blinder(key)
    return [blinder.submission(s) for s in submissions], [blinder.text(w) for w in warnings], key


def unblind_text(text: str, key: BlindKey) -> str:
    """Labels back to names (`model-12` is never mistaken for `model-1`)."""
    pattern = (
        re.compile(r"\b(" + "|".join(re.escape(label) for label in sorted(key.names, key=len, reverse=True)) + r")\b")
        if key.names
        else None
    )
    return pattern.sub(lambda m: key.names[m.group(0)], text) if pattern else text
