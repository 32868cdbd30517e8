"""Fixtures for the adversarial suite: every launcher this machine supports, and the tripwires.

Tripwires an attack must not touch: a TCP and a UDP listener on the host's
127.0.0.1, a world-writable folder outside any sandbox, the evaluator's
process and environment.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
from pathlib import Path

import pytest

from codeeval.sandbox import detect
from codeeval.sandbox.zygote_pool import ZygotePool

SECRET = "codeeval-test-secret-3f9a"
os.environ["CODEEVAL_TEST_SECRET"] = SECRET  # the evaluator's own environment: workers must never see it

LAUNCHER_NAMES = ("process", "process-hardened", "bubblewrap")
ZYGOTES = "bubblewrap-zygotes"  # bubblewrap's workers forked by a ZygotePool, as batch runs start them


def available_launchers() -> dict:
    return detect.launchers()


def found_launcher(name: str):
    """The launcher of that name; skips the test, saying why, where this machine lacks it."""
    found = available_launchers()
    if name not in found:
        why = detect.machine().notes.get(
            "namespaces" if name == "bubblewrap" else name, "not available on this machine"
        )
        pytest.skip(f"{name} launcher unavailable: {why}")
    return found[name]


@pytest.fixture(params=LAUNCHER_NAMES)
def launcher(request):
    """Each launcher in turn; one this machine lacks is skipped, saying why."""
    return found_launcher(request.param)


@pytest.fixture(params=LAUNCHER_NAMES + (ZYGOTES,))
def attack_launcher(request):
    """Each launcher in turn, and a zygote pool: every way a solution's worker can start."""
    if request.param != ZYGOTES:
        yield found_launcher(request.param)
        return
    bubblewrap = found_launcher("bubblewrap")
    if not bubblewrap.seccomp:
        pytest.skip("zygotes need seccomp, which this machine's bubblewrap launcher lacks")
    with ZygotePool(bubblewrap) as pool:
        yield pool


class Listener:
    """A TCP and a UDP socket on 127.0.0.1 that remember whoever reached them."""

    def __init__(self):
        self.tcp = socket.create_server(("127.0.0.1", 0))
        self.tcp.settimeout(0.2)
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", 0))
        self.udp.settimeout(0.2)
        self.port = self.tcp.getsockname()[1]
        self.udp_port = self.udp.getsockname()[1]
        self.contacts: list[str] = []
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._accept, daemon=True),
            threading.Thread(target=self._receive, daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _accept(self):
        while not self._stop.is_set():
            try:
                conn, peer = self.tcp.accept()
            except OSError:
                continue
            self.contacts.append(f"tcp from {peer}")
            conn.close()

    def _receive(self):
        while not self._stop.is_set():
            try:
                data, peer = self.udp.recvfrom(4096)
            except OSError:
                continue
            self.contacts.append(f"udp {data!r} from {peer}")

    def close(self):
        self._stop.set()
        for thread in self._threads:
            thread.join(1)
        self.tcp.close()
        self.udp.close()


@pytest.fixture(scope="session")
def listener():
    found = Listener()
    yield found
    found.close()


@pytest.fixture
def world_dir():
    """A folder outside every sandbox that any uid may read (and whose `canary/` any uid may write).

    Permissions are wide open on purpose: what keeps a worker out must be the sandbox, not file modes.
    """
    folder = Path(tempfile.mkdtemp(prefix="sandbox-test-"))
    folder.chmod(0o755)
    (folder / "canary").mkdir()
    (folder / "canary").chmod(0o777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)
