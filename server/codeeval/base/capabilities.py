"""What a problem may ask of the sandbox beyond a pure function's needs: processes, loopback sockets.

Data only. A problem asks (`sandbox: {processes: true, loopback: true}` in its file); the sandbox grants a
capability only where namespaces contain it (bubblewrap: a PID namespace, a network namespace with nothing
but its own loopback), and elsewhere runs the task as any other, its refusal worded by `refusal()` so that
a canonical pre-check can tell an environment's limit from a solution's failure.
"""

from __future__ import annotations

from dataclasses import dataclass

from .vocabulary import Vocabulary

REFUSED_PREFIX = "refused: "  # how every refusal's message starts (reports and pre-checks look for it)


class Capability(Vocabulary):
    """One thing a sandboxed task may do when namespaces contain it."""

    PROCESSES = "processes"  # fork, exec, signals to its own processes, pipes and socketpairs between them
    LOOPBACK = "loopback"  # TCP/UDP/Unix sockets: bind, listen, connect, accept; the namespace's own loopback only


@dataclass(frozen=True)
class SandboxRequest:
    """A problem's `sandbox:` section: the capabilities its tests (or its reference) need."""

    processes: bool = False
    loopback: bool = False

    @property
    def capabilities(self) -> frozenset[Capability]:
        wanted = {Capability.PROCESSES: self.processes, Capability.LOOPBACK: self.loopback}
        return frozenset(capability for capability, asked in wanted.items() if asked)


def refusal(refused: frozenset[Capability], sandbox: str = "bubblewrap") -> str:
    """The message of a task whose capabilities were refused: 'refused: processes need the bubblewrap sandbox
    here' (one wording, so that whoever reads results can recognise it)."""
    names = " and ".join(sorted(str(capability) for capability in refused))
    verb = "need" if len(refused) > 1 or Capability.PROCESSES in refused else "needs"
    return f"{REFUSED_PREFIX}{names} {verb} the {sandbox} sandbox here"
