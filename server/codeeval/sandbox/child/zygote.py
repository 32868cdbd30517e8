"""The zygote: one sandboxed interpreter that forks a fresh worker for each solution, one at a time.

Starting bubblewrap and an interpreter costs a worker about 20 ms of CPU; a fork of an interpreter that has
already imported the worker costs about 2. The zygote runs inside the same bubblewrap sandbox a worker gets
(namespaces, the unprivileged uid, a filter that refuses everything a worker's does but fork), as pid 1 of
its namespace, and never runs solution code itself. For each solution the evaluator sends the worker's
configuration and its three pipes over the control socket; the zygote forks, and the child closes the
socket, takes the pipes as its channel and output, and starts as any worker does (`worker.main`): rlimits,
then the worker's own, stricter filter (no fork, no exec), "ready", and only then the solution.

One child at a time: the next fork waits until the last child has been reaped and everything it left in
/tmp (the only writable place) is deleted, so no solution ever shares a live process, a file or a working
directory with another. What the children do share is the sandbox's namespaces, its uid and the zygote
as parent; see docs/security.md.

Messages on the control socket (SOCK_SEQPACKET, one message per send): the evaluator sends a worker's
configuration with its pipes attached; the zygote answers `started`; the evaluator, once it holds the child
by a pidfd, sends `watch`; when the child has died and /tmp is empty again, the zygote sends `exited CODE`
(CODE as `Popen.returncode` has it: negative for a signal). Any failure of the zygote's own ends it: the
evaluator then starts another.
"""

import gc
import os
import socket
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from codeeval.sandbox.child import confine, worker
else:
    import confine  # noqa: F401  (imported before the forks, so a child need not: it loads the worker's filter)
    import worker

MESSAGE_BYTES = 65536
PIPES = 3  # request (read end), response (write end), output (write end)
# Standard modules solutions import most (a prompt's `from typing import List` alone costs a fresh worker ~15 ms),
# imported once here so that every child finds them loaded. None of them holds state a solution could leave for
# the next (each child gets its own copy of the zygote's pristine modules), nor any drawn at import: never
# `random`, whose seed would then be every child's.
# And `site`, which every load asks where site-packages are (child/installed.py): 0.5 ms a worker. Under -S
# its import changes nothing (no site.main()).
PRELOADED = (
    *("typing", "re", "collections", "functools", "itertools", "operator", "math", "heapq", "bisect", "string"),
    "site",
)


def serve(control: socket.socket) -> None:
    workdir = os.getcwd()
    while True:
        config, fds, _, _ = socket.recv_fds(control, MESSAGE_BYTES, PIPES)
        if not config:
            return  # the evaluator closed the socket
        if len(fds) != PIPES:
            raise RuntimeError(f"a worker's configuration came with {len(fds)} descriptors")
        pid = os.fork()
        if pid == 0:
            _child(control, fds, config)
        for fd in fds:
            os.close(fd)
        control.send(b"started")
        if control.recv(MESSAGE_BYTES) != b"watch":
            return
        _, status = os.waitpid(pid, 0)
        wipe(workdir)
        control.send(b"exited %d" % os.waitstatus_to_exitcode(status))


def _child(control: socket.socket, fds: list, config: bytes) -> None:
    """The forked worker: never returns."""
    try:
        control.close()
        request_fd, response_fd, output_fd = fds
        os.setsid()
        os.dup2(output_fd, 1)
        os.dup2(output_fd, 2)
        _close_others(0, 1, 2, request_fd, response_fd)
        worker.run(["worker", str(request_fd), str(response_fd), config.decode("utf-8")])
    except BaseException as exc:
        os.write(2, f"zygote's child: {type(exc).__name__}: {exc}\n".encode())
    finally:
        os._exit(70)


def _close_others(*kept: int) -> None:
    """Every descriptor the child inherited but the ones it needs (its channel and standard streams)."""
    previous = -1
    for fd in sorted(kept) + [os.sysconf("SC_OPEN_MAX")]:
        if previous + 1 < fd:  # never an empty range: os.closerange(0, 0) closes every descriptor
            os.closerange(previous + 1, fd)
        previous = fd


def wipe(top: str) -> None:
    """Delete everything under `top`, however deep, whatever its permissions (the owner may change them)."""
    pending = [top]
    emptied = []
    while pending:
        folder = pending.pop()
        emptied.append(folder)
        if folder != top:
            os.chmod(folder, 0o700)  # a child may have taken its own permissions away
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    pending.append(entry.path)
                else:
                    os.unlink(entry.path)
    for folder in reversed(emptied[1:]):
        os.rmdir(folder)
    if os.listdir(top):
        raise RuntimeError(f"{top} is not empty after the wipe")


def run(argv: list) -> None:
    code = 0
    try:
        if os.getpid() != 1:  # it deletes everything in its working directory: only ever in its own sandbox
            raise RuntimeError("a zygote runs only as pid 1 of a sandbox of its own (bubblewrap --as-pid-1)")
        for name in PRELOADED:
            __import__(name)
        # Every object so far is the children's inheritance: frozen, no child's collection walks it (a walk
        # writes to each object's header and so copies every page the child shares with the zygote).
        gc.collect()
        gc.freeze()
        serve(socket.socket(fileno=int(argv[1])))
    except BaseException as exc:  # the evaluator sees the socket close and starts another zygote
        sys.stderr.write(f"zygote: {type(exc).__name__}: {exc}\n")
        code = 3
    os._exit(code)
