"""Work done inside C functions, priced in instruction-equivalents (standard library only).

An instruction count sees one instruction where `lst.insert(0, x)`,
`s.replace(a, b)`, `x in a_list` or `a[i:]` do work proportional to a size.
This module gives each such instruction of a code object a *charge*: at the
moment it runs, the sizes it works on are read from the frame (the operand's
value is found by walking the bytecode back to the LOAD_FAST, LOAD_GLOBAL,
LOAD_ATTR, LOAD_CONST or simple int arithmetic that pushed it) and priced per
element. Whatever cannot be read costs nothing extra, so the charge only ever
adds what is certain. No clock is involved: the same call gets the same charge.

Charges are in milli-instructions per element touched, measured on CPython
3.11 (CPU time, best of several runs) against the time of a counted
instruction of ordinary solution code (2 to 4 ns; 2.6 in a simple loop):
a pointer shifted by `list.insert` costs about a twentieth of an instruction,
an equality test in `list.__contains__` about two instructions.

Nothing here runs the solution's code: sizes are read with `len` of exact
built-in types only, attributes from instance dictionaries only.
"""

from __future__ import annotations

import sys
from collections import deque as _deque

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: importing `typing` would add `re` to every worker's start-up
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FrameType
    from typing import Any

    Getter = Callable[[FrameType], Any]  # an operand's value as the instruction runs (or UNKNOWN)
    Charge = Callable[[FrameType], int]  # milli-instructions of C work the instruction is about to do

# Milli-instructions per element (see the module's docstring; calibrated on 3.11, rounded).
MOVE = 50  # a pointer shifted by list.insert / pop / del, or list.reverse
COPY = 300  # an element copied into a new list or tuple: slices, +, *, list(), copy()
SCAN = 2000  # an equality test: `in`, index, count, remove on a list, tuple or deque
CHAR = 500  # a character scanned by a str or bytes method (replace, find, split, `in`, ...)
CHAR_COPY = 5  # a character copied: str slices and concatenation
ITEM = 2000  # an element visited by sum, max, min, any, all, str.join
HASH = 5000  # an element hashed into a set or dict: set(), dict(), update, Counter
SORT = 150  # one comparison of a sort (n log2 n of them), beside the copy
LARGEST = 10**9  # sizes above this are capped, so one charge stays an ordinary int

UNKNOWN = object()  # an operand whose value could not be read

_WORDS = str.split  # the method lists below read better as words
STR_SCANS = frozenset(
    _WORDS(
        "replace find rfind index rindex count split rsplit splitlines strip lstrip rstrip lower upper casefold "
        "swapcase title capitalize translate encode decode partition rpartition expandtabs center ljust rjust "
        "zfill isdigit isdecimal isnumeric isalpha isalnum isspace islower isupper istitle isidentifier "
        "isprintable hex removeprefix removesuffix"
    )
)
SET_ARG_METHODS = frozenset(
    _WORDS(
        "union intersection difference symmetric_difference issubset issuperset isdisjoint "
        "update intersection_update difference_update symmetric_difference_update"
    )
)
_SEQUENCES = (list, tuple)
_STRINGS = (str, bytes, bytearray)
_HASHED = (dict, set, frozenset)


def _size(value: Any) -> int:
    """len() of an exact built-in container (never a user class's __len__), else 0."""
    kind = type(value)
    if kind in _SEQUENCES or kind in _STRINGS or kind in _HASHED or kind is _deque or kind is range:
        return min(len(value), LARGEST)
    return 0


def is_int(value: Any) -> bool:
    return issubclass(type(value), int)


def _index(value: Any, size: int) -> int | None:
    """A list index as list.insert / pop see it (negative from the end, clamped), or None if unknown."""
    if not is_int(value):
        return None
    position = int.__int__(value)
    if position < 0:
        position += size
    return max(0, min(position, size))


