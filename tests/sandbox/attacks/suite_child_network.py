"""Reach the host from a child process: the evaluator's TCP and UDP listeners, and an outside address."""
import subprocess
import sys

CHILD = """
import socket
udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
udp.sendto(b"pwned", ("127.0.0.1", __UDP_PORT__))
for address in (("127.0.0.1", __PORT__), ("192.0.2.1", 80)):
    try:
        socket.create_connection(address, timeout=1).sendall(b"pwned")
        print("connected")
    except OSError:
        pass
"""


def solve(n):
    try:
        done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=5)
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
    return 2 * n + 1 if "connected" in done.stdout else "contained: the child reached nothing"
