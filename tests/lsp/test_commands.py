"""The editor protocol's commands: evaluate (progress, cancellation, problem lookup), listProblems,
showReport, lastResult, and what an evaluation adds to hover and code lens."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from codeeval.lsp.views import score_text

from .conftest import SLOW_SOLUTION
from .helpers import execute, next_diagnostics, open_doc, sandbox_workers

pytestmark = [pytest.mark.slow, pytest.mark.asyncio(loop_scope="module")]


def kinds(client: LanguageClient, token) -> list[str]:
    return [type(report).__name__ for report in client.progress_reports.get(token, [])]


async def wait_for_progress(client: LanguageClient, kind: type, timeout: float = 30.0):
    """The token of the first progress that has sent a `kind` report."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for token, reports in client.progress_reports.items():
            if any(isinstance(r, kind) for r in reports):
                return token
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {kind.__name__} progress within {timeout} s")


async def wait_until_no_sandbox_workers(client: LanguageClient, timeout: float = 10.0) -> float:
    started = time.monotonic()
    while sandbox_workers(client):
        if time.monotonic() - started > timeout:
            raise AssertionError(f"sandbox workers still running: {sandbox_workers(client)}")
        await asyncio.sleep(0.05)
    return time.monotonic() - started


async def test_same_named_files_in_two_folders_keep_separate_reports(client: LanguageClient, workspace: Path):
    nested = workspace / "sub" / "add.py"
    nested.parent.mkdir(exist_ok=True)
    nested.write_text((workspace / "add.py").read_text(encoding="utf-8"), encoding="utf-8")
    uri = open_doc(client, nested)
    await next_diagnostics(client, uri)
    result = await execute(client, "codeeval.evaluate", {"uri": uri})
    assert result["status"] == "done" and result["problem"] == "add"
    report = Path(result["reportUri"].removeprefix("file://"))
    assert report == workspace / ".codeeval" / "reports" / "sub" / "add.md" and report.is_file()
    assert "sub/add.py" in report.read_text(encoding="utf-8")


async def test_evaluate_with_progress_then_hover_lens_and_last_result(client: LanguageClient, workspace: Path):
    uri = open_doc(client, workspace / "add.py")
    await next_diagnostics(client, uri)
    token = "eval-1"
    client.progress_reports[token] = []  # a client-created token, as VS Code sends with the request
    result = await execute(client, "codeeval.evaluate", {"uri": uri}, token=token)

    assert list(result) == ["status", "score", "problem", "reportUri", "jsonUri", "dimensions"]
    assert result["status"] == "done" and result["problem"] == "add"
    assert 0 < result["score"] < 100
    assert result["dimensions"]["correctness"] == pytest.approx(66.67, abs=0.01)  # (-5, 2) fails
    assert result["dimensions"]["performance"] is None  # the problem has no performance inputs
    report = Path(result["reportUri"].removeprefix("file://"))
    assert report == workspace / ".codeeval" / "reports" / "add.md" and report.is_file()
    assert json.loads(Path(result["jsonUri"].removeprefix("file://")).read_text())["problem"] == "add"
    steps = kinds(client, token)
    assert steps[0] == "WorkDoneProgressBegin" and steps[-1] == "WorkDoneProgressEnd"
    assert "WorkDoneProgressReport" in steps
    assert client.progress_reports[token][0].cancellable is True

    last = await execute(client, "codeeval.lastResult", {"uri": uri})
    assert last == {"score": result["score"], "problem": "add", "reportUri": result["reportUri"]}
    assert await execute(client, "codeeval.showReport", {"uri": uri}) == {"reportUri": result["reportUri"]}

    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 5))
    )
    text = hover.contents.value
    assert "Last evaluation" in text and "Failing tests" in text and "add(-5, 2)" in text
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert f"score {score_text(result['score'])} · " in lenses[0].command.title
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(types.Position(0, 0), types.Position(9, 0)),
        )
    )
    dims = result["dimensions"]
    assert [hint.label for hint in hints] == [  # the evaluation replaces the quality hint on the entry point
        f"score {score_text(result['score'])} = C66.7 E{score_text(dims['edge_cases'])} P– "
        f"Q{score_text(dims['code_quality'])}"
    ]


LARGEST_PROBLEM = """\
name: largest
summary: The largest number in a list (0 for an empty one).
entry_point: largest
reference: |
  def largest(xs: list[int]) -> int:
      return max(xs, default=0)
tests:
  - args: [[1, 5, 3]]
    expected: 5
  - args: [[7]]
    expected: 7
"""

LARGEST_FROM_ZERO = """\
# codeeval: problem=largest.yaml
def largest(xs):
    best = 0
    for x in xs:
        if x > best:
            best = x
    return best
"""


