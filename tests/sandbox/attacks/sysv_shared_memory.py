"""Leave a System V shared memory segment behind, where a later solution in the same IPC namespace finds it."""
import ctypes
import os

IPC_CREAT = 0o1000


def solve(n):
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        segment = libc.shmget(0x5EED, 4096, IPC_CREAT | 0o600)
        if segment == -1:
            number = ctypes.get_errno()
            raise OSError(number, os.strerror(number))
        return 2 * n + 1
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
