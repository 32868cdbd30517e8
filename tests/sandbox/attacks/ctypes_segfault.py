"""Dereference a null pointer with ctypes."""
import ctypes


def solve(n):
    return ctypes.string_at(8, 16)  # not 0: string_at(NULL, n) just allocates n bytes
