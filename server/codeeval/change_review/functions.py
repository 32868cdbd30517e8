"""The functions a change touches: top-level functions and methods of top-level classes, by qualified name.

A function counts as changed when its source text (decorators included) differs between the base's module
and the working one. Functions only one side has are listed as added or removed: there is nothing to compare.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base.python_functions import FunctionText
from ..base.python_functions import top_level_functions as functions_of
from .report import FunctionStatus


@dataclass(frozen=True)
class FunctionChange:
    """A function of a changed file, with both versions of it and of its module (None where absent)."""

    path: str
    qualname: str
    status: FunctionStatus  # changed, added or removed
    line: int  # in the working file (the base's for a removed function)
    base_module: str | None
    new_module: str | None
    base: FunctionText | None
    new: FunctionText | None


def changed_functions(path: str, base_module: str | None, new_module: str | None) -> list[FunctionChange]:
    """The functions of `path` whose text differs; a side that does not parse raises SyntaxError."""
    base = functions_of(base_module) if base_module is not None else {}
    new = functions_of(new_module) if new_module is not None else {}
    changes = []
    for name in [*new, *(n for n in base if n not in new)]:
        before, after = base.get(name), new.get(name)
        if before is not None and after is not None and before.text == after.text:
            continue
        status, line = _status(before, after)
        changes.append(FunctionChange(path, name, status, line, base_module, new_module, before, after))
    return changes


def _status(before: FunctionText | None, after: FunctionText | None) -> tuple[FunctionStatus, int]:
    """Changed, added or removed, and the line to show it at (the working file's when it has the function)."""
    if after is None:
        return FunctionStatus.REMOVED, before.line if before is not None else 1
    return (FunctionStatus.ADDED if before is None else FunctionStatus.CHANGED), after.line
