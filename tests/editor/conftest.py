"""The real-editor suite's fixtures: one code-server with the built extension, one browser page, one workspace
(a git repository holding the bundled problems), shared by the module's tests in order."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import missing_browser_reason

from .codeserver import REPO, CodeServer, EditorUnavailable, built_vsix, code_server_binary
from .workbench import Workbench

ARTIFACTS = REPO / "test-artifacts" / "real-editor"  # gitignored; CI keeps it as the run's artifacts
VIEWPORT = {"width": 1400, "height": 860}


def editor_settings() -> dict:
    return {
        "files.autoSave": "off",  # the browser build saves after 1 s by default; a desktop VS Code does not
        "security.workspace.trust.enabled": False,
        "workbench.startupEditor": "none",
        "workbench.tips.enabled": False,
        "workbench.colorTheme": "Default Light Modern",
        "telemetry.telemetryLevel": "off",
        "extensions.autoCheckUpdates": False,
        "extensions.ignoreRecommendations": True,
        "git.openRepositoryInParentFolders": "never",
        "editor.minimap.enabled": False,
        "editor.hover.delay": 150,
        "codeeval.interpreter": sys.executable,
    }


def make_workspace(root: Path) -> Path:
    """The bundled problems and samples, committed to git (health is measured against HEAD)."""
    workspace = root / "workspace"
    shutil.copytree(REPO / "problems", workspace / "problems")
    git = ["git", "-C", str(workspace), "-c", "user.name=codeeval", "-c", "user.email=codeeval@localhost"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "the bundled problems"], check=True)
    return workspace


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    return make_workspace(tmp_path_factory.mktemp("editor"))


@pytest.fixture(scope="module")
def code_server(tmp_path_factory, workspace: Path) -> Iterator[CodeServer]:
    reason = missing_browser_reason()
    if reason:
        pytest.skip(reason)
    try:
        binary = code_server_binary()
        vsix = built_vsix()
    except EditorUnavailable as exc:
        pytest.skip(str(exc))
    server = CodeServer(binary, tmp_path_factory.mktemp("code-server"))
    server.install_extension(vsix)
    server.write_settings(editor_settings(), machine_keys=("codeeval.interpreter",))
    server.start(workspace)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def workbench(code_server: CodeServer, workspace: Path, chromium) -> Iterator[Workbench]:
    if ARTIFACTS.exists():
        shutil.rmtree(ARTIFACTS)
    ARTIFACTS.mkdir(parents=True)
    page = chromium.new_page(viewport=VIEWPORT)
    bench = Workbench(page, ARTIFACTS)
    bench.open(f"{code_server.url}?folder={workspace}")
    yield bench
    page.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A screenshot of the window when a step fails: what the user would have seen."""
    outcome = yield
    report = outcome.get_result()
    bench = item.funcargs.get("workbench") if hasattr(item, "funcargs") else None
    if report.when == "call" and report.failed and isinstance(bench, Workbench):
        bench.screenshot(f"FAILED-{item.name}")
