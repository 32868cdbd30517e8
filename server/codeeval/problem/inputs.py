"""Input expressions such as `args(ints(n), n // 2)`: parsed with `ast`, interpreted here, never eval'd.

Used for performance inputs. The same expression, size and seed always build
the same input, so candidate and reference see identical data.
"""

from __future__ import annotations

import ast
import random
import string as _string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..base import python_ast

MAX_ELEMENTS = 10_000_000
MAX_INT_BITS = 4096
LOWERCASE = _string.ascii_lowercase


class InputExpressionError(ValueError):
    """The expression is not in the input language; the message says where and why."""


@dataclass(frozen=True)
class BuiltInput:
    args: list
    kwargs: dict
    calls: list | None = None  # (method, args, kwargs) triples when the entry point is a class


def _count(n: Any) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0 or n > MAX_ELEMENTS:
        raise InputExpressionError(f"size must be an int between 0 and {MAX_ELEMENTS}, got {n!r}")
    return n


def ints(rng: random.Random, n: int, lo: int = -(10**6), hi: int = 10**6) -> list[int]:
    return [rng.randint(lo, hi) for _ in range(_count(n))]


def sorted_ints(rng: random.Random, n: int, lo: int = -(10**6), hi: int = 10**6) -> list[int]:
    return sorted(ints(rng, n, lo, hi))


def reversed_ints(rng: random.Random, n: int, lo: int = -(10**6), hi: int = 10**6) -> list[int]:
    return sorted(ints(rng, n, lo, hi), reverse=True)


def floats(rng: random.Random, n: int, lo: float = -1e6, hi: float = 1e6) -> list[float]:
    return [rng.uniform(lo, hi) for _ in range(_count(n))]


def string(rng: random.Random, n: int, alphabet: str = LOWERCASE) -> str:
    if not alphabet:
        raise InputExpressionError("alphabet must not be empty")
    return "".join(rng.choice(alphabet) for _ in range(_count(n)))


def words(rng: random.Random, n: int, length: int = 5) -> list[str]:
    return [string(rng, length) for _ in range(_count(n))]


def range_list(rng: random.Random, n: int) -> list[int]:
    return list(range(_count(n)))


