"""The tests a test suite defines, read from its syntax tree: the parent knows them without running anything.

A test is a `test*` method of a module-level class derived from a `...TestCase` (directly, or through other
classes of the module, whose `test*` methods it inherits), named `Class.method`, or a module-level `test*`
function (pytest style), named by itself. Tests made at run time (`setattr`, parametrisation) are not seen:
the list is fixed before the solution runs, so a solution cannot add, hide or rename a test.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass

from ..base import python_ast

TEST_PREFIX = "test"  # unittest's testMethodPrefix, and pytest's default python_functions
SUPPORTED_FIXTURES = frozenset({"tmp_path"})  # the only arguments a pytest-style test function may take


@dataclass(frozen=True)
class SuiteProblem:
    """Something in a suite codeeval cannot run, and the suite's line it is on (1-based)."""

    message: str
    line: int


@dataclass(frozen=True)
class SuiteTests:
    lines: dict[str, int]  # each test, `Class.method` or `function`, in source order: its `def` line (1-based)
    problems: tuple[SuiteProblem, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.lines)


def _base_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _methods(node: ast.ClassDef) -> dict[str, int]:
    return {
        item.name: item.lineno
        for item in node.body
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name.startswith(TEST_PREFIX)
    }


@functools.lru_cache(maxsize=256)  # a problem's suite is read once, not once per solution (read-only result)
def collect_tests(source: str) -> SuiteTests:
    """The suite's tests and what in it cannot run; SyntaxError when it does not parse."""
    tree = python_ast.parse(source)
    classes: dict[str, ast.ClassDef] = {}
    is_test_class: dict[str, bool] = {}
    names: dict[str, int] = {}
    problems: list[SuiteProblem] = []

    def inherited(node: ast.ClassDef, seen: frozenset[str]) -> dict[str, int]:
        """Test methods from the class's bases defined in this module, then its own (an override wins)."""
        found: dict[str, int] = {}
        for base in node.bases:
            parent = classes.get(_base_name(base))
            if parent is not None and parent.name not in seen:
                found.update(inherited(parent, seen | {parent.name}))
        found.update(_methods(node))
        return found

    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = node
            bases = [_base_name(base) for base in node.bases]
            is_test_class[node.name] = any(name.endswith("TestCase") or is_test_class.get(name) for name in bases)
            if is_test_class[node.name]:
                found = inherited(node, frozenset({node.name}))
                names.update({f"{node.name}.{method}": line for method, line in found.items()})
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(TEST_PREFIX):
            names[node.name] = node.lineno
            arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            for argument in arguments:
                if argument.arg not in SUPPORTED_FIXTURES:
                    problems.append(
                        SuiteProblem(
                            f"{node.name} takes {argument.arg!r}: the only fixture supported is tmp_path", node.lineno
                        )
                    )
            if isinstance(node, ast.AsyncFunctionDef):
                problems.append(
                    SuiteProblem(f"{node.name} is async: test functions must be plain functions", node.lineno)
                )
    # A later definition of the same name replaces the earlier one, as it does when the module runs.
    return SuiteTests(names, tuple(problems))
