"""A daemonised grandchild (double fork, new session, SIGTERM and SIGHUP ignored) that outlives the test,
trying for a minute to write outside and to reach the host's listener."""
import os
import signal
import socket
import time


def linger():
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    for _ in range(600):
        try:
            with open("__CANARY__/grandchild.txt", "w") as handle:
                handle.write("pwned")
        except OSError:
            pass
        try:
            socket.create_connection(("127.0.0.1", __PORT__), timeout=0.1).close()
        except OSError:
            pass
        time.sleep(0.1)


def solve(n):
    try:
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                linger()
            os._exit(0)
        os.wait()
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
    return 2 * n + 1  # started: outliving the evaluation is what must not happen
