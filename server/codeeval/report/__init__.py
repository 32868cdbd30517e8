"""Reports: JSON for machines, Markdown for people."""

from .json_report import to_json
from .markdown_report import to_markdown

__all__ = ["to_json", "to_markdown"]
