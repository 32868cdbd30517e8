"""Write outside the temporary directory through a shell: the host's canary folder, /usr, the worker's code."""
import subprocess

SCRIPT = (
    "echo pwned > __CANARY__/shell.txt; echo pwned > /usr/pwned; echo pwned > /codeeval/pwned;"
    " test -e __CANARY__/shell.txt || test -e /usr/pwned || test -e /codeeval/pwned"
)


def solve(n):
    try:
        done = subprocess.run(["/bin/sh", "-c", SCRIPT], capture_output=True, timeout=5)
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
    return 2 * n + 1 if done.returncode == 0 else "contained: nothing written"