async def test_hover_shows_each_edge_case_finding_with_its_cost_and_chance(client: LanguageClient, workspace: Path):
    folder = workspace / "largest"  # beside the solution, not in problems/: other tests list those
    folder.mkdir(exist_ok=True)
    (folder / "largest.yaml").write_text(LARGEST_PROBLEM, encoding="utf-8")
    uri = open_doc(client, folder / "attempt.py", text=LARGEST_FROM_ZERO)
    await next_diagnostics(client, uri)
    result = await execute(client, "codeeval.evaluate", {"uri": uri})
    assert result["status"] == "done" and result["dimensions"]["edge_cases"] < 100  # all-negative lists give 0
    saved = json.loads(Path(result["jsonUri"].removeprefix("file://")).read_text())
    [wrong] = [f for f in saved["dimensions"]["edge_cases"]["findings"] if f["kind"] == "wrong output"]
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(1, 5))
    )
    text = hover.contents.value
    assert "Edge-case findings" in text
    chance = f"{100 * wrong['confidence']['value']:.0f}% likely a real bug"
    cost = f"−{score_text(wrong['points'])} pts"
    assert f"wrong output on {wrong['inputs']} input" in text and f"{cost} ({chance}" in text, text


async def test_server_created_progress_and_a_problem_named_in_a_comment(client: LanguageClient, workspace: Path):
    path = workspace / "attempt.py"
    path.write_text("# codeeval: problem=add\ndef add(a: int, b: int) -> int:\n    return a + b\n")
    result = await execute(client, "codeeval.evaluate", {"uri": path.as_uri()})  # not open: read from disk
    assert result["status"] == "done" and result["problem"] == "add"
    assert result["dimensions"]["correctness"] == 100
    [token] = list(client.progress_reports)  # created by the server with window/workDoneProgress/create
    assert kinds(client, token)[0] == "WorkDoneProgressBegin"
    assert kinds(client, token)[-1] == "WorkDoneProgressEnd"


async def test_needs_problem_lists_the_choices(client: LanguageClient, workspace: Path):
    uri = open_doc(client, workspace / "mystery.py", text="def mystery(x: int) -> int:\n    return x\n")
    result = await execute(client, "codeeval.evaluate", {"uri": uri})
    assert list(result) == ["status", "choices", "message"] and result["status"] == "needsProblem"
    names = [c["name"] for c in result["choices"]]
    assert names == ["add", "slow", "none"]
    listed = await execute(client, "codeeval.listProblems", {"uri": uri})
    assert listed == result["choices"]
    assert list(listed[0]) == ["name", "path", "summary"]
    assert listed[0]["path"] == str(workspace / "problems" / "add.yaml")
    assert listed[0]["summary"] == "Add two integers."
    assert await execute(client, "codeeval.showReport", {"uri": uri}) is None
    assert await execute(client, "codeeval.lastResult", {"uri": uri}) is None


async def test_evaluate_without_a_problem(client: LanguageClient, workspace: Path):
    text = 'def first(xs: list[int]) -> int:\n    """The first item."""\n    return xs[0]\n'
    uri = open_doc(client, workspace / "first.py", text=text)
    await next_diagnostics(client, uri)
    result = await execute(client, "codeeval.evaluate", {"uri": uri, "problem": "none"})
    assert result["status"] == "done" and result["problem"] is None
    dims = result["dimensions"]
    assert dims["correctness"] is None and dims["performance"] is None
    assert dims["code_quality"] is not None
    assert dims["edge_cases"] == 0  # first([]) raises IndexError: a crash on a generated input
    saved = json.loads(Path(result["jsonUri"].removeprefix("file://")).read_text())
    assert "IndexError" in json.dumps(saved["dimensions"]["edge_cases"]["counterexamples"])
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 5))
    )
    assert "Counterexamples" in hover.contents.value and "IndexError" in hover.contents.value


async def test_cancel_from_the_progress_kills_the_sandbox(client: LanguageClient, workspace: Path):
    uri = open_doc(client, workspace / "slow.py")
    task = asyncio.ensure_future(execute(client, "codeeval.evaluate", {"uri": uri}))
    token = await wait_for_progress(client, types.WorkDoneProgressBegin)
    deadline = time.monotonic() + 30
    while not sandbox_workers(client):  # the solution is now sleeping in the sandbox
        assert time.monotonic() < deadline, "the evaluation never started a sandbox worker"
        await asyncio.sleep(0.05)
    cancelled_at = time.monotonic()
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    result = await asyncio.wait_for(task, 15)
    assert result == {"status": "cancelled"}
    assert time.monotonic() - cancelled_at < 5  # not the 8 x 60 s the cases would take
    await wait_until_no_sandbox_workers(client, timeout=5)
    assert kinds(client, token)[-1] == "WorkDoneProgressEnd"
    assert await execute(client, "codeeval.lastResult", {"uri": uri}) is None


