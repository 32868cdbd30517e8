"""Sleep past the time limit (uses no CPU, so only a wall-clock limit stops it)."""
import time


def solve(n):
    time.sleep(3600)
    return 2 * n + 1
