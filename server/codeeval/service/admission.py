"""Back-pressure: how many samples the service holds at once, and when to tell a client to come back.

Samples, not requests, are counted: one request of 200 samples weighs what 200
requests of one do. Beyond the limit a request is refused at once (HTTP 429)
with a Retry-After estimated from how fast samples have been finishing, rather
than queued without bound.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass


@dataclass(frozen=True)
class Ticket:
    """A request's admitted samples, released when it finishes."""

    samples: int


class Admission:
    """Back-pressure: admits samples up to a limit and estimates the wait from recent throughput."""

    def __init__(self, limit: int, jobs: int):
        self.limit = limit
        self.jobs = max(1, jobs)
        self._held = 0
        self._seconds_per_sample = 0.5  # a first guess, then a moving average of what was measured
        self._lock = threading.Lock()

    def admit(self, samples: int) -> Ticket | None:
        """A ticket for `samples` more, or None when that would pass the limit."""
        with self._lock:
            if self._held + samples > self.limit:
                return None
            self._held += samples
            return Ticket(samples)

    def release(self, ticket: Ticket, seconds: float) -> None:
        with self._lock:
            self._held -= ticket.samples
            if ticket.samples:
                measured = seconds * self.jobs / ticket.samples
                self._seconds_per_sample += 0.2 * (measured - self._seconds_per_sample)

    def held(self) -> int:
        with self._lock:
            return self._held

    def retry_after_s(self, samples: int) -> int:
        """About when enough of what is held will have finished for `samples` more to fit."""
        with self._lock:
            excess = max(1, self._held + samples - self.limit)
            return max(1, math.ceil(excess * self._seconds_per_sample / self.jobs))
