"""A person's decision in a real VS Code (code-server in Chromium): the "Dismiss finding…" quick action on a
real finding asks why, and the finding becomes a Hint that says who dismissed it and why (it leaves the
Problems count; the hover and the decision file say so). Then the two palette commands of decisions, each up
to the answer a person gets without an evaluation or a run: the server's refusal, and `codeeval queue`'s.
One window of its own (module fixtures), under a minute once the window is up.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .workbench import Workbench, wait_until

pytestmark = pytest.mark.slow

MESSY = "problems/samples/two_sum/messy.py"
REASON = "d is the usual name for the seen-numbers dict"
PALETTE_COMMANDS_RUN_HERE = {"Override Score…", "Show Review Queue"}  # test_real_editor counts them as run (below)


def infos(counts: str) -> int:
    """The information count of the status bar's problems item ('0 5 2': errors, warnings, infos)."""
    return int(counts.split()[-1])


def pick_action(workbench: Workbench, title: str) -> None:
    """The quick-fix menu's action `title`, chosen with the keyboard (the menu takes no clicks)."""
    workbench.press("Control+.")
    workbench.page.locator(".action-widget .monaco-list-row", has_text=title).first.wait_for(timeout=30_000)
    for _ in range(15):
        focused = workbench.page.locator(".action-widget .monaco-list-row.focused")
        if focused.count() and title in focused.inner_text():
            break
        workbench.press("ArrowDown")
    workbench.press("Enter")


def answer_input(workbench: Workbench, title: str, text: str, enter: bool = True) -> None:
    box = workbench.quick_input().locator("input")
    wait_until(lambda: title in workbench.quick_input().inner_text(), f"the input box {title!r}", 30)
    box.fill(text)
    if enter:
        workbench.press("Enter")


def test_dismiss_quick_action_turns_a_finding_into_a_marked_hint(workbench: Workbench, workspace: Path):
    workbench.open_file(MESSY)
    wait_until(lambda: infos(workbench.problem_counts()) == 2, "the findings (2 infos: CQ101, CQ103)", 90)
    workbench.go_to(2, 5)  # `d = {}`: the one-letter name, CQ103, the only finding there
    pick_action(workbench, "Dismiss finding…")
    answer_input(workbench, "dismiss CQ103", REASON)
    wait_until(lambda: infos(workbench.problem_counts()) == 1, "the dismissed finding leaving the Problems count", 30)
    # Still there, not hidden: the diagnostic (now a Hint, so out of the count) says who dismissed it and why.
    hover = workbench.hover_at(2, 5, "dismissed by").inner_text()
    assert re.search(rf"one-letter name .*\(dismissed by \S+: {REASON}\)", hover), hover
    workbench.screenshot("dismissed-finding-hover")
    workbench.dismiss()
    [decision] = [json.loads(line) for line in (workspace / "codeeval-decisions.jsonl").read_text().splitlines()]
    assert (decision["kind"], decision["rule"], decision["problem"], decision["reason"]) == (
        "dismiss",
        "CQ103",
        "two_sum",
        REASON,
    )

    # Override Score… before any evaluation: the dimension, score and reason asked for, then the server's refusal.
    workbench.run_command("codeeval: Override Score…")
    workbench.pick("total")
    answer_input(workbench, "total of messy.py", "80")
    answer_input(workbench, "why total = 80", "checked by hand")
    workbench.notification("has no evaluation in this session: evaluate it first")
    workbench.clear_notifications()

    # Show Review Queue on a folder that is not a run's output: codeeval queue's own answer, shown as an error.
    workbench.run_command("codeeval: Show Review Queue")
    answer_input(workbench, "codeeval", f"{workspace}/problems/", enter=False)  # the open dialog, in the browser
    workbench.page.locator(".quick-input-widget .monaco-button", has_text="Review this run").first.click()
    workbench.notification(re.compile(r"codeeval queue failed \(exit 2\): .*not a `codeeval run` output folder"))
    workbench.screenshot("review-queue-answer")
    workbench.clear_notifications()
