"""Burn CPU forever."""


def solve(n):
    while True:
        n += 1
