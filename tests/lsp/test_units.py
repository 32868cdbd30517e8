"""The server's pure parts, without a transport: settings, problem lookup, positions, cancellation."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from codeeval.base.findings import Range
from codeeval.lsp import problems
from codeeval.lsp.command_replies import LastResult
from codeeval.lsp.editor_settings import Settings, SettingsStore, overlay
from codeeval.lsp.folders import base_dir, folder_for, uri_stem
from codeeval.lsp.jobs import CancellableLauncher, CancelToken, EvaluationCancelled
from codeeval.lsp.positions import Lines
from codeeval.lsp.report_files import report_dir, report_stem, saved_summary

from .conftest import ADD_PROBLEM, make_workspace


def test_settings_overlay_keeps_valid_values_and_reports_bad_ones():
    messages: list[str] = []
    settings = overlay(
        Settings(),
        {
            "codeeval": {
                "run": "onType",
                "severityMap": {"warning": "hint"},
                "weights": {"speed": 3},
                "limits": {"memory_mb": 0},
                "disabledRules": ["CQ101"],
            }
        },
        messages,
    )
    assert settings.run == "onType"
    assert settings.severity_map == {"critical": "error", "warning": "hint", "suggestion": "information"}
    assert settings.weights == {} and settings.limits == {}
    assert not settings.rule_enabled("CQ101") and settings.rule_enabled("CQ102")
    assert len(messages) == 2 and any("weights" in m for m in messages) and any("limits" in m for m in messages)


def test_folder_settings_override_global_ones_for_their_documents():
    store = SettingsStore()
    store.set_global({"problemsFolders": ["everywhere"], "run": "onType"})
    store.set_folder("file:///ws/b", {"problemsFolders": ["tasks"]})
    folders = ["file:///ws/a", "file:///ws/b"]
    assert store.for_folder(folder_for("file:///ws/b/x.py", folders)).problems_folders == ("tasks",)
    assert store.for_folder(folder_for("file:///ws/b/x.py", folders)).run == "onType"
    assert store.for_folder(folder_for("file:///ws/a/x.py", folders)).problems_folders == ("everywhere",)
    assert folder_for("file:///ws/bb/x.py", folders) is None  # a prefix of the name is not a parent


def test_problem_lookup_order(tmp_path):
    root = make_workspace(tmp_path / "ws")
    (root / "problems" / "samples" / "add").mkdir(parents=True)
    index = problems.ProblemIndex()
    folders = problems.problem_folders(root, ("problems",))

    def resolve(uri: str, source: str = "", requested=None):
        return problems.resolve(
            index, requested=requested, source=source, doc_uri=uri, stem=uri_stem(uri), base=root, folders=folders
        )

    assert resolve((root / "add.py").as_uri()).how == "stem"
    found = resolve((root / "x.py").as_uri(), "# codeeval: problem=slow\n")
    assert (found.problem.name, found.how) == ("slow", "comment")
    assert resolve((root / "x.py").as_uri(), "# codeeval: problem=none\n").no_problem
    found = resolve((root / "x.py").as_uri(), "# codeeval: problem=problems/add.yaml\n")
    assert found.problem.name == "add"
    found = resolve((root / "problems" / "samples" / "add" / "messy.py").as_uri())
    assert (found.problem.name, found.how) == ("add", "folder")
    missing = resolve((root / "x.py").as_uri())
    assert not missing.found and "x.yaml" in missing.message
    assert resolve((root / "add.py").as_uri(), requested="slow").problem.name == "slow"  # argument wins
    (root / "bad.yaml").write_text(ADD_PROBLEM.replace("entry_point: add", "entry_point: [1]"))
    with pytest.raises(Exception, match=r"bad\.yaml"):
        resolve((root / "x.py").as_uri(), requested="bad.yaml")


def test_reports_base_directory():
    assert base_dir("file:///ws/a/x.py", "file:///ws/a", None) == Path("/ws/a")
    assert base_dir("file:///elsewhere/x.py", None, "file:///ws") == Path("/elsewhere")
    assert base_dir("untitled:Untitled-1", None, "file:///ws") == Path("/ws")
    assert base_dir("untitled:Untitled-1", None, None) is None
    assert uri_stem("untitled:Untitled-1") == "Untitled-1"


def test_files_with_the_same_name_keep_separate_reports():
    assert report_stem("a/two_sum.py") == "a/two_sum" and report_stem("b/two_sum.py") == "b/two_sum"
    assert report_stem("two_sum.py") == "two_sum"
    outside, other = report_stem("/elsewhere/two_sum.py"), report_stem("/other/two_sum.py")
    assert outside.startswith("two_sum-") and outside != other and "/" not in outside
    assert "/" not in report_stem("../up/two_sum.py")


def test_positions_are_utf16_and_lines_split_like_lsp():
    text = "a = '😀x'\fb = 1\r\nc = 2\rd"
    lines = Lines(text)
    assert len(lines) == 3  # \f is not a line break for LSP or Python's tokenizer; \r\n and \r are
    codec = PositionCodec()
    # character column 7 ('x' after the emoji) is UTF-16 unit 8
    assert lines.to_client(0, 7, codec) == types.Position(0, 8)
    assert lines.from_client(types.Position(0, 8), codec) == (0, 7)
    assert lines.to_client(1, 3, codec) == types.Position(1, 3)
    assert lines.range(Range(3, 0, 3, 5), codec).end == types.Position(2, 1)  # clamped to the line
    assert lines.to_client(99, 99, codec) == types.Position(2, 1)  # never out of the document


def test_cancel_kills_a_running_child_and_refuses_new_ones():
    class Launcher:  # the engine's launcher interface, starting a real long-running process
        def isolation(self):
            return {"level": "test"}

        def spawn(self, limits):
            process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], start_new_session=True)
            return type("Child", (), {"process": process})()

    token = CancelToken()
    launcher = CancellableLauncher(Launcher(), token)
    child = launcher.spawn(None)
    threading.Timer(0.2, token.cancel).start()
    started = time.monotonic()
    child.process.wait(timeout=10)
    assert time.monotonic() - started < 5 and child.process.returncode == -9
    with pytest.raises(EvaluationCancelled):
        launcher.spawn(None)


def test_the_save_path_json_matches_the_typed_diagnostic():
    """Diagnostics are published as hand-built JSON; it must equal lsprotocol's own for the same finding."""
    from pygls.protocol import default_converter

    from codeeval.lsp.analysis import analyze
    from codeeval.lsp.diagnostics import diagnostic_json, to_diagnostic

    source = 's = "😀"\n\n\ndef f(x, y=[]):\n    t = x\n    x = y\n    y = t\n    return x\n'
    analysis = analyze(source, "f.py", None)
    lines, codec, converter = Lines(source), PositionCodec(), default_converter()
    severity_map = Settings().severity_map
    assert len(analysis.findings) >= 4
    for index, finding in enumerate(analysis.findings):
        typed = converter.unstructure(to_diagnostic(index, finding, lines, codec, severity_map))
        assert diagnostic_json(index, finding, lines, codec, severity_map) == typed


