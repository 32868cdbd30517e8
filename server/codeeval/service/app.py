"""The HTTP API of `codeeval serve` (an ASGI app on Starlette).

    GET  /health     {"status": "ok" | "draining", "in_flight", "queue_limit", "jobs", "problems", "version"}
    GET  /problems   [{"name", "summary", "entry_point"}]
    POST /score      one item {"solution", "problem", "weights"?, "id"?, "mode"?, "max_tests"?} -> one reward
                     object, or {"items": [...]} -> {"rewards": [...]} in the same order; an item may give
                     {"data_source", "ground_truth"} (a dataset row's tests) in place of "problem"

Every response carries `X-Request-ID` (the client's, or a new one) and JSON
bodies carry `request_id`. Errors are JSON `{"error", "request_id"}`: 400 a
malformed body, 401 a missing or wrong bearer token, 413 too large, 429 the
queue is full (with Retry-After), 503 shutting down.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..base.version import __version__
from ..reward import RewardItem, RewardScorer
from ..reward.items import problem_of
from .admission import Admission


@dataclass(frozen=True)
class ServiceLimits:
    """The service's limits: samples held at once, samples per request, body size, shutdown grace."""

    queue: int = 256  # samples held at once (running and waiting) before 429
    max_items: int = 256  # samples in one request
    max_body_bytes: int = 16 * 1024 * 1024
    grace_s: float = 30.0  # on shutdown, how long in-flight requests may still finish


class Drain:
    """Shutdown in two steps: stop taking work, then give in-flight work `grace_s` to finish."""

    def __init__(self, grace_s: float):
        self.grace_s = grace_s
        self.started = asyncio.Event()

    async def expired(self) -> None:
        await self.started.wait()
        await asyncio.sleep(self.grace_s)


class ServiceState:
    """What the HTTP handlers share: the scorer, the limits, the job pool's admission, the token."""

    def __init__(self, scorer: RewardScorer, limits: ServiceLimits, jobs: int, token: str | None):
        self.scorer = scorer
        self.limits = limits
        self.jobs = jobs
        self.token = token
        self.admission = Admission(limits.queue, jobs)
        self.drain: Drain | None = None  # made inside the event loop (lifespan)


def _request_id(request: Request) -> str:
    given = request.headers.get("x-request-id", "")
    return given[:128] if given.isprintable() and given else uuid.uuid4().hex


def _reply(request_id: str, body: Any, status: int = 200, headers: dict[str, str] | None = None) -> JSONResponse:
    if isinstance(body, dict):
        body = {**body, "request_id": request_id}
    return JSONResponse(body, status_code=status, headers={"X-Request-ID": request_id, **(headers or {})})


def _error(request_id: str, status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return _reply(request_id, {"error": message}, status, headers)


def _authorized(state: ServiceState, request: Request) -> bool:
    if state.token is None:
        return True
    given = request.headers.get("authorization", "")
    return hmac.compare_digest(given.encode(), f"Bearer {state.token}".encode())


async def _body(request: Request, limit: int) -> bytes | None:
    """The request body, or None when it is longer than `limit` (read no further than that)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return None
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _items(data: Any, max_items: int) -> tuple[list[RewardItem], bool]:
    """(items, whether the request was a batch); ValueError with a message for the client."""
    if not isinstance(data, dict):
        raise ValueError("the body must be a JSON object")
    batch = "items" in data
    raw = data["items"] if batch else [data]
    if not isinstance(raw, list) or not raw:
        raise ValueError("`items` must be a non-empty list")
    if len(raw) > max_items:
        raise ValueError(f"at most {max_items} items per request (got {len(raw)})")
    return [_item(number, entry) for number, entry in enumerate(raw)], batch


def _item(number: int, entry: Any) -> RewardItem:
    """One item of a request: a `solution` with a `problem`, or with a `data_source` and its `ground_truth`."""
    if not isinstance(entry, dict) or not isinstance(entry.get("solution"), str):
        raise ValueError(f"item {number}: needs a string `solution`")
    if "problem" in entry and not isinstance(entry["problem"], str):  # over HTTP a problem is named
        raise ValueError(f"item {number}: needs a string `problem`, or `data_source` and `ground_truth`")
    weights = entry.get("weights")
    if weights is not None and not _is_weights(weights):
        raise ValueError(f"item {number}: `weights` must map dimension names to numbers")
    ident = entry.get("id")
    try:  # the problem or ground truth, the mode and the cap are checked as for any reward item
        return RewardItem(
            entry["solution"],
            problem_of(entry),
            weights,
            None if ident is None else str(ident)[:200],
            entry.get("mode"),
            entry.get("max_tests"),
        )
    except ValueError as exc:
        raise ValueError(f"item {number}: {exc}") from None


def _is_weights(value: object) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool) for k, v in value.items()
    )


def create_app(state: ServiceState) -> Starlette:
    async def health(request: Request) -> Response:
        rid = _request_id(request)
        draining = state.drain is not None and state.drain.started.is_set()
        return _reply(
            rid,
            {
                "status": "draining" if draining else "ok",
                "in_flight": state.admission.held(),
                "queue_limit": state.limits.queue,
                "jobs": state.jobs,
                "problems": len(state.scorer.library.names()),
                "version": __version__,
            },
        )

    async def problems(request: Request) -> Response:
        rid = _request_id(request)
        if not _authorized(state, request):
            return _error(rid, 401, "a bearer token is required", {"WWW-Authenticate": "Bearer"})
        listing = [
            {"name": p.name, "summary": p.summary, "entry_point": p.entry_point}
            for p in state.scorer.library.problems()
        ]
        return _reply(rid, listing)

    async def score(request: Request) -> Response:
        rid = _request_id(request)
        if not _authorized(state, request):
            return _error(rid, 401, "a bearer token is required", {"WWW-Authenticate": "Bearer"})
        drain = state.drain
        if drain is not None and drain.started.is_set():
            return _error(rid, 503, "the service is shutting down", {"Retry-After": "5"})
        body = await _body(request, state.limits.max_body_bytes)
        if body is None:
            return _error(rid, 413, f"the body is larger than {state.limits.max_body_bytes} bytes")
        try:
            items, batch = _items(json.loads(body), state.limits.max_items)
        except ValueError as exc:  # json.JSONDecodeError is one
            return _error(rid, 400, str(exc))
        ticket = state.admission.admit(len(items))
        if ticket is None:
            wait = state.admission.retry_after_s(len(items))
            return _error(
                rid,
                429,
                f"the queue is full ({state.admission.held()} samples held, "
                f"limit {state.limits.queue}); retry after {wait} s",
                {"Retry-After": str(wait)},
            )
        started = time.monotonic()
        work = asyncio.ensure_future(asyncio.to_thread(state.scorer.score_many, items))
        try:
            if drain is not None:
                expiry = asyncio.ensure_future(drain.expired())
                await asyncio.wait({work, expiry}, return_when=asyncio.FIRST_COMPLETED)
                expiry.cancel()
            rewards = await work if (drain is None or work.done()) else None
        finally:
            state.admission.release(ticket, time.monotonic() - started)
        if rewards is None:
            return _error(rid, 503, "the service shut down before this request finished; it was not scored")
        if batch:
            return _reply(rid, {"rewards": [r.to_dict() for r in rewards]})
        return _reply(rid, rewards[0].to_dict())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        state.drain = Drain(state.limits.grace_s)
        yield
        state.scorer.close()

    return Starlette(
        routes=[Route("/health", health), Route("/problems", problems), Route("/score", score, methods=["POST"])],
        lifespan=lifespan,
    )
