"""Fetch pages concurrently, with retries; typing.Protocol, enums and a TypedDict."""

from __future__ import annotations

import asyncio
import enum
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import AsyncIterator, Protocol, TypeAlias, TypedDict

Url: TypeAlias = str
RETRIES = 3


class Status(enum.Enum):
    """How a fetch ended."""

    OK = "ok"
    FAILED = "failed"


class Page(TypedDict):
    """One fetched page."""

    url: Url
    body: str


class Client(Protocol):
    """Anything that can fetch a URL."""

    async def get(self, url: Url) -> str: ...


@asynccontextmanager
async def opened(client: Client) -> AsyncIterator[Client]:
    """Yield the client, closing nothing: a stand-in for a real session."""
    yield client


async def fetch(client: Client, url: Url) -> tuple[Status, Page | None]:
    """Fetch `url`, retrying transient errors."""
    for attempt in range(RETRIES):
        try:
            body = await client.get(url)
        except (TimeoutError, ConnectionError):
            await asyncio.sleep(2 ** attempt / 100)
            continue
        return Status.OK, {"url": url, "body": body}
    return Status.FAILED, None


async def fetch_all(client: Client, urls: list[Url]) -> list[Page]:
    """Fetch every URL concurrently; failed ones are left out."""
    async with opened(client) as session:
        results = await asyncio.gather(*(fetch(session, url) for url in urls))
    return [page for status, page in results if status is Status.OK and page is not None]


@lru_cache(maxsize=None)
def fibonacci(n: int) -> int:
    """The n-th Fibonacci number, memoised recursion."""
    return n if n < 2 else fibonacci(n - 1) + fibonacci(n - 2)


if __name__ == "__main__":
    print(fibonacci(30))
