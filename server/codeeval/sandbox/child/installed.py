"""What the interpreter has installed (its site-packages), importable by the code a worker runs.

The worker starts with -S: no `site` at start-up (quicker, and nothing of anyone's own site). Before a solution
or a plotting script runs, the interpreter's own site-packages go at the end of the module path, so a solution
that imports numpy loads as it would under a plain `python` (EvalPlus runs solutions where numpy is installed),
and the standard library still comes first. Standard library only: this runs inside the sandbox.
"""

import os
import sys


def add_site_packages() -> None:
    import site  # noqa: PLC0415  (with -S, importing it changes nothing by itself: it only answers the question)

    for directory in site.getsitepackages():
        if os.path.isdir(directory) and directory not in sys.path:
            sys.path.append(directory)
