"""Limits the worker puts on itself before any solution code runs (standard library only)."""

import signal


def apply(limits: dict) -> None:
    """Resource limits for this process and anything it starts; best effort per limit."""
    import resource

    mb = 1024 * 1024
    wanted = {
        "RLIMIT_AS": limits.get("memory_mb") and int(limits["memory_mb"]) * mb,
        "RLIMIT_CPU": limits.get("cpu_s") and int(limits["cpu_s"]),
        "RLIMIT_FSIZE": limits.get("file_size_mb") is not None and int(limits["file_size_mb"]) * mb,
        "RLIMIT_NOFILE": limits.get("open_files"),
        "RLIMIT_NPROC": limits.get("processes"),
        "RLIMIT_CORE": 0,
    }
    for name, value in wanted.items():
        if value is None or value is False:
            continue
        try:
            resource.setrlimit(getattr(resource, name), (value, value))
        except (ValueError, OSError, AttributeError):
            pass
    # Writes past RLIMIT_FSIZE fail with EFBIG instead of killing the worker.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
