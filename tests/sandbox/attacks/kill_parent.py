"""Kill the evaluator: by parent pid, by the evaluator's real pid, and every process the uid may signal."""
import os
import signal


def solve(n):
    blocked = []
    for pid in (os.getppid(), __PARENT_PID__, -1):
        if pid in (0, 1):  # inside a PID namespace the parent is not visible at all
            blocked.append("invisible")
            continue
        try:
            os.kill(pid, signal.SIGKILL)
        except BaseException as exc:
            blocked.append(type(exc).__name__)
    return f"contained: {'/'.join(blocked)}"
