"""Class-method entry points (`Solution.maximumOr`, LeetCode's shape) and a problem's prelude, end to end: the
sandboxed worker, the loader, signatures for generated inputs, the guard, counterexample tests and reports."""

from __future__ import annotations

import textwrap

import pytest

from codeeval.base.errors import ProblemErrors
from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.generation.hints import read_signature
from codeeval.generation.pytest_text import pytest_for
from codeeval.problem import problem_from_text
from codeeval.problem.definition import Case
from codeeval.report import to_markdown
from codeeval.sandbox import LoadStatus, Session, default_launcher

# A bundled-style problem: the reference and the solutions use `List` and `reduce` without importing them
# (the prelude does), the entry point is a method, and every dimension applies.
MAXIMUM_OR = """
name: maximum_or
summary: The largest OR of a list after doubling one element k times.
entry_point: Solution.maximumOr
prelude: |
  from typing import *
  from functools import *
prompt: |
  Return the largest bitwise OR of nums after multiplying one element by 2, k times.

  class Solution:
      def maximumOr(self, nums: List[int], k: int) -> int:
reference: |
  class Solution:
      def maximumOr(self, nums: List[int], k: int) -> int:
          prefix = [0] * (len(nums) + 1)
          for i, x in enumerate(nums):
              prefix[i + 1] = prefix[i] | x
          best, suffix = 0, 0
          for i in range(len(nums) - 1, -1, -1):
              best = max(best, prefix[i] | (nums[i] << k) | suffix)
              suffix |= nums[i]
          return best
limits: {time_per_call_s: 2.0, total_time_s: 90}
tests:
  - args: [[12, 9], 1]
    expected: 30
  - args: [[8, 1, 2], 2]
    expected: 35
edge_cases:
  generate:
    max_examples: 40
    strategies:
      nums: "lists(integers(min_value=1, max_value=10**9), min_size=1, max_size=30)"
      k: "integers(min_value=1, max_value=15)"
    preconditions: ["len(nums) > 0"]
performance:
  sizes: [300, 1000, 3000]
  input: "args(ints(n, lo=1, hi=10**9), 15)"
  iterations: 3
"""

# Linear, like the reference, with `reduce` from the prelude.
GOOD = """
class Solution:
    \"\"\"LeetCode's class.\"\"\"

    def maximumOr(self, nums: List[int], k: int) -> int:
        \"\"\"Shift each element in turn; prefix and suffix ORs give the rest.\"\"\"
        suffixes = [0] * (len(nums) + 1)
        for i in range(len(nums) - 1, -1, -1):
            suffixes[i] = suffixes[i + 1] | nums[i]
        best = prefix = 0
        for i, x in enumerate(nums):
            best = max(best, prefix | (x << k) | suffixes[i + 1])
            prefix = reduce(lambda a, b: a | b, [prefix, x])
        return best
"""

# Keeps state on the instance: a second call on the same object would answer -1, so passing every test shows
# each test has a fresh instance. It also forgets the shift for a single element (generated inputs find it).
STATEFUL_AND_WRONG = """
class Solution:
    def __init__(self):
        self.used = False

    def maximumOr(self, nums: List[int], k: int) -> int:
        if self.used:
            return -1
        self.used = True
        if len(nums) == 1:
            return nums[0]
        best = 0
        for i in range(len(nums)):
            rest = 0
            for j, x in enumerate(nums):
                if j != i:
                    rest |= x
            best = max(best, rest | (nums[i] << k))
        return best
"""


@pytest.fixture
def problem_path(write_problem):
    return write_problem(MAXIMUM_OR)


def test_a_class_method_problem_is_evaluated_on_all_four_dimensions(problem_path, write_solution):
    result = evaluate(write_solution(GOOD), problem_path, options=EvaluationOptions())
    scores = {name: d.score for name, d in result.dimensions.items()}
    assert set(scores) == {"correctness", "edge_cases", "performance", "code_quality"}
    assert all(d.applicable for d in result.dimensions.values()), {n: d.summary for n, d in result.dimensions.items()}
    assert scores["correctness"] == 100.0
    assert scores["edge_cases"] == 100.0, result.dimensions["edge_cases"].summary
    assert scores["performance"] > 50.0, result.dimensions["performance"].summary
    assert scores["code_quality"] is not None and scores["code_quality"] > 0


def test_each_test_gets_a_fresh_instance_and_failures_show_the_call_on_one(problem_path, write_solution):
    options = EvaluationOptions(skip=("performance", "code_quality"))
    result = evaluate(write_solution(STATEFUL_AND_WRONG), problem_path, options=options)
    assert result.dimensions["correctness"].score == 100.0  # the second test met a new object
    edge = result.dimensions["edge_cases"]
    assert edge.score is not None and edge.score < 100.0
    report = to_markdown(result)
    assert "`Solution().maximumOr([1], 1)`" in report  # the shrunk counterexample, written as a call on an object
    assert "from solution import Solution" in report and "assert Solution().maximumOr([1], 1) == 2" in report


