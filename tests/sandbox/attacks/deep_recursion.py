"""Recurse without end."""


def solve(n):
    return solve(n + 1) + 1
