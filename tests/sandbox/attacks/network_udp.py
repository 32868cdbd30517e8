"""Exfiltrate over UDP (no connection to refuse): send datagrams to a host listener."""
import socket


def solve(n):
    try:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.sendto(b"pwned", ("127.0.0.1", __UDP_PORT__))
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
    return "sent: whether it arrived is for the listener to say"