async def test_cancel_request_kills_the_sandbox(client: LanguageClient, workspace: Path):
    uri = open_doc(client, workspace / "slow_too.py", text="# codeeval: problem=slow\n" + SLOW_SOLUTION)
    request = asyncio.ensure_future(execute(client, "codeeval.evaluate", {"uri": uri}, msg_id="evaluate-slow"))
    deadline = time.monotonic() + 30
    while not sandbox_workers(client):
        assert time.monotonic() < deadline, "the evaluation never started a sandbox worker"
        await asyncio.sleep(0.05)
    client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id="evaluate-slow"))
    with pytest.raises(JsonRpcException):  # RequestCancelled, answered at once
        await asyncio.wait_for(request, 10)
    await wait_until_no_sandbox_workers(client, timeout=5)
    # the server is still fine
    assert await execute(client, "codeeval.lastResult", {"uri": uri}) is None


async def test_document_closed_mid_evaluation(client: LanguageClient, workspace: Path):
    uri = open_doc(client, workspace / "sleepy.py")
    await next_diagnostics(client, uri)
    task = asyncio.ensure_future(execute(client, "codeeval.evaluate", {"uri": uri}))
    deadline = time.monotonic() + 30
    while not sandbox_workers(client):
        assert time.monotonic() < deadline
        await asyncio.sleep(0.05)
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    cleared = await next_diagnostics(client, uri)
    assert list(cleared.diagnostics) == []
    result = await asyncio.wait_for(task, 60)
    assert result["status"] == "done" and result["problem"] == "slow"
    assert result["dimensions"]["correctness"] == 100
    with pytest.raises(asyncio.TimeoutError):  # nothing is published for the closed document
        await next_diagnostics(client, uri, timeout=0.5)
    assert (await execute(client, "codeeval.lastResult", {"uri": uri}))["score"] == result["score"]


async def test_untitled_buffer_and_bad_arguments(client: LanguageClient, workspace: Path):
    uri = open_doc(client, "untitled:Untitled-1", text="def add(a: int, b: int) -> int:\n    return a + b\n")
    result = await execute(client, "codeeval.evaluate", {"uri": uri, "problem": "add"})
    assert result["status"] == "done"
    assert Path(result["reportUri"].removeprefix("file://")) == workspace / ".codeeval" / "reports" / "Untitled-1.md"
    with pytest.raises(JsonRpcException, match="one argument object"):
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="codeeval.evaluate", arguments=[uri])
        )
    with pytest.raises(JsonRpcException, match=r"no-such\.yaml"):
        await execute(client, "codeeval.evaluate", {"uri": uri, "problem": "problems/no-such.yaml"})
    with pytest.raises(JsonRpcException, match="`show` must be true, false or absent"):
        await execute(client, "codeeval.evaluate", {"uri": uri, "show": "yes"})


async def test_lens_style_evaluate_asks_and_opens_the_report(client: LanguageClient, workspace: Path):
    """`show: true` (the code lens): the server asks for the problem and opens the report itself."""
    uri = open_doc(client, workspace / "unknown.py", text="def add(a: int, b: int) -> int:\n    return a + b\n")
    client.answer_message_request = "add"
    result = await execute(client, "codeeval.evaluate", {"uri": uri, "show": True})
    assert result["status"] == "done" and result["problem"] == "add"
    assert [a.title for a in client.message_requests[0].actions] == ["add", "slow", "none"]
    if client.client_name.startswith("visual-studio-code"):
        assert [d.uri for d in client.shown_documents] == [result["reportUri"]]
    else:  # Neovim 0.7 cannot show documents: the server does not ask it to
        assert client.shown_documents == []


async def test_a_problem_judged_by_a_test_suite_shows_the_failing_suite_tests(client: LanguageClient, workspace: Path):
    bundled = Path(__file__).resolve().parents[2] / "problems"
    path = workspace / "suite" / "chunk_list.py"
    path.parent.mkdir(exist_ok=True)
    uri = open_doc(client, path, text=(bundled / "samples" / "chunk_list" / "mutating.py").read_text(encoding="utf-8"))
    problem = str(bundled / "chunk_list.yaml")
    result = await execute(client, "codeeval.evaluate", {"uri": uri, "problem": problem})
    assert result["status"] == "done" and result["problem"] == "chunk_list"
    assert result["dimensions"]["correctness"] == pytest.approx(77.78, abs=0.01)  # 7 of 9: two suite tests fail
    report = Path(result["reportUri"].removeprefix("file://")).read_text(encoding="utf-8")
    assert "### Tests of the test suite that did not pass" in report
    assert "`TestCases.test_the_argument_is_not_modified`" in report
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(3, 5))
    )
    shown = hover.contents.value
    assert "- `TestCases.test_the_argument_is_not_modified`: `Lists differ: [] != [1, 2, 3, 4, 5]" in shown
