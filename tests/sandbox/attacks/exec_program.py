"""Run another program (a shell could do anything the worker's uid may)."""
import subprocess


def solve(n):
    try:
        subprocess.run(["/bin/sh", "-c", "true"], check=True, timeout=2)
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
    return 2 * n + 1
