"""Lists reshaped from the examples where real bugs hide: signs, extremes' positions, matrix rows and columns,
ragged and deeper nesting, and element kinds mixed where the element type admits several.

Each function takes one example list and returns its variants (possibly none); the caller keeps only those
its type accepts, so nothing here steps outside the contract: no negative where a bound forbids it, no string
among ints, no bool where an int is asked (`IntT` refuses bools), no level of nesting the type cannot hold.
"""

from __future__ import annotations

import math
from typing import Any

NESTED_DEPTH = 4  # levels of a content-bearing chain [1, [2, [3, [4]]]]: past the examples' two, short of recursion


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _negative(value: Any) -> Any:
    """A number made negative (zero becomes -1), anything else kept."""
    if not is_number(value):
        return value
    return -abs(value) if value else type(value)(-1)


def _zero(value: Any) -> Any:
    return type(value)(0) if is_number(value) else value


def sign_variants(items: list) -> list[list]:
    """A flat list of numbers all negative and all zero (`best = 0` before a loop over all-negative numbers)."""
    if len(items) < 2 or not all(is_number(v) for v in items):
        return []
    return [[_negative(v) for v in items], [_zero(v) for v in items]]


def extreme_positions(items: list) -> list[list]:
    """The largest number moved to the front and to the end, the rest in order (a loop starting at index 1, or
    stopping one short, misses it there)."""
    if len(items) < 3 or not all(is_number(v) for v in items):
        return []
    top = max(range(len(items)), key=lambda i: items[i])
    rest = items[:top] + items[top + 1 :]
    return [[items[top], *rest], [*rest, items[top]]]


def _is_matrix(rows: list) -> bool:
    return len(rows) >= 2 and all(isinstance(r, (list, tuple)) and r and all(is_number(v) for v in r) for r in rows)


def _rebuilt(row: Any, values: list) -> Any:
    return tuple(values) if isinstance(row, tuple) else list(values)


def matrix_variants(rows: list) -> list[list]:
    """A 2-D list of numbers with one row all negative, one column all negative, every entry negative, every
    entry zero, each row's largest first and last, and the rows ordered by their first entry both ways."""
    if not _is_matrix(rows):
        return []
    out = [
        [_rebuilt(rows[0], [_negative(v) for v in rows[0]]), *rows[1:]],
        [*rows[:-1], _rebuilt(rows[-1], [_negative(v) for v in rows[-1]])],
        [_rebuilt(r, [_negative(v) if j == 0 else v for j, v in enumerate(r)]) for r in rows],
        [_rebuilt(r, [_negative(v) if j == len(r) - 1 else v for j, v in enumerate(r)]) for r in rows],
        [_rebuilt(r, [_negative(v) for v in r]) for r in rows],
        [_rebuilt(r, [_zero(v) for v in r]) for r in rows],
    ]
    for position in (0, -1):
        moved = [extreme_positions(list(r)) for r in rows]
        out.append([_rebuilt(r, m[position]) if m else r for r, m in zip(rows, moved, strict=True)])
    out += [sorted(rows, key=lambda r: r[0]), sorted(rows, key=lambda r: r[0], reverse=True)]
    return out


def ragged_variants(rows: list) -> list[list]:
    """A list of lists with rows of length 1, an empty row among full ones, and its last row cut short."""
    if len(rows) < 2 or not all(isinstance(r, list) and r for r in rows):
        return []
    out = [[r[:1] for r in rows], [rows[0], [], *rows[1:]]]
    if len(rows[-1]) > 1:
        out.append([*rows[:-1], rows[-1][:-1]])
    return out


def _leaves(value: Any) -> list:
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


def nested_chain(items: list) -> list[list]:
    """The example's leaves chained four levels deep ([1, [2, [3, [4]]]]): for an element type that holds lists
    of its own kind (untyped nested lists in the examples, `list[Any]`)."""
    if not any(isinstance(v, list) for v in items):
        return []
    leaves = [leaf for leaf in _leaves(items) if not isinstance(leaf, list)][:NESTED_DEPTH]
    if len(leaves) < 2:
        return []
    chain: list = [leaves[-1]]
    for leaf in reversed(leaves[:-1]):
        chain = [leaf, chain]
    return [chain, [*items, chain]]


def deepened(items: list) -> list[list]:
    """The example with its innermost nested list wrapped once more ([1, [2, 3]] -> [1, [[2, 3]]])."""
    for i in range(len(items) - 1, -1, -1):
        if isinstance(items[i], list):
            inner = deepened(items[i])
            wrapped = inner[0] if inner else [items[i]]
            return [[*items[:i], wrapped, *items[i + 1 :]]]
    return []


def numbers_mixed(items: list) -> list[list]:
    """Ints among floats and floats among ints, every other element (a float hint admits ints; a contract of
    `(int, float)` both). A NaN or an infinity has no int: such a list gets none."""
    if len(items) < 2 or not all(is_number(v) and math.isfinite(v) for v in items):
        return []
    mixed = []
    for i, v in enumerate(items):
        if i % 2 == 0:
            mixed.append(v)
        elif isinstance(v, float):  # an int unequal to the float it replaces: not the example again by `==`
            mixed.append(round(v) + (1 if float(v).is_integer() else 0))
        else:
            mixed.append(v + 0.5)
    return [mixed]


def kinds_mixed(items: list, others: list) -> list[list]:
    """The example's elements interleaved with values of the kinds it lacks (`others`, already of the element
    type): `[1, 'a', 2, '']` for `list[int | str]`."""
    if not items or not others:
        return []
    out: list = []
    for i, v in enumerate(items):
        out.append(v)
        if i < len(others):
            out.append(others[i])
    return [out]
