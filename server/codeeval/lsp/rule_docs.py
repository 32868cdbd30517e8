"""Where a rule's documentation page is: the `codeDescription.href` of its diagnostics.

Pages are `docs/rules/<ID>.md`. The URL is a `file:` URI to the page on this
machine: the copy shipped inside the package (`codeeval/docs/rules/`) if there
is one, else the project checkout the package runs from (an editable
install). A rule without a page gets no link rather than a dead one. Set
CODEEVAL_RULE_DOCS_URL (e.g. a published docs site) to link there instead:
the URL becomes `<base>/<ID>.md`.
"""

from __future__ import annotations

import os
from functools import cache, lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # .../codeeval


@cache
def docs_dirs() -> tuple[Path, ...]:
    candidates = [PACKAGE / "docs" / "rules", PACKAGE.parent.parent / "docs" / "rules"]
    return tuple(path for path in candidates if path.is_dir())


@lru_cache(maxsize=4096)
def rule_doc_uri(rule_id: str) -> str | None:
    """Where a rule's documentation page is: CODEEVAL_RULE_DOCS_URL, else a docs folder on disk."""
    base = os.environ.get("CODEEVAL_RULE_DOCS_URL")
    if base:
        return f"{base.rstrip('/')}/{rule_id}.md"
    for directory in docs_dirs():
        page = directory / f"{rule_id}.md"
        if page.is_file():
            return page.as_uri()
    return None
