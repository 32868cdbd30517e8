"""Headless Chromium for tests: Debian's `chromium` driven by Playwright (its own browser download is blocked here).

`scripts/setup` installs both (apt when root, the `test` extra). Where either
is missing, tests that need a browser skip and say which piece and how to get it.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

from codeeval.sandbox.browser import find_chromium as chromium_path  # $CODEEVAL_CHROMIUM, else PATH

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def missing_browser_reason() -> str | None:
    """Why no browser test can run here, or None when one can."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright is not installed (scripts/setup installs it with the `test` extra)"
    if chromium_path() is None:
        return "no chromium found (scripts/setup installs Debian's `chromium` when root; or set CODEEVAL_CHROMIUM)"
    return None


@pytest.fixture(scope="module")
def chromium() -> Iterator[object]:
    """A Playwright Browser on the system's Chromium, shared by one module's tests.

    Module scope, not session: while Playwright's sync API is open the main thread has a running event
    loop, which would break the asyncio tests (the language server's) that run after this module.
    """
    reason = missing_browser_reason()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        try:
            yield browser
        finally:
            browser.close()
