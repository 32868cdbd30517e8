"""Capabilities a problem may ask for (processes, loopback), granted only inside bubblewrap's namespaces.

Real workers, real processes: a granted worker runs what BigCodeBench's tests do (a command, a Python child,
a socket server and its client, a multiprocessing pool, a signal to its own child) while everything else stays
refused; its processes, however they hide (a double fork, a new session, SIGTERM ignored), die with it, at
the end of the session or at a time-out; a launcher without namespaces grants nothing and says so.
"""

from __future__ import annotations

import os
import time

import pytest

from codeeval.base.capabilities import Capability, SandboxRequest, refusal
from codeeval.problem.loader import load_problem
from codeeval.sandbox import Limits, Session, refused_capabilities
from codeeval.sandbox.zygote_pool import ZygotePool

from .conftest import found_launcher
from .test_attacks import wait_for_no_leftovers

BOTH = frozenset({Capability.PROCESSES, Capability.LOOPBACK})

PROBES = """\
import ctypes, multiprocessing, os, signal, socket, subprocess, threading

def square(x):
    return x * x

def outcome(action):
    try:
        return ["done", action()]
    except BaseException as exc:
        return ["refused", type(exc).__name__]

def serve_once(server):
    connection, _ = server.accept()
    connection.sendall(connection.recv(16).upper())
    connection.close()

def loopback():
    server = socket.create_server(("127.0.0.1", 0))
    thread = threading.Thread(target=serve_once, args=(server,))
    thread.start()
    with socket.create_connection(server.getsockname(), timeout=5) as client:
        client.sendall(b"ping")
        answer = client.recv(16).decode()
    thread.join()
    return answer

def pool():
    with multiprocessing.Pool(2) as workers:
        return workers.map(square, range(5))

def signal_child():
    child = subprocess.Popen(["sleep", "30"])
    child.send_signal(signal.SIGTERM)
    return child.wait()

def libc_call(name, *args):
    libc = ctypes.CDLL(None, use_errno=True)
    if getattr(libc, name)(*args) == -1:
        raise OSError(ctypes.get_errno(), name)
    return 0

PROBES = {
    "command": lambda: subprocess.run(["echo", "hi"], capture_output=True, text=True, check=True).stdout,
    "python_child": lambda: subprocess.run(["python3", "-c", "print(6 * 7)"], capture_output=True, text=True).stdout,
    "loopback": loopback,
    "pool": pool,
    "signal_child": signal_child,
    "outside": lambda: socket.create_connection(("192.0.2.1", 80), timeout=1) and "connected",
    "netlink": lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW) and "opened",
    "ptrace": lambda: libc_call("ptrace", 16, 1, 0, 0),
    "sysv_ipc": lambda: libc_call("shmget", 0, 4096, 0o1600),
    "unshare": lambda: libc_call("unshare", 0x20000000),
    # clone(CLONE_NEWUSER | SIGCHLD) through syscall(56, ...) on x86_64: a new user namespace, as unshare would make
    "clone_namespace": lambda: libc_call("syscall", 56, 0x10000000 | 17, 0, 0, 0, 0),
    "read_root": lambda: os.listdir("/root"),
    "write_usr": lambda: open("/usr/codeeval-probe", "w") and "written",
}

def probe(name):
    return outcome(PROBES[name])
"""

GRANTED_DONE = {
    "command": "hi\n",
    "python_child": "42\n",
    "loopback": "PING",
    "pool": [0, 1, 4, 9, 16],
    "signal_child": -15,
}
ALWAYS_REFUSED = ("outside", "netlink", "ptrace", "sysv_ipc", "unshare", "clone_namespace", "read_root", "write_usr")


def probe_all(launcher, capabilities: frozenset) -> dict:
    limits = Limits(time_per_call_s=20.0, capabilities=capabilities)
    with Session(PROBES, "probe", "probes.py", limits, launcher=launcher) as session:
        assert session.load().ok
        return {name: session.call([name]).value for name in (*GRANTED_DONE, *ALWAYS_REFUSED)}


def test_granted_worker_runs_processes_and_sockets_and_nothing_else():
    launcher = found_launcher("bubblewrap")
    found = probe_all(launcher, BOTH)
    for name, value in GRANTED_DONE.items():
        assert found[name] == ["done", value], name
    for name in ALWAYS_REFUSED:
        assert found[name][0] == "refused", (name, found[name])
    assert found["outside"][1] == "OSError"  # the namespace's own loopback is all there is: unreachable
    assert found["ptrace"][1] == found["unshare"][1] == "PermissionError"  # the filter, not a missing file
    assert found["clone_namespace"] == ["refused", "PermissionError"]
    assert wait_for_no_leftovers(launcher) == []


