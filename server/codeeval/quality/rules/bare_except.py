"""CQ112: no bare `except:`.

`except:` catches every exception, including `KeyboardInterrupt`,
`SystemExit` and `GeneratorExit`, and hides what the author expected to go
wrong.

## Severity

| handler | severity |
|---|---|
| only `pass`, `...` or `continue`: swallows everything, even Ctrl-C and `sys.exit()` in the `try` | critical |
| does something and goes on | warning |
| re-raises (`except: cleanup(); raise`): legitimate, but `except BaseException:` says so | suggestion, low relevance |

Bare handlers in module-level code are checked too. `except Exception:`,
`except BaseException:` and named exceptions are not flagged.

## What to do

Catch the exceptions you expect (`except ValueError:`), or
`except Exception:` to leave Ctrl-C and exits alone. There is no automatic
fix: narrowing a handler changes which errors escape.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from typing import Any

from ...base.findings import Finding, Severity
from ..confidence import Evidence
from ..context import Context, FunctionScope
from ..rule import Rule

_SILENT = (ast.Pass, ast.Continue)


def check(ctx: Context, options: Mapping[str, Any]) -> Iterator[Finding]:
    """A finding for each `except:` without an exception type, anywhere in the module."""
    for scope in ctx.scopes():
        symbol = scope.key if isinstance(scope, FunctionScope) else None
        for handler in scope.nodes_of(ast.ExceptHandler):
            if handler.type is None:
                yield _finding(ctx, handler, symbol)


def _kind(handler: ast.ExceptHandler) -> str:
    body = handler.body
    if isinstance(body[-1], ast.Raise) and body[-1].exc is None:
        return "reraises"
    if all(isinstance(stmt, _SILENT) or _is_ellipsis(stmt) for stmt in body):
        return "silent"
    return "handles"


def _is_ellipsis(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and stmt.value.value is Ellipsis


_SEVERITY = {"silent": Severity.CRITICAL, "handles": Severity.WARNING, "reraises": Severity.SUGGESTION}
_MESSAGE = {
    "silent": "bare `except:` silently swallows every exception, including KeyboardInterrupt and SystemExit",
    "handles": "bare `except:` catches every exception, including KeyboardInterrupt and SystemExit",
    "reraises": "bare `except:` re-raises, which is fine; `except BaseException:` says so explicitly",
}


def _finding(ctx: Context, handler: ast.ExceptHandler, symbol: str | None) -> Finding:
    kind = _kind(handler)
    evidence = Evidence(
        relevance=0.4 if kind == "reraises" else 0.9,
        accuracy=0.95,
        action="concrete",
        calibration=0.85 if kind != "handles" else 0.75,
    )
    return RULE.finding(
        range=ctx.source.keyword_range(handler, "except"),
        symbol=symbol,
        severity=_SEVERITY[kind],
        message=_MESSAGE[kind],
        evidence=evidence,
        handler=kind,
        suggestion="Catch the exceptions you expect (`except ValueError:`), or `except Exception:` "
        "to leave Ctrl-C and exits alone.",
    )


RULE = Rule(
    id="CQ112",
    name="bare-except",
    title="Bare except",
    category="robustness",
    summary="`except:` catches everything, including KeyboardInterrupt and SystemExit.",
    check=check,
)
