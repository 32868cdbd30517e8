"""Exit the worker with status 0 in the middle of a test."""
import os


def solve(n):
    os._exit(0)
