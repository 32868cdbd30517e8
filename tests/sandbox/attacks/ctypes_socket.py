"""Go around Python's socket module: socket() and connect() straight from libc with ctypes."""
import ctypes
import socket
import struct


def solve(n):
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fd = libc.socket(socket.AF_INET, socket.SOCK_STREAM, 0)
        if fd < 0:
            raise OSError(ctypes.get_errno(), "socket")
        address = struct.pack("=HH4s8x", socket.AF_INET, socket.htons(__PORT__), socket.inet_aton("127.0.0.1"))
        if libc.connect(fd, address, len(address)) != 0:
            raise OSError(ctypes.get_errno(), "connect")
        libc.write(fd, b"pwned", 5)
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
    return 2 * n + 1
