"""What the visual tests need from the machine: matplotlib for the sandbox's interpreter, a browser."""

from __future__ import annotations

import functools

from codeeval.sandbox import Session, default_launcher
from tests.browser import missing_browser_reason


@functools.lru_cache(maxsize=1)
def missing_plotting_reason() -> str | None:
    """Why plot scripts cannot run in this machine's sandbox, or None when they can."""
    with Session(
        "import matplotlib.pyplot as plt\nplt.plot([1, 2])\n", "", "probe.py", launcher=default_launcher()
    ) as session:
        outcome = session.plot({}, 50, 30)
    if outcome.status == "rendered":
        return None
    python = getattr(default_launcher(), "python", "?")
    return (
        f"plots cannot run here ({outcome.status}: {outcome.message[:200]}); the sandbox's interpreter is "
        f"{python}: scripts/setup installs Debian's python3-matplotlib when root"
    )


def missing_page_reason() -> str | None:
    """Why web pages cannot be rendered here (Playwright or Chromium missing), or None when they can."""
    return missing_browser_reason()
