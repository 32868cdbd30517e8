"""What a stdin/stdout program problem adds to a Problem: how its output is judged, and its output limit.

Its tests are Cases with the test's input as the one argument and the expected output as `expected`;
`sandbox/program_adapter.py` runs the script as a call taking that input. A custom checker is the problem's
own Python (`check(input, expected, output)`): it is only compiled and read here, never run
(judging/custom_checker.py runs it in the sandbox).
"""

from __future__ import annotations

import ast
import math
from dataclasses import dataclass, field

from ..base import python_ast
from ..base.vocabulary import Vocabulary
from ..sandbox.program_adapter import DEFAULT_OUTPUT_LIMIT_BYTES


class Checker(Vocabulary):
    """How a program's output is compared with the expected output (judging/output_checkers.py)."""

    EXACT = "exact"  # the same text, line endings normalised
    LINES = "lines"  # each line stripped, trailing blank lines ignored, line by line (LiveCodeBench)
    TOKENS = "tokens"  # whitespace-separated tokens; numbers within the tolerances (CodeContests)
    CASE_INSENSITIVE = "case_insensitive"  # tokens, letters in any case (yes / YES)
    UNORDERED_LINES = "unordered_lines"  # the same lines in any order
    UNORDERED_TOKENS = "unordered_tokens"  # the same tokens in any order
    CUSTOM = "custom"  # the problem's `check(input, expected, output)`, run in the sandbox (many valid answers)


CHECK_FUNCTION = "check"  # what a custom checker's source must define
CHECK_PARAMETERS = ("input", "expected", "output")  # what it is called with, in this order


@dataclass(frozen=True)
class CheckerSpec:
    """A problem's checker and, for numbers, its tolerances; for a custom checker, its source."""

    kind: Checker = Checker.LINES
    abs_tol: float = 0.0
    rel_tol: float = 0.0
    source: str = ""  # a custom checker's Python, defining `check(input, expected, output)`
    source_line: int | None = None  # where that source starts in the problem file, when it has one

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", Checker(self.kind))  # a plain word ("tokens") becomes its member
        for name in ("abs_tol", "rel_tol"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
                raise ValueError(f"checker {name} must be a finite number >= 0, not {value!r}")
        if (self.kind is Checker.CUSTOM) != bool(self.source):
            raise ValueError("a custom checker needs its source, and only a custom checker has one")
        if self.kind is Checker.CUSTOM and (self.abs_tol or self.rel_tol):
            raise ValueError("a custom checker has no tolerances: its `check` decides")

    @classmethod
    def custom(cls, source: str, source_line: int | None = None) -> CheckerSpec:
        """A custom checker; `source` must define `check(input, expected, output)` (see `custom_checker_error`)."""
        return cls(Checker.CUSTOM, source=source, source_line=source_line)


@dataclass(frozen=True)
class ProgramSpec:
    """The program part of a problem: the checker and the most output a test may produce."""

    checker: CheckerSpec = field(default_factory=CheckerSpec)
    output_limit_bytes: int = DEFAULT_OUTPUT_LIMIT_BYTES


@dataclass(frozen=True)
class CheckerSourceError:
    """Why a custom checker's source cannot be used, and the line of the source it is about (1-based)."""

    message: str
    line: int


def custom_checker_error(source: str, filename: str = "<checker>") -> CheckerSourceError | None:
    """None when `source` compiles and defines `check` at module level taking three arguments; else why not.

    Checked statically, nothing runs: the source is the problem's (perhaps a dataset's) and runs only in the
    sandbox. A name bound another way (`check = make_checker()`, an import) is taken on trust."""
    try:
        compile(source, filename, "exec", dont_inherit=True)  # what the worker does: errors `ast.parse` misses too
        tree = python_ast.parse(source, filename)
    except SyntaxError as exc:
        return CheckerSourceError(f"syntax error: {exc.msg}", exc.lineno or 1)
    except (ValueError, RecursionError, MemoryError) as exc:  # NUL bytes; nesting too deep to compile
        return CheckerSourceError(f"does not compile: {exc}", 1)
    for node in tree.body:
        if isinstance(node, ast.AsyncFunctionDef) and node.name == CHECK_FUNCTION:
            return CheckerSourceError(f"`{CHECK_FUNCTION}` must be a plain function, not async", node.lineno)
        if isinstance(node, ast.FunctionDef) and node.name == CHECK_FUNCTION:
            return _signature_error(node)
    if any(CHECK_FUNCTION in _bound_names(node) for node in tree.body):
        return None
    return CheckerSourceError(f"defines no `{CHECK_FUNCTION}({', '.join(CHECK_PARAMETERS)})` at module level", 1)


def _signature_error(function: ast.FunctionDef) -> CheckerSourceError | None:
    """Whether `check` can be called with the three arguments, by position."""
    arguments = function.args
    positional = len(arguments.posonlyargs) + len(arguments.args)
    required_keywords = [
        a.arg for a, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if default is None
    ]
    takes_three = (positional >= len(CHECK_PARAMETERS) or arguments.vararg is not None) and (
        positional - len(arguments.defaults) <= len(CHECK_PARAMETERS)
    )
    if takes_three and not required_keywords:
        return None
    wanted = ", ".join(CHECK_PARAMETERS)
    return CheckerSourceError(f"`{CHECK_FUNCTION}` must take three arguments ({wanted})", function.lineno)


def _bound_names(node: ast.stmt) -> set[str]:
    """The names a module-level statement binds by assignment or import."""
    if isinstance(node, ast.Assign):
        return {target.id for target in node.targets if isinstance(target, ast.Name)}
    if isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
        return {node.target.id}
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    return set()
