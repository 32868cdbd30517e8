"""Tagged JSON values and length-prefixed framing, shared by the evaluator and the worker.

Standard library only: the worker imports this inside the sandbox. Every JSON
object on the wire is a one-key tag ({"$tuple": [...]}), so plain data decodes
back to the same plain data and nothing else: decoding never builds an object
of a type the solution chose.
"""

from __future__ import annotations

import binascii
import math
import os
import struct
import sys

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: importing `typing` would add `re` to every worker's start-up
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence
    from typing import Any, TypeAlias

    # JSON data as the wire carries it, tags included: what `encode` makes (read-only, so lists of ints fit).
    WireData: TypeAlias = bool | int | float | str | Sequence["WireData"] | Mapping[str, "WireData"] | None
    # A value decoded from the wire, or one a solution made: plain data of whatever type the data has.
    Value: TypeAlias = Any
    # A tag's body (unchecked JSON: a malformed one fails in its decoder, which `decode` turns into a WireError)
    # and the tagged value's depth -> the decoded value.
    TagDecoder: TypeAlias = Callable[[Any, int], Value]

try:  # the C halves of `json`: importing `json` itself pulls in `re` and `enum`, a third of a worker's start-up
    from _json import encode_basestring_ascii as _c_encode_string
    from _json import make_encoder as _c_make_encoder
    from _json import make_scanner as _c_make_scanner

    _HAVE_C_JSON = True
except ImportError:  # an interpreter without them: the slower pure-Python module
    _HAVE_C_JSON = False

HEADER = struct.Struct(">I")
MAX_MESSAGE_BYTES = 256 * 1024 * 1024
MAX_DEPTH = 1000
REPR_LIMIT = 300
_BIG_INT_BITS = 12000  # beyond this, json's int<->str conversion limit applies


class WireError(Exception):
    """A message could not be framed, encoded or decoded."""


class Opaque:
    """A value codeeval cannot compare (a function, a custom object): it equals nothing."""

    __slots__ = ("type_name", "text")

    def __init__(self, type_name: str, text: str):
        self.type_name = type_name
        self.text = text

    def __eq__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return hash((self.type_name, self.text))

    def __repr__(self) -> str:
        return f"<{self.type_name}: {self.text}>"


class Record:
    """A dataclass instance decoded as its type name and field values."""

    __slots__ = ("type_name", "fields")

    def __init__(self, type_name: str, fields: tuple):
        self.type_name = type_name
        self.fields = fields

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and (self.type_name, self.fields) == (other.type_name, other.fields)

    def __hash__(self) -> int:
        return hash((self.type_name, self.fields))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.fields)
        return f"{self.type_name}({inner})"


def _safe_repr(value: object) -> str:
    try:
        text = repr(value)
    except BaseException:  # a hostile __repr__ must not break encoding
        text = "<repr failed>"
    if not isinstance(text, str):
        text = "<repr failed>"
    return text[:REPR_LIMIT]


def _dataclass_fields(kind: type) -> list[str] | None:
    """Field names of a dataclass type, without importing `dataclasses` (slow to import)."""
    fields = getattr(kind, "__dataclass_fields__", None)
    if not isinstance(fields, dict):
        return None
    return [
        name
        for name, field in fields.items()
        if getattr(field, "_field_type", None) is not None and repr(field._field_type) == "_FIELD"
    ]


def _type_name(value: object) -> str:
    kind = type(value)
    return f"{getattr(kind, '__module__', '?')}.{getattr(kind, '__qualname__', '?')}"


def encode(value: object, depth: int = 0, packed: bool = False) -> WireData:
    """Turn a value into JSON-ready data; unknown objects become opaque tags.

    `packed`: long lists of floats travel as binary doubles (`$f64`), for messages between the evaluator and
    the worker and the evaluator's own caches, not for files people read (problem files)."""
    if depth > MAX_DEPTH:
        raise WireError("value nested too deeply to encode")
    kind = type(value)
    if value is None or type(value) is bool or type(value) is str:  # `type(...)` again: the checker narrows it
        return value
    if kind is int and isinstance(value, int) and value.bit_length() <= _BIG_INT_BITS:  # the commonest value
        return value
    if isinstance(value, (bool, int, float, str, bytes, bytearray, complex)):
        return _encode_scalar(value, depth)
    if isinstance(value, (list, tuple, frozenset, set, dict)):
        return _encode_collection(value, depth, packed)
    field_names = _dataclass_fields(kind)
    if field_names is not None:
        fields: list[WireData] = [[name, encode(getattr(value, name), depth + 1, packed)] for name in field_names]
        return {"$record": [_type_name(value).rpartition(".")[2], fields]}
    return {"$opaque": [_type_name(value), _safe_repr(value)]}


