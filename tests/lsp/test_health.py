"""Health over time against git HEAD: the health command, the hover on the first line, and the workspace's
files by quality, on a real git repository and the real server."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .helpers import change_doc, execute, next_diagnostics, open_doc, save_doc

pytestmark = pytest.mark.asyncio(loop_scope="module")

FIXED = '''def add(a: int, b: int, extra: list | None = None) -> int:
    """Add two numbers."""
    if a < 0:
        return a - b
    return a + b
'''
WORSE = (
    FIXED
    + """

def helper(x, y, z):
    if x:
        if y:
            if z:
                return 1
    return 0
"""
)


def commit_all(folder: Path) -> None:
    git = ["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@localhost"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "start"], check=True)


async def saved(client: LanguageClient, path: Path, uri: str, version: int, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    change_doc(client, uri, version, text)
    save_doc(client, uri)
    await next_diagnostics(client, uri, version=version)


async def test_health_against_head_in_the_command_and_the_first_lines_hover(
    fresh_client: LanguageClient, fresh_workspace: Path
):
    commit_all(fresh_workspace)
    path = fresh_workspace / "add.py"
    uri = open_doc(fresh_client, path)
    await next_diagnostics(fresh_client, uri)
    same = await execute(fresh_client, "codeeval.health", {"uri": uri})
    keys = ["score", "headScore", "delta", "trend", "headline", "markdown", "functions", "newFindings", "fixed"]
    assert list(same) == keys
    assert same["trend"] == "unchanged" and same["delta"] == 0 and same["newFindings"] == []

    await saved(fresh_client, path, uri, 2, FIXED)
    better = await execute(fresh_client, "codeeval.health", {"uri": uri})
    assert better["trend"] == "better" and better["delta"] > 0 and better["fixed"] >= 3
    [add] = better["functions"]
    assert add["name"] == "add" and add["after"] > add["before"]

    await saved(fresh_client, path, uri, 3, WORSE)
    worse = await execute(fresh_client, "codeeval.health", {"uri": uri})
    assert worse["score"] < better["score"]
    assert [f["name"] for f in worse["functions"]] == ["helper", "add"]  # the new function, worst first
    assert worse["functions"][0]["before"] is None
    assert {f["rule"] for f in worse["newFindings"]} >= {"CQ101", "CQ102"}
    assert all(f["line"] == 8 for f in worse["newFindings"] if f["rule"] == "CQ102")

    hover = await fresh_client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 1))
    )
    text = hover.contents.value
    assert "**Health since HEAD**" in text and worse["headline"] in text
    assert "`helper` new:" in text and "New findings:" in text
    assert "`add`" in text  # line 0 is also add's def line: its own summary comes first


async def test_a_file_git_does_not_know_has_nothing_to_compare_with(
    fresh_client: LanguageClient, fresh_workspace: Path
):
    uri = open_doc(fresh_client, fresh_workspace / "add.py")  # no repository at all
    await next_diagnostics(fresh_client, uri)
    health = await execute(fresh_client, "codeeval.health", {"uri": uri})
    assert health["trend"] == "untracked" and health["headScore"] is None and health["delta"] is None
    assert "not in git HEAD" in health["headline"]


async def test_workspace_files_by_quality_worst_first(fresh_client: LanguageClient, fresh_workspace: Path):
    commit_all(fresh_workspace)
    (fresh_workspace / "add.py").write_text(WORSE, encoding="utf-8")  # modified, not open
    (fresh_workspace / "new.py").write_text('"""New."""\n', encoding="utf-8")  # untracked
    (fresh_workspace / ".hidden").mkdir()
    (fresh_workspace / ".hidden" / "skip.py").write_text("x = 1\n", encoding="utf-8")
    files = await execute(fresh_client, "codeeval.workspaceQuality", {})
    assert [f["path"] for f in files][-1] == "new.py"  # 100: the best last
    assert {f["path"] for f in files} == {"add.py", "slow.py", "sleepy.py", "new.py"}
    scores = [f["score"] for f in files]
    assert scores == sorted(scores)
    by_path = {f["path"]: f for f in files}
    assert list(by_path["add.py"]) == ["uri", "path", "score", "headScore", "delta", "findings"]
    assert by_path["new.py"]["headScore"] is None
    assert by_path["slow.py"]["delta"] == 0
    assert by_path["add.py"]["headScore"] is not None and by_path["add.py"]["delta"] != 0
    assert by_path["add.py"]["uri"] == (fresh_workspace / "add.py").as_uri()
