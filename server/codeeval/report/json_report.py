"""The JSON result format (docs/result-format.md)."""

from __future__ import annotations

import json

from ..results.result import EvaluationResult


def to_json(result: EvaluationResult, indent: int | None = 2) -> str:
    """The result as the JSON report (docs/result-format.md)."""
    return json.dumps(result.to_dict(), indent=indent, ensure_ascii=False)