def _list_cost(receiver: list, name: str, args: list) -> int:
    n = _size(receiver)
    if name == "insert" and args:
        at = _index(args[0], n)
        return 0 if at is None else (n - at) * MOVE
    if name == "pop":
        if not args:
            return 0
        at = _index(args[0], n)
        return 0 if at is None else max(n - 1 - at, 0) * MOVE
    if name in ("remove", "index", "count"):
        return n * SCAN
    if name in ("reverse", "clear"):
        return n * MOVE
    if name == "copy":
        return n * COPY
    if name == "sort":
        return n * max(n.bit_length(), 1) * SORT
    if name == "extend" and args:
        return _size(args[0]) * COPY
    return 0


def _str_cost(receiver: Any, name: str, args: list) -> int:
    if name == "join" and args:
        return _size(args[0]) * ITEM
    if name in STR_SCANS:
        return _size(receiver) * CHAR
    return 0


def _hashed_cost(receiver: Any, name: str, args: list) -> int:
    n = _size(receiver)
    if name == "copy":
        return n * COPY * 2
    if name in SET_ARG_METHODS or (name == "update" and type(receiver) is dict):
        extra = 0 if name.endswith("update") else n * COPY
        return (_size(args[0]) if args else 0) * HASH + extra
    return 0


def _deque_cost(receiver: Any, name: str, args: list) -> int:
    n = _size(receiver)
    if name in ("remove", "index", "count"):
        return n * SCAN
    if name == "insert" and args:
        at = _index(args[0], n)
        return 0 if at is None else min(at, n - at) * MOVE
    if name == "rotate" and args and is_int(args[0]):
        return min(abs(int.__int__(args[0])), n) * MOVE
    if name == "extend" and args:
        return _size(args[0]) * COPY
    return 0


def _tuple_cost(receiver: tuple, name: str, args: list) -> int:
    return _size(receiver) * SCAN if name in ("index", "count") else 0


_METHOD_COSTS: dict[type, Callable[[Any, str, list], int]] = {
    list: _list_cost,
    tuple: _tuple_cost,
    str: _str_cost,
    bytes: _str_cost,
    bytearray: _str_cost,
    dict: _hashed_cost,
    set: _hashed_cost,
    frozenset: _hashed_cost,
    _deque: _deque_cost,
}


def _sorting(args: list) -> int:
    n = _size(args[0]) if args else 0
    return n * COPY + n * max(n.bit_length(), 1) * SORT


def _per_element(weight: int) -> Callable[[list], int]:
    def cost(args: list) -> int:
        return (_size(args[0]) if args else 0) * weight

    return cost


