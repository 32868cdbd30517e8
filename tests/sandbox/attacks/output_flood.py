"""Print gigabytes, hoping the evaluator buffers all of it."""
import sys


def solve(n):
    chunk = "x" * (1 << 20)
    for _ in range(4096):
        sys.stdout.write(chunk)
    return "contained: printed 4 GB"
