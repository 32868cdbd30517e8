"""Find a definition again in a libcst tree, by the target a finding recorded from the `ast` side.

A target is (kind, qualified name, ordinal): the ordinal-th definition of that
kind and name in document order, counted the same way `context.build` counts
them. No position metadata is needed, so the search costs a plain parse.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import libcst as cst


@dataclass
class Located:
    """A definition found in the libcst tree, with the indentation of the blocks around it."""

    node: cst.CSTNode
    indents: tuple[str | None, ...]  # the indentation of each block enclosing the node, outermost first

    def body_indent(self, module: cst.Module) -> str:
        """The absolute indentation of the node's body (one level deeper than the node)."""
        levels = [*self.indents, None]
        if isinstance(self.node, (cst.FunctionDef, cst.ClassDef)) and isinstance(self.node.body, cst.IndentedBlock):
            levels[-1] = self.node.body.indent
        return "".join(module.default_indent if level is None else level for level in levels)


def locate(module: cst.Module, target: Mapping[str, Any]) -> Located | None:
    """The definition a fix's target names, or None when the source no longer has it."""
    if target.get("kind") == "module":
        return Located(module, ())
    finder = _Finder(target.get("kind", ""), target.get("qualname", ""), int(target.get("ordinal", 0)))
    module.visit(finder)
    return finder.found


class _Finder(cst.CSTVisitor):
    def __init__(self, kind: str, qualname: str, ordinal: int):
        self.kind, self.qualname, self.ordinal = kind, qualname, ordinal
        self.names: list[str] = []
        self.indents: list[str | None] = []
        self.seen = 0
        self.found: Located | None = None

    def _enter(self, node: cst.FunctionDef | cst.ClassDef, kind: str) -> bool:
        self.names.append(node.name.value)
        if self.found is None and kind == self.kind and ".".join(self.names) == self.qualname:
            if self.seen == self.ordinal:
                self.found = Located(node, tuple(self.indents))
            self.seen += 1
        return self.found is None

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return self._enter(node, "function")

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.names.pop()

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return self._enter(node, "class")

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.names.pop()

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> bool:
        self.indents.append(node.indent)
        return True

    def leave_IndentedBlock(self, original_node: cst.IndentedBlock) -> None:
        self.indents.pop()
