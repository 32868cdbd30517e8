"""Why a function cannot be compared in isolation, read from the names it uses.

A function that reads the clock, draws random numbers, reads files, the environment or standard input, or
writes module state gives answers that depend on more than its arguments: its base version is no oracle.
The names catch the common cases before anything runs; running the base twice on each input (behaviour.py)
catches the rest, such as a counter kept in a module global.
"""

from __future__ import annotations

import ast

from ..base.python_functions import FunctionNode

# A called name (or its last dotted parts) -> the reason it makes a function depend on more than its inputs.
CALLS = {
    "random": "draws random numbers",
    "randint": "draws random numbers",
    "randrange": "draws random numbers",
    "choice": "draws random numbers",
    "shuffle": "draws random numbers",
    "sample": "draws random numbers",
    "uniform": "draws random numbers",
    "gauss": "draws random numbers",
    "uuid1": "makes unique ids",
    "uuid4": "makes unique ids",
    "urandom": "reads random bytes",
    "token_hex": "draws random numbers",
    "token_bytes": "draws random numbers",
    "time": "reads the clock",
    "time_ns": "reads the clock",
    "perf_counter": "reads the clock",
    "monotonic": "reads the clock",
    "now": "reads the clock",
    "today": "reads the clock",
    "utcnow": "reads the clock",
    "open": "reads or writes files",
    "read_text": "reads or writes files",
    "read_bytes": "reads or writes files",
    "write_text": "reads or writes files",
    "listdir": "reads the file system",
    "scandir": "reads the file system",
    "glob": "reads the file system",
    "input": "reads standard input",
    "getenv": "reads the environment",
    "urlopen": "uses the network",
    "get": None,  # too common a name (dict.get) to mean anything alone
}
# Modules whose attribute calls are all nondeterministic, whatever the attribute's name.
MODULES = {
    "random": "draws random numbers",
    "secrets": "draws random numbers",
    "uuid": "makes unique ids",
    "time": "reads the clock",
    "datetime": "reads the clock",
    "socket": "uses the network",
    "requests": "uses the network",
    "subprocess": "runs other programs",
}
# Names in CALLS that mean it even called bare (`from random import choice`): others are common method names.
BARE = frozenset(
    {"open", "input", "urandom", "getenv", "uuid4", "uuid1", "random", "time", "perf_counter", "monotonic"}
    | {"randint", "choice"}
)
ATTRIBUTES = {"environ": "reads the environment", "stdin": "reads standard input", "argv": "reads the command line"}


def nondeterminism(node: FunctionNode) -> str | None:
    """Why the function depends on more than its arguments ("reads the clock: time.time()"), or None."""
    for inner in ast.walk(node):
        reason = _reason(inner)
        if reason:
            return reason
    return None


def _reason(node: ast.AST) -> str | None:
    if isinstance(node, ast.Global):
        return f"writes module state: global {', '.join(node.names)}"
    if isinstance(node, ast.Attribute) and node.attr in ATTRIBUTES:
        return f"{ATTRIBUTES[node.attr]}: {ast.unparse(node)}"
    if isinstance(node, ast.Call):
        dotted = _dotted(node.func)
        return _call_reason(dotted) if dotted else None
    return None


def _call_reason(dotted: str) -> str | None:
    """A call's reason: any attribute of a module in MODULES, a dotted call in CALLS, or a bare one in BARE."""
    parts = dotted.split(".")
    if len(parts) > 1 and parts[0] in MODULES:
        return f"{MODULES[parts[0]]}: {dotted}()"
    why = CALLS.get(parts[-1])
    if why and (len(parts) > 1 or parts[0] in BARE):
        return f"{why}: {dotted}()"
    return None


def _dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    return ""
