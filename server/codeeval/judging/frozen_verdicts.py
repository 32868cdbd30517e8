"""Time verdicts of calls near their limit, frozen on first sight, so deterministic mode repeats them.

Deterministic mode limits a call's CPU seconds (docs/reward.md). CPU time
moves a few per cent with the machine's load, so a call that needs about its
limit passes on one run and times out on the next: any limit on a continuous
clock has such a boundary. The verdict of a call that used between half and
one and a half times its limit is written down the first time it is seen and
repeated from then on, by every evaluation on the machine (the same idea as
frozen suites). Calls further from their limit never come near it again and
are not stored.

Files live in `$CODEEVAL_CACHE_DIR/verdicts`, one small file per call, named
by a hash of codeeval's version, the solution's source, the entry point, the
request (inputs only) and the limit; the file says "timeout" or "in time".
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from ..base.version import __version__
from .reference_cache import cache_root

TIMED_OUT = "timeout"
IN_TIME = "in time"


class FrozenVerdicts:
    """Near-limit time verdicts kept in a folder (see `Session.call`); unreadable entries count as absent."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder or cache_root() / "verdicts"

    @staticmethod
    def key(source: str, entry_point: str, request: dict, limit_s: float) -> str:
        shaped_by = json.dumps([__version__, source, entry_point, request, round(limit_s, 6)], sort_keys=True)
        return hashlib.sha256(shaped_by.encode("utf-8", "surrogatepass")).hexdigest()[:40]

    def get(self, key: str) -> bool | None:
        """True: it timed out when first seen; False: it answered in time; None: never seen."""
        try:
            text = (self.folder / key).read_text(encoding="utf-8")
        except (OSError, ValueError):
            return None
        return {TIMED_OUT: True, IN_TIME: False}.get(text)

    def put(self, key: str, timed_out: bool) -> None:
        """Write a verdict down (atomically); a folder that cannot be written leaves the run as it was."""
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            target = self.folder / key
            partial = target.with_name(f"{key}.{os.getpid()}.part")
            partial.write_text(TIMED_OUT if timed_out else IN_TIME, encoding="utf-8")
            partial.replace(target)
        except OSError:
            pass
