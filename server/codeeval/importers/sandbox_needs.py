"""Which sandbox capabilities an imported task needs, read from its code and tests (never a hand list of tasks).

A task whose reference or tests start processes (subprocess, multiprocessing, os.fork/system/popen, signals to
a child) asks for `processes`; one that opens sockets (a server and its client in one test, asyncio's
event loop, which talks to itself over a socket pair) asks for `loopback`. The answer is the problem file's
`sandbox:` mapping; the sandbox grants it only where namespaces contain it (base/capabilities.py).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from ..base import python_ast
from ..base.capabilities import Capability

# Top-level modules whose use means new processes or sockets (`libs` names and imports alike).
MODULES = {
    "subprocess": {Capability.PROCESSES},
    "multiprocessing": {Capability.PROCESSES, Capability.LOOPBACK},  # its managers listen on a socket
    "signal": {Capability.PROCESSES},
    "pty": {Capability.PROCESSES},
    "socket": {Capability.LOOPBACK},
    "socketserver": {Capability.LOOPBACK},
    "asyncio": {Capability.LOOPBACK},
    "selectors": {Capability.LOOPBACK},
    "http": {Capability.LOOPBACK},  # http.server, http.client
    "xmlrpc": {Capability.LOOPBACK},
    "smtpd": {Capability.LOOPBACK},
    # Libraries that read /proc, which bubblewrap mounts (the namespace's own) only for a task granted processes:
    # psutil lists processes there; TensorFlow (and Keras on it) read /proc/self/exe as they load.
    "psutil": {Capability.PROCESSES},
    "tensorflow": {Capability.PROCESSES},
    "keras": {Capability.PROCESSES},
}
# Names that start or signal processes wherever they come from: `os.system(...)`, `from os import fork`.
PROCESS_NAMES = {
    "system",
    "popen",
    "fork",
    "forkpty",
    "kill",
    "killpg",
    "posix_spawn",
    "posix_spawnp",
    "ProcessPoolExecutor",
    *(f"spawn{suffix}" for suffix in ("l", "le", "lp", "lpe", "v", "ve", "vp", "vpe")),
    *(f"exec{suffix}" for suffix in ("l", "le", "lp", "lpe", "v", "ve", "vp", "vpe")),
}
# `os.popen` and friends are `os.` calls; `ProcessPoolExecutor` comes from concurrent.futures.
PROCESS_OWNERS = {"os", "posix", "concurrent", "futures"}


def capabilities_needed(sources: Iterable[str], libs: Iterable[str] = ()) -> frozenset[Capability]:
    """The capabilities the code in `sources` (a reference, a test module) and the listed `libs` use."""
    needed: set[Capability] = set()
    for lib in libs:
        needed |= MODULES.get(lib.split(".")[0], set())
    for source in sources:
        try:
            tree = python_ast.parse(source)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            continue  # the importer reports a source that does not parse; nothing to read here
        for node in ast.walk(tree):
            needed |= _node_needs(node)
    return frozenset(needed)


def _node_needs(node: ast.AST) -> set[Capability]:
    if isinstance(node, ast.Import):
        return _modules_need(alias.name for alias in node.names)
    if isinstance(node, ast.ImportFrom):
        found = _modules_need([node.module or ""])
        if (node.module or "").split(".")[0] in PROCESS_OWNERS and any(a.name in PROCESS_NAMES for a in node.names):
            found.add(Capability.PROCESSES)
        return found
    if isinstance(node, ast.Attribute) and node.attr == "ProcessPoolExecutor":  # whatever the module's alias
        return {Capability.PROCESSES}
    if isinstance(node, ast.Attribute) and node.attr in PROCESS_NAMES:
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id in PROCESS_OWNERS:
            return {Capability.PROCESSES}
        if isinstance(owner, ast.Attribute) and owner.attr in PROCESS_OWNERS:
            return {Capability.PROCESSES}
    return set()


def _modules_need(names: Iterable[str]) -> set[Capability]:
    found: set[Capability] = set()
    for name in names:
        found |= MODULES.get(name.split(".")[0], set())
    return found


def sandbox_section(needed: frozenset[Capability]) -> dict[str, bool]:
    """The problem file's `sandbox:` mapping for `needed` (empty when nothing is)."""
    return {str(capability): True for capability in sorted(needed)}