def run_load(source: str, entry_point: str, prelude: str = "") -> tuple[Session, object]:
    session = Session(source, entry_point, "solution.py", launcher=default_launcher(), prelude=prelude)
    return session, session.load()


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("def maximumOr(nums, k):\n    return 0\n", "no 'Solution' defined at module level"),
        ("class Solution:\n    def other(self):\n        return 0\n", "class 'Solution' defines no method 'maximumOr'"),
        ("Solution = 3\n", "'Solution' is not a class"),
    ],
)
def test_a_missing_class_or_method_is_a_missing_entry_point(source, message):
    session, load = run_load(source, "Solution.maximumOr")
    with session:
        assert load.status is LoadStatus.MISSING_ENTRY_POINT
        assert message in load.message


def test_the_prelude_runs_first_without_moving_the_solutions_line_numbers():
    prelude = "from collections import Counter\nimport math\n\n\nHIDDEN = 1\n"
    source = "class Solution:\n    def f(self, xs: List[int]) -> int:\n        raise ValueError(len(Counter(xs)))\n"
    session, load = run_load(source, "Solution.f", prelude="from typing import *\n" + prelude)
    with session:
        assert load.ok, load.describe()
        outcome = session.call([[1, 1, 2]], {})
        assert outcome.exc_type == "ValueError" and outcome.message == "2"
        assert 'File "solution.py", line 3, in f' in outcome.traceback
    broken, load = run_load("x = 1\ndef f(:\n", "f", prelude=prelude)
    with broken:
        assert load.status is LoadStatus.SYNTAX_ERROR and load.lineno == 2


def test_without_the_prelude_the_same_solution_does_not_load():
    session, load = run_load(
        "class Solution:\n    def f(self, xs: List[int]) -> int:\n        return 0\n", "Solution.f"
    )
    with session:
        assert load.status is LoadStatus.IMPORT_ERROR and "List" in load.message


def test_the_signature_of_a_method_leaves_out_self():
    signature = read_signature(
        textwrap.dedent(MAXIMUM_OR.split("reference: |\n")[1].split("limits:")[0]), "Solution.maximumOr"
    )
    assert [p.name for p in signature.params] == ["nums", "k"]
    assert signature.returns == "int"


def test_a_counterexample_test_calls_the_method_on_an_instance():
    text = pytest_for("Solution.maximumOr", Case(args=[[1], 1]), expected=2)
    assert "from solution import Solution  #" in text
    assert "def test_Solution_maximumOr_counterexample_1():\n    assert Solution().maximumOr([1], 1) == 2" in text


def load_text(text: str):
    return problem_from_text(textwrap.dedent(text), "p.yaml")


def test_the_loader_reads_a_method_entry_point_and_the_prelude():
    problem = load_text(MAXIMUM_OR)
    assert problem.entry_point == "Solution.maximumOr"
    assert problem.prelude == "from typing import *\nfrom functools import *\n"
    assert problem.tests[0].input_text(problem.entry_point) == "Solution().maximumOr([12, 9], 1)"


@pytest.mark.parametrize(
    ("change", "message", "line"),
    [
        (("def maximumOr(self", "def other(self"), "class 'Solution' defines no method 'maximumOr'", 14),
        (("class Solution:", "class Other:"), "does not define class 'Solution'", 14),
        (("from functools import *", "from functools import ("), "prelude: syntax error", 7),
        (("entry_point: Solution.maximumOr", "entry_point: Solution.maximumOr.x"), "not a valid name", 4),
    ],
)
def test_a_bad_method_entry_point_or_prelude_is_an_error_naming_its_line(change, message, line):
    with pytest.raises(ProblemErrors) as caught:
        load_text(MAXIMUM_OR.replace(*change))
    error = caught.value.errors[0]
    assert message in error.message and error.line == line, (error.message, error.line)


def test_without_a_reference_every_expected_output_is_given_and_nothing_is_timed(write_problem, write_solution):
    minimal = "name: m\nsummary: s\nentry_point: Solution.f\ntests:\n  - args: [1]\n    expected: 1\n"
    assert load_text(minimal).reference == ""
    solution = write_solution("class Solution:\n    def f(self, x):\n        return x\n")
    result = evaluate(solution, write_problem(minimal), options=EvaluationOptions(skip=("code_quality",)))
    assert result.dimensions["correctness"].score == 100.0
    assert "the problem has no reference" in result.dimensions["edge_cases"].summary
    with pytest.raises(ProblemErrors, match="performance: needs a `reference`"):
        load_text(minimal + "performance: {sizes: [1, 2, 3], input: 'args(n)'}\n")
    with pytest.raises(ProblemErrors, match=r"edge_cases.cases\[0\].expected: missing \(no `reference`"):
        load_text(minimal + "edge_cases:\n  cases:\n    - args: [2]\n")
