"""`window/workDoneProgress` for one long command (an evaluation, a review of changes): begun on the client's
token or one the server creates, its cancel button cancelling the command's job."""

from __future__ import annotations

import asyncio
import logging
import uuid
from concurrent.futures import Future

from lsprotocol import types
from lsprotocol.types import ProgressToken

from .jobs import Job
from .server_host import ServerHost

log = logging.getLogger(__name__)


class Progress:
    """window/workDoneProgress for one evaluation; its cancel button cancels the job."""

    def __init__(self, server: ServerHost, token: ProgressToken | None):
        self.server = server
        self.token = token
        self.ended = False

    @classmethod
    async def start(cls, server: ServerHost, token: ProgressToken | None, job: Job, title: str) -> Progress:
        """Begin a cancellable progress on the client's token, or on one the server creates when it may."""
        if token is None and server.client_supports("window.work_done_progress"):
            token = f"codeeval-{uuid.uuid4()}"
            try:
                await asyncio.wait_for(server.work_done_progress.create_async(token), timeout=5)
            except Exception as exc:  # no progress is better than no evaluation
                log.warning("window/workDoneProgress/create failed: %s", exc)
                token = None
        progress = cls(server, token)
        if token is not None:
            server.work_done_progress.begin(
                token, types.WorkDoneProgressBegin(title=title, cancellable=True, message="finding the problem")
            )
            # pygls cancels this future on window/workDoneProgress/cancel for the token
            cancel = server.work_done_progress.tokens.get(token)
            if cancel is not None:
                cancel.add_done_callback(lambda future: _cancel_if_cancelled(future, job))
        return progress

    def report(self, message: str) -> None:
        """The progress's message now (until it ends)."""
        if self.token is not None and not self.ended:
            self.server.work_done_progress.report(self.token, types.WorkDoneProgressReport(message=message))

    def end(self, message: str) -> None:
        """End the progress with a last message; later calls do nothing."""
        if self.token is not None and not self.ended:
            self.ended = True
            self.server.work_done_progress.end(self.token, types.WorkDoneProgressEnd(message=message))
            self.server.work_done_progress.tokens.pop(self.token, None)


def _cancel_if_cancelled(future: Future[object], job: Job) -> None:
    """The client cancelled the progress (pygls cancels its future): stop the evaluation too."""
    if future.cancelled():
        job.token.cancel()
