"""Showing decoded values to people: repr, made safe for values that cannot be shown whole."""

from __future__ import annotations

from typing import Any

VALUE_TEXT_LIMIT = 400  # characters of a value shown in a report line


def short_repr(value: Any, limit: int = VALUE_TEXT_LIMIT) -> str:
    """`repr(value)` cut to `limit` characters; never raises for deep nesting or huge integers."""
    try:
        text = repr(value)
    except RecursionError:
        text = "<value nested too deeply to show>"
    except ValueError:  # an int beyond Python's int-to-str digit limit (sys.get_int_max_str_digits)
        text = "<value holding an integer too large to show>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