def _encode_scalar(value: bool | int | float | str | bytes | bytearray | complex, depth: int) -> WireData:
    """A scalar (of a subclass too) as the built-in value; ints too long and non-finite floats tagged."""
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        number = int.__index__(value)
        return {"$int": format(number, "x")} if number.bit_length() > _BIG_INT_BITS else number
    if isinstance(value, float):
        real = float.__float__(value)
        return real if math.isfinite(real) else {"$float": repr(real)}
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, (bytes, bytearray)):
        tag = "$bytes" if isinstance(value, bytes) else "$bytearray"
        return {tag: binascii.b2a_base64(bytes(value), newline=False).decode("ascii")}
    return {"$complex": [encode(value.real, depth + 1), encode(value.imag, depth + 1)]}


_PLAIN_KINDS = frozenset({int, float, str, bool, type(None)})
PACKED_MIN_ITEMS = 64  # shorter lists stay readable JSON: packing saves nothing worth having there
_EXACT_IN_DOUBLE = 1 << 53
_INT_LIMIT = 1 << _BIG_INT_BITS


def _plain_items(items: list) -> bool:
    """Whether every item is its own JSON (exact built-in ints of JSON's size, finite floats, strings, bools,
    None): checked in C-speed passes, so a list of a million numbers skips a call per item."""
    kinds = set(map(type, items))
    if not kinds <= _PLAIN_KINDS:
        return False
    if int in kinds:
        ints = [item for item in items if type(item) is int] if len(kinds) > 1 else items
        if ints and (max(ints) >= _INT_LIMIT or min(ints) <= -_INT_LIMIT):
            return False
    if float in kinds:
        floats = [item for item in items if type(item) is float] if len(kinds) > 1 else items
        if not all(map(math.isfinite, floats)):
            return False
    return True


def _encode_collection(value: list | tuple | frozenset | set | dict, depth: int, packed: bool) -> WireData:
    """A collection (of a subclass too) item by item, through the built-in type's own iteration."""
    if isinstance(value, list):
        items = list(list.__iter__(value))
        numbers = _packed_numbers(items) if packed and len(items) >= PACKED_MIN_ITEMS else None
        if numbers is not None:
            return numbers
        return items if _plain_items(items) else [encode(item, depth + 1, packed) for item in items]
    if isinstance(value, tuple):
        return {"$tuple": [encode(item, depth + 1, packed) for item in tuple.__iter__(value)]}
    if isinstance(value, frozenset):
        return {"$frozenset": [encode(item, depth + 1, packed) for item in frozenset.__iter__(value)]}
    if isinstance(value, set):
        return {"$set": [encode(item, depth + 1, packed) for item in set.__iter__(value)]}
    return {"$dict": [[encode(k, depth + 1, packed), encode(v, depth + 1, packed)] for k, v in dict.items(value)]}


def _packed_numbers(items: list) -> WireData:
    """A list of floats, and ints a double holds exactly, as {"$f64": [little-endian doubles in base64, the
    positions of the ints]}; None for any other list. Reading a float from JSON text costs about ten times
    reading it from bytes, and a benchmark's answers can hold millions (HumanEval/130's plus tier: ten)."""
    kinds = set(map(type, items))
    if float not in kinds or not kinds <= {int, float}:
        return None
    # Imported here: only a worker that returns such a list pays for them.
    from array import array  # noqa: PLC0415
    from itertools import compress, count, repeat  # noqa: PLC0415
    from operator import is_  # noqa: PLC0415

    ints: list[int] = []
    if int in kinds:  # where they are, found in C: each item's type compared with `int`
        ints = list(compress(count(), map(is_, map(type, items), repeat(int))))
        if max(abs(items[index]) for index in ints) > _EXACT_IN_DOUBLE:
            return None

    numbers = array("d", items)
    if sys.byteorder == "big":
        numbers.byteswap()
    return {"$f64": [binascii.b2a_base64(numbers.tobytes(), newline=False).decode("ascii"), ints]}


def _decode_packed(body: Any, depth: int) -> list:
    from array import array  # noqa: PLC0415

    text, ints = body
    numbers = array("d")
    numbers.frombytes(_b64decode(text))  # ValueError unless a whole number of doubles
    if sys.byteorder == "big":
        numbers.byteswap()
    values = numbers.tolist()
    for index in ints:
        if type(index) is not int or not 0 <= index < len(values) or not values[index].is_integer():
            raise WireError("malformed $f64 value: an int position that is not one")
        values[index] = int(values[index])
    return values


_B64_ALPHABET = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")


def _b64decode(text: str) -> bytes:
    """Strict base64 (what `base64.b64decode(validate=True)` does, without importing `re`)."""
    data = text.encode("ascii")
    if sys.version_info >= (3, 11):
        return binascii.a2b_base64(data, strict_mode=True)
    if len(data) % 4 or not _B64_ALPHABET.issuperset(data):  # Python 3.10 has no strict mode
        raise binascii.Error("invalid base64")
    return binascii.a2b_base64(data)


def _decode_pairs(items: Iterable[Any], depth: int) -> list[tuple[Value, Value]]:
    return [(decode(k, depth + 1), decode(v, depth + 1)) for k, v in items]


