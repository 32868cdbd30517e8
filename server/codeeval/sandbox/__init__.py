"""The only place untrusted code runs. The engine uses `Session` and nothing below it."""

import sys

from ..base.outcome_status import CallStatus, LoadStatus, PlotStatus, TimingStatus
from .bubblewrap import BubblewrapLauncher
from .child.wire import Opaque, Record
from .detect import default_launcher, launchers
from .launcher import CallClock, Launcher, Limits, ProcessLauncher, SandboxError, refused_capabilities
from .session import CallInput, CallOutcome, LoadOutcome, PlotOutcome, Session, TimingOutcome

# Values may nest up to wire.MAX_DEPTH levels; encoding, decoding and comparing them
# recurse once or twice a level, so the evaluator needs more than the default 1000.
if sys.getrecursionlimit() < 10_000:
    sys.setrecursionlimit(10_000)


__all__ = [
    "BubblewrapLauncher",
    "CallClock",
    "CallInput",
    "CallOutcome",
    "CallStatus",
    "Launcher",
    "Limits",
    "LoadOutcome",
    "LoadStatus",
    "Opaque",
    "PlotOutcome",
    "PlotStatus",
    "ProcessLauncher",
    "Record",
    "SandboxError",
    "Session",
    "TimingOutcome",
    "TimingStatus",
    "default_launcher",
    "launchers",
    "refused_capabilities",
]
