"""Edge-case findings judged against the domain the examples show, end to end in the real sandbox.

Each test is a cause of false flags or misses measured on EvalPlus-labelled LLM solutions
(scripts/bench_llm_samples.py): the problem mirrors the benchmark task, the solution the model's.
"""

import textwrap

from codeeval.engine import EvaluationOptions, ProblemContext, evaluate_source
from codeeval.spec import problem_from_text

SKIP = ("code_quality", "performance")

NESTED_GROUPS = """
name: nested_groups
summary: The deepest nesting of each space-separated group of parentheses.
entry_point: parse_nested_parens
prompt: |
  def parse_nested_parens(paren_string: str) -> list[int]:
      \"\"\"Input is a string of multiple groups of nested parentheses separated by spaces.
      For each group, output the deepest level of nesting.\"\"\"
reference: |
  def parse_nested_parens(paren_string: str) -> list[int]:
      def depth(group):
          level = deepest = 0
          for char in group:
              level += 1 if char == "(" else -1
              deepest = max(deepest, level)
          return deepest
      return [depth(group) for group in paren_string.split(" ") if group]
tests:
  - args: ["(()()) ((())) () ((())()())"]
    expected: [2, 3, 1, 3]
  - args: ["() (()) ((())) (((())))"]
    expected: [1, 2, 3, 4]
  - args: ["(()(())((())))"]
    expected: [4]
edge_cases:
  generate: {max_examples: 120}
"""

# Right on every group the prompt describes; a group whose parentheses do not pair up counts 0.
TRUSTS_THE_PROMISE = """
def parse_nested_parens(paren_string):
    out = []
    for group in paren_string.split():
        if group.count("(") != group.count(")"):
            out.append(0)
            continue
        level = deepest = 0
        for char in group:
            level += 1 if char == "(" else -1
            deepest = max(deepest, level)
        out.append(deepest)
    return out
"""

# A real bug: the depth of the whole string, not of each group.
WHOLE_STRING = """
def parse_nested_parens(paren_string):
    level = deepest = 0
    for char in paren_string:
        if char == "(":
            level += 1
            deepest = max(deepest, level)
        elif char == ")":
            level -= 1
    return [deepest] * len(paren_string.split())
"""


def _edge(problem_text: str, solution: str):
    problem = problem_from_text(textwrap.dedent(problem_text), "problem.yaml")
    with ProblemContext(problem, EvaluationOptions(skip=SKIP)) as context:
        return evaluate_source(solution, "solution.py", context).dimensions["edge_cases"]


def test_groups_whose_brackets_do_not_pair_up_are_shown_but_cost_nothing():
    edge = _edge(NESTED_GROUPS, TRUSTS_THE_PROMISE)
    assert edge.score == 100, edge.rationale
    unpaired = [f for f in edge.details.findings if any("do not pair up" in r for r in f.relevance_reasons)]
    assert unpaired and all(f.points == 0 and f.low_confidence for f in unpaired)
    assert _edge(NESTED_GROUPS, WHOLE_STRING).score <= 75  # a bug on balanced groups still costs
