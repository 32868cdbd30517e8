"""A change reviewed in a real VS Code (code-server in Chromium): a sample's function edited on disk so it returns
its pair backwards, then "codeeval: Evaluate Changes Against HEAD" from the palette: the progress notification,
the review's report in the preview beside the code, and the behaviour change as a warning on the function's name
whose hover shows the counterexample and the confidence. One window of its own (module fixtures).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .workbench import Workbench, wait_until

pytestmark = pytest.mark.slow

GOOD = "problems/samples/two_sum/good.py"
PALETTE_COMMANDS_RUN_HERE = {"Evaluate Changes Against HEAD"}  # test_real_editor counts them as run
REVIEW_TIMEOUT_S = 120  # both versions in the sandbox, then paired timings; 2 busy cores


def warnings(counts: str) -> int:
    """The warning count of the status bar's problems item ('0 5 2': errors, warnings, infos)."""
    return int(counts.split()[1])


def test_evaluate_changes_against_head_shows_the_report_and_the_behaviour_change(workbench: Workbench, workspace: Path):
    good = workspace / GOOD
    good.write_text(good.read_text().replace("return (first, second)", "return (second, first)"), encoding="utf-8")
    workbench.open_file(GOOD)
    before = warnings(workbench.problem_counts())
    workbench.run_command("codeeval: Evaluate Changes Against HEAD")
    workbench.notification("codeeval: evaluating changes against HEAD")
    preview = wait_until(
        lambda: next((t for t in workbench.tabs() if t.startswith("Preview review")), None),
        "the review's report in the preview",
        REVIEW_TIMEOUT_S,
    )
    report = workbench.webview_text(preview)
    assert "two_sum" in report and "behaviour" in report.lower()
    assert (workspace / ".codeeval" / "reports" / "review.json").is_file()
    workbench.screenshot("review-report-preview")
    workbench.open_file(GOOD)
    wait_until(lambda: warnings(workbench.problem_counts()) == before + 1, "the behaviour change as a warning", 30)
    line = next(i for i, text in enumerate(good.read_text().splitlines(), start=1) if text.startswith("def two_sum"))
    hover = workbench.hover_at(line, 6, "Counterexample").inner_text()
    assert "behaviour change: base returns" in hover and "relevance" in hover, hover
    workbench.screenshot("behaviour-change-hover")
    workbench.dismiss()
