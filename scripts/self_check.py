#!/usr/bin/env python3
"""codeeval's own quality gate: `codeeval check server/codeeval --fail-on critical`, with a shrinking list.

The package had critical findings (complexity) before this gate existed; they are
being taken apart (issue 14). Until then, `scripts/self_check_known.txt` lists
each one as `path symbol rule`, and this script fails when

- a critical finding appears that the list does not name (new code must pass), or
- a listed finding is gone (take its line out: the list only shrinks).

With an empty list this is exactly `codeeval check server/codeeval --fail-on critical`,
and scripts/test will run that command instead.

    .venv/bin/python scripts/self_check.py
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KNOWN = ROOT / "scripts" / "self_check_known.txt"


def known_findings() -> set[tuple[str, str, str]]:
    found = set()
    for line in KNOWN.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            path, symbol, rule = line.split()
            found.add((path, symbol, rule))
    return found


def critical_findings() -> set[tuple[str, str, str]]:
    done = subprocess.run([sys.executable, "-m", "codeeval", "check", "server/codeeval", "--format", "json",
                           "--fail-on", "none"], cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"self-check: codeeval check failed ({done.returncode}): {done.stderr.strip()}")
    report = json.loads(done.stdout)
    return {(entry["path"], finding["symbol"], finding["rule"]) for entry in report["files"]
            for finding in entry["findings"] if finding["severity"] == "critical"}


def main() -> int:
    critical = critical_findings()
    known = known_findings()
    new, gone = sorted(critical - known), sorted(known - critical)
    for path, symbol, rule in new:
        print(f"self-check: new critical finding {rule} in {path}: `{symbol}` (fix it; see `codeeval check {path}`)")
    for path, symbol, rule in gone:
        print(f"self-check: {path} {symbol} {rule} is fixed: remove its line from {KNOWN.relative_to(ROOT)}")
    if new or gone:
        return 1
    print(f"self-check: no critical finding beyond the {len(known)} listed in {KNOWN.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
