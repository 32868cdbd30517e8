"""The top-level modules a piece of Python imports, standard library left out."""

from __future__ import annotations

import ast
import re
import sys

from ..base.python_ast import parse

# Where code does not parse (a fragment), its import lines still say what it needs.
_IMPORT_LINE = re.compile(
    r"^\s*(?:from\s+([A-Za-z_][\w]*)[\w.]*\s+import|import\s+([A-Za-z_][\w.]*(?:\s*,\s*[\w.]+)*))", re.M
)
# Names a problem's own code imports that are never a library: the solution under test, the suite's helpers.
LOCAL_MODULES = frozenset({"solution", "reference", "__main__", "__future__"})


def imported_modules(code: str) -> set[str]:
    """Every top-level module `code` imports (absolute imports only)."""
    try:
        tree = parse(code)
    except (SyntaxError, ValueError):
        return _imported_by_lines(code)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def _imported_by_lines(code: str) -> set[str]:
    found: set[str] = set()
    for match in _IMPORT_LINE.finditer(code):
        if match[1]:
            found.add(match[1])
        else:
            found.update(part.strip().split(".")[0] for part in match[2].split(","))
    return found


def third_party(modules: set[str]) -> frozenset[str]:
    """The modules that are not the standard library's nor the problem's own."""
    return frozenset(name for name in modules if name not in sys.stdlib_module_names and name not in LOCAL_MODULES)
