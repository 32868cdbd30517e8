"""A returned object whose __repr__, __eq__, __hash__ and __del__ all raise."""


class Booby:
    def __repr__(self):
        raise SystemExit(0)

    def __eq__(self, other):
        raise SystemExit(0)

    def __hash__(self):
        raise SystemExit(0)

    def __del__(self):
        raise SystemExit(0)


def solve(n):
    return Booby()
