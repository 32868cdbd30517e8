"""A problem's `extended_inputs`: a benchmark's many extra inputs, stored compactly, read only when judged.

EvalPlus's plus tier has up to a thousand inputs per task and its expected
outputs can be huge (HumanEval/15's came to 152 MB as YAML). A problem file
keeps the inputs only, as one literal block: one line per call, each a JSON
array of the positional arguments in the sandbox's tagged JSON (`{"$tuple":
[...]}`, `{"$set": [...]}`, `{"$dict": [[k, v], ...]}`, `{"$complex": [re,
im]}`...). libyaml reads the block as one string, so loading the file costs
next to nothing; the lines are decoded on first use (a `--tests plus` run),
and the expected outputs are the reference's, computed at run time
(dimensions/reference_outputs.py).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any

from ..base.errors import ProblemError
from ..sandbox.child.wire import Opaque, Record, WireError, decode, encode

_LINE = json.JSONEncoder(ensure_ascii=True, separators=(", ", ": "), allow_nan=False)  # made once: a benchmark has 10^5


def encode_line(args: list) -> str:
    """One call's positional arguments as one line (ASCII JSON, no newline in it)."""
    return _LINE.encode(encode(list(args)))


def encode_inputs(inputs: list[list]) -> str:
    """The text of an `extended_inputs` block: one line per call."""
    return "".join(encode_line(args) + "\n" for args in inputs)


_SCALARS = frozenset({int, float, complex, str, bytes, bytearray, bool, type(None)})


def plain_data(value: Any, depth: int = 0) -> bool:
    """Only data a problem file could hold: no opaque object or dataclass record anywhere in it."""
    if isinstance(value, (Opaque, Record)) or depth > 1000:
        return False
    if isinstance(value, (list, tuple, set, frozenset)):
        if set(map(type, value)) <= _SCALARS:  # one pass in C for a benchmark's list of a million numbers
            return True
        return all(plain_data(item, depth + 1) for item in value)
    if isinstance(value, dict):
        return all(plain_data(k, depth + 1) and plain_data(v, depth + 1) for k, v in value.items())
    return True


@dataclass(eq=False)
class StoredInputs:
    """The block's text and where it starts; `arguments()` decodes it once (thread-safe)."""

    text: str
    path: str | None = None
    first_line: int | None = None  # the file line of the block's first input line
    _decoded: list[list] | None = field(default=None, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def __getstate__(self) -> dict:  # sent to other processes (Ray) as text: the lock and decoded values stay
        return {"text": self.text, "path": self.path, "first_line": self.first_line}

    def __setstate__(self, state: dict) -> None:
        self.__init__(**state)  # type: ignore[misc]

    @property
    def count(self) -> int:
        return sum(1 for line in self.text.splitlines() if line.strip())

    def arguments(self) -> list[list]:
        """Each input's argument list; a line that is not one is a ProblemError naming its file line."""
        with self._lock:
            if self._decoded is None:
                self._decoded = self._decode()
            return self._decoded

    def _decode(self) -> list[list]:
        decoded = []
        for offset, line in enumerate(self.text.splitlines()):
            if not line.strip():
                continue
            where = None if self.first_line is None else self.first_line + offset
            try:
                value = decode(json.loads(line))
            except (ValueError, WireError, RecursionError) as exc:
                raise ProblemError(
                    f"extended_inputs: line {offset + 1} is not tagged JSON: {exc}", self.path, where
                ) from None
            if not isinstance(value, list):
                raise ProblemError(
                    f"extended_inputs: line {offset + 1} is not a JSON array of arguments", self.path, where
                )
            if not plain_data(value):
                raise ProblemError(
                    f"extended_inputs: line {offset + 1} holds an $opaque or $record value (arguments are plain data)",
                    self.path,
                    where,
                )
            decoded.append(value)
        return decoded
