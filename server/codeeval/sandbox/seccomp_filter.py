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
import tempfile

CLONE_THREAD = 0x00010000

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


class SeccompUnavailable(Exception):
    pass


def denied_names() -> list:
    return sorted({name for names in DENIED.values() for name in names} | {"clone", "clone3"})


def build(allow_exec: bool = False, allow_fork: bool = False) -> bytes:
    """The filter as a BPF program for this machine's architecture; raises SeccompUnavailable.

    `allow_exec`: for a filter loaded before the interpreter starts (by bubblewrap), which must
    let that one exec through; with new processes refused, exec can then only replace the worker.
    `allow_fork`: for a zygote's (child/zygote.py), which forks workers that each load the full filter
    on top of it before any solution arrives.
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
        if not allow_fork:
            filt.add_rule(deny, "clone", seccomp.Arg(flags_arg, seccomp.MASKED_EQ, CLONE_THREAD, 0))
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
