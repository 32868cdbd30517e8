"""Errors the user can act on: each names the file (and line) it is about."""

from __future__ import annotations


class CodeevalError(Exception):
    """A problem with the user's input, reported without a traceback (exit code 2)."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        self.message = message
        self.path = path
        self.line = line
        super().__init__(self.location_message())

    def location_message(self) -> str:
        where = self.path or ""
        if where and self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message}" if where else self.message


class ProblemError(CodeevalError):
    """A problem file is malformed, fails the schema or has an inconsistent field."""


class ProblemErrors(ProblemError):
    """Every error found in one problem file, each with its own line, reported together."""

    def __init__(self, errors: list[ProblemError]):
        self.errors = errors
        first = errors[0]
        super().__init__(first.message, first.path, first.line)

    def location_message(self) -> str:
        return "\n".join(error.location_message() for error in self.errors)


class SolutionError(CodeevalError):
    """A solution file cannot be read (binary, too large, missing)."""


class IsolationError(CodeevalError):
    """The requested isolation level is not available on this machine."""