def _function_costs() -> dict[object, Callable[[list], int]]:
    """Built-in functions and types that walk a whole argument, by identity."""
    import builtins  # noqa: PLC0415  (only when counting: the worker's start-up stays lean)

    costs: dict[object, Callable[[list], int]] = {builtins.sorted: _sorting}
    for name in ("sum", "max", "min", "any", "all"):
        costs[getattr(builtins, name)] = _per_element(ITEM)
    for copier in (list, tuple):
        costs[copier] = _per_element(COPY)
    for hasher in (set, frozenset, dict):
        costs[hasher] = _per_element(HASH)
    costs[_deque] = _per_element(COPY)
    optional = (("_collections", "_count_elements", 1, HASH), ("_heapq", "heapify", 0, ITEM))
    for module_name, function, position, weight in optional:
        module = sys.modules.get(module_name)
        if module is not None and hasattr(module, function):
            costs[getattr(module, function)] = _per_argument(position, weight)
    bisect = sys.modules.get("_bisect")
    for name in ("insort", "insort_left", "insort_right"):
        if bisect is not None and hasattr(bisect, name):  # where it inserts is not known: half the list on average
            costs[getattr(bisect, name)] = _per_element(MOVE // 2)
    return costs


def _per_argument(position: int, weight: int) -> Callable[[list], int]:
    def cost(args: list) -> int:
        return (_size(args[position]) if len(args) > position else 0) * weight

    return cost


# Names a priced call can have, so that a plan leaves every other call alone (most calls: `append`,
# `get`, the solution's own functions), and the names a priced built-in function is usually loaded by.
PRICED_METHODS = frozenset(
    (*STR_SCANS, *SET_ARG_METHODS)
    + ("insert", "pop", "remove", "index", "count", "reverse", "clear", "copy", "sort", "extend", "join", "rotate")
)
PRICED_FUNCTIONS = frozenset(
    ("sorted", "sum", "max", "min", "any", "all", "list", "tuple", "set", "frozenset", "dict", "deque")
    + ("_count_elements", "heapify", "insort", "insort_left", "insort_right")
)

_function_table: dict[object, Callable[[list], int]] | None = None
_BUILTIN_METHOD = type(len)  # builtin_function_or_method: built-in functions, and methods bound to a receiver


def method_pricer(receiver: Any, name: str) -> Callable[[list], int] | None:
    """The price of calling method `name` of `receiver` with some arguments; None when it costs nothing extra."""
    kind = type(receiver)
    method_cost = _METHOD_COSTS.get(kind) if type(kind) is type else None  # a metaclass could hash in Python
    if method_cost is None:
        return None
    return lambda args: method_cost(receiver, name, args)


def function_pricer(function: Any) -> Callable[[list], int] | None:
    """The price of calling `function` (a built-in function, type or bound built-in method) with some arguments."""
    global _function_table
    kind = type(function)
    if kind is _BUILTIN_METHOD:
        bound = method_pricer(function.__self__, function.__name__)
        if bound is not None:
            return bound
    elif kind is not type:
        return None  # a Python function (its own instructions are counted), or an object not to hash
    if _function_table is None:
        _function_table = _function_costs()
    return _function_table.get(function)


def contains_cost(container: Any) -> int:
    """`x in container`: a scan of a list, tuple, deque, str or bytes; a hash lookup costs nothing extra."""
    kind = type(container)
    if kind in _SEQUENCES or kind is _deque:
        return _size(container) * SCAN
    if kind in _STRINGS:
        return _size(container) * CHAR
    return 0


def _copy_weight(value: Any) -> int:
    kind = type(value)
    if kind in _SEQUENCES or kind is _deque:
        return COPY
    return CHAR_COPY if kind in _STRINGS else 0


def slice_cost(container: Any, key: Any) -> int:
    """`container[key]` with a slice key copies the slice's elements."""
    if type(key) is not slice:
        return 0
    weight = _copy_weight(container)
    if not weight:
        return 0
    try:
        return len(range(*key.indices(_size(container)))) * weight
    except (TypeError, ValueError):  # a step of 0, or bounds that are not ints
        return 0


def delete_cost(container: Any, key: Any) -> int:
    """`del lst[i]` shifts what follows; `del lst[i:j]` at most the whole list."""
    if type(container) is not list:
        return 0
    n = _size(container)
    if type(key) is slice:
        return n * MOVE
    at = _index(key, n)
    return 0 if at is None else max(n - 1 - at, 0) * MOVE


def _repeat_cost(left: Any, right: Any) -> int:
    sequence, times = (left, right) if is_int(right) else (right, left)
    if not is_int(times):
        return 0
    return min(_size(sequence) * max(int.__int__(times), 0), LARGEST) * _copy_weight(sequence)


def binary_cost(operator: str, left: Any, right: Any, appends_in_place: bool) -> int:
    """`left <operator> right` on containers. `appends_in_place`: a str local concatenated and stored back
    into itself, which CPython extends in place (amortised) rather than copying."""
    kind = type(left)
    if operator in ("*", "*="):
        return _repeat_cost(left, right)
    if operator in ("+", "+="):
        if kind is list and operator == "+=":
            return _size(right) * COPY  # list.extend
        if kind in _STRINGS and (appends_in_place or (kind is bytearray and operator == "+=")):
            return _size(right) * CHAR_COPY
        return (_size(left) + _size(right)) * _copy_weight(left)
    if kind in _HASHED and operator in ("|", "&", "-", "^"):
        return (_size(left) + _size(right)) * HASH
    if kind in _HASHED and operator in ("|=", "&=", "-=", "^="):
        return _size(right) * HASH
    return 0
