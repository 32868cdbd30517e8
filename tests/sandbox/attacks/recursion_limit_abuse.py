"""Lift the recursion limit, then recurse through C code until the C stack overflows."""
import sys

sys.setrecursionlimit(1_000_000_000)


def dive(n):
    return list(map(dive, [n + 1]))


def solve(n):
    return dive(n)
