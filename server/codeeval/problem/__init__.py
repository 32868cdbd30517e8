"""Problem files: YAML in, a validated `Problem` out.

The loader (YAML, JSON Schema) is imported on first use, so commands that only
need the model, such as building the command-line parser, stay fast.
"""

from typing import Any

from .definition import MISSING, Call, Case, Compare, Problem, safe_name

_LOADER_NAMES = {"find_problem_files", "load_problem", "problem_from_text", "schema"}


def __getattr__(name: str) -> Any:
    if name in _LOADER_NAMES:
        from . import loader  # noqa: PLC0415  (YAML and JSON Schema, 0.14 s, only when a file is read)

        return getattr(loader, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "MISSING",
    "Call",
    "Case",
    "Compare",
    "Problem",
    "find_problem_files",
    "load_problem",
    "problem_from_text",
    "safe_name",
    "schema",
]
