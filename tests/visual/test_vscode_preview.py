"""The Markdown report's pictures show in VS Code's own Markdown preview (a real VS Code: code-server).

The report is written where the extension writes it (`.codeeval/reports/` in the workspace), the
preview is opened the way a user does (quick open, then "Open Preview"), and every picture in the
preview's webview must have loaded (a broken image has no natural width).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import time

import pytest

from tests.editor.codeserver import free_port, installed_code_server
from tests.editor.workbench import Workbench
from tests.support import REPO, run_cli

from .helpers import missing_page_reason

SAMPLE = REPO / "problems" / "samples" / "counter_page" / "dead_button.html"
PROBLEM = REPO / "problems" / "counter_page.yaml"
SETTINGS = (
    '{"security.workspace.trust.enabled": false, "workbench.startupEditor": "none", '
    '"files.autoSave": "off", "telemetry.telemetryLevel": "off"}'
)


pytestmark = [
    pytest.mark.skipif(missing_page_reason() is not None, reason=str(missing_page_reason())),
    pytest.mark.skipif(
        installed_code_server() is None, reason="code-server is not installed (scripts/install-code-server)"
    ),
]


def wait_for_port(port: int, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"code-server did not listen on {port}")


def preview_images(page, expected: set[str], deadline_s: float) -> list:
    """(src, natural width) of every image in the Markdown preview's webview, once all expected ones loaded
    (or the deadline passed: then what there is)."""
    images = page.frame_locator("iframe.webview").frame_locator("iframe").locator("img")
    deadline = time.monotonic() + deadline_s
    while True:
        try:
            shown = [
                images.nth(i).evaluate("img => [img.getAttribute('src'), img.naturalWidth]")
                for i in range(images.count())
            ]
        except Exception:  # the webview is still being built: its frames come and go
            shown = []
        if ({src for src, width in shown if width > 0} >= expected) or time.monotonic() > deadline:
            return shown
        time.sleep(0.3)


def test_the_vscode_markdown_preview_shows_the_report_s_pictures(tmp_path):
    workspace = tmp_path / "workspace"
    reports = workspace / ".codeeval" / "reports"
    reports.mkdir(parents=True)
    shutil.copy(SAMPLE, workspace)
    done = run_cli(
        "evaluate",
        str(workspace / SAMPLE.name),
        "--problem",
        str(PROBLEM),
        "--format",
        "markdown",
        "--output",
        str(reports / "dead_button.md"),
    )
    assert done.returncode == 0, done.stderr
    written = sorted(p.name for p in reports.iterdir() if p.suffix in (".png", ".svg"))
    assert len(written) >= 3
    user = tmp_path / "user"
    (user / "User").mkdir(parents=True)
    (user / "User" / "settings.json").write_text(SETTINGS, encoding="utf-8")
    port = free_port()
    binary = installed_code_server()
    assert binary is not None
    server = subprocess.Popen(
        [
            str(binary),
            "--bind-addr",
            f"127.0.0.1:{port}",
            "--auth",
            "none",
            "--user-data-dir",
            str(user),
            "--extensions-dir",
            str(tmp_path / "extensions"),
            "--disable-telemetry",
            "--disable-update-check",
            str(workspace),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")},
    )
    try:
        wait_for_port(port, 60)
        from playwright.sync_api import sync_playwright

        from codeeval.sandbox.browser import find_chromium

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=find_chromium(), args=["--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            # The real-editor suite's driver: it waits for what VS Code shows and retries a click on the command
            # center that opened nothing (keys typed into the palette once found no command in a CI run).
            workbench = Workbench(page, tmp_path)
            workbench.open(f"http://127.0.0.1:{port}/?folder={workspace}")
            workbench.open_file("dead_button.md")
            # Not Enter on the first row: the palette's fuzzy match ranks "Open Locked Preview to the Side" first.
            workbench.quick_open(">Markdown: Open Preview")
            row = (
                workbench.quick_input()
                .locator(".monaco-list-row", has_text=re.compile(r"^\s*Markdown: Open Preview(?! to the Side)"))
                .first
            )
            row.wait_for(timeout=20_000)
            row.click()
            shown = preview_images(page, set(written), 60)
            page.screenshot(path=str(tmp_path / "preview.png"))
            browser.close()
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
    assert {src for src, _ in shown} == set(written), shown
    assert all(width > 0 for _, width in shown), shown
