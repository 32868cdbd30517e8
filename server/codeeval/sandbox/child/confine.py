"""Confinement the worker puts on itself after start-up, before any solution code (standard library only).

Both layers are one-way: once in place, neither the worker nor the solution it
loads can lift them, and every thread started later inherits them.
- Landlock: the file system shrinks to the interpreter's read-only files and a
  writable working directory; TCP and signals to other processes are refused.
- seccomp: a BPF program, compiled by the evaluator with libseccomp, refuses
  sockets, new processes, exec, signals to others and kernel administration.
"""

import ctypes
import os
import sys

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2

# Landlock syscalls share one number on every architecture the kernel added them to.
SYS_LANDLOCK_CREATE_RULESET, SYS_LANDLOCK_ADD_RULE, SYS_LANDLOCK_RESTRICT_SELF = 444, 445, 446
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1

FS_EXECUTE, FS_WRITE_FILE, FS_READ_FILE, FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
FS_MAKE_CHAR, FS_MAKE_BLOCK = 1 << 6, 1 << 11
FS_TRUNCATE, FS_IOCTL_DEV = 1 << 14, 1 << 15
FILE_RIGHTS = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV
NET_BIND_TCP, NET_CONNECT_TCP = 1 << 0, 1 << 1
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1

# Shared libraries an extension module may load, and the loader's cache.
LIBRARY_DIRS = ("/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/lib32", "/lib32", "/etc/ld.so.cache")
# Read by plotting scripts (matplotlib's data and rc file, fonts, time zones, the BLAS symlinks): public files.
PLOTTING_DATA = (
    "/usr/share/matplotlib",
    "/usr/share/fonts",
    "/usr/share/zoneinfo",
    "/etc/matplotlibrc",
    "/etc/alternatives",
)
DEVICES_READ = ("/dev/urandom", "/dev/random", "/dev/zero")
DEVICES_WRITE = ("/dev/null",)

_libc = ctypes.CDLL(None, use_errno=True)
_ulong = ctypes.c_ulong


class ConfinementError(Exception):
    """A layer the evaluator asked for could not be put in place: the worker must not run code."""


def _check(result: int, what: str) -> int:
    if result < 0:
        err = ctypes.get_errno()
        raise ConfinementError(f"{what}: {os.strerror(err)} (errno {err})")
    return result


def no_new_privs() -> None:
    """Required by both layers for an unprivileged process; also stops set-uid binaries gaining anything."""
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, _ulong(1), _ulong(0), _ulong(0), _ulong(0)), "PR_SET_NO_NEW_PRIVS")


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def load_seccomp(path: str) -> int:
    """Install a compiled filter (struct sock_filter[]) from `path`; returns its instruction count."""
    with open(path, "rb") as handle:
        program = handle.read()
    if not program or len(program) % 8:
        raise ConfinementError(f"seccomp: {path} is not a BPF program")
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    _check(
        _libc.prctl(PR_SET_SECCOMP, _ulong(SECCOMP_MODE_FILTER), ctypes.byref(fprog), _ulong(0), _ulong(0)), "seccomp"
    )
    return len(program) // 8


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def landlock_abi() -> int:
    """The kernel's Landlock ABI version, 0 when it has none (or it is disabled)."""
    version = _libc.syscall(
        ctypes.c_long(SYS_LANDLOCK_CREATE_RULESET),
        None,
        ctypes.c_size_t(0),
        ctypes.c_uint32(LANDLOCK_CREATE_RULESET_VERSION),
    )
    return max(0, version)


def _handled_fs(abi: int) -> int:
    rights = (1 << 13) - 1  # ABI 1: execute .. make_sym
    if abi >= 2:
        rights |= 1 << 13  # refer
    if abi >= 3:
        rights |= FS_TRUNCATE
    if abi >= 5:
        rights |= FS_IOCTL_DEV
    return rights


def _allow(ruleset_fd: int, path: str, access: int) -> bool:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return False  # absent on this system: nothing to allow
    try:
        if not os.path.isdir(path):
            access &= FILE_RIGHTS
        rule = _PathBeneath(access, fd)
        _check(
            _libc.syscall(
                ctypes.c_long(SYS_LANDLOCK_ADD_RULE),
                ctypes.c_int(ruleset_fd),
                ctypes.c_int(LANDLOCK_RULE_PATH_BENEATH),
                ctypes.byref(rule),
                ctypes.c_uint32(0),
            ),
            f"landlock rule for {path}",
        )
    finally:
        os.close(fd)
    return True


def read_only_paths() -> list:
    """What the interpreter reads after start-up: its module path, shared libraries, plotting data, devices."""
    paths = [p for p in sys.path if p]
    return sorted(set(paths) | set(LIBRARY_DIRS) | set(PLOTTING_DATA) | set(DEVICES_READ))


def apply_landlock(workdir: str, packages: list | None = None) -> int:
    """Restrict this process to reading the interpreter's files (and `packages`: a built environment's, not yet on
    the module path) and writing `workdir`; returns the ABI."""
    abi = landlock_abi()
    if abi < 1:
        raise ConfinementError("landlock: not supported by this kernel")
    handled = _handled_fs(abi)
    attr = _RulesetAttr(
        handled,
        NET_BIND_TCP | NET_CONNECT_TCP if abi >= 4 else 0,
        SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0,
    )
    ruleset = _check(
        _libc.syscall(
            ctypes.c_long(SYS_LANDLOCK_CREATE_RULESET),
            ctypes.byref(attr),
            ctypes.c_size_t(ctypes.sizeof(attr)),
            ctypes.c_uint32(0),
        ),
        "landlock ruleset",
    )
    try:
        for path in read_only_paths() + list(packages or []):
            _allow(ruleset, path, FS_READ_FILE | FS_READ_DIR)
        for path in DEVICES_WRITE:
            _allow(ruleset, path, FS_READ_FILE | FS_WRITE_FILE | FS_TRUNCATE)
        writable = handled & ~(FS_EXECUTE | FS_MAKE_CHAR | FS_MAKE_BLOCK | FS_IOCTL_DEV)
        if not _allow(ruleset, workdir, writable):
            raise ConfinementError(f"landlock: working directory {workdir} is missing")
        _check(
            _libc.syscall(ctypes.c_long(SYS_LANDLOCK_RESTRICT_SELF), ctypes.c_int(ruleset), ctypes.c_uint32(0)),
            "landlock restrict_self",
        )
    finally:
        os.close(ruleset)
    return abi


def apply(config: dict) -> dict:
    """The layers `config` asks for, in order; raises ConfinementError rather than run with one missing."""
    applied: dict = {}
    if not (config.get("landlock") or config.get("seccomp")):
        return applied
    no_new_privs()
    if config.get("landlock"):
        applied["landlock"] = apply_landlock(os.getcwd(), config.get("site_packages"))
    if config.get("seccomp"):
        applied["seccomp"] = load_seccomp(config["seccomp"])
    return applied
