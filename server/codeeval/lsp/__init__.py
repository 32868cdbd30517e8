"""The codeeval language server (pygls): quality diagnostics, hover, code lens, quick fixes, evaluation commands.

`create_server()` builds it; `codeeval lsp` runs it on stdio. The engine knows
nothing of LSP: every LSP type stays in this package. Importing the package
is cheap on purpose: the analysis worker process imports `lsp.analysis` and
must not pay for pygls and lsprotocol.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CodeevalServer", "create_server"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import server  # noqa: PLC0415  (pygls, 0.7 s: the analysis worker process never needs it)

        return getattr(server, name)
    raise AttributeError(name)
