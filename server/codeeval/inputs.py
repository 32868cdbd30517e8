"""Input expressions such as `args(ints(n), n // 2)`: parsed with `ast`, interpreted here, never eval'd.

Used for performance inputs. The same expression, size and seed always build
the same input, so candidate and reference see identical data.
"""

from __future__ import annotations

import ast
import random
import string as _string
from dataclasses import dataclass
from typing import Any, Callable

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


def ints(rng: random.Random, n: int, lo: int = -10**6, hi: int = 10**6) -> list[int]:
    return [rng.randint(lo, hi) for _ in range(_count(n))]


def sorted_ints(rng: random.Random, n: int, lo: int = -10**6, hi: int = 10**6) -> list[int]:
    return sorted(ints(rng, n, lo, hi))


def reversed_ints(rng: random.Random, n: int, lo: int = -10**6, hi: int = 10**6) -> list[int]:
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


def graph(rng: random.Random, n: int, degree: int = 3) -> dict[int, list[int]]:
    """A random connected undirected graph: a random spanning tree plus extra edges."""
    n = _count(n)
    edges: set[tuple[int, int]] = set()
    for node in range(1, n):
        other = rng.randrange(node)
        edges.add((other, node))
    extra = max(0, n * degree // 2 - len(edges))
    for _ in range(extra if n > 1 else 0):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            edges.add((min(a, b), max(a, b)))
    adjacency: dict[int, list[int]] = {node: [] for node in range(n)}
    for a, b in sorted(edges):
        adjacency[a].append(b)
        adjacency[b].append(a)
    return adjacency


def method_calls(rng: random.Random, n: int, keys: int = 1000, **arities: int) -> list[list]:
    """`n` calls `[method, random int args...]`; each keyword names a method and its arity."""
    if not arities:
        raise InputExpressionError("method_calls needs at least one method=arity")
    methods = sorted(arities)
    return [[m, *[rng.randrange(keys) for _ in range(arities[m])]] for m in (rng.choice(methods) for _ in range(_count(n)))]


GENERATORS: dict[str, Callable[..., Any]] = {
    f.__name__: f for f in (ints, sorted_ints, reversed_ints, floats, string, words, range_list, graph, method_calls)
}
WRAPPERS = ("args", "kwargs", "calls")

_BINARY = {
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
    return base ** exponent


class InputExpression:
    """A parsed input expression; `build(n)` makes the case for size `n`."""

    def __init__(self, text: str):
        self.text = text
        try:
            tree = ast.parse(text.strip(), mode="eval")
        except SyntaxError as exc:
            raise InputExpressionError(f"syntax error at column {exc.offset}: {exc.msg}") from None
        body = tree.body
        if not (isinstance(body, ast.Call) and isinstance(body.func, ast.Name) and body.func.id in WRAPPERS):
            raise InputExpressionError("must be a call of args(...), kwargs(...) or calls(ctor_args, ops)")
        self._check(body)
        self.tree = body

    def _check(self, node: ast.AST) -> None:
        """Reject anything outside the language before it is ever interpreted."""
        for child in ast.walk(node):
            if isinstance(child, ast.Call):
                if not isinstance(child.func, ast.Name):
                    raise InputExpressionError(f"column {child.col_offset + 1}: only plain function names can be called")
                name = child.func.id
                if name not in GENERATORS and name not in WRAPPERS:
                    known = ", ".join(sorted(GENERATORS))
                    raise InputExpressionError(f"column {child.col_offset + 1}: unknown generator {name!r} (known: {known})")
                if any(k.arg is None for k in child.keywords):
                    raise InputExpressionError("`**` is not allowed")
            elif isinstance(child, ast.Name):
                if child.id != "n" and child.id not in GENERATORS and child.id not in WRAPPERS:
                    raise InputExpressionError(f"column {child.col_offset + 1}: unknown name {child.id!r} (only `n`)")
            elif isinstance(child, ast.BinOp):
                if type(child.op) not in _BINARY:
                    raise InputExpressionError(f"column {child.col_offset + 1}: operator not allowed")
            elif isinstance(child, ast.UnaryOp):
                if not isinstance(child.op, (ast.USub, ast.UAdd)):
                    raise InputExpressionError(f"column {child.col_offset + 1}: operator not allowed")
            elif isinstance(child, ast.Constant):
                if not isinstance(child.value, (int, float, str, bool, type(None))):
                    raise InputExpressionError(f"column {child.col_offset + 1}: constant not allowed")
            elif not isinstance(child, (ast.List, ast.Tuple, ast.Dict, ast.keyword, ast.Load,
                                        ast.operator, ast.unaryop, ast.expr_context)):
                raise InputExpressionError(
                    f"column {getattr(child, 'col_offset', 0) + 1}: {type(child).__name__} is not allowed")

    def build(self, n: int, seed: int = 0) -> BuiltInput:
        rng = random.Random(f"{seed}:{n}:{self.text}")
        wrapper = self.tree.func.id
        values = [self._value(a, n, rng) for a in self.tree.args]
        keywords = {k.arg: self._value(k.value, n, rng) for k in self.tree.keywords}
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
        triples = [(str(op[0]), list(op[1:]), {}) for op in ops]
        return BuiltInput(list(ctor_args), {}, triples)

    def _value(self, node: ast.AST, n: int, rng: random.Random) -> Any:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id == "n":
                return n
            raise InputExpressionError(f"{node.id!r} is a generator: call it")
        if isinstance(node, ast.List):
            return [self._value(e, n, rng) for e in node.elts]
        if isinstance(node, ast.Tuple):
            return tuple(self._value(e, n, rng) for e in node.elts)
        if isinstance(node, ast.Dict):
            return {self._value(k, n, rng): self._value(v, n, rng) for k, v in zip(node.keys, node.values)}
        if isinstance(node, ast.UnaryOp):
            operand = self._value(node.operand, n, rng)
            return -operand if isinstance(node.op, ast.USub) else +operand
        if isinstance(node, ast.BinOp):
            result = _BINARY[type(node.op)](self._value(node.left, n, rng), self._value(node.right, n, rng))
            if isinstance(result, int) and result.bit_length() > MAX_INT_BITS:
                raise InputExpressionError("number too large")
            return result
        if isinstance(node, ast.Call):
            name = node.func.id
            if name in WRAPPERS:
                raise InputExpressionError(f"{name}(...) may only appear at the top")
            args = [self._value(a, n, rng) for a in node.args]
            kwargs = {k.arg: self._value(k.value, n, rng) for k in node.keywords}
            try:
                return GENERATORS[name](rng, *args, **kwargs)
            except TypeError as exc:
                raise InputExpressionError(f"{name}: {exc}") from None
        raise InputExpressionError(f"{type(node).__name__} is not allowed")