def _connected_edges(rng: random.Random, n: int, degree: int) -> set[tuple[int, int]]:
    """Edges (a < b) of a random connected graph: a random spanning tree, then extra random edges."""
    edges: set[tuple[int, int]] = set()
    for node in range(1, n):
        other = rng.randrange(node)
        edges.add((other, node))
    extra = max(0, n * degree // 2 - len(edges))
    for _ in range(extra if n > 1 else 0):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            edges.add((min(a, b), max(a, b)))
    return edges


def graph(rng: random.Random, n: int, degree: int = 3) -> dict[int, list[int]]:
    """A random connected undirected graph: a random spanning tree plus extra edges."""
    n = _count(n)
    adjacency: dict[int, list[int]] = {node: [] for node in range(n)}
    for a, b in sorted(_connected_edges(rng, n, degree)):
        adjacency[a].append(b)
        adjacency[b].append(a)
    return adjacency


def method_calls(rng: random.Random, n: int, keys: int = 1000, **arities: int) -> list[list]:
    """`n` calls `[method, random int args...]`; each keyword names a method and its arity."""
    if not arities:
        raise InputExpressionError("method_calls needs at least one method=arity")
    methods = sorted(arities)
    chosen = (rng.choice(methods) for _ in range(_count(n)))
    return [[m, *[rng.randrange(keys) for _ in range(arities[m])]] for m in chosen]


# -- more shapes of input -------------------------------------------------------------


def _atom(value: Any, what: str) -> Any:
    if not isinstance(value, (int, float, str, bool, type(None))):
        raise InputExpressionError(f"{what} must be a number, a string, a bool or None")
    return value


def distinct_ints(rng: random.Random, n: int, lo: int = -(10**6), hi: int = 10**6) -> list[int]:
    """`n` different random ints in [lo, hi], in random order."""
    if hi - lo + 1 < _count(n):
        raise InputExpressionError(f"distinct_ints: [{lo}, {hi}] holds fewer than {n} ints")
    return rng.sample(range(lo, hi + 1), n)


def permutation(rng: random.Random, n: int) -> list[int]:
    """0..n-1 in random order."""
    values = list(range(_count(n)))
    rng.shuffle(values)
    return values


def nearly_sorted_ints(
    rng: random.Random, n: int, swaps: int | None = None, lo: int = -(10**6), hi: int = 10**6
) -> list[int]:
    """Sorted ints with a few neighbours swapped (default n // 100 swaps)."""
    values = sorted(ints(rng, n, lo, hi))
    for _ in range(max(1, n // 100) if swaps is None else _count(swaps)):
        if n > 1:
            i = rng.randrange(n - 1)
            values[i], values[i + 1] = values[i + 1], values[i]
    return values


def few_unique_ints(rng: random.Random, n: int, k: int = 10, lo: int = -(10**6), hi: int = 10**6) -> list[int]:
    """`n` ints drawn from only `k` different values: many duplicates."""
    pool = [rng.randint(lo, hi) for _ in range(max(1, _count(k)))]
    return [rng.choice(pool) for _ in range(_count(n))]


def repeat(rng: random.Random, value: Any, n: int) -> list:
    """`n` copies of one number or string."""
    return [_atom(value, "repeat's value")] * _count(n)


def sorted_floats(rng: random.Random, n: int, lo: float = -1e6, hi: float = 1e6) -> list[float]:
    return sorted(floats(rng, n, lo, hi))


def strings(rng: random.Random, n: int, length: int = 5, alphabet: str = LOWERCASE) -> list[str]:
    """`n` random strings of `length` characters from `alphabet`."""
    return [string(rng, length, alphabet) for _ in range(_count(n))]


def text(rng: random.Random, n: int, length: int = 5) -> str:
    """`n` random lowercase words of `length` letters joined by single spaces."""
    return " ".join(words(rng, n, length))


def matrix(rng: random.Random, rows: int, cols: int, lo: int = 0, hi: int = 9) -> list[list[int]]:
    """A `rows` x `cols` list of lists of random ints."""
    _count(_count(rows) * _count(cols))
    return [ints(rng, cols, lo, hi) for _ in range(rows)]


def points(rng: random.Random, n: int, lo: int = -1000, hi: int = 1000) -> list[tuple[int, int]]:
    """`n` random (x, y) integer points."""
    return [(rng.randint(lo, hi), rng.randint(lo, hi)) for _ in range(_count(n))]


def intervals(rng: random.Random, n: int, lo: int = 0, hi: int = 10**6, max_length: int = 1000) -> list[list[int]]:
    """`n` random [start, end] pairs with start <= end <= start + max_length."""
    out = []
    for _ in range(_count(n)):
        start = rng.randint(lo, hi)
        out.append([start, start + rng.randint(0, max_length)])
    return out


def tree(rng: random.Random, n: int) -> dict[int, list[int]]:
    """Adjacency of a random tree on nodes 0..n-1 (each node hangs from an earlier one)."""
    return graph(rng, n, degree=0)


def edge_list(rng: random.Random, n: int, degree: int = 3) -> list[tuple[int, int]]:
    """The edges (a, b), a < b, of a random connected graph on 0..n-1, in random order."""
    edges = sorted(_connected_edges(rng, _count(n), degree))
    rng.shuffle(edges)
    return edges


def weighted_graph(
    rng: random.Random, n: int, degree: int = 3, lo: int = 1, hi: int = 100
) -> dict[int, list[tuple[int, int]]]:
    """A random connected undirected graph whose adjacency lists hold (neighbour, weight) pairs."""
    n = _count(n)
    adjacency: dict[int, list[tuple[int, int]]] = {node: [] for node in range(n)}
    for a, b in sorted(_connected_edges(rng, n, degree)):
        weight = rng.randint(lo, hi)
        adjacency[a].append((b, weight))
        adjacency[b].append((a, weight))
    return adjacency


def dag(rng: random.Random, n: int, degree: int = 2) -> dict[int, list[int]]:
    """A random directed acyclic graph: every edge goes from a smaller node to a larger one."""
    n = _count(n)
    successors: dict[int, list[int]] = {node: [] for node in range(n)}
    for node in range(n - 1):
        targets = {rng.randrange(node + 1, n) for _ in range(degree)}
        successors[node] = sorted(targets)
    return successors


def grid(rng: random.Random, rows: int, cols: int, walls: float = 0.2) -> list[str]:
    """Rows of '.' (open) and '#' (wall); the top-left and bottom-right cells are always open."""
    _count(_count(rows) * _count(cols))
    cells = [["#" if rng.random() < walls else "." for _ in range(cols)] for _ in range(rows)]
    if rows and cols:
        cells[0][0] = cells[-1][-1] = "."
    return ["".join(row) for row in cells]


GENERATORS: dict[str, Callable[..., Any]] = {
    f.__name__: f
    for f in (
        ints,
        sorted_ints,
        reversed_ints,
        floats,
        string,
        words,
        range_list,
        graph,
        method_calls,
        distinct_ints,
        permutation,
        nearly_sorted_ints,
        few_unique_ints,
        repeat,
        sorted_floats,
        strings,
        text,
        matrix,
        points,
        intervals,
        tree,
        edge_list,
        weighted_graph,
        dag,
        grid,
    )
}
# Pure functions of numbers, for sizes such as `max(1, n // 10)`.
HELPERS: dict[str, Callable[..., Any]] = {"min": min, "max": max, "abs": abs}
WRAPPERS = ("args", "kwargs", "calls")
CALLABLE_NAMES = frozenset(GENERATORS) | frozenset(HELPERS) | frozenset(WRAPPERS)

ARITHMETIC = {  # the operators both expression languages allow on numbers (also generation.strategies)
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Div: lambda a, b: a / b,
    ast.Mod: lambda a, b: a % b,
    ast.Pow: lambda a, b: _power(a, b),
}


def _power(base: Any, exponent: Any) -> Any:
    if isinstance(exponent, int) and exponent > 256:
        raise InputExpressionError("exponent too large")
    return base**exponent


def _no_unpacking(key: ast.expr | None) -> ast.expr:
    if key is None:  # `{**x}`
        raise InputExpressionError("`**` is not allowed")
    return key


class InputExpression:
    """A parsed input expression; `build(n)` makes the case for size `n`."""

    def __init__(self, text: str):
        self.text = text
        try:
            tree = python_ast.parse(text.strip(), mode="eval")
        except SyntaxError as exc:
            raise InputExpressionError(f"syntax error at column {exc.offset}: {exc.msg}") from None
        body = tree.body
        if not (isinstance(body, ast.Call) and isinstance(body.func, ast.Name) and body.func.id in WRAPPERS):
            raise InputExpressionError("must be a call of args(...), kwargs(...) or calls(ctor_args, ops)")
        self._check(body)
        self.tree = body
        self.wrapper = body.func.id

    def _check(self, node: ast.AST) -> None:
        """Reject anything outside the language before it is ever interpreted."""
        for child in ast.walk(node):
            reason = _refusal(child)
            if reason:
                raise InputExpressionError(reason)

    def build(self, n: int, seed: int = 0, variant: int = 0) -> BuiltInput:
        """The case for size `n`; each `variant` is another input of the same size drawn from the same seed."""
        key = f"{seed}:{n}:{self.text}" + (f":{variant}" if variant else "")
        rng = random.Random(key)
        wrapper = self.wrapper
        values, keywords = self._arguments(self.tree, n, rng)
        if wrapper == "args":
            return BuiltInput(values, keywords)
        if wrapper == "kwargs":
            if values:
                raise InputExpressionError("kwargs(...) takes only name=value arguments")
            return BuiltInput([], keywords)
        if len(values) != 2 or keywords:
            raise InputExpressionError("calls(ctor_args, ops) takes two arguments")
        ctor_args, ops = values
        if not isinstance(ctor_args, list) or not isinstance(ops, list):
            raise InputExpressionError("calls(ctor_args, ops) takes two lists")
        triples: list[tuple[str, list, dict]] = [(str(op[0]), list(op[1:]), {}) for op in ops]
        return BuiltInput(list(ctor_args), {}, triples)

    def _arguments(self, call: ast.Call, n: int, rng: random.Random) -> tuple[list, dict[str, Any]]:
        keywords = {}
        for keyword in call.keywords:
            if keyword.arg is None:  # refused by `_check`
                raise InputExpressionError("`**` is not allowed")
            keywords[keyword.arg] = self._value(keyword.value, n, rng)
        return [self._value(a, n, rng) for a in call.args], keywords

    def _value(self, node: ast.AST, n: int, rng: random.Random) -> Any:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id == "n":
                return n
            raise InputExpressionError(f"{node.id!r} is a generator: call it")
        if isinstance(node, (ast.List, ast.Tuple, ast.Dict)):
            return self._container(node, n, rng)
        if isinstance(node, (ast.UnaryOp, ast.BinOp)):
            return self._arithmetic(node, n, rng)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):  # `_check` refused other calls
            return self._call(node, node.func.id, n, rng)
        raise InputExpressionError(f"{type(node).__name__} is not allowed")

    def _container(self, node: ast.List | ast.Tuple | ast.Dict, n: int, rng: random.Random) -> Any:
        if isinstance(node, ast.List):
            return [self._value(e, n, rng) for e in node.elts]
        if isinstance(node, ast.Tuple):
            return tuple(self._value(e, n, rng) for e in node.elts)
        return {
            self._value(_no_unpacking(k), n, rng): self._value(v, n, rng)
            for k, v in zip(node.keys, node.values, strict=True)
        }

    def _arithmetic(self, node: ast.UnaryOp | ast.BinOp, n: int, rng: random.Random) -> Any:
        if isinstance(node, ast.UnaryOp):
            operand = self._value(node.operand, n, rng)
            return -operand if isinstance(node.op, ast.USub) else +operand
        result = ARITHMETIC[type(node.op)](self._value(node.left, n, rng), self._value(node.right, n, rng))
        if isinstance(result, int) and result.bit_length() > MAX_INT_BITS:
            raise InputExpressionError("number too large")
        return result

    def _call(self, node: ast.Call, name: str, n: int, rng: random.Random) -> Any:
        """A generator's or a helper's value (the wrappers belong at the top only)."""
        if name in WRAPPERS:
            raise InputExpressionError(f"{name}(...) may only appear at the top")
        args, kwargs = self._arguments(node, n, rng)
        if name in HELPERS:
            return _helper(name, args, kwargs)
        try:
            return GENERATORS[name](rng, *args, **kwargs)
        except TypeError as exc:
            raise InputExpressionError(f"{name}: {exc}") from None


def _refusal(node: ast.AST) -> str | None:
    """Why `node` is outside the input language, or None when it is inside."""
    for kind, refusal in _REFUSALS:
        if isinstance(node, kind):
            return refusal(node)
    if isinstance(
        node, (ast.List, ast.Tuple, ast.Dict, ast.keyword, ast.Load, ast.operator, ast.unaryop, ast.expr_context)
    ):
        return None
    return f"column {getattr(node, 'col_offset', 0) + 1}: {type(node).__name__} is not allowed"


def _call_refusal(node: ast.Call) -> str | None:
    if not isinstance(node.func, ast.Name):
        return f"column {node.col_offset + 1}: only plain function names can be called"
    if node.func.id not in CALLABLE_NAMES:
        known = ", ".join(sorted(GENERATORS))
        return f"column {node.col_offset + 1}: unknown generator {node.func.id!r} (known: {known})"
    if any(k.arg is None for k in node.keywords):
        return "`**` is not allowed"
    return None


def _name_refusal(node: ast.Name) -> str | None:
    if node.id != "n" and node.id not in CALLABLE_NAMES:
        return f"column {node.col_offset + 1}: unknown name {node.id!r} (only `n`)"
    return None


def _operator_refusal(node: ast.BinOp | ast.UnaryOp) -> str | None:
    allowed = type(node.op) in ARITHMETIC if isinstance(node, ast.BinOp) else isinstance(node.op, (ast.USub, ast.UAdd))
    return None if allowed else f"column {node.col_offset + 1}: operator not allowed"


def _constant_refusal(node: ast.Constant) -> str | None:
    if isinstance(node.value, (int, float, str, bool, type(None))):
        return None
    return f"column {node.col_offset + 1}: constant not allowed"


_REFUSALS: list[tuple[type[ast.AST], Callable[[Any], str | None]]] = [
    (ast.Call, _call_refusal),
    (ast.Name, _name_refusal),
    (ast.BinOp, _operator_refusal),
    (ast.UnaryOp, _operator_refusal),
    (ast.Constant, _constant_refusal),
]


def _helper(name: str, args: list, kwargs: dict) -> Any:
    if kwargs or not args or not all(isinstance(a, (int, float)) and not isinstance(a, bool) for a in args):
        raise InputExpressionError(f"{name}(...) takes numbers only")
    try:
        return HELPERS[name](*args)
    except TypeError as exc:
        raise InputExpressionError(f"{name}: {exc}") from None
