"""Comparison probes: counting comparisons made inside C functions, through the real sandbox."""

import math

import pytest

from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.sandbox import Session, default_launcher

BISECT = """
from bisect import bisect_left

def positions(sorted_values, queries):
    return [bisect_left(sorted_values, q) for q in queries]
"""


def counted(session: Session, n: int, probe: bool) -> tuple[float, object]:
    values = list(range(0, 2 * n, 2))
    outcome = session.time([values, values[::-1]], mode="count", max_count=10**8, probe=probe)
    assert outcome.status == "timed", outcome
    return outcome.cpu_s[0], outcome.sample


def test_probes_make_a_binary_search_inside_c_count_log_n_comparisons():
    with Session(BISECT, "positions", launcher=default_launcher()) as session:
        plain_small, _ = counted(session, 256, probe=False)
        plain_large, _ = counted(session, 4096, probe=False)
        probed_small, answer = counted(session, 256, probe=True)
        probed_large, _ = counted(session, 4096, probe=True)
    # Without probes each bisect_left is one instruction: the count grows exactly like n.
    assert plain_large / plain_small == pytest.approx(16, rel=0.01)
    # With them each call costs its log2(n) comparisons too: 256 -> 4096 multiplies n log n by 16 x 12/8.
    growth = probed_large / probed_small
    assert 16 * 1.3 < growth < 16 * 12 / 8 * 1.05, growth
    assert probed_small > plain_small + 256 * math.log2(256)  # several instructions per comparison
    # The answer is unchanged, and arrives as plain ints.
    assert answer == list(range(255, -1, -1)) and all(type(x) is int for x in answer)


PROBLEM = """
name: total
summary: Sum of the values.
entry_point: total
reference: |
  def total(values):
      return sum(v for v in values if v > 0)
tests:
  - args: [[1, -2, 3]]
    expected: 4
performance:
  sizes: [1000, 2000, 4000, 8000]
  input: "args(ints(n))"
  complexity: O(n)
"""

STRICT_TYPES = """
def total(values):
    if any(type(v) is not int for v in values):
        raise TypeError("ints only")
    return sum(v for v in values if v > 0)
"""


def test_a_solution_that_rejects_probed_ints_is_counted_without_probes(write_problem, write_solution):
    """`type(v) is int` is valid code: it must not turn into a performance failure in deterministic mode."""
    options = EvaluationOptions(skip=("correctness", "edge_cases", "code_quality"), deterministic=True)
    result = evaluate(write_solution(STRICT_TYPES), write_problem(PROBLEM), options=options)
    performance = result.dimensions["performance"]
    sizes = performance.details.sizes
    assert not any(s.failure for s in sizes) and len(sizes) == 4
    assert "comparisons inside C functions were not counted" in " ".join(sizes[0].notes)
    assert "the candidate raised while its instructions were counted: ints only" in sizes[0].notes[0]
    assert performance.details.complexity.candidate == "O(n)"
