"""Allocate far more memory than the limit in one go."""


def solve(n):
    block = bytearray(16 * 1024 ** 3)
    return len(block)
