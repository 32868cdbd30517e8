"""The code version that keys every cache (results, the reference's answers, converted benchmarks) changes when
any module of the package changes, not only those of the folder it is defined in."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.support import REPO

PRINT_VERSION = "from codeeval.judging.reference_cache import code_version; print(code_version())"


def version_of(root: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", PRINT_VERSION], capture_output=True, text=True, check=True, env={"PYTHONPATH": str(root)}
    )
    return done.stdout.strip()


def test_a_change_anywhere_in_the_package_changes_the_code_version(tmp_path):
    shutil.copytree(REPO / "server" / "codeeval", tmp_path / "codeeval", ignore=shutil.ignore_patterns("__pycache__"))
    before = version_of(tmp_path)
    importer = tmp_path / "codeeval" / "importers" / "sandbox_needs.py"
    importer.write_text(importer.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert version_of(tmp_path) != before
