"""Write outside the working directory: into a world-writable folder of the host."""


def solve(n):
    try:
        with open("__CANARY__/pwned.txt", "w") as handle:
            handle.write("pwned")
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
    return 2 * n + 1