def test_default_worker_refuses_processes_and_sockets():
    launcher = found_launcher("bubblewrap")
    found = probe_all(launcher, frozenset())
    for name in (*GRANTED_DONE, *ALWAYS_REFUSED):
        assert found[name][0] == "refused", (name, found[name])


def test_processes_alone_keep_sockets_refused():
    launcher = found_launcher("bubblewrap")
    limits = Limits(time_per_call_s=20.0, capabilities=frozenset({Capability.PROCESSES}))
    with Session(PROBES, "probe", "probes.py", limits, launcher=launcher) as session:
        assert session.load().ok
        assert session.call(["command"]).value == ["done", "hi\n"]
        assert session.call(["loopback"]).value == ["refused", "PermissionError"]


def test_without_namespaces_nothing_is_granted_and_the_refusal_is_worded():
    launcher = found_launcher("process-hardened")
    if not launcher.seccomp:
        pytest.skip("the hardened launcher has no seccomp filter here: nothing would be refused")
    assert refused_capabilities(launcher, BOTH) == BOTH
    found = probe_all(launcher, BOTH)
    assert found["command"] == ["refused", "PermissionError"]
    assert found["loopback"] == ["refused", "PermissionError"]
    assert refusal(frozenset({Capability.PROCESSES})) == "refused: processes need the bubblewrap sandbox here"
    assert refusal(BOTH) == "refused: loopback and processes need the bubblewrap sandbox here"


HIDING = """\
import os, signal, subprocess, sys, time

def hide(how):
    if how == "daemon":  # double fork, new session: the grandchild's parent is gone
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                signal.signal(signal.SIGHUP, signal.SIG_IGN)
                while True:
                    time.sleep(0.1)
            os._exit(0)
        os.wait()
    elif how == "session":
        subprocess.Popen(["sleep", "600"], start_new_session=True)
    elif how == "stubborn":
        subprocess.Popen([sys.executable, "-S", "-c",
                          "import signal, time\\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\\ntime.sleep(600)"])
    elif how == "hang":
        subprocess.Popen(["sleep", "600"])
        while True:
            time.sleep(0.1)
    return how
"""


def test_every_process_a_solution_starts_dies_with_its_worker():
    launcher = found_launcher("bubblewrap")
    if launcher.uids is None:
        pytest.skip("leftovers are found by the worker's uid, and only root gives workers uids of their own")
    limits = Limits(time_per_call_s=5.0, capabilities=BOTH)
    with Session(HIDING, "hide", "hiding.py", limits, launcher=launcher) as session:
        assert session.load().ok
        for how in ("daemon", "session", "stubborn"):
            assert session.call([how]).value == how
        time.sleep(0.2)
        uid_processes = [pid for pid in os.listdir("/proc") if pid.isdigit() and _uid_of(pid) in _uids(launcher)]
        assert len(uid_processes) >= 4  # the worker and the three it hid
        started = time.monotonic()
        timed_out = session.call(["hang"], timeout=0.5)  # a time-out kills the worker, and its processes with it
        assert timed_out.status == "timeout"
        assert time.monotonic() - started < 5
    assert wait_for_no_leftovers(launcher) == []


def _uids(launcher) -> range:
    return range(launcher.uids.base, launcher.uids.base + launcher.uids.SIZE)


def _uid_of(pid: str) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Uid:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return -1


def test_a_zygote_pool_starts_a_granted_worker_of_its_own():
    bubblewrap = found_launcher("bubblewrap")
    if not bubblewrap.seccomp:
        pytest.skip("zygotes need seccomp, which this machine's bubblewrap launcher lacks")
    with ZygotePool(bubblewrap) as pool:
        limits = Limits(time_per_call_s=20.0, capabilities=BOTH)
        with Session(PROBES, "probe", "probes.py", limits, launcher=pool) as session:
            assert session.load().ok
            assert session.call(["command"]).value == ["done", "hi\n"]
        assert pool.started == 0  # a zygote's filter could only narrow the grant: a worker of its own instead
        with Session(PROBES, "probe", "probes.py", Limits(time_per_call_s=20.0), launcher=pool) as session:
            assert session.load().ok
            assert session.call(["command"]).value == ["refused", "PermissionError"]
        assert pool.started == 1


def test_a_problem_asks_for_capabilities_in_its_sandbox_section(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text(
        "format: 1\nname: p\nsummary: s\nentry_point: f\nreference: |\n  def f():\n      return 1\n"
        "tests:\n  - args: []\n    expected: 1\nsandbox: {processes: true, loopback: false}\n"
    )
    problem = load_problem(path)
    assert problem.sandbox == SandboxRequest(processes=True)
    assert problem.sandbox.capabilities == {Capability.PROCESSES}
    path.write_text(path.read_text().replace("loopback: false", "network: true"))
    with pytest.raises(Exception) as raised:
        load_problem(path)
    assert "sandbox" in str(raised.value) and "p.yaml" in str(raised.value) and ":11" in str(raised.value)
