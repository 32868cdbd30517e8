"""The worker's system-call filter, compiled here with libseccomp (pyseccomp) into a BPF program.

The evaluator compiles; the worker only loads the bytes with one prctl (see
child/confine.py), so the child needs neither pyseccomp nor libseccomp.

A deny list over a default of "allow": a pure function needs memory, files it
may open, clocks and threads, and an allow list tight enough to matter breaks
with every new interpreter or C library. What is denied is what a function
computing a value has no business doing, answered with EPERM (an ordinary
PermissionError in Python) rather than a kill, so the verdict stays readable.
A call from another architecture's table (x32, i386) kills the process.
"""

from __future__ import annotations

import errno
import functools
import tempfile
from typing import Any

from ..base.capabilities import Capability

CLONE_THREAD = 0x00010000
# clone's flags that make a new namespace: refused one by one when processes are granted (a deny list cannot
# say "any of these bits"), as `unshare` is, even where bubblewrap cannot disable nested user namespaces.
CLONE_NAMESPACE_FLAGS = (0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000)
AF_UNIX, AF_INET, AF_INET6 = 1, 2, 10
ADDRESS_FAMILIES_CHECKED = 64  # families above AF_MAX (46 on Linux 6.x) with room to spare: all refused anyway

DENIED = {
    "network": ["socket", "socketpair", "connect", "bind", "listen", "accept", "accept4"],
    "processes": ["execve", "execveat", "fork", "vfork"],  # clone without CLONE_THREAD too, below
    "signals to others": [
        "kill",
        "tkill",
        "tgkill",
        "rt_sigqueueinfo",
        "rt_tgsigqueueinfo",
        "pidfd_open",
        "pidfd_send_signal",
        "pidfd_getfd",
    ],
    "other processes' memory": ["ptrace", "process_vm_readv", "process_vm_writev", "kcmp"],
    # System V objects outlive their process in the IPC namespace: the next worker forked by the same zygote
    # (zygote_pool.py) would find them.
    "System V IPC": [
        "shmget",
        "shmat",
        "shmctl",
        "msgget",
        "msgsnd",
        "msgrcv",
        "msgctl",
        "semget",
        "semop",
        "semtimedop",
        "semctl",
    ],
    "namespaces and mounts": [
        "unshare",
        "setns",
        "mount",
        "umount2",
        "pivot_root",
        "chroot",
        "move_mount",
        "open_tree",
        "fsopen",
        "fsconfig",
        "fsmount",
        "fspick",
        "mount_setattr",
    ],
    "identity": [
        "setuid",
        "setgid",
        "setreuid",
        "setregid",
        "setresuid",
        "setresgid",
        "setfsuid",
        "setfsgid",
        "setgroups",
        "capset",
    ],
    "kernel": [
        "bpf",
        "perf_event_open",
        "userfaultfd",
        "io_uring_setup",
        "io_uring_enter",
        "io_uring_register",
        "init_module",
        "finit_module",
        "delete_module",
        "kexec_load",
        "kexec_file_load",
        "reboot",
        "swapon",
        "swapoff",
        "acct",
        "syslog",
        "quotactl",
        "iopl",
        "ioperm",
        "settimeofday",
        "clock_settime",
        "clock_adjtime",
        "adjtimex",
        "sethostname",
        "setdomainname",
        "keyctl",
        "add_key",
        "request_key",
        "open_by_handle_at",
        "name_to_handle_at",
        "lookup_dcookie",
        "personality",
        "mknod",
        "mknodat",
        "vhangup",
    ],
}


# What each capability a problem may be granted (base/capabilities.py) lets through, only ever inside bubblewrap's
# namespaces: a PID namespace (its processes see and signal only each other), a network namespace (its own
# loopback, nothing else). Sockets are further held to the Unix and IP families (no netlink, no raw packets).
# Tracing, other processes' memory, System V IPC, namespaces, mounts, identity and the kernel stay refused.
GRANTED = {
    Capability.PROCESSES: {
        *DENIED["processes"],
        "clone",
        *(name for name in DENIED["signals to others"] if name != "pidfd_getfd"),  # another's descriptors: never
        "socketpair",  # multiprocessing's pipes between its own processes (AF_UNIX only: see _family_rules)
    },
    Capability.LOOPBACK: set(DENIED["network"]),
}


class SeccompUnavailable(Exception):
    pass


