"""Kill the worker's own process group and itself with signals."""
import os
import signal


def solve(n):
    for target in (0, os.getpid()):
        try:
            os.kill(target, signal.SIGKILL)
        except BaseException:
            pass
    try:
        signal.raise_signal(signal.SIGSEGV)
    except BaseException:
        pass
    return "contained: still alive"
