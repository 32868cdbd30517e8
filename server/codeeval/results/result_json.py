"""Evaluation results as JSON and back, losslessly, for the result cache: reading an entry never runs code.

A result is dataclasses (EvaluationResult, DimensionResult, ...), enums and
plain data. Each dataclass or enum is written with its class's place in
codeeval (`{"$class": ["codeeval.results.result:DimensionResult", {fields}]}`, `{"$enum":
[place, value]}`), everything JSON has no spelling for with a tag (`$tuple`,
`$set`, `$frozenset`, `$bytes`, `$float` for NaN and infinities, `$int` for
ints too long for JSON, `$dict` for a mapping whose keys are not all strings).
Decoding builds only those: a class is looked up only inside the codeeval
package and must be a dataclass or an enum, and it is built from its fields,
so a planted entry can at worst make a wrong result, never run anything.
Anything else (an object of a foreign type) cannot be encoded: that result is
simply not cached.
"""

from __future__ import annotations

import base64
import dataclasses
import importlib
import json
import math
from enum import Enum
from typing import Any

PACKAGE = "codeeval"
MAX_DEPTH = 500
_INT_BITS = 13_000  # about 3900 digits: json's int <-> str conversion refuses more than 4300


class UnencodableResult(ValueError):
    """A result holding a value the cache cannot write faithfully."""


def dumps(value: Any) -> str:
    return json.dumps(_encode(value, 0), allow_nan=False, separators=(",", ":"))


def loads(text: str) -> Any:
    """The value `dumps` wrote; ValueError for anything malformed or naming a class outside codeeval."""
    return _decode(json.loads(text), 0)


def _place(kind: type) -> str:
    module = kind.__module__
    if module != PACKAGE and not module.startswith(PACKAGE + "."):
        raise UnencodableResult(f"{module}.{kind.__qualname__} is not codeeval's")
    return f"{module}:{kind.__qualname__}"


def _encode(value: Any, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise UnencodableResult("nested too deeply")
    if isinstance(value, Enum):
        return {"$enum": [_place(type(value)), _encode(value.value, depth + 1)]}
    if value is None or isinstance(value, (bool, int, float, str, bytes, bytearray)):
        return _encode_scalar(value)
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        return _encode_collection(value, depth)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: _encode(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)}
        return {"$class": [_place(type(value)), fields]}
    raise UnencodableResult(f"a {type(value).__name__} value")


def _encode_scalar(value: bool | int | float | str | bytes | bytearray | None) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value if value.bit_length() <= _INT_BITS else {"$int": format(value, "x")}
    if isinstance(value, float):
        return value if math.isfinite(value) else {"$float": repr(value)}
    return {"$bytes": base64.b64encode(bytes(value)).decode("ascii")}


def _encode_collection(value: list | tuple | set | frozenset | dict, depth: int) -> Any:
    if isinstance(value, dict):
        if all(isinstance(key, str) and not key.startswith("$") for key in value):
            return {key: _encode(item, depth + 1) for key, item in value.items()}
        return {"$dict": [[_encode(k, depth + 1), _encode(v, depth + 1)] for k, v in value.items()]}
    items = [_encode(item, depth + 1) for item in value]
    if isinstance(value, list):
        return items
    tag = "$tuple" if isinstance(value, tuple) else "$set" if isinstance(value, set) else "$frozenset"
    return {tag: items}


def _resolve(place: Any) -> type:
    if not isinstance(place, str) or ":" not in place:
        raise ValueError("malformed class")
    module_name, _, qualname = place.partition(":")
    if (module_name != PACKAGE and not module_name.startswith(PACKAGE + ".")) or "__main__" in module_name:
        raise ValueError(f"{place} is not a place in codeeval a result's class can be")
    found: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        found = getattr(found, part)
    if not isinstance(found, type):
        raise ValueError(f"{place} is not a class")
    return found


def _decode(data: Any, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise ValueError("nested too deeply")
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [_decode(item, depth + 1) for item in data]
    if not isinstance(data, dict):
        raise ValueError("malformed value")
    if len(data) == 1:
        ((key, body),) = data.items()
        if key.startswith("$"):
            return _decode_tagged(key, body, depth)
    return {key: _decode(item, depth + 1) for key, item in data.items()}


def _decode_tagged(tag: str, body: Any, depth: int) -> Any:
    if tag == "$tuple":
        return tuple(_decode(item, depth + 1) for item in body)
    if tag == "$set":
        return {_decode(item, depth + 1) for item in body}
    if tag == "$frozenset":
        return frozenset(_decode(item, depth + 1) for item in body)
    if tag == "$dict":
        return {_decode(k, depth + 1): _decode(v, depth + 1) for k, v in body}
    if tag == "$bytes":
        return base64.b64decode(body, validate=True)
    if tag == "$float":
        return float(body) if body in ("nan", "inf", "-inf") else _refuse(tag)
    if tag == "$int":
        return int(body, 16)
    if tag == "$enum":
        kind = _resolve(body[0])
        if not issubclass(kind, Enum):
            raise ValueError(f"{body[0]} is not an enum")
        return kind(_decode(body[1], depth + 1))
    if tag == "$class":
        return _build(_resolve(body[0]), body[1], depth)
    return _refuse(tag)


def _build(kind: type, fields: Any, depth: int) -> Any:
    if not dataclasses.is_dataclass(kind) or not isinstance(fields, dict):
        raise ValueError(f"{kind.__qualname__} is not a dataclass")
    known = {f.name: f for f in dataclasses.fields(kind)}
    if set(fields) != set(known):
        raise ValueError(f"{kind.__qualname__}'s fields changed")
    values = {name: _decode(item, depth + 1) for name, item in fields.items()}
    built = kind(**{name: value for name, value in values.items() if known[name].init})
    for name, value in values.items():
        if not known[name].init:
            object.__setattr__(built, name, value)
    return built


def _refuse(tag: str) -> Any:
    raise ValueError(f"unknown tag {tag!r}")
