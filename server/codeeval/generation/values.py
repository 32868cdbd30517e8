"""Plain values as generation sees them: records, sizes, an order from simple to complex, Python source text.

Generated inputs are plain data (ints, strings, lists...) so they can be sent
to the sandbox as tagged values. An instance of a dataclass or NamedTuple the
reference defines is a `RecordValue`: a tuple the sandbox-side adapter turns
into an instance of that class (by name, in whichever module it runs), shown
to readers as `Point(x=1, y=2)`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

RECORD_MARKER = "__codeeval_record__"


class RecordValue(tuple):
    """`Point(x=1, y=2)`: on the wire the tuple (RECORD_MARKER, "Point", (("x", 1), ("y", 2)))."""

    def __new__(cls, type_name: str, fields: tuple[tuple[str, Any], ...]) -> RecordValue:
        return super().__new__(cls, (RECORD_MARKER, type_name, tuple((str(k), v) for k, v in fields)))

    @property
    def type_name(self) -> str:
        return self[1]

    @property
    def fields(self) -> tuple[tuple[str, Any], ...]:
        return self[2]

    def replace(self, name: str, value: Any) -> RecordValue:
        return RecordValue(self.type_name, tuple((k, value if k == name else v) for k, v in self.fields))

    def __repr__(self) -> str:
        return f"{self.type_name}({', '.join(f'{k}={v!r}' for k, v in self.fields)})"


def contains(value: Any, test: Callable[[Any], bool], depth: int = 0) -> bool:
    """Whether `value` or anything nested in it (dict keys included) passes `test`."""
    if depth > 50:
        return False
    if test(value):
        return True
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(contains(v, test, depth + 1) for v in value)
    if isinstance(value, dict):
        return any(contains(k, test, depth + 1) or contains(v, test, depth + 1) for k, v in value.items())
    return False


def has_float(value: Any) -> bool:
    return contains(value, lambda v: isinstance(v, float))


def size_of(value: Any, depth: int = 0) -> int:
    """A rough measure of how big a value is: shrinking only ever moves to smaller sizes."""
    if depth > 200:
        return 1
    if value is None or isinstance(value, bool):
        return int(value is True)
    if isinstance(value, (int, float, complex)):
        return _number_size(value)
    if isinstance(value, (str, bytes, bytearray)):
        return len(value) * 2 + sum(1 for ch in (value if isinstance(value, str) else "") if not ch.isascii())
    if isinstance(value, RecordValue):
        return 1 + sum(size_of(v, depth + 1) for _, v in value.fields)
    if isinstance(value, dict):
        return 1 + sum(1 + size_of(k, depth + 1) + size_of(v, depth + 1) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return 1 + sum(1 + size_of(v, depth + 1) for v in value)
    return 1


def _number_size(value: int | float | complex) -> int:
    """Bits for an int; for a float its magnitude's bits, more for a fraction; a complex number's two parts."""
    if isinstance(value, complex):
        return _number_size(value.real) + _number_size(value.imag)
    if isinstance(value, int):
        return value.bit_length() + (1 if value < 0 else 0)
    if math.isnan(value) or math.isinf(value):
        return 8
    if value == 0:
        return 0
    whole = 0 if value == int(value) else 4
    return min(64, int(abs(math.log2(abs(value))))) + 1 + whole + (1 if value < 0 else 0)


def safe_repr(value: Any, limit: int = 100_000) -> str:
    """repr, or a stand-in for values too deep or holding ints too long to show (beyond Python's digit limit)."""
    try:
        text = repr(value)
    except RecursionError:
        text = "<deep>"
    except ValueError:
        text = _hex_text(value, 0)
    return text[:limit]


def _hex_text(value: Any, depth: int) -> str:
    """Text for values holding huge ints: each int in hex (linear time), the rest as repr."""
    if depth > 100:
        return "<deep>"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"<int 0x{value:x}>" if value.bit_length() > 10_000 else repr(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        return f"{type(value).__name__}[{', '.join(_hex_text(v, depth + 1) for v in value)}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_hex_text(k, depth + 1)}: {_hex_text(v, depth + 1)}" for k, v in value.items()) + "}"
    try:
        return repr(value)
    except (ValueError, RecursionError):
        return f"<{type(value).__name__}>"


def simplicity_key(value: Any) -> tuple:
    """Total order used by the shrinker: smaller size first, then shorter text, then text."""
    text = safe_repr(value)
    return (size_of(value), len(text), text)


def value_key(value: Any) -> str:
    """Identity of a value for de-duplication: its type-revealing repr (True and 1 differ, 1 and 1.0 differ)."""
    return f"{type(value).__name__}:{safe_repr(value, 1_000_000)}"


def py_source(value: Any, depth: int = 0) -> str:
    """Python source that rebuilds `value` (inf and NaN included), for ready-to-paste tests."""
    if depth > 100:
        raise ValueError("value nested too deeply to write as source")
    if isinstance(value, (float, complex)):
        return _number_source(value)
    if isinstance(value, RecordValue):
        return f"{value.type_name}({', '.join(f'{k}={py_source(v, depth + 1)}' for k, v in value.fields)})"
    if isinstance(value, (list, set, frozenset, dict)) or type(value) is tuple:
        return _collection_source(value, depth)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 10_000:
        return f"0x{value:x}" if value >= 0 else f"-0x{-value:x}"
    if value is None or isinstance(value, (bool, int, str, bytes)):
        return repr(value)
    if isinstance(value, bytearray):
        return f"bytearray({bytes(value)!r})"
    raise ValueError(f"cannot write a {type(value).__name__} as Python source")


def _number_source(value: float | complex) -> str:
    if isinstance(value, complex):
        return f"complex({py_source(value.real)}, {py_source(value.imag)})"
    if math.isnan(value):
        return 'float("nan")'
    if math.isinf(value):
        return 'float("inf")' if value > 0 else '-float("inf")'
    return repr(value)


def _collection_source(value: list | tuple | set | frozenset | dict, depth: int) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{py_source(k, depth + 1)}: {py_source(v, depth + 1)}" for k, v in value.items()) + "}"
    if isinstance(value, (set, frozenset)):
        return _set_source(value, depth)
    inner = ", ".join(py_source(v, depth + 1) for v in value)
    if isinstance(value, list):
        return f"[{inner}]"
    return f"({inner},)" if len(value) == 1 else f"({inner})"


def _set_source(value: set | frozenset, depth: int) -> str:
    items = sorted(py_source(v, depth + 1) for v in value)
    if not items:
        return "set()" if isinstance(value, set) else "frozenset()"
    body = "{" + ", ".join(items) + "}"
    return body if isinstance(value, set) else f"frozenset({body})"


def record_names(value: Any, found: set[str] | None = None, depth: int = 0) -> set[str]:
    """Names of the record types a value uses (the test must import them)."""
    found = set() if found is None else found
    if depth > 100:
        return found
    if isinstance(value, RecordValue):
        found.add(value.type_name)
        for _, v in value.fields:
            record_names(v, found, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            record_names(v, found, depth + 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            record_names(k, found, depth + 1)
            record_names(v, found, depth + 1)
    return found
