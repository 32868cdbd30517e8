"""Escape through a shell: read /root, the problem file, the evaluator's environment, list the project."""
import subprocess

SCRIPT = (
    "cat /root/.bashrc /root/.profile __PROBLEM__ /proc/__PARENT_PID__/environ 2>/dev/null;"
    " ls /work /home /root /proc/1/root/root 2>/dev/null"
)


def solve(n):
    try:
        found = subprocess.run(["/bin/sh", "-c", SCRIPT], capture_output=True, timeout=5).stdout
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
    return 2 * n + 1 if found.strip() else "contained: the shell found nothing"