def denied_names() -> list:
    return sorted({name for names in DENIED.values() for name in names} | {"clone", "clone3"})


def granted_names(grant: frozenset[Capability]) -> set[str]:
    """The system calls `grant` lets through that the worker's filter refuses."""
    return {name for capability in grant for name in GRANTED[capability]}


@functools.lru_cache(maxsize=8)
def build_granted(grant: frozenset[Capability]) -> bytes:
    """The filter bubblewrap loads for a worker granted `grant` (built once per set of capabilities)."""
    return build(allow_exec=True, grant=grant)


def build(allow_exec: bool = False, allow_fork: bool = False, grant: frozenset[Capability] = frozenset()) -> bytes:
    """The filter as a BPF program for this machine's architecture; raises SeccompUnavailable.

    `allow_exec`: for a filter loaded before the interpreter starts (by bubblewrap), which must
    let that one exec through; with new processes refused, exec can then only replace the worker.
    `allow_fork`: for a zygote's (child/zygote.py), which forks workers that each load the full filter
    on top of it before any solution arrives.
    `grant`: the capabilities a problem asked for (GRANTED), for a worker inside bubblewrap's namespaces only.
    """
    try:
        import pyseccomp as seccomp  # noqa: PLC0415  (optional: may be missing, or fail to load libseccomp)
    except (ImportError, OSError) as exc:  # OSError: the module loads libseccomp.so when imported
        raise SeccompUnavailable(
            f"pyseccomp is not importable ({exc}); install it with "
            "`pip install pyseccomp` and the libseccomp2 system package"
        ) from None
    try:
        filt = seccomp.SyscallFilter(seccomp.ALLOW)
        filt.set_attr(seccomp.Attr.ACT_BADARCH, seccomp.KILL_PROCESS)
        deny = seccomp.ERRNO(errno.EPERM)
        allowed = (
            {"clone", "clone3"}
            | ({"execve", "execveat"} if allow_exec else set())
            | ({"fork", "vfork"} if allow_fork else set())
            | granted_names(grant)
        )
        for name in denied_names():
            if name in allowed:
                continue
            try:
                filt.add_rule(deny, name)
            except (OSError, ValueError):
                pass  # not a system call on this architecture
        # New processes: clone without CLONE_THREAD (threads stay allowed). clone3 hides its flags in
        # memory a filter cannot read, so it answers ENOSYS and the C library falls back to clone.
        flags_arg = 1 if seccomp.system_arch() in (seccomp.Arch.S390, seccomp.Arch.S390X) else 0
        if not allow_fork and Capability.PROCESSES not in grant:
            filt.add_rule(deny, "clone", seccomp.Arg(flags_arg, seccomp.MASKED_EQ, CLONE_THREAD, 0))
        for flag in CLONE_NAMESPACE_FLAGS if grant else ():
            filt.add_rule(deny, "clone", seccomp.Arg(flags_arg, seccomp.MASKED_EQ, flag, flag))
        _family_rules(seccomp, filt, deny, grant)
        try:
            filt.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
        except (OSError, ValueError):
            pass
        with tempfile.TemporaryFile() as handle:
            filt.export_bpf(handle)
            handle.seek(0)
            program = handle.read()
    except OSError as exc:
        raise SeccompUnavailable(f"libseccomp could not compile the filter: {exc}") from None
    if not program or len(program) % 8:
        raise SeccompUnavailable("libseccomp produced an empty filter")
    return program


def _family_rules(seccomp: Any, filt: Any, deny: Any, grant: frozenset[Capability]) -> None:
    """Granted sockets held to their families: socket() to Unix, IPv4 and IPv6 (TCP, UDP), socketpair() to Unix.

    A deny list cannot say "not one of these", so every other family number is refused one by one (the
    kernel has fewer than ADDRESS_FAMILIES_CHECKED), and anything above with one comparison."""
    if Capability.LOOPBACK in grant:
        allowed_families = {AF_UNIX, AF_INET, AF_INET6}
        for family in range(ADDRESS_FAMILIES_CHECKED):
            if family not in allowed_families:
                filt.add_rule(deny, "socket", seccomp.Arg(0, seccomp.EQ, family))
        filt.add_rule(deny, "socket", seccomp.Arg(0, seccomp.GE, ADDRESS_FAMILIES_CHECKED))
    if grant:
        filt.add_rule(deny, "socketpair", seccomp.Arg(0, seccomp.NE, AF_UNIX))
