"""Limits the worker puts on itself before any solution code runs (standard library only)."""

# `signal` imports `enum`, which a worker does not otherwise need; typeshed has no stub for its C half.
import _signal  # type: ignore[import-not-found]
import resource

MB = 1024 * 1024


def apply(limits: dict) -> list:
    """Resource limits for this process and anything it starts; returns the names actually set.

    RLIMIT_NPROC counts every process of the worker's uid and is ignored for
    root, which is why the launcher runs workers as a uid of their own.
    """
    wanted = {
        "RLIMIT_AS": limits.get("memory_mb") and int(limits["memory_mb"]) * MB,
        "RLIMIT_CPU": limits.get("cpu_s") and int(limits["cpu_s"]),
        "RLIMIT_FSIZE": limits.get("file_size_mb") is not None and int(limits["file_size_mb"]) * MB,
        "RLIMIT_NOFILE": limits.get("open_files"),
        "RLIMIT_NPROC": limits.get("processes"),
        "RLIMIT_CORE": 0,
    }
    applied = []
    for name, value in wanted.items():
        if value is None or value is False:
            continue
        try:
            resource.setrlimit(getattr(resource, name), (value, value))
        except (ValueError, OSError, AttributeError):
            continue
        applied.append(name)
    # Writes past RLIMIT_FSIZE fail with EFBIG instead of killing the worker.
    _signal.signal(_signal.SIGXFSZ, _signal.SIG_IGN)
    return applied
