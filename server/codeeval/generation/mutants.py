"""Mechanical mutants of a solution (for measuring how many bugs generated inputs find).

Each mutant changes one spot of the code with one classic slip: `<` for
`<=` (and the other comparison swaps), an integer constant off by one,
`+` for `-`, `and` for `or`, a dropped early-return guard ("if not xs:
return 0"), a negated condition, `len(x)` off by one, `min` for `max`, a
`range` bound off by one, a flipped boolean return, `+=` for `-=`.
Docstrings are never touched. The same source always gives the same mutants.
"""

from __future__ import annotations

import ast
import copy
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..base import python_ast


@dataclass
class Mutant:
    """One small change to the reference (operator, where, what) and the changed source."""

    operator: str
    line: int
    description: str
    source: str


_COMPARE_SWAPS = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
}
_BINOP_SWAPS = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Div: ast.FloorDiv,
    ast.Mod: ast.FloorDiv,
}
_SYMBOL = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.FloorDiv: "//",
    ast.Div: "/",
    ast.Mod: "%",
}


def docstring_constants(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants in `tree` (of modules, classes and functions)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


_Site = tuple[str, ast.AST, Any, str]


def _sites(tree: ast.AST, within: Callable[[ast.AST], bool]) -> Iterator[_Site]:
    """(operator, node, how, description) for every mutable spot, in source order."""
    skip = docstring_constants(tree)
    for node in ast.walk(tree):
        if within(node) and id(node) not in skip:
            yield from _node_sites(node)


def _node_sites(node: ast.AST) -> Iterator[_Site]:
    for kind, sites in _SITE_FINDERS:
        if isinstance(node, kind):
            return sites(node)
    return iter(())


def _compare_sites(node: ast.Compare) -> Iterator[_Site]:
    for i, op in enumerate(node.ops):
        if type(op) in _COMPARE_SWAPS:
            swapped = _COMPARE_SWAPS[type(op)]
            yield "compare", node, (i, swapped), f"{_SYMBOL[type(op)]} -> {_SYMBOL[swapped]}"


def _constant_sites(node: ast.Constant) -> Iterator[_Site]:
    if isinstance(node.value, int) and not isinstance(node.value, bool):
        yield "constant", node, node.value + 1, f"{node.value} -> {node.value + 1}"
        yield "constant", node, node.value - 1, f"{node.value} -> {node.value - 1}"


def _arithmetic_sites(node: ast.BinOp) -> Iterator[_Site]:
    if type(node.op) in _BINOP_SWAPS:
        new = _BINOP_SWAPS[type(node.op)]
        yield "arithmetic", node, new, f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[new]}"


def _augmented_sites(node: ast.AugAssign) -> Iterator[_Site]:
    if type(node.op) in (ast.Add, ast.Sub):
        opposite: type[ast.operator] = ast.Sub if isinstance(node.op, ast.Add) else ast.Add
        yield "augmented", node, opposite, f"{_SYMBOL[type(node.op)]}= -> {_SYMBOL[opposite]}="


def _boolean_sites(node: ast.BoolOp) -> Iterator[_Site]:
    yield "boolean", node, None, "and -> or" if isinstance(node.op, ast.And) else "or -> and"


def _if_sites(node: ast.If) -> Iterator[_Site]:
    if not node.orelse and node.body and isinstance(node.body[-1], (ast.Return, ast.Raise)):
        yield "drop_guard", node, None, f"dropped `if {ast.unparse(node.test)[:40]}: ...`"
    yield "negate", node, None, f"if {ast.unparse(node.test)[:40]} -> if not (...)"


def _call_sites(node: ast.Call) -> Iterator[_Site]:
    if not isinstance(node.func, ast.Name):
        return
    name = node.func.id
    if name in ("min", "max"):
        other = "max" if name == "min" else "min"
        yield "min_max", node, other, f"{name} -> {other}"
    elif name == "len" and len(node.args) == 1:
        yield "len", node, None, "len(x) -> len(x) - 1"
    elif name == "range" and node.args:
        yield "range", node, None, "range(..., b) -> range(..., b + 1)"


def _return_sites(node: ast.Return) -> Iterator[_Site]:
    if isinstance(node.value, ast.Constant) and isinstance(node.value.value, bool):
        yield "return_bool", node, not node.value.value, f"return {node.value.value} -> return {not node.value.value}"


def _not_sites(node: ast.UnaryOp) -> Iterator[_Site]:
    if isinstance(node.op, ast.Not):
        yield "drop_not", node, None, "not x -> x"


# Which spots each kind of node offers; a node is of one kind only.
_SITE_FINDERS: list[tuple[type[ast.AST], Callable[[Any], Iterator[_Site]]]] = [
    (ast.Compare, _compare_sites),
    (ast.Constant, _constant_sites),
    (ast.BinOp, _arithmetic_sites),
    (ast.AugAssign, _augmented_sites),
    (ast.BoolOp, _boolean_sites),
    (ast.If, _if_sites),
    (ast.Call, _call_sites),
    (ast.Return, _return_sites),
    (ast.UnaryOp, _not_sites),
]


