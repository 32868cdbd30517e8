"""The only place untrusted code runs. The engine uses `Session` and nothing below it."""

import sys

from .child.wire import Opaque, Record
from .launcher import Limits, ProcessLauncher
from .session import CallOutcome, LoadOutcome, Session, TimingOutcome

# Values may nest up to wire.MAX_DEPTH levels; encoding, decoding and comparing them
# recurse once or twice a level, so the evaluator needs more than the default 1000.
if sys.getrecursionlimit() < 10_000:
    sys.setrecursionlimit(10_000)


def default_launcher():
    """The strongest launcher this machine supports."""
    return ProcessLauncher()


__all__ = ["CallOutcome", "Limits", "LoadOutcome", "Opaque", "ProcessLauncher", "Record", "Session",
           "TimingOutcome", "default_launcher"]
