"""Read the host's /etc/passwd (any host file outside the sandbox)."""


def solve(n):
    try:
        with open("/etc/passwd") as handle:
            if "root:" not in handle.read():
                return "contained: not the host's file"
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
    return 2 * n + 1
