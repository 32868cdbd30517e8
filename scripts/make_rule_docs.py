#!/usr/bin/env python3
"""Write docs/rules/CQ*.md from the rule modules (quality/rule_pages.py says how).

Edit a rule's page by editing its module's docstring, then run:

    .venv/bin/python scripts/make_rule_docs.py

tests/quality/test_rule_pages.py fails while a checked-in page differs from the generated one.
"""

from __future__ import annotations

import sys
from pathlib import Path

from codeeval.quality.rule_pages import rule_pages

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    for relative, text in rule_pages().items():
        path = ROOT / relative
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {relative}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
