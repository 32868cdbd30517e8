"""A typed record's JSON form: the one place details become JSON (docs/result-format.md).

Kept apart from `result` so records that a result holds (its review, its exclusion) can build on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any

_OMIT_NONE = "omit_none"
_KEY = "key"
OMITTED_WHEN_NONE = {_OMIT_NONE: True}  # field metadata: an optional key of docs/result-format.md, left out while None


def json_key(name: str) -> dict[str, str]:
    """Field metadata for a record field whose JSON key is not a Python name (`class`)."""
    return {_KEY: name}


@dataclass(frozen=True)
class DetailRecord:
    """A typed piece of a dimension's details. Its JSON form is its fields in declaration order, each made
    JSON-ready; a field declared with `omitted_when_none` is left out while None. This is the one place
    details become JSON (docs/result-format.md), so a record's field names are the report's keys."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if value is None and item.metadata.get(_OMIT_NONE):
                continue
            data[item.metadata.get(_KEY, item.name)] = _json_ready(value)
        return data


def _json_ready(value: Any) -> Any:
    """Plain JSON data: tuples become lists, odd floats and objects become strings."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, dict):
        return {str(k): _json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_ready(v) for v in value]
    if hasattr(value, "to_dict"):
        return _json_ready(value.to_dict())
    return repr(value)
