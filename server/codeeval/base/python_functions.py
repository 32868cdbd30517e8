"""A module's top-level functions and the methods of its top-level classes, by qualified name, each with its
source text (decorators included): what `codeeval review` compares and what people's acceptances of a
changed function are keyed by, read the same way by the review and the editor."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from . import python_ast

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class FunctionText:
    """One function of one version: its qualified name, its `def` line and its source text."""

    qualname: str
    line: int
    text: str
    node: FunctionNode


def top_level_functions(source: str) -> dict[str, FunctionText]:
    """Every top-level function and method of a top-level class, by qualified name (raises SyntaxError)."""
    tree = python_ast.parse(source)
    lines = source.splitlines()
    found: dict[str, FunctionText] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = _text_of(node, node.name, lines)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    name = f"{node.name}.{item.name}"
                    found[name] = _text_of(item, name, lines)
    return found


def _text_of(node: FunctionNode, qualname: str, lines: list[str]) -> FunctionText:
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    last = node.end_lineno or node.lineno
    return FunctionText(qualname, node.lineno, "\n".join(lines[first - 1 : last]), node)