def decode(data: object, depth: int = 0) -> Value:
    """Inverse of `encode`, building only plain data, `Opaque` and `Record`."""
    if depth > MAX_DEPTH:
        raise WireError("value nested too deeply to decode")
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        if set(map(type, data)) <= _PLAIN_KINDS:  # no tagged value inside: the list is already the value
            return list(data)
        return [decode(item, depth + 1) for item in data]
    if not isinstance(data, dict) or len(data) != 1:
        raise WireError("malformed tagged value")
    ((tag, body),) = data.items()
    decoder = _DECODERS.get(tag)
    if decoder is None:
        raise WireError(f"unknown tag {tag!r}")
    try:
        return decoder(body, depth)
    except WireError:
        raise
    except (TypeError, ValueError, AttributeError) as exc:
        raise WireError(f"malformed {tag} value: {exc}") from None


def _decode_record(body: Any, depth: int) -> Record:
    name, fields = body
    return Record(str(name), tuple((str(k), decode(v, depth + 1)) for k, v in fields))


def _decode_opaque(body: Any, depth: int) -> Opaque:
    name, text = body
    return Opaque(str(name)[:REPR_LIMIT], str(text)[:REPR_LIMIT])


# Each tag's body -> its value (`depth` is the tagged value's own).
_DECODERS: dict[str, TagDecoder] = {
    "$tuple": lambda body, depth: tuple(decode(item, depth + 1) for item in body),
    "$set": lambda body, depth: {decode(item, depth + 1) for item in body},
    "$frozenset": lambda body, depth: frozenset(decode(item, depth + 1) for item in body),
    "$dict": lambda body, depth: dict(_decode_pairs(body, depth)),
    "$bytes": lambda body, depth: _b64decode(body),
    "$bytearray": lambda body, depth: bytearray(_b64decode(body)),
    "$float": lambda body, depth: float(body),
    "$int": lambda body, depth: int(body, 16),
    "$complex": lambda body, depth: complex(decode(body[0], depth + 1), decode(body[1], depth + 1)),
    "$f64": _decode_packed,
    "$record": _decode_record,
    "$opaque": _decode_opaque,
}


class _ScanContext:
    """What `_json.make_scanner` reads from a JSONDecoder: strict JSON, no hooks, no NaN."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int

    @staticmethod
    def parse_constant(name: str) -> float:
        raise ValueError(f"{name} is not allowed")


def _no_default(value: object) -> object:
    raise TypeError(f"{type(value).__name__} is not JSON data")


if _HAVE_C_JSON:
    _encoder = _c_make_encoder(None, _no_default, _c_encode_string, None, ":", ",", False, False, False)
    # typeshed types the context as a scanner; CPython reads the JSONDecoder attributes from any object.
    _scanner = _c_make_scanner(_ScanContext())  # type: ignore[arg-type]

    def _dumps(message: dict) -> str:
        return "".join(_encoder(message, 0))

    def _loads(text: str) -> object:
        try:
            value, end = _scanner(text, 0)
        except StopIteration:
            raise ValueError("no JSON value") from None
        if end != len(text):
            raise ValueError("extra data after the JSON value")
        return value
else:

    def _dumps(message: dict) -> str:
        import json  # noqa: PLC0415  (only without the C halves: `json` brings `re` into every worker)

        return json.dumps(message, separators=(",", ":"), allow_nan=False)

    def _loads(text: str) -> object:
        import json  # noqa: PLC0415  (as above)

        return json.loads(text)


def dumps(message: dict) -> bytes:
    """A message as UTF-8 JSON bytes; WireError when it cannot be encoded."""
    try:
        return _dumps(message).encode("utf-8")
    except (TypeError, ValueError, RecursionError) as exc:
        raise WireError(f"cannot encode message: {str(exc)[:200]}") from None


def loads(payload: bytes | bytearray) -> dict:
    """A message decoded from UTF-8 JSON bytes; WireError unless it is a JSON object."""
    try:
        message = _loads(payload.decode("utf-8"))
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise WireError(f"malformed message: {str(exc)[:200]}") from None
    if not isinstance(message, dict):
        raise WireError("message is not an object")
    return message


def write_message(fd: int, message: dict) -> None:
    """Write one length-prefixed message to `fd`, all of it."""
    write_payload(fd, dumps(message))


def write_payload(fd: int, payload: bytes) -> None:
    """Write one message already encoded by `dumps` (or joined from pieces that were), length-prefixed."""
    if len(payload) > MAX_MESSAGE_BYTES:
        raise WireError("message too large")
    data = HEADER.pack(len(payload)) + payload
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def read_exact(fd: int, size: int) -> bytes:
    """Blocking read of exactly `size` bytes (the worker side; the evaluator reads with a deadline)."""
    chunks = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            raise EOFError("channel closed")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_message(fd: int) -> dict:
    """One length-prefixed message read from `fd` (blocking)."""
    (size,) = HEADER.unpack(read_exact(fd, HEADER.size))
    if size > MAX_MESSAGE_BYTES:
        raise WireError("message too large")
    return loads(read_exact(fd, size))
