"""Waiting for a descriptor to become readable, whatever its number.

`select.select()` cannot watch a descriptor numbered 1024 or more, and a long
benchmark run may hold that many open, so the sandbox waits with `poll()`.
"""

from __future__ import annotations

import select


def wait_readable(fd: int, timeout_s: float) -> bool:
    """Whether `fd` has data, end of file or an error within `timeout_s` seconds."""
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
    return bool(poller.poll(max(0.0, timeout_s) * 1000))
