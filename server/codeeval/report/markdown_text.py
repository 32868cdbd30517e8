"""Small helpers for writing Markdown safely."""

from __future__ import annotations

from collections.abc import Sequence


def cell(text: object, limit: int = 160) -> str:
    """Text safe inside a table cell: one line, pipes escaped, shortened."""
    value = " ".join(str(text).split())
    if len(value) > limit:
        value = value[: limit - 1] + "…"
    return value.replace("|", "\\|")


def code(text: object, limit: int = 160) -> str:
    """An inline code span that survives backticks in the text."""
    value = cell(text, limit).replace("\\|", "|")
    fence = "``" if "`" in value else "`"
    pad = " " if value.startswith("`") or value.endswith("`") else ""
    return f"{fence}{pad}{value}{pad}{fence}".replace("|", "\\|")


def block(text: str, limit: int = 4000, language: str = "") -> str:
    """A fenced block long enough not to be closed by the text itself."""
    body = text if len(text) <= limit else text[:limit] + "\n[... truncated]"
    fence = "```"
    while fence in body:
        fence += "`"
    return f"{fence}{language}\n{body.rstrip()}\n{fence}"


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A markdown table from a header and rows (cells as given, not escaped)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)
