"""Edge-case findings judged against the domain the examples show, end to end in the real sandbox.

Each test is a cause of false flags or misses measured on EvalPlus-labelled LLM solutions
(scripts/bench_llm_samples.py): the problem mirrors the benchmark task, the solution the model's.
"""

import textwrap

from codeeval.engine.evaluator import EvaluationOptions, ProblemContext, evaluate_source
from codeeval.problem import problem_from_text

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


FACTORIAL = """
name: factorial
summary: The factorial of n.
entry_point: factorial
reference: |
  def factorial(n: int) -> int:
      result = 1
      for k in range(2, n + 1):
          result *= k
      return result
compare: {equality: evalplus}
tests:
  - args: [3]
    expected: 6
  - args: [5]
    expected: 120
  - args: [10]
    expected: 3628800
edge_cases:
  generate: {max_examples: 80}
"""

# Mbpp/592's bug: floats lose an exact int's last digits beyond 2^53, and EvalPlus compares exactly.
IN_FLOATS = """
def factorial(n):
    result = 1.0
    for k in range(2, n + 1):
        result *= k
    return result
"""


def test_a_candidate_that_rounds_the_references_exact_int_has_a_bug_not_a_rounding_quirk():
    edge = _edge(FACTORIAL, IN_FLOATS)
    wrong = next(f for f in edge.details.findings if f.kind == "wrong output")
    assert not any("float rounding" in reason for reason in wrong.relevance_reasons), wrong.relevance_reasons
    assert wrong.points >= 25 and edge.score <= 75


SLOW_FIRST_CALL = """
name: nonagonal
summary: The nth nonagonal number.
entry_point: is_nonagonal
reference: |
  import time

  _first_call = [True]

  def is_nonagonal(n: int) -> int:
      if _first_call:  # a cold worker, or a loaded machine: the first answer comes late
          _first_call.pop()
          time.sleep(0.15)
      return n * (7 * n - 5) // 2
tests:
  - args: [10]
    expected: 325
  - args: [15]
    expected: 750
edge_cases:
  generate:
    max_examples: 40
    preconditions: ["n >= 0"]
"""

# Mbpp/641: right for every n but 0, the first boundary input.
REJECTS_ZERO = """
def is_nonagonal(n):
    if n < 1:
        return "Invalid input. n should be a positive integer."
    return n * (7 * n - 5) // 2
"""


def test_an_input_the_reference_answered_slowly_once_is_timed_again_not_dropped():
    edge = _edge(SLOW_FIRST_CALL, REJECTS_ZERO)
    assert edge.details.generation.stats["retimed"] >= 1
    wrong = next(f for f in edge.details.findings if f.kind == "wrong output")
    assert wrong.input == "is_nonagonal(0)" and edge.score < 100


MERGE_THREE = """
name: merge_three
summary: Merge three dictionaries into one.
entry_point: merge_dictionaries_three
prompt: Write a function to merge three dictionaries into a single dictionary.
reference: |
  import collections
  def merge_dictionaries_three(dict1, dict2, dict3):
      return dict(collections.ChainMap({}, dict1, dict2, dict3))
tests:
  - args: [{"R": "Red", "P": "Pink"}, {"G": "Green"}, {"O": "Orange", "W": "White"}]
    expected: {"R": "Red", "P": "Pink", "G": "Green", "O": "Orange", "W": "White"}
  - args: [{"R": "Red"}, {"G": "Green", "W": "White"}, {"L": "lavender", "B": "Blue"}]
    expected: {"R": "Red", "G": "Green", "W": "White", "L": "lavender", "B": "Blue"}
edge_cases:
  generate: {max_examples: 100}
"""

# Mbpp/87: the last dict wins a shared key, where the reference keeps the first; no example shares one.
LAST_WINS = """
def merge_dictionaries_three(dict1, dict2, dict3):
    return {**dict1, **dict2, **dict3}
"""

# A real bug: the third dict is forgotten.
TWO_OF_THREE = """
def merge_dictionaries_three(dict1, dict2, dict3):
    return {**dict2, **dict1}
"""


def test_which_dict_wins_a_shared_key_is_the_prompts_open_question_not_a_bug():
    edge = _edge(MERGE_THREE, LAST_WINS)
    assert edge.score == 100, edge.rationale
    clashes = [f for f in edge.details.findings if any("different values" in r for r in f.relevance_reasons)]
    assert clashes and all(f.points == 0 and f.low_confidence for f in clashes)
    assert "which value wins a key two dicts share" in edge.details.generation.contract["(the prompt leaves open)"]
    assert _edge(MERGE_THREE, TWO_OF_THREE).score <= 75  # dropping a dict still costs


ROTATE = """
name: rotate_32
summary: Rotate a 32-bit number's bits left.
entry_point: left_rotate
prompt: Write a function to that rotate left bits by d bits a given number. We assume that the number is 32 bit.
reference: |
  def left_rotate(n, d):
      return (n << d) | (n >> (32 - d))
tests:
  - args: [16, 2]
    expected: 64
  - args: [10, 2]
    expected: 40
  - args: [99, 3]
    expected: 792
edge_cases:
  generate:
    max_examples: 100
    preconditions: ["0 <= n <= 0xFFFFFFFF"]
"""

# Mbpp/799: keeps the answer to 32 bits, where the reference's never wraps (5 rotated by 31 is 10737418242 for it).
WRAPS = """
def left_rotate(n, d):
    return ((n << d) | (n >> (32 - d))) & 0xFFFFFFFF
"""


def test_answers_past_the_word_width_the_prompt_names_cost_nothing():
    edge = _edge(ROTATE, WRAPS)
    assert edge.score == 100, edge.rationale
    wide = [f for f in edge.details.findings if any("-bit number" in r for r in f.relevance_reasons)]
    assert wide and all(f.points == 0 for f in wide)
