"""Grow memory a megabyte at a time until something gives."""


def solve(n):
    hoard = []
    while True:
        hoard.append(bytearray(1024 * 1024))
