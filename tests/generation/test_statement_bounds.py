"""Reading a contest statement's input format and constraints, and inputs at the bounds they give."""

from __future__ import annotations

from codeeval.generation.program_inputs import Mutation, mutated_inputs
from codeeval.generation.statement_bounds import Bound, input_format, statement_bounds

STATEMENT = """\
You are given a sequence A of length N. Print the largest sum of K of its elements.

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \\ldots A_N

Output

Print the answer.

Constraints


- 1 \\leq K \\leq N \\leq 2 \\times 10^5
- -10^9 \\le A_i \\le 10^{9}
- 3\\leq M\\leq 100
- 1 \\leq u_i, v_i \\leq N
- All input values are integers.

Sample Input 1

3 2
1 5 2
"""


def test_chains_give_each_name_its_tightest_bounds() -> None:
    bounds = statement_bounds(STATEMENT)
    assert bounds["N"] == Bound(1, 200_000)
    assert bounds["K"] == Bound(1, 200_000, "N")
    assert bounds["A"] == Bound(-(10**9), 10**9)
    assert bounds["M"] == Bound(3, 100)
    assert bounds["u"] == bounds["v"] == Bound(1, None, "N")
    assert statement_bounds("no constraints here") == {}


def test_the_format_block_is_read_line_by_line() -> None:
    assert input_format(STATEMENT) == [["N", "K"], ["A_1", "A_2", "A_N"]]


def test_inputs_reach_the_largest_size_and_values_the_constraints_allow() -> None:
    made = {m.mutation: m.text for m in mutated_inputs(["3 2\n1 5 2\n", "4 1\n-7 3 3 0\n"], statement=STATEMENT)}
    largest = made[Mutation.LARGEST].split("\n")
    assert largest[0] == "200000 1"  # N at its bound, K unchanged (K <= N still holds)
    values = [int(v) for v in largest[1].split()]
    assert len(values) == 200_000
    assert min(values) >= -(10**9) and max(values) <= 10**9
    assert made[Mutation.AT_UPPER_BOUND] == "4 1\n1000000000 1000000000 1000000000 1000000000\n"
    # Without the statement no input goes past what the tests show.
    assert Mutation.LARGEST not in {m.mutation for m in mutated_inputs(["3 2\n1 5 2\n", "4 1\n-7 3 3 0\n"])}
