"""The code in a model's answer: a fenced block of Markdown, or the answer itself when it is Python."""

from __future__ import annotations

import re

from ..base import python_ast

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*([\w+.-]*)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", re.M | re.S)
_PYTHON_TAGS = {"python", "py", "python3", "py3", ""}


def _parses(source: str) -> bool:
    try:
        python_ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    return True


_CODE_LINE = re.compile(r"^\s*(?:async\s+def|def|class|import|from\s+[\w.]+\s+import|return)\b", re.M)


def _looks_like_code(text: str) -> bool:
    """Parses, or is broken Python rather than prose (a `def` line, an import): that fails to load and says why."""
    return _parses(text) or _CODE_LINE.search(text) is not None


def _defines(source: str, name: str) -> bool:
    """Whether `source` defines `name`: a function or class, or for `Class.method` the class and the method."""
    return all(
        re.search(rf"^\s*(?:async\s+def|def|class)\s+{re.escape(part)}\b", source, re.M) is not None
        for part in name.split(".")
    )


_THINKING = re.compile(r"<think>.*?</think>", re.S | re.I)


def extract_code(answer: str, entry_point: str | None = None) -> str | None:
    """The Python to run from a model's answer, or None when there is none.

    Fenced blocks tagged python (or untagged) are candidates: the last one that
    defines the entry point wins (an answer often ends with a block of example
    calls), else the last block. An answer without fences counts as code when
    it parses as Python, or has lines only code has (`def`, `import`): broken
    code is scored (it fails to load, and the reward says so), prose is not. A
    reasoning model's `<think>...</think>` sections are dropped first.
    """
    answer = _THINKING.sub("", answer)  # a reasoning model's drafts are not its answer
    blocks = [m.group(3) for m in _FENCE.finditer(answer) if m.group(2).lower() in _PYTHON_TAGS]
    blocks = [b for b in blocks if b.strip()]
    if not blocks:
        return answer if answer.strip() and _looks_like_code(answer) else None
    if entry_point:
        defining = [b for b in blocks if _defines(b, entry_point)]
        if defining:
            return defining[-1]
    return blocks[-1]
