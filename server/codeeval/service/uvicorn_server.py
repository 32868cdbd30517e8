"""Running the service: uvicorn on one socket, and a shutdown that fails in-flight work explicitly.

On SIGTERM or SIGINT the service stops taking requests (503), gives requests
in flight the grace period to finish, answers those still running with an
explicit 503 "not scored" rather than a dropped connection, then kills their
sandboxes.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from types import FrameType

import uvicorn

from .app import ServiceState, create_app


class _DrainingServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, state: ServiceState, on_ready: Callable[[], None] | None):
        super().__init__(config)
        self.state = state
        self.on_ready = on_ready
        self.loop: asyncio.AbstractEventLoop | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().startup(sockets)
        if self.on_ready is not None and self.started:
            self.on_ready()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        drain = self.state.drain
        if drain is not None and self.loop is not None:
            self.loop.call_soon_threadsafe(drain.started.set)
        super().handle_exit(sig, frame)


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on `host` (IPv4 or IPv6) and `port`."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(512)
    return sock


def serve(state: ServiceState, sock: socket.socket, on_ready: Callable[[], None] | None = None) -> None:
    config = uvicorn.Config(
        create_app(state),
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=int(state.limits.grace_s) + 5,
    )
    _DrainingServer(config, state, on_ready).run(sockets=[sock])
