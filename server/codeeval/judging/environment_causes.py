"""Why a reference fails in this environment, read from its messages: the cause and what it names.

A problem's own reference (BigCodeBench's canonical solution, say) is known to pass its tests somewhere; when
it fails here, the messages usually say why: a module that is not installed, a library of another version
(an import or attribute the reference expects is gone, a keyword it passes is refused, a deprecation turned
into an error), a host that cannot be reached, a data file or corpus that is missing, a process or socket
the sandbox refuses, or a time-out. `classify` tells which, and the module, host or file it names.

Meant for a reference's failures only: the same words in a candidate's failure are usually the candidate's
own fault (an attribute it made up is not a version mismatch).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..base.capabilities import REFUSED_PREFIX
from ..results.exclusion import EnvironmentCause, Exclusion

EVIDENCE_CHARS = 240  # of the message around what showed the cause
_ANSI = re.compile(r"\x1b\[[0-9;]*m|\\u001b\[[0-9;]*m")  # NLTK colours the resource's name


@dataclass(frozen=True)
class _Rule:
    """Words that show a cause; and where the messages name what it is about (a module, a host, a file), the
    pattern that finds that name, searched in all of them (the words and the name are often lines apart)."""

    cause: EnvironmentCause
    shows: re.Pattern[str]
    names: re.Pattern[str] | None = None
    name: Callable[[re.Match[str]], str] = lambda match: next((g for g in match.groups() if g), "")


def _top_module(match: re.Match[str]) -> str:
    """The package a missing module belongs to (`sklearn` for `sklearn.linear_model`), or a shared library."""
    module, shared_library = match.groups()
    return module.split(".")[0] if module else shared_library or ""


def _dotted(match: re.Match[str]) -> str:
    return f"{match.group(1)}.{match.group(2)}"


def _imported_from(match: re.Match[str]) -> str:
    """`cannot import name 'X' from 'lib'` names `lib.X`."""
    return f"{match.group(2)}.{match.group(1)}"


def _version(pattern: str, name: Callable[[re.Match[str]], str]) -> _Rule:
    compiled = re.compile(pattern)
    return _Rule(EnvironmentCause.VERSION, compiled, compiled, name)


_MISSING_MODULE = r"No module named '?([\w.]+)'?|(?:ImportError|OSError): (lib[\w.+-]+\.so[\w.]*): cannot open"
_NETWORK = (
    r"Temporary failure in name resolution|Name or service not known|gaierror|Network is unreachable"
    r"|ConnectionError|URLError|Max retries exceeded|Failed to establish a new connection"
    r"|Connection refused|getaddrinfo|socket\.(?:socket|create_connection)|ssl\.SSL"
)
_HOST = r"host='([\w.-]+)'|Failed to resolve '([\w.-]+)'|https?://([\w-]+(?:\.[\w-]+)+)"
_DATA_FILE = r"Resource \S+ not found|nltk_data|FileNotFoundError|No such file or directory|LookupError"
_FILE = r"Resource '?([\w./-]+)'? not found|No such file or directory: '([^']+)'"

# Tried in this order: the sandbox's own refusal of a capability first (its one wording, base/capabilities.py:
# the task's traceback may mention sockets or hosts too), then a missing module (a test that needs the network
# often fails first on importing its client library), a version mismatch (its messages are the most specific),
# then the rest.
RULES: tuple[_Rule, ...] = (
    _Rule(
        EnvironmentCause.SANDBOX_REFUSED,
        re.compile(re.escape(REFUSED_PREFIX) + r"[\w ]+ the \w+ sandbox here"),
        re.compile(re.escape(REFUSED_PREFIX) + r"([\w ]+?) needs? the"),
    ),
    _Rule(EnvironmentCause.MISSING_LIBRARY, re.compile(_MISSING_MODULE), re.compile(_MISSING_MODULE), _top_module),
    _version(r"cannot import name '(\w+)' from '([\w.]+)'", _imported_from),
    _version(r"module '([\w.]+)' has no attribute '(\w+)'", _dotted),
    _version(r"'(?!NoneType')([A-Z]\w*)' object has no attribute '(\w+)'", _dotted),  # a library's class
    _version(r"([\w.]+)\(\) got an unexpected keyword argument '(\w+)'", _dotted),
    _version(r"\b(DeprecationWarning|FutureWarning)\b", lambda match: match.group(1)),
    _Rule(EnvironmentCause.NETWORK, re.compile(_NETWORK), re.compile(_HOST)),
    _Rule(EnvironmentCause.DATA_FILE, re.compile(_DATA_FILE), re.compile(_FILE)),
    _Rule(
        EnvironmentCause.SANDBOX_REFUSED,
        re.compile(r"Operation not permitted|PermissionError"),
        re.compile(r"PermissionError: \[Errno \d+\] [^:\n]*: '([^']+)'"),
    ),
    _Rule(
        EnvironmentCause.TIMEOUT,
        re.compile(r"\btimed? ?out\b|\btimeout\b|TimeoutError|time limit|took longer than", re.IGNORECASE),
    ),
)


def classify(messages: Iterable[str]) -> Exclusion | None:
    """The environment cause the messages show, with what it names and the words around it; None when they
    show none (a real failure of the reference, or one these words do not cover)."""
    text = _ANSI.sub("", "\n".join(message for message in messages if message))
    for rule in RULES:
        match = rule.shows.search(text)
        if match:
            named = rule.names.search(text) if rule.names is not None else None
            return Exclusion(rule.cause, rule.name(named) if named else "", _around(text, match))
    return None


def _around(text: str, match: re.Match[str]) -> str:
    start = max(0, match.start() - EVIDENCE_CHARS // 3)
    return " ".join(text[start : start + EVIDENCE_CHARS].split())
