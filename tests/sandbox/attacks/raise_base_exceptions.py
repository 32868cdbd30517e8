"""Raise what a harness might not catch: SystemExit(0), KeyboardInterrupt, GeneratorExit."""
import itertools

_kinds = itertools.cycle([SystemExit(0), KeyboardInterrupt(), GeneratorExit()])


def solve(n):
    raise next(_kinds)
