#!/usr/bin/env python3
"""codeeval's own quality gate: `codeeval check server/codeeval --fail-on critical`, told briefly.

The plain command prints every finding (a thousand suggestions); this prints the critical
ones, which fail the gate, and the summary line with the package's mean quality.

    .venv/bin/python scripts/self_check.py
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def check_report() -> dict:
    """`codeeval check server/codeeval`'s JSON report (every finding, none failing the command)."""
    done = subprocess.run(
        [sys.executable, "-m", "codeeval", "check", "server/codeeval", "--format", "json", "--fail-on", "none"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"self-check: codeeval check failed ({done.returncode}): {done.stderr.strip()}")
    return json.loads(done.stdout)


def main() -> int:
    report = check_report()
    critical = [
        (entry["path"], finding)
        for entry in report["files"]
        for finding in entry["findings"]
        if finding["severity"] == "critical"
    ]
    for path, finding in critical:
        line = finding["range"]["start"]["line"]  # 1-based, as the text format shows it
        print(f"self-check: {path}:{line}: {finding['rule']} critical: {finding['message']}")
    print(f"self-check: {report['summary']}")
    return 1 if critical else 0


if __name__ == "__main__":
    sys.exit(main())