def _swap_comparison(node: ast.Compare, how: tuple[int, type[ast.cmpop]]) -> ast.AST:
    index, swapped = how
    node.ops[index] = swapped()
    return node


def _replace_constant(node: ast.Constant, how: int) -> ast.AST:
    return ast.copy_location(ast.Constant(how), node)


def _swap_operator(node: ast.BinOp | ast.AugAssign, how: type[ast.operator]) -> ast.AST:
    node.op = how()
    return node


def _swap_boolean(node: ast.BoolOp, how: None) -> ast.AST:
    node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    return node


def _drop_guard(node: ast.If, how: None) -> ast.AST:
    return ast.copy_location(ast.Pass(), node)


def _negate(node: ast.If, how: None) -> ast.AST:
    node.test = ast.UnaryOp(ast.Not(), node.test)
    return node


def _rename_called(node: ast.Call, how: str) -> ast.AST:
    node.func = ast.Name(how, ast.Load())
    return node


def _length_minus_one(node: ast.Call, how: None) -> ast.AST:
    return ast.copy_location(ast.BinOp(node, ast.Sub(), ast.Constant(1)), node)


def _bump_range_end(node: ast.Call, how: None) -> ast.AST:
    end = 1 if len(node.args) >= 2 else 0
    node.args[end] = ast.BinOp(node.args[end], ast.Add(), ast.Constant(1))
    return node


def _return_constant(node: ast.Return, how: bool) -> ast.AST:
    node.value = ast.Constant(how)
    return node


def _drop_not(node: ast.UnaryOp, how: None) -> ast.AST:
    return node.operand


# Each operator's change to its node (of the kind its site finder above gave), with the site's `how`: what to
# put in (the new constant, operator or name), or None.
_APPLIERS: dict[str, Callable[[Any, Any], ast.AST]] = {
    "compare": _swap_comparison,
    "constant": _replace_constant,
    "arithmetic": _swap_operator,
    "augmented": _swap_operator,
    "boolean": _swap_boolean,
    "drop_guard": _drop_guard,
    "negate": _negate,
    "min_max": _rename_called,
    "len": _length_minus_one,
    "range": _bump_range_end,
    "return_bool": _return_constant,
    "drop_not": _drop_not,
}


class _Apply(ast.NodeTransformer):
    """Applies one operator at the one node whose position in `order` is `target_index`."""

    def __init__(self, target_index: int, operator: str, how: Any, order: dict[int, int]):
        self.target_index = target_index
        self.operator = operator
        self.how = how
        self.order = order

    def _is_target(self, node: ast.AST) -> bool:
        return self.order.get(id(node)) == self.target_index

    def generic_visit(self, node: ast.AST) -> ast.AST:
        node = super().generic_visit(node)
        if not self._is_target(node):
            return node
        return _APPLIERS[self.operator](node, self.how)


def mutants(
    source: str, only_lines: tuple[int, int] | None = None, limit: int | None = None, seed: str = ""
) -> list[Mutant]:
    """Every single-spot mutant of `source` (lines within `only_lines`, if given), or a fixed sample of `limit`."""
    tree = python_ast.parse(source)

    def within(node: ast.AST) -> bool:
        if only_lines is None:
            return True
        line = getattr(node, "lineno", None)
        return line is not None and only_lines[0] <= line <= only_lines[1]

    sites = list(_sites(tree, within))
    indexes = list(range(len(sites)))
    if limit is not None and len(indexes) > limit:
        rng = random.Random(f"mutants:{seed}")
        indexes = sorted(rng.sample(indexes, limit))
    found: list[Mutant] = []
    seen_sources = {ast.unparse(tree)}
    for index in indexes:
        operator, node, how, description = sites[index]
        copied = copy.deepcopy(tree)
        (target,) = _matching_nodes(tree, copied, [node])
        transformer = _Apply(index, operator, how, {id(target): index})
        mutated = ast.fix_missing_locations(transformer.visit(copied))
        try:
            text = ast.unparse(mutated)
            compile(text, "<mutant>", "exec")
        except (SyntaxError, ValueError, RecursionError):
            continue
        if text in seen_sources:
            continue
        seen_sources.add(text)
        found.append(Mutant(operator, getattr(node, "lineno", 0), description, text))
    return found


def _matching_nodes(original: ast.AST, copied: ast.AST, wanted: list[ast.AST]) -> list[ast.AST]:
    """The nodes of `copied` at the same walk positions as `wanted` in `original`."""
    positions = {id(n): i for i, n in enumerate(ast.walk(original))}
    copied_list = list(ast.walk(copied))
    return [copied_list[positions[id(n)]] for n in wanted]
