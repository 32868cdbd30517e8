"""Which kinds of values the preconditions admit, read from their `isinstance` checks (parsed, never run).

EvalPlus contracts say `assert isinstance(n, (int, float))` where every
example passes an int, or `assert all(isinstance(x, (int, float)) for x in
nums)` where the examples' lists hold ints. The contract is the promise: a
float there is a valid input the examples happen not to show. The plan widens
such a parameter's type to the kinds the contract names, and the relevance of
an input counts those kinds as promised.

Recognised, alone or joined by `and`, for a parameter P:
    isinstance(P, T) / isinstance(P, (T1, T2))     type(P) == T / type(P) is T
    all(isinstance(e, T...) for e in P)            the elements of P
    all(isinstance(e, T...) for s in P for e in s) the elements of P's elements
    all(isinstance(v, T...) for v in P.values())   the values of a dict P (Mbpp/796's floats)
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..base import python_ast

KIND_NAMES = {
    "int": "int",
    "float": "float",
    "str": "str",
    "bool": "bool",
    "list": "list",
    "tuple": "tuple",
    "dict": "dict",
    "set": "set",
    "frozenset": "set",
    "complex": "complex",
    "bytes": "bytes",
}


@dataclass(frozen=True)
class Kinds:
    """Kinds the contract admits at a parameter (None: it says nothing there)."""

    top: frozenset[str] | None = None
    elements: frozenset[str] | None = None
    nested: frozenset[str] | None = None  # elements of the elements
    values: frozenset[str] | None = None  # a dict's values

    def merge(self, other: Kinds) -> Kinds:
        """The kinds both contracts admit, level by level."""
        return Kinds(
            _meet(self.top, other.top),
            _meet(self.elements, other.elements),
            _meet(self.nested, other.nested),
            _meet(self.values, other.values),
        )


def generic_elements(kinds: set[str] | frozenset[str]) -> bool:
    """Whether a collection's elements, of these kinds in the examples, are of any kind: numbers beside strings
    (Mbpp/431's lists of ints and of letters) say the function compares or counts elements whatever they are, and
    EvalPlus's inputs then nest lists among them (13 of 16 such MBPP+ parameters), which `set()` cannot hash."""
    families = {"number" if kind in ("int", "float", "bool") else kind for kind in kinds} - {"none"}
    return len(families) >= 2


def _meet(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    if a is None:
        return b
    if b is None:
        return a
    return a & b


def contract_kinds(preconditions: list[str], params: list[str]) -> dict[str, Kinds]:
    """Per parameter, the kinds its preconditions' isinstance checks admit."""
    found: dict[str, Kinds] = {}
    for text in preconditions:
        try:
            tree = python_ast.parse(text, mode="eval").body
        except SyntaxError:
            continue
        for part in _conjuncts(tree):
            read = _read(part, set(params))
            if read is not None:
                name, kinds = read
                found[name] = found[name].merge(kinds) if name in found else kinds
    return found


def _conjuncts(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        return [part for value in node.values for part in _conjuncts(value)]
    return [node]


def _type_names(node: ast.expr) -> frozenset[str] | None:
    names = node.elts if isinstance(node, ast.Tuple) else [node]
    kinds = set()
    for item in names:
        if not isinstance(item, ast.Name) or item.id not in KIND_NAMES:
            return None
        kinds.add(KIND_NAMES[item.id])
    return frozenset(kinds)


def _isinstance_of(node: ast.expr) -> tuple[str, frozenset[str]] | None:
    """(variable, kinds) for `isinstance(v, T)`, `type(v) == T` or `type(v) is T`."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "isinstance"
        and len(node.args) == 2
        and isinstance(node.args[0], ast.Name)
    ):
        kinds = _type_names(node.args[1])
        return (node.args[0].id, kinds) if kinds is not None else None
    if (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], (ast.Eq, ast.Is))
        and isinstance(node.left, ast.Call)
        and isinstance(node.left.func, ast.Name)
        and node.left.func.id == "type"
        and len(node.left.args) == 1
        and isinstance(node.left.args[0], ast.Name)
    ):
        kinds = _type_names(node.comparators[0])
        return (node.left.args[0].id, kinds) if kinds is not None else None
    return None


def _read(node: ast.expr, params: set[str]) -> tuple[str, Kinds] | None:
    direct = _isinstance_of(node)
    if direct is not None:
        name, kinds = direct
        return (name, Kinds(top=kinds)) if name in params else None
    generator = _all_over(node)
    check = _isinstance_of(generator.elt) if generator is not None else None
    if generator is None or check is None:
        return None
    variable, kinds = check
    values = _values_loop(generator.generators)
    if values is not None:
        dictionary, target = values
        return (dictionary, Kinds(values=kinds)) if dictionary in params and target == variable else None
    chain = _loop_chain(generator.generators)
    if not chain or chain[0] not in params or chain[-1] != variable:
        return None
    if len(chain) == 2:  # all(isinstance(e, T) for e in P)
        return chain[0], Kinds(elements=kinds)
    if len(chain) == 3:  # all(isinstance(e, T) for s in P for e in s)
        return chain[0], Kinds(nested=kinds)
    return None


def _all_over(node: ast.expr) -> ast.GeneratorExp | None:
    """The generator of `all(<generator>)`, or None."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "all"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.GeneratorExp)
    ):
        return node.args[0]
    return None


def _values_loop(loops: list[ast.comprehension]) -> tuple[str, str] | None:
    """`for v in P.values()` -> ("P", "v"), else None."""
    if len(loops) != 1 or loops[0].ifs or not isinstance(loops[0].target, ast.Name):
        return None
    call = loops[0].iter
    if (
        isinstance(call, ast.Call)
        and not call.args
        and not call.keywords
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "values"
        and isinstance(call.func.value, ast.Name)
    ):
        return call.func.value.id, loops[0].target.id
    return None


def _loop_chain(loops: list[ast.comprehension]) -> list[str]:
    """`for s in P for e in s` -> ["P", "s", "e"]: each loop over the previous one's variable (else [])."""
    chain: list[str] = []
    for loop in loops:
        if loop.ifs or not isinstance(loop.target, ast.Name) or not isinstance(loop.iter, ast.Name):
            return []
        if chain and loop.iter.id != chain[-1]:
            return []
        chain += [loop.iter.id] if not chain else []
        chain.append(loop.target.id)
    return chain
