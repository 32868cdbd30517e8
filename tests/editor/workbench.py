"""Driving VS Code's workbench (code-server in Chromium) as a user does: keyboard, clicks, what is on screen.

Selectors are VS Code 1.100's DOM; each helper waits for what it needs, so a slow machine only makes
the suite slower, not flaky.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

UI_TIMEOUT_MS = 30_000
QUICK_OPEN_TRY_MS = 5_000
SCORE_ITEM = '[id="codeeval.codeeval.codeeval.score"]'  # <extension id>.<status bar item id>


def wait_until(condition: Callable[[], Any], what: str, timeout_s: float = 30.0, every_s: float = 0.1) -> Any:
    """`condition()`'s first truthy value, polled; fails naming `what` after `timeout_s`."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s:.0f} s waiting for {what}")
        time.sleep(every_s)


class Workbench:
    def __init__(self, page: Page, artifacts: Path):
        self.page = page
        self.artifacts = artifacts
        self.shots: list[Path] = []

    # -- the window -------------------------------------------------------------------------
    def open(self, url: str) -> None:
        self.page.goto(url)
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.locator(".monaco-workbench").wait_for(timeout=UI_TIMEOUT_MS * 2)
        self.page.locator(".explorer-folders-view, .explorer-viewlet").first.wait_for(timeout=UI_TIMEOUT_MS * 2)
        self.page.locator(".command-center-center").first.wait_for(timeout=UI_TIMEOUT_MS * 2)

    def screenshot(self, name: str, locator: Locator | None = None) -> Path:
        """A numbered screenshot under the artifacts folder (the README's pictures are made from these)."""
        path = self.artifacts / f"{len(self.shots) + 1:02d}-{name}.png"
        (locator or self.page).screenshot(path=str(path))
        self.shots.append(path)
        return path

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)

    def dismiss(self) -> None:
        """Close whatever widget has the focus (quick input, hover, suggest) and return to the editor."""
        self.press("Escape", "Escape")

    # -- commands and files -----------------------------------------------------------------
    def quick_input(self) -> Locator:
        return self.page.locator(".quick-input-widget")

    def quick_open(self, text: str) -> Locator:
        """Opens quick open from the title bar's command center (a click works wherever the keyboard focus
        is, even inside a webview, which keeps keys such as F1 to itself), types `text` into it and returns its
        input box.

        A click can be lost while the window is still starting (on a fresh machine the first one was:
        nothing opened in 30 s), and a quick input still showing from before may be closing (focus moving into a
        report's webview hides it): an unanswered click, or a box gone before the text is in, is dismissed and
        tried again until the timeout."""
        box = self.quick_input().locator("input")

        def typed() -> bool:
            try:
                if not box.is_visible():
                    self.page.locator(".command-center-center").first.click()
                    box.wait_for(timeout=QUICK_OPEN_TRY_MS)
                box.fill(text, timeout=QUICK_OPEN_TRY_MS)
            except PlaywrightTimeoutError:
                self.dismiss()
                return False
            return True

        try:
            wait_until(typed, "quick open after a click on the command center", UI_TIMEOUT_MS / 1000, every_s=0.5)
        except AssertionError as exc:
            raise AssertionError(f"{exc}; the window: {self.describe()}") from None
        return box

    def describe(self) -> str:
        """What is on screen that could take a click or the focus (for a failure's message: CI shows no pictures)."""
        state = self.page.evaluate("""() => ({
            focus: document.activeElement ? document.activeElement.className : null,
            dialogs: [...document.querySelectorAll('.monaco-dialog-box, .dialog-modal-block')].map(e => e.innerText),
            toasts: [...document.querySelectorAll('.notification-toast')].map(e => e.innerText),
            quickInput: [...document.querySelectorAll('.quick-input-widget')].map(e => e.style.display),
            commandCenter: document.querySelectorAll('.command-center-center').length,
        })""")
        return json.dumps(state)[:1500]

    def run_command(self, title: str) -> None:
        """Run a command from the palette by its full title, e.g. 'codeeval: Show Last Report'."""
        self.quick_open(f">{title}")
        row = self.quick_input().locator(".monaco-list-row", has_text=title).first
        row.wait_for(timeout=UI_TIMEOUT_MS)
        wait_until(lambda: title in (self.focused_pick() or ""), f"'{title}' in the command palette", 10)
        self.press("Enter")
        self.quick_input().wait_for(state="hidden", timeout=UI_TIMEOUT_MS)

    def focused_pick(self) -> str | None:
        focused = self.quick_input().locator(".monaco-list-row.focused")
        return focused.inner_text() if focused.count() else None

    def quick_pick_items(self) -> list[str]:
        self.quick_input().locator(".monaco-list-row").first.wait_for(timeout=UI_TIMEOUT_MS)
        return [row.inner_text() for row in self.quick_input().locator(".monaco-list-row").all()]

    def pick(self, text: str) -> None:
        self.quick_input().locator(".monaco-list-row", has_text=text).first.click()

    def open_file(self, relative: str) -> None:
        """Opens a workspace file through quick open, as a user does. A report's preview that takes the focus
        while it renders closes quick open under the test (seen after an evaluation): then it is opened again."""
        name = relative.rsplit("/", 1)[-1]

        def picked() -> bool:
            if name in (self.focused_pick() or ""):
                return True
            if not self.quick_input().locator("input").is_visible():
                self.quick_open(relative)
            return False

        self.quick_open(relative)
        wait_until(picked, f"{relative} in quick open", 30)
        self.press("Enter")
        # A report's preview beside it may take the focus as it renders, leaving its own group the active one:
        # a click on the file's tab makes the file's group active again, as a user would.
        self.active_tab(name).click()
        self.editor().wait_for(timeout=UI_TIMEOUT_MS)

    def active_tab(self, title: str) -> Locator:
        tab = self.page.locator(".tab.active", has_text=title).first
        tab.wait_for(timeout=UI_TIMEOUT_MS)
        return tab

    def tabs(self) -> list[str]:
        return [tab.inner_text().strip() for tab in self.page.locator(".tabs-container .tab").all()]

    # -- the editor -------------------------------------------------------------------------
    def editor(self) -> Locator:
        return self.page.locator(".editor-group-container.active .monaco-editor").first

    def focus_editor(self) -> None:
        self.dismiss()
        self.editor().locator("textarea").first.focus()

    def go_to(self, line: int, column: int = 1) -> None:
        self.focus_editor()
        self.press("Control+g")
        box = self.quick_input().locator("input")
        box.wait_for(timeout=UI_TIMEOUT_MS)
        box.fill(f":{line}:{column}")
        self.press("Enter")
        self.quick_input().wait_for(state="hidden", timeout=UI_TIMEOUT_MS)

    def visible_lines(self) -> list[str]:
        """The editor's rendered lines, top to bottom, with inlay hints and all (non-breaking spaces as spaces)."""
        lines = self.editor().locator(".view-lines .view-line")
        tops = lines.evaluate_all("els => els.map(e => [parseFloat(e.style.top) || 0, e.textContent])")
        return [text.replace("\u00a0", " ") for _, text in sorted(tops)]

    def line_containing(self, text: str) -> str:
        return wait_until(
            lambda: next((line for line in self.visible_lines() if text in line), None),
            f"a line containing {text!r}",
            20,
        )

    def inlay_hints(self) -> list[str]:
        """The texts of the inlay hints on screen."""
        hints = self.editor().locator(".view-lines [class*='dyn-rule'], .view-lines .inlay-hint")
        return [text.replace("\u00a0", " ").strip() for text in hints.all_text_contents() if text.strip()]

    def code_lenses(self) -> list[str]:
        return [
            text.replace("\u00a0", " ").strip()
            for text in self.editor().locator(".codelens-decoration").all_text_contents()
        ]

    def hover_at(self, line: int, column: int, expect: str) -> Locator:
        """Shows the hover at a position (keyboard: Ctrl+K Ctrl+I) and returns its widget once `expect` is in it."""
        self.go_to(line, column)
        self.press("Control+k", "Control+i")
        hover = self.page.locator(".monaco-hover:not(.hidden)", has_text=expect).first
        hover.wait_for(timeout=UI_TIMEOUT_MS)
        return hover

    def type_text(self, text: str) -> None:
        self.page.keyboard.type(text)

    def save(self) -> None:
        self.press("Control+s")

    # -- status bar, notifications, panels ---------------------------------------------------
    def score_item(self) -> Locator:
        return self.page.locator(SCORE_ITEM)

    def score_text(self) -> str:
        return self.score_item().inner_text().strip()

    def problem_counts(self) -> str:
        return self.page.locator('[id="status.problems"]').inner_text().replace("\n", " ").strip()

    def notifications(self) -> list[str]:
        return [text.strip() for text in self.page.locator(".notification-toast").all_inner_texts()]

    def notification(self, text: str | re.Pattern[str]) -> Locator:
        toast = self.page.locator(".notification-toast", has_text=text).first
        toast.wait_for(timeout=UI_TIMEOUT_MS)
        return toast

    def clear_notifications(self) -> None:
        self.run_command("Notifications: Clear All Notifications")

    def problems_panel(self) -> list[str]:
        """Opens the Problems panel and returns its rows' texts."""
        self.run_command("View: Focus Problems (Errors, Warnings, Infos)")
        panel = self.page.locator(".markers-panel")
        panel.wait_for(timeout=UI_TIMEOUT_MS)
        panel.locator(".monaco-list-row").first.wait_for(timeout=UI_TIMEOUT_MS)
        return [row.replace("\u00a0", " ") for row in panel.locator(".monaco-list-row").all_inner_texts()]

    def close_panel(self) -> None:
        self.run_command("View: Hide Panel")

    def webview_text(self, title: str) -> str:
        """The text of the webview (Markdown preview, ...) in the editor tab titled `title`."""
        self.active_tab(title)
        frame = self.page.frame_locator("iframe.webview.ready").last.frame_locator("iframe#active-frame")
        body = frame.locator("body")
        wait_until(lambda: body.inner_text().strip(), f"the content of {title}", 30)
        return body.inner_text()
