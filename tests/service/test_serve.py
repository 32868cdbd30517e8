"""`codeeval serve` as a trainer uses it: a real server process on loopback, real HTTP clients."""

from __future__ import annotations

import concurrent.futures
import signal
import socket
import time

import pytest

from tests.service.helpers import serving
from tests.support import FORKS, GOOD, HANGS, WRONG, write_problems

SLOW = "import time\ndef add(a, b):\n    time.sleep(0.4)\n    return a + b\n"  # two tests: about a second


@pytest.fixture(scope="module")
def problems(tmp_path_factory):
    return write_problems(tmp_path_factory.mktemp("problems"))


def test_health_problems_and_scores(problems):
    with serving(problems) as server, server.client() as client:
        health = client.get("/health")
        assert health.status_code == 200 and health.json()["status"] == "ok"
        assert health.json()["problems"] == 1  # broken.yaml does not load; the service starts anyway
        assert [p["name"] for p in client.get("/problems").json()] == ["add"]

        one = client.post(
            "/score", json={"solution": GOOD, "problem": "add", "id": "x1"}, headers={"X-Request-ID": "req-7"}
        )
        assert one.status_code == 200 and one.headers["x-request-id"] == "req-7"
        body = one.json()
        assert body["request_id"] == "req-7" and body["id"] == "x1" and body["status"] == "scored"
        assert body["dimensions"]["correctness"] == 100

        batch = client.post(
            "/score",
            json={
                "items": [
                    {"solution": WRONG, "problem": "add"},
                    {"solution": "Sorry, no idea.", "problem": "add"},
                    {"solution": GOOD, "problem": "nope"},
                ]
            },
        )
        assert [r["status"] for r in batch.json()["rewards"]] == ["scored", "no_code", "unknown_problem"]

        assert client.post("/score", content=b"{not json").status_code == 400
        assert client.post("/score", json={"items": [{"solution": 1}]}).json()["error"].startswith("item 0:")
        assert client.post("/score", json={"items": [{"solution": GOOD, "problem": "add"}] * 300}).status_code == 400
        huge = client.post("/score", content=b"x" * (17 * 1024 * 1024))
        assert huge.status_code == 413


def test_a_bearer_token_is_required_when_configured(problems):
    with serving(problems, "--token-env", "SERVE_TOKEN", env={"SERVE_TOKEN": "s3cret"}) as server:
        with server.client() as client:
            assert client.get("/health").status_code == 200
            assert client.post("/score", json={"solution": GOOD, "problem": "add"}).status_code == 401
            assert client.get("/problems", headers={"Authorization": "Bearer wrong"}).status_code == 401
        with server.client(headers={"Authorization": "Bearer s3cret"}) as client:
            assert client.post("/score", json={"solution": GOOD, "problem": "add"}).json()["status"] == "scored"


def test_a_full_queue_answers_429_with_retry_after(problems):
    with serving(problems, "--jobs", "1", "--queue", "2") as server, server.client() as client:
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            busy = pool.submit(client.post, "/score", json={"items": [{"solution": SLOW, "problem": "add"}] * 2})
            deadline = time.monotonic() + 30
            while client.get("/health").json()["in_flight"] < 2 and time.monotonic() < deadline:
                time.sleep(0.02)
            refused = client.post("/score", json={"solution": GOOD, "problem": "add"})
            assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
            assert busy.result().status_code == 200
        assert client.post("/score", json={"solution": GOOD, "problem": "add"}).status_code == 200


def test_hanging_and_forking_solutions_do_not_stall_other_requests(problems):
    with serving(problems, "--jobs", "2") as server, server.client() as client:
        with concurrent.futures.ThreadPoolExecutor(3) as pool:
            started = time.monotonic()
            hang = pool.submit(client.post, "/score", json={"items": [{"solution": HANGS, "problem": "add"}]})
            fork = pool.submit(client.post, "/score", json={"solution": FORKS, "problem": "add"})
            good = client.post("/score", json={"solution": GOOD, "problem": "add"})
            good_s = time.monotonic() - started
            assert good.json()["dimensions"]["correctness"] == 100
            hung = hang.result().json()["rewards"][0]
            hang_s = time.monotonic() - started
        assert hung["status"] == "scored" and hung["dimensions"]["correctness"] == 0
        assert fork.result().json()["status"] == "scored"
        assert good_s < hang_s
        assert client.get("/health").json()["in_flight"] == 0


def test_a_client_killed_mid_request_leaves_the_server_healthy(problems):
    with serving(problems, "--jobs", "1") as server, server.client() as client:
        host, port = server.url.removeprefix("http://").split(":")
        body = f'{{"solution": {SLOW!r}, "problem": "add"}}'.replace("'", '"').replace("\n", "\\n").encode()
        raw = socket.create_connection((host, int(port)))
        raw.sendall(
            b"POST /score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        time.sleep(0.2)
        raw.close()  # gone before the answer
        deadline = time.monotonic() + 30
        while client.get("/health").json()["in_flight"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.get("/health").json() | {"request_id": ""} == client.get("/health").json() | {"request_id": ""}
        assert client.post("/score", json={"solution": GOOD, "problem": "add"}).json()["status"] == "scored"
        assert server.process.poll() is None


def test_many_concurrent_clients_get_their_own_results(problems):
    solutions = {"good": (GOOD, 100), "wrong": (WRONG, 0)}
    with serving(problems, "--jobs", "2") as server:

        def client_run(number: int) -> list[tuple[str, str, dict]]:
            seen = []
            with server.client() as client:
                for k in range(12):
                    kind = "good" if (number + k) % 2 else "wrong"
                    ident = f"c{number}-{k}"
                    reply = client.post("/score", json={"solution": solutions[kind][0], "problem": "add", "id": ident})
                    seen.append((kind, ident, reply.json()))
            return seen

        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            replies = [r for batch in pool.map(client_run, range(4)) for r in batch]
    assert len(replies) == 48
    assert len({body["request_id"] for _, _, body in replies}) == 48  # none lost or duplicated
    for kind, ident, body in replies:  # nor mixed up
        assert body["id"] == ident and body["dimensions"]["correctness"] == solutions[kind][1]


def test_shutdown_finishes_short_requests_and_fails_long_ones_explicitly(problems):
    # Three threads: the long request's two hanging samples (ten seconds each) cannot hold up the short one.
    with serving(problems, "--jobs", "3", "--grace", "3", "--time-per-call", "5") as server, server.client() as client:
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            long = pool.submit(client.post, "/score", json={"items": [{"solution": HANGS, "problem": "add"}] * 2})
            time.sleep(0.5)
            short = pool.submit(client.post, "/score", json={"solution": SLOW, "problem": "add"})
            time.sleep(0.2)
            server.process.send_signal(signal.SIGTERM)
            stopped = long.result()
            assert stopped.status_code == 503 and "not scored" in stopped.json()["error"]
            assert short.result().status_code == 200
        # uvicorn re-raises the signal once shut down, as a process stopped by SIGTERM should exit
        assert server.process.wait(timeout=60) in (0, -signal.SIGTERM)
