"""A solution may import what the worker's interpreter has installed (numpy), as under a plain `python`."""

from __future__ import annotations

import subprocess
import textwrap

import pytest

from codeeval.sandbox import CallStatus, Limits, Session

NUMPY_SOLUTION = textwrap.dedent("""\
    import numpy as np

    def positive_share(nums):
        values = np.array(nums)
        return float((values > 0).sum() / len(values))

    def path_order():
        import sys, sysconfig
        site = [i for i, p in enumerate(sys.path) if p.endswith(("site-packages", "dist-packages"))]
        return bool(site) and min(site) > sys.path.index(sysconfig.get_paths()["stdlib"])
""")


def has_numpy(python: str) -> bool:
    done = subprocess.run([python, "-c", "import numpy"], capture_output=True, timeout=60, check=False)
    return done.returncode == 0


def test_a_solution_that_imports_numpy_loads_and_runs(launcher):
    if not has_numpy(launcher.python):
        pytest.skip(f"{launcher.python} has no numpy installed")
    with Session(NUMPY_SOLUTION, "positive_share", limits=Limits(), launcher=launcher) as session:
        loaded = session.load()
        assert loaded.ok, loaded.describe()
        outcome = session.call([[1, -2, 3, -4]])
    assert outcome.status == CallStatus.RETURNED and outcome.value == 0.5


def test_the_standard_library_still_comes_before_site_packages(launcher):
    with Session(NUMPY_SOLUTION.split("\n", 1)[1], "path_order", limits=Limits(), launcher=launcher) as session:
        outcome = session.call([])
    assert outcome.status == CallStatus.RETURNED and outcome.value is True
