"""`codeeval review`: a change in a real repository judged against its base, with no problem file.

The changed top-level functions and methods between a base ref and the working tree, each with its base
version as the oracle, run in the sandbox from their own copies of the repository's modules:

- `git_repository`: the repository, a file's text at the base, the changed Python files (read-only git commands)
- `functions`: the functions whose text differs, by qualified name
- `modules`: a module made loadable in the sandbox with the sibling modules it imports (served from memory)
- `examples`, `call_inputs`: the repository's literal calls and doctests, and inputs generated from the signature
- `determinism`: functions that depend on more than their arguments (clock, randomness, files, globals)
- `outcomes`, `behaviour`: both versions on the same inputs, differences shrunk to minimal counterexamples
- `sized`, `speed`: paired timings at growing sizes, the performance dimension's statistics and classes
- `repo_tests`: the repository's tests naming a changed function, run against both versions
- `function_review`, `reviewer`: one function, then the whole change; `report` (types), `review_output` (JSON, Markdown)
"""

from __future__ import annotations

from .report import Comparison, FindingKind, FunctionReview, FunctionStatus, ReviewReport
from .reviewer import ReviewOptions, review

__all__ = ["Comparison", "FindingKind", "FunctionReview", "FunctionStatus", "ReviewOptions", "ReviewReport", "review"]
