"""Problem files: YAML in, a validated `Problem` out."""

from .loader import find_problem_files, load_problem, problem_from_text, schema
from .model import DEFAULT_WEIGHTS, DIMENSIONS, MISSING, Call, Case, Compare, Problem

__all__ = ["Call", "Case", "Compare", "DEFAULT_WEIGHTS", "DIMENSIONS", "MISSING", "Problem", "find_problem_files",
           "load_problem", "problem_from_text", "schema"]
