"""`codeeval serve` under load with program samples: 8 real clients at once, nothing lost, time-outs named.

A trainer's reward workers send their samples together; the service must answer every request (a full
queue says 429 and when to come back, which the clients honour), give every sample exactly one reward, its
own, and report a program that runs out of time as a time-out, not as a silent zero.
"""

from __future__ import annotations

import concurrent.futures
import json
import time

import httpx

from tests.service.helpers import Server, serving

CLIENTS = 8
REQUESTS_PER_CLIENT = 3
SUM_PAIRS = """\
name: sum_pairs
kind: program
summary: For each of T pairs, print the sum.
tests:
  - input: "2\\n1 2\\n3 4\\n"
    output: "3\\n7\\n"
  - input: "1\\n-5 5\\n"
    output: "0\\n"
"""
GOOD = "for _ in range(int(input())):\n    a, b = map(int, input().split())\n    print(a + b)\n"
WRONG = "for _ in range(int(input())):\n    input()\n    print(1)\n"
SLEEPS = "import time\ntime.sleep(60)\n"
TRUTH = json.dumps({"inputs": ["1 2\n", "20 22\n"], "outputs": ["3\n", "42\n"]})  # prime_code's layout
ONE_SUM = "a, b = map(int, input().split())\nprint(a + b)\n"
# kind -> (the item, the reward it must get)
SAMPLES = {
    "good_program": ({"solution": GOOD, "problem": "sum_pairs", "mode": "fraction"}, 1.0),
    "wrong_program": ({"solution": WRONG, "problem": "sum_pairs", "mode": "binary"}, 0.0),
    "good_apps": ({"solution": ONE_SUM, "data_source": "apps", "ground_truth": TRUTH}, 1.0),
    "sleeping_apps": ({"solution": SLEEPS, "data_source": "apps", "ground_truth": TRUTH}, 0.0),
}


def post_until_admitted(client: httpx.Client, body: dict) -> tuple[httpx.Response, int]:
    """POST /score, waiting out each 429 as its Retry-After says; (the answer, how many 429s came first)."""
    refused = 0
    while True:
        reply = client.post("/score", json=body)
        if reply.status_code != 429:
            return reply, refused
        refused += 1
        time.sleep(float(reply.headers["retry-after"]))


def one_client(server: Server, number: int) -> tuple[list[tuple[str, str, dict]], int]:
    kinds = list(SAMPLES)
    seen, refused = [], 0
    with server.client() as client:
        for request in range(REQUESTS_PER_CLIENT):
            chosen = [kinds[(number + request + k) % len(kinds)] for k in range(2)]
            ids = [f"c{number}-r{request}-{kind}" for kind in chosen]
            items = [{**SAMPLES[kind][0], "id": ident} for kind, ident in zip(chosen, ids, strict=True)]
            reply, waits = post_until_admitted(client, {"items": items})
            refused += waits
            assert reply.status_code == 200, reply.text
            rewards = reply.json()["rewards"]
            seen += [(kind, ident, reward) for kind, ident, reward in zip(chosen, ids, rewards, strict=True)]
    return seen, refused


def test_eight_clients_sending_programs_get_every_reward_their_own(tmp_path):
    (tmp_path / "sum_pairs.yaml").write_text(SUM_PAIRS)
    # A queue of 8 samples: 8 clients of 2 samples each cannot all be admitted at once.
    with serving(tmp_path, "--jobs", "2", "--queue", "8", "--time-per-call", "1") as server:
        with concurrent.futures.ThreadPoolExecutor(CLIENTS) as pool:
            runs = list(pool.map(lambda n: one_client(server, n), range(CLIENTS)))
        with server.client() as client:
            assert client.get("/health").json()["in_flight"] == 0
            for bad, message in (
                ({"solution": GOOD, "data_source": "apps"}, "needs a string `data_source` and a `ground_truth`"),
                ({"solution": GOOD, "problem": "sum_pairs", "mode": "most"}, "`mode` must be one of"),
                ({"solution": GOOD, "problem": "sum_pairs", "max_tests": 0}, "`max_tests` must be"),
            ):
                refused = client.post("/score", json=bad)
                assert refused.status_code == 400 and message in refused.json()["error"]
    replies = [reply for seen, _ in runs for reply in seen]
    assert len(replies) == CLIENTS * REQUESTS_PER_CLIENT * 2
    assert len({ident for _, ident, _ in replies}) == len(replies)
    for kind, ident, reward in replies:  # each its own reward, none lost, none mixed up
        assert reward["id"] == ident and reward["status"] == "scored", reward
        assert reward["reward"] == SAMPLES[kind][1], reward
    for kind, _, reward in replies:
        if kind == "sleeping_apps":
            assert "2 timeout" in reward["reason"] and "no result within 1 s" in reward["reason"]
        if kind == "wrong_program":
            assert reward["mode"] == "binary" and "skipped" in reward["reason"]  # stopped at the first failure
    assert sum(refused for _, refused in runs) > 0  # the queue did fill, and every refused request came back