def test_the_last_reports_on_disk_are_read_back_after_a_restart(tmp_path):
    assert saved_summary(tmp_path, "sub/two_sum.py") is None
    folder = report_dir(tmp_path) / "sub"
    folder.mkdir(parents=True)
    (folder / "two_sum.json").write_text('{"score": 71.456, "problem": "two_sum"}', encoding="utf-8")
    assert saved_summary(tmp_path, "sub/two_sum.py") is None  # the Markdown report is what the client opens
    (folder / "two_sum.md").write_text("# report\n", encoding="utf-8")
    assert saved_summary(tmp_path, "sub/two_sum.py") == LastResult(
        score=71.46, problem="two_sum", report_uri=(folder / "two_sum.md").as_uri()
    )
    (folder / "two_sum.json").write_text("{not json", encoding="utf-8")
    assert saved_summary(tmp_path, "sub/two_sum.py") is None


def test_the_analysis_worker_and_the_replies_load_without_pygls():
    """The analysis worker process imports lsp.analysis (and the replies are plain data): no LSP library."""
    code = (
        "import sys, codeeval.lsp.analysis, codeeval.lsp.command_replies; "
        "print(sorted(m for m in ('pygls', 'lsprotocol') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_edge_finding_lines_say_a_chance_only_where_one_was_measured():
    """A function's edge finding carries a measured probability; a stdin program's keeps the mean of its parts,
    and the hover line must not call that a chance."""
    from codeeval.engine.evaluator import evaluate
    from codeeval.lsp.views import edge_finding_lines
    from codeeval.problem.io_problems import StdinTest, stdin_problem
    from codeeval.results.edge_case_details import EdgeCaseDetails

    tests = [StdinTest("3\n2 1 5\n", "5\n"), StdinTest("4\n3 2 4 9\n", "9\n")]
    reference = "input()\nprint(max(map(int, input().split())))\n"
    problem = stdin_problem("largest", tests, prompt="Print the largest of N numbers.", reference=reference)
    last = "input()\nprint(input().split()[-1])\n"  # right where the largest comes last, as in the tests
    result = evaluate("last.py", problem, source=last, skip=("performance", "code_quality"))
    details = result.dimensions["edge_cases"].details
    assert isinstance(details, EdgeCaseDetails) and details.findings
    [line, *_] = edge_finding_lines(details.findings, 5)
    finding = details.findings[0]
    assert finding.confidence.probability is None
    assert f"confidence {finding.confidence.value:.2f}" in line and "likely a real bug" not in line
