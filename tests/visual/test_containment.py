"""A web page is untrusted code: it must not reach the network, keep popups open, or hang the evaluation.

Real browser, real listeners on the host's loopback: a page that tries every
usual way out (fetch, an image, a WebSocket, a beacon, popups, navigating away)
reaches nothing, and a page that loops forever is stopped within its time.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import pytest

import codeeval
from codeeval.sandbox.browser import browser_uid, namespace_problem

from .helpers import missing_page_reason

pytestmark = pytest.mark.skipif(missing_page_reason() is not None, reason=str(missing_page_reason()))

PROBLEM = """\
name: escape
kind: webpage
summary: a page that tries to get out
prompt: Show a heading.
page:
  widths: [800]
  max_interactions: 5
limits:
  time_s: {time_s}
"""


class Listener:
    """A TCP server on 127.0.0.1 that counts every connection made to it."""

    def __init__(self) -> None:
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self.server.accept()
            except OSError:
                continue
            self.connections += 1
            connection.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        self.server.close()


@pytest.fixture
def listener():
    server = Listener()
    yield server
    server.close()


def browser_processes(grace_s: float = 5.0) -> list[int]:
    """Processes still running as this test process's browser uid after a short grace (they die with the
    runner); another evaluator's browsers on the machine have uids of their own."""
    deadline = time.monotonic() + grace_s
    while True:
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    if entry.stat().st_uid == browser_uid():
                        found.append(int(entry.name))
                except OSError:
                    continue
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def evaluate_page(tmp_path: Path, html: str, time_s: float) -> tuple[codeeval.EvaluationResult, float]:
    problem = tmp_path / "escape.yaml"
    problem.write_text(PROBLEM.format(time_s=time_s), encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text(html, encoding="utf-8")
    started = time.monotonic()
    result = codeeval.evaluate(page, problem)
    return result, time.monotonic() - started


def checks(result, part: str) -> dict:
    return {c.id: c for c in result.dimensions[part].details.checks}


def test_a_page_reaches_nothing_on_the_network_and_its_popups_are_closed(tmp_path, listener):
    base = f"http://127.0.0.1:{listener.port}"
    html = f"""<!DOCTYPE html><html lang="en"><head><title>escape</title>
<link rel="stylesheet" href="{base}/style.css"></head><body><h1>Trying to get out</h1>
<img src="{base}/image.png" alt="x">
<button id="popup" onclick="window.open('{base}/clicked')">Open a window</button>
<script>
fetch("{base}/fetch").catch(() => {{}});
try {{ new WebSocket("ws://127.0.0.1:{listener.port}/socket"); }} catch (error) {{}}
navigator.sendBeacon("{base}/beacon", "data");
for (let i = 0; i < 3; i++) window.open("{base}/popup" + i);
new Image().src = "http://example.com/track.gif";
</script></body></html>"""
    result, _ = evaluate_page(tmp_path, html, 15)
    assert listener.connections == 0
    contained = checks(result, "execution")["self-contained"]
    reached = " ".join(e.text for e in contained.evidence)
    assert contained.score < 1 and f"{base}/fetch" in reached and f"{base}/image.png" in reached
    assert "popup" in reached  # the click opened one: it was closed at once
    notes = " ".join(result.isolation.notes or ())
    if namespace_problem() is None:
        assert "network_namespace" in notes
    assert browser_processes() == []


def test_a_page_that_loops_forever_while_loading_is_stopped_in_time(tmp_path):
    html = "<!DOCTYPE html><html><head><title>loop</title></head><body><h1>x</h1><script>while (true) {}</script>"
    result, took = evaluate_page(tmp_path, html, 5)
    assert took < 5 + 15  # the page's time plus the runner's grace
    loads = checks(result, "execution")["loads"]
    assert loads.score == 0 and ("did not finish loading" in loads.summary or "stopped responding" in loads.summary)
    assert result.dimensions["interaction"].score == 0
    assert browser_processes() == []


def test_a_button_that_loops_forever_is_killed_and_reported(tmp_path):
    html = """<!DOCTYPE html><html lang="en"><head><title>hang</title></head><body><h1>Hang</h1>
<button id="hang" onclick="while (true) {}">Do not press</button></body></html>"""
    result, took = evaluate_page(tmp_path, html, 8)
    assert took < 8 + 15
    # it loaded: the freeze is judged on the control that caused it (the browser is stopped; issue 33)
    frozen = [c for c in checks(result, "interaction").values() if c.summary.startswith("froze the page")]
    assert frozen and frozen[0].score == 0, checks(result, "interaction")
    assert checks(result, "execution")["loads"].score == 1 and result.cap is not None and result.cap.limit == 70
    assert browser_processes() == []
    assert os.path.exists("/proc/self")  # the evaluator itself is alive and well
