"""What the interpreter has installed (its site-packages), importable by the code a worker runs.

The worker starts with -S: no `site` at start-up (quicker, and nothing of anyone's own site). Before a solution
or a plotting script runs, the interpreter's own site-packages go at the end of the module path, so a solution
that imports numpy loads as it would under a plain `python` (EvalPlus runs solutions where numpy is installed),
and the standard library still comes first. With a built environment (`codeeval env`), its site-packages take
their place: the worker's config names them. Standard library only: this runs inside the sandbox.
"""

import os
import sys

_ENVIRONMENT: list = []  # a built environment's package folders (`codeeval env`), from the worker's config


def use(directories: list | None) -> None:
    """Take a built environment's package folders instead of the interpreter's own (None: the interpreter's)."""
    _ENVIRONMENT[:] = directories or []


def _writable_home() -> None:
    """Libraries of a built environment keep caches under HOME at import (scikit-image creates its data folder
    there): the worker's HOME, which does not exist, becomes its own working folder (private, empty, and gone
    with the worker)."""
    home = os.environ.get("HOME", "")
    if not home or not os.path.isdir(home):
        os.environ["HOME"] = os.getcwd()


def add_site_packages() -> None:
    import site  # noqa: PLC0415  (with -S, importing it changes nothing by itself: it only answers the question)

    if _ENVIRONMENT:  # a venv's folders, with their .pth files read as `site` would (namespace packages)
        for directory in _ENVIRONMENT:
            if os.path.isdir(directory) and directory not in sys.path:
                site.addsitedir(directory)
        _writable_home()
        return
    for directory in site.getsitepackages():
        if os.path.isdir(directory) and directory not in sys.path:
            sys.path.append(directory)
