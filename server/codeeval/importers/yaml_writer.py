"""Writing problem YAML with the tags of docs/problem-format.md for values plain YAML cannot hold.

Tuples, sets, frozensets, bytes and complex numbers get `!tuple`, `!set`,
`!frozenset`, `!bytes` and `!complex`; infinities and NaN are YAML's own
`.inf`/`.nan`. Source text is written as literal blocks. Test inputs and
outputs are written in flow style (`[1, [2, 3]]`), one case per few lines.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, NoReturn

import yaml

from ..problem.yaml_source import _Loader
from ..sandbox import Opaque, Record

WIDTH = 120


class UnwritableValue(ValueError):
    """A value with no YAML spelling (an object the reference returned, say)."""


class Flow:
    """Marks a value to be written in flow style."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value


# libyaml's emitter writes a HumanEval problem 5x faster than PyYAML's (the import's main cost in Python); it
# folds long double-quoted strings at other places, and the import reads every file back to check its values.
class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]  # absent without libyaml
    pass


def _same_resolution_as_the_loader() -> None:
    """Quote exactly the plain strings the problem loader would read as something else (`1e3` is a float there)."""
    _Dumper.yaml_implicit_resolvers = {
        first: list(resolvers) for first, resolvers in _Loader.yaml_implicit_resolvers.items()
    }


_same_resolution_as_the_loader()


def _str(dumper: _Dumper, text: str) -> yaml.ScalarNode:
    if "\n" in text and len(text) > 1:
        return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", text)


def _sorted_items(items: Iterable[object]) -> list[object]:
    return sorted(items, key=lambda v: (type(v).__name__, repr(v)))


def _flow(dumper: _Dumper, flow: Flow) -> yaml.Node:
    value = flow.value
    if isinstance(value, list):
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=True)
    if isinstance(value, dict):
        return dumper.represent_mapping("tag:yaml.org,2002:map", value, flow_style=True)
    return dumper.represent_data(value)


def _float(dumper: _Dumper, number: float) -> yaml.ScalarNode:
    if math.isnan(number):
        return dumper.represent_scalar("tag:yaml.org,2002:float", ".nan")
    if math.isinf(number):
        return dumper.represent_scalar("tag:yaml.org,2002:float", ".inf" if number > 0 else "-.inf")
    text = repr(number)
    if "e" in text and "." not in text.split("e")[0]:
        mantissa, exponent = text.split("e")
        text = f"{mantissa}.0e{exponent}"
    return dumper.represent_scalar("tag:yaml.org,2002:float", text)


def _refuse(dumper: _Dumper, value: object) -> NoReturn:
    raise UnwritableValue(f"a {type(value).__name__} value ({str(value)[:80]}) cannot be written in a problem file")


_Dumper.add_representer(str, _str)
_Dumper.add_representer(Flow, _flow)
_Dumper.add_representer(float, _float)
_Dumper.add_representer(tuple, lambda d, v: d.represent_sequence("!tuple", list(v), flow_style=True))
_Dumper.add_representer(set, lambda d, v: d.represent_sequence("!set", _sorted_items(v), flow_style=True))
_Dumper.add_representer(frozenset, lambda d, v: d.represent_sequence("!frozenset", _sorted_items(v), flow_style=True))
_Dumper.add_representer(bytes, lambda d, v: d.represent_scalar("!bytes", v.decode("latin-1"), style='"'))
_Dumper.add_representer(bytearray, lambda d, v: d.represent_scalar("!bytes", bytes(v).decode("latin-1"), style='"'))
_Dumper.add_representer(complex, lambda d, v: d.represent_scalar("!complex", repr(v).strip("()"), style='"'))
_Dumper.add_representer(Opaque, _refuse)
_Dumper.add_representer(Record, _refuse)
_Dumper.add_multi_representer(object, _refuse)


def dump_problem(data: dict) -> str:
    """A problem mapping as YAML text, keys in the order given (without a document end marker: the importer
    appends `extended_inputs` after it, and libyaml ends a document whose last scalar is plain with `...`)."""
    text = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=WIDTH, default_flow_style=False)
    return text.removesuffix("...\n")


def flow(value: Any) -> Any:
    """Wrap collections so they are written in flow style."""
    return Flow(value) if isinstance(value, (list, dict)) else value


def same_value(a: Any, b: Any, depth: int = 0) -> bool:
    """Strict, type-sensitive equality (1 != 1.0 != True, tuple != list), NaN equal to NaN: a round-trip check."""
    if depth > 2000:
        return False
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same_value(x, y, depth + 1) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return len(a) == len(b) and all(k in b and same_value(v, b[k], depth + 1) for k, v in a.items())
    return a == b
