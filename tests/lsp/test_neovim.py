"""A smoke test from a real editor: headless Neovim drives the server through its own LSP client."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import make_workspace

NVIM = shutil.which("nvim")
SCRIPT = Path(__file__).with_name("nvim_smoke.lua")


@pytest.mark.skipif(NVIM is None, reason="nvim is not installed (scripts/setup installs Debian's neovim as root)")
def test_neovim_diagnostics_hover_inlay_hints_and_commands(tmp_path):
    workspace = make_workspace(tmp_path / "ws")
    out = tmp_path / "seen.json"
    env = {
        **os.environ,
        "CODEEVAL_PY": sys.executable,
        "CODEEVAL_FILE": str(workspace / "add.py"),
        "CODEEVAL_OUT": str(out),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    done = subprocess.run(
        [NVIM, "--headless", "--clean", "-c", f"luafile {SCRIPT}"],
        env=env,
        cwd=workspace,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.exists(), f"nvim wrote nothing: {done.stdout[-2000:]} {done.stderr[-2000:]}"
    seen = json.loads(out.read_text())
    assert seen["errors"] == []
    codes = {d["code"] for d in seen["diagnostics"]}
    assert {"CQ102", "CQ111"} <= codes
    assert all(d["source"] == "codeeval" for d in seen["diagnostics"])
    hints = next(d for d in seen["diagnostics"] if d["code"] == "CQ102")
    assert (hints["line"], hints["col"]) == (0, 4)
    assert seen["after_save"] == []
    assert "`add`" in seen["hover"] and "quality" in seen["hover"]
    # One hint at the end of the def line: the score, and the finding that costs most; none once fixed.
    [hint] = seen["inlay_hints"]
    assert (hint["line"], hint["character"]) == (0, len("def add(a, b, extra=[]):"))
    assert hint["label"].startswith("quality ") and " · CQ102 `add` has no type hints" in hint["label"]
    assert seen["inlay_hints_after_save"] == [{"line": 3, "character": 31, "label": "quality 100"}]
    assert [p["name"] for p in seen["problems"]] == ["add", "slow", "none"]
    assert (workspace / "add.py").read_text().startswith('"""Adding."""')
