"""Generated edge cases end to end: real sandbox, real Hypothesis, the reference as oracle."""

import ast
import json
import subprocess
import sys
import textwrap
import time

from codeeval.dimensions import edge_cases
from codeeval.dimensions.edge_findings import FULL_CONFIDENCE
from codeeval.engine.evaluator import EvaluationOptions, ProblemContext, evaluate, evaluate_source
from codeeval.generation.shared_suite import state_for
from codeeval.generation.suite import build_suite
from codeeval.report import to_json, to_markdown
from codeeval.sandbox import Limits, default_launcher
from tests.support import MEDIAN, problem

ONLY_ODD = """
def median(xs):
    s = sorted(xs)
    return float(s[len(s) // 2])
"""

GOOD = """
import statistics


def median(xs):
    return float(statistics.median(xs))
"""

SKIP = ("code_quality", "performance")


def test_the_suite_is_deterministic_and_respects_budget_and_preconditions():
    p = problem(**{"max_examples: 60": "max_examples: 60\n    time_budget_s: 60"})  # no cut by the clock
    first, guard1 = build_suite(p, Limits(), default_launcher())
    second, guard2 = build_suite(p, Limits(), default_launcher())
    guard1.close()
    guard2.close()
    assert first.applicable and len(first.cases) == 60, first.stats
    inputs = [c.case.args for c in first.cases]
    assert inputs == [c.case.args for c in second.cases], (first.stats, second.stats)  # same seed, same suite
    assert all(len(args[0]) > 0 for args in inputs)  # precondition len(xs) > 0
    assert not any(x != x for args in inputs for x in args[0])  # precondition: no NaN
    assert {c.phase for c in first.cases} >= {"boundary", "mutation"}
    assert [[1.0, 3.0, 2.0]] not in inputs  # the problem's own tests are not repeated
    assert first.stats["rejected_by_preconditions"] > 0
    assert all(c.case.origin == "generated" and c.case.has_expectation for c in first.cases)


SLOW_TO_LOAD = """
name: slow_to_load
summary: Double a number.
entry_point: double
reference: |
  import time
  time.sleep(1.0)

  def double(n: int) -> int:
      time.sleep(0.002)
      return 2 * n
tests:
  - args: [3]
    expected: 6
edge_cases:
  generate:
    max_examples: 5000
    time_budget_s: 3.0
"""


def test_the_suite_build_stays_within_its_time_budget_loading_the_reference_included():
    started = time.perf_counter()
    suite, guard = build_suite(problem(SLOW_TO_LOAD), Limits(), default_launcher())
    elapsed = time.perf_counter() - started
    guard.close()
    # 2 s left for the phases after loading: room for cases even on a loaded machine (with 0.5 s left, a
    # CI run at load 9 had none); the clock counts the loading (without it the build takes 4 s).
    assert suite.applicable and suite.cases
    assert 1.0 <= suite.seconds <= elapsed < 3.6, (suite.seconds, elapsed)


SLOW_TO_LOAD_WORDS = """
name: slow_to_load_words
summary: Sort words.
entry_point: sort_words
reference: |
  import time
  time.sleep(1.5)

  def sort_words(words: list[str]) -> list[str]:
      time.sleep(0.003)
      return sorted(words)
tests:
  - args: [["green", "orange", "black"]]
    expected: ["black", "green", "orange"]
edge_cases:
  generate:
    max_examples: 5000
    time_budget_s: 3.0
"""


def test_a_slow_start_shortens_every_phase_alike_instead_of_eating_the_boundary_phase():
    # each phase ends at its share of the time left after planning and loading the reference: counted from the
    # build's start, a start slower than the boundary phase's share (a loaded machine) left it no input at all
    suite, guard = build_suite(problem(SLOW_TO_LOAD_WORDS), Limits(), default_launcher())
    guard.close()
    boundary = [c.value for c in suite.cases if c.phase == "boundary"]
    assert ([],) in boundary and len(boundary) >= 5, boundary
    assert {c.phase for c in suite.cases} >= {"boundary", "mutation"}


def test_a_buggy_solution_gets_a_minimal_counterexample_with_a_working_pytest(tmp_path):
    p = problem()
    with ProblemContext(p, EvaluationOptions(skip=SKIP)) as context:
        bad = evaluate_source(ONLY_ODD, "bad.py", context)
        good = evaluate_source(GOOD, "good.py", context)
        reference = evaluate_source(p.reference, "reference.py", context)
    edge = bad.dimensions["edge_cases"]
    assert edge.applicable and edge.score <= 75
    examples = edge.details.counterexamples
    assert len(examples) == 1
    example = examples[0]
    shrunk = ast.literal_eval(example.input.removeprefix("median(").removesuffix(")"))
    # as small as it gets without leaving the examples' domain (positive numbers: 0.0 would be less relevant)
    assert len(shrunk) == 2 and all(x > 0 for x in shrunk), example.input
    assert float(example.expected) == sum(shrunk) / 2 and float(example.actual) == max(shrunk)
    finding = edge.details.findings[0]
    assert finding.kind == "wrong output" and finding.relevance == 1.0 and not finding.low_confidence
    assert finding.confidence.value >= FULL_CONFIDENCE and finding.points >= 25
    assert "def test_median_counterexample_1():" in example.pytest
    assert good.dimensions["edge_cases"].score == 100 and reference.dimensions["edge_cases"].score == 100
    # the pytest test fails on the buggy solution and passes on a correct one
    test_file = tmp_path / "test_counterexample.py"
    test_file.write_text(example.pytest)
    for source, outcome in ((ONLY_ODD, 1), (GOOD, 0)):
        (tmp_path / "solution.py").write_text(source)
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test_file)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == outcome, run.stdout + run.stderr
    report = to_markdown(bad)
    assert "### Minimal counterexamples" in report and "```python" in report
    data = json.loads(to_json(bad))
    assert data["dimensions"]["edge_cases"]["counterexamples"][0]["pytest"] == example.pytest


def test_crashes_are_shrunk_and_reported_with_the_exception():
    text = MEDIAN.replace('preconditions: ["len(xs) > 0", "all(x == x for x in xs)"]', "preconditions: []")
    text = text.replace("      s = sorted(xs)\n", "      if not xs:\n          return 0.0\n      s = sorted(xs)\n")
    p = problem(text)
    with ProblemContext(p, EvaluationOptions(skip=SKIP)) as context:
        result = evaluate_source(GOOD, "good.py", context)  # statistics.median([]) raises StatisticsError
    edge = result.dimensions["edge_cases"]
    crash = [c for c in edge.details.counterexamples if c.verdict == "raised"]
    assert crash and crash[0].input == "median([])" and "StatisticsError" in crash[0].actual
    assert "assert median([]) == 0.0" in crash[0].pytest


def test_signature_problems_make_generation_not_applicable_with_the_reason():
    no_hints = MEDIAN.replace("def median(xs: list[float]) -> float:", "def median(xs):")
    no_hints = no_hints.replace(
        "tests:\n  - args: [[1.0, 3.0, 2.0]]\n    expected: 2.0", "tests:\n  - kwargs: {}\n    raises: TypeError"
    )
    p = problem(no_hints)
    with ProblemContext(p, EvaluationOptions(skip=SKIP)) as context:
        result = evaluate_source(GOOD, "good.py", context)
    edge = result.dimensions["edge_cases"]
    assert not edge.applicable
    assert "parameter 'xs' has no type hint and no example gives it a value" in edge.reason
    # with a hand-written case, the dimension applies and says why nothing was generated
    with_case = no_hints.replace("edge_cases:\n", "edge_cases:\n  cases:\n    - args: [[4, 1]]\n")
    p = problem(with_case)
    with ProblemContext(p, EvaluationOptions(skip=SKIP)) as context:
        result = evaluate_source(GOOD, "good.py", context)
    edge = result.dimensions["edge_cases"]
    assert edge.applicable and edge.score == 100 and edge.details.generation.applicable
    bad_strategy = MEDIAN.replace(
        "    max_examples: 60\n", "    max_examples: 60\n    strategies: {xs: 'lists(floats()'}\n"
    )
    bad_strategy = bad_strategy.replace("edge_cases:\n", "edge_cases:\n  cases:\n    - args: [[4, 1]]\n")
    p = problem(bad_strategy)
    with ProblemContext(p, EvaluationOptions(skip=SKIP)) as context:
        result = evaluate_source(ONLY_ODD, "bad.py", context)
    edge = result.dimensions["edge_cases"]
    assert edge.applicable and edge.details.generation.applicable is False
    assert "edge_cases.generate.strategies.xs: syntax error at column" in edge.details.generation.reason
    assert "generation not applicable" in edge.summary
    assert "Generated inputs: not applicable" in to_markdown(result)


def test_time_outs_cost_points_only_where_no_performance_dimension_judges_speed():
    text = MEDIAN.replace("max_examples: 60", "max_examples: 30")
    hangs = (
        "def median(xs):\n    while len(xs) > 5:\n        pass\n    s = sorted(xs)\n"
        "    n = len(s)\n    return float(s[n // 2]) if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2\n"
    )
    timed = problem(
        text.replace("edge_cases:\n", "performance: {sizes: [10, 100, 1000], input: 'args(floats(n))'}\nedge_cases:\n")
    )
    with ProblemContext(timed, EvaluationOptions(skip=SKIP, time_per_call_s=0.3)) as context:
        result = evaluate_source(hangs, "hangs.py", context)
    edge = result.dimensions["edge_cases"]
    assert edge.details.generation.timeouts >= 1 and edge.details.timeouts
    assert edge.score == 100  # slowness is the performance dimension's business
    assert "timed out (not scored" in to_markdown(result)
    with ProblemContext(problem(text), EvaluationOptions(skip=SKIP, time_per_call_s=0.3)) as context:
        result = evaluate_source(hangs, "hangs.py", context)
    edge = result.dimensions["edge_cases"]  # nothing else would see it hang: a finding like a crash
    hang = next(f for f in edge.details.findings if f.kind == "times out")
    assert hang.scored and hang.reproduced and hang.points >= 25 and edge.score <= 75
    p = problem(text)
    forever = "def median(xs):\n    while True:\n        pass\n"
    with ProblemContext(p, EvaluationOptions(skip=SKIP, time_per_call_s=0.2)) as context:
        result = evaluate_source(forever, "forever.py", context)
    edge = result.dimensions["edge_cases"]
    assert edge.applicable and edge.score == 0 and "every generated input it ran timed out" in edge.rationale[0]
    assert edge.details.generation.not_run == 30 - 10


def test_generated_inputs_run_in_order_each_under_the_limit_the_time_outs_before_it_give():
    """The generated inputs go to the worker in batches; a time-out ends one, so the inputs after the third
    time-out get the short limit, and the ones between time-outs still run and are judged."""
    hangs_on_long = (
        "def median(xs):\n    while len(xs) > 6:\n        pass\n    s = sorted(xs)\n"
        "    n = len(s)\n    return float(s[n // 2]) if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2\n"
    )
    with ProblemContext(problem(), EvaluationOptions(skip=SKIP, time_per_call_s=0.6)) as context:
        result = evaluate_source(hangs_on_long, "hangs.py", context)
    generation = result.dimensions["edge_cases"].details.generation
    timeouts = result.dimensions["edge_cases"].details.timeouts
    assert generation.timeouts == len(timeouts) > edge_cases.GENERATED_TIMEOUTS_BEFORE_SHORT_LIMIT
    assert generation.judged > 0 and generation.passed == generation.judged  # the short inputs, all right
    first, later = (
        timeouts[: edge_cases.GENERATED_TIMEOUTS_BEFORE_SHORT_LIMIT],
        timeouts[edge_cases.GENERATED_TIMEOUTS_BEFORE_SHORT_LIMIT :],
    )
    assert all("within 0.6 s" in t.actual for t in first), [t.actual for t in first]
    assert all(f"within {edge_cases.SHORT_LIMIT_FLOOR_S:g} s" in t.actual for t in later), [t.actual for t in later]
    order = [int(t.case.split("#")[1].split()[0]) for t in timeouts]  # "generated #4 (boundary)"
    assert order == sorted(order)


DATACLASS = """
name: area
summary: Area of a rectangle.
entry_point: area
reference: |
  from dataclasses import dataclass

  @dataclass
  class Rect:
      width: int
      height: int

  def area(r: Rect) -> int:
      return r.width * r.height
limits: {time_per_call_s: 1.0, total_time_s: 60}
tests:
  - args: [[]]
    raises: AttributeError
edge_cases:
  generate: {max_examples: 25, preconditions: ["r.width >= 0 and r.height >= 0"]}
"""


def test_dataclass_parameters_are_built_in_the_sandbox_with_each_sides_own_class():
    p = problem(DATACLASS)
    wrong = (
        "from dataclasses import dataclass\n\n@dataclass\nclass Rect:\n    width: int\n    height: int\n\n"
        "def area(r):\n    return r.width + r.height if r.width == 0 else r.width * r.height\n"
    )
    with ProblemContext(p, EvaluationOptions(skip=SKIP)) as context:
        result = evaluate_source(wrong, "wrong.py", context)
        suite = state_for(p, context.oracle).suite()
    assert suite.applicable and suite.plan.records
    assert all(c.case.args[0].type_name == "Rect" for c in suite.cases)
    assert all(dict(c.case.args[0].fields)["width"] >= 0 for c in suite.cases)
    edge = result.dimensions["edge_cases"]
    example = edge.details.counterexamples[0]
    assert example.input == "area(Rect(width=0, height=1))"
    assert "from solution import Rect, area" in example.pytest
    assert "assert area(Rect(width=0, height=1)) == 0" in example.pytest


COUNTER = """
name: counter
summary: A counter with a floor.
entry_point: Counter
reference: |
  class Counter:
      def __init__(self, start: int):
          self.value = start
      def add(self, n: int) -> int:
          self.value += n
          return self.value
      def take(self, n: int) -> int:
          self.value = max(0, self.value - n)
          return self.value
limits: {time_per_call_s: 1.0, total_time_s: 60}
tests:
  - args: [5]
    calls: [[add, 2], [take, 3]]
    expected: [7, 4]
edge_cases:
  generate: {max_examples: 40}
"""


def test_class_entry_points_get_generated_call_sequences_and_shrunk_ones():
    p = problem(COUNTER)
    no_floor = COUNTER.split("reference: |\n")[1].split("limits:")[0]
    no_floor = textwrap.dedent(no_floor).replace("max(0, self.value - n)", "self.value - n")
    with ProblemContext(p, EvaluationOptions(skip=SKIP)) as context:
        result = evaluate_source(no_floor, "no_floor.py", context)
        suite = state_for(p, context.oracle).suite()
    assert suite.applicable and all(c.case.calls is not None for c in suite.cases)
    edge = result.dimensions["edge_cases"]
    assert edge.score < 100
    example = edge.details.counterexamples[0]
    assert example.input == "Counter(0); .take(1)" and example.expected == "[0]"
    assert "obj = Counter(" in example.pytest and "obj.take(" in example.pytest


def test_evaluate_api_reports_counterexamples_key_always(write_problem, write_solution):
    path = write_problem(MEDIAN)
    result = evaluate(write_solution(GOOD), path, options=EvaluationOptions(skip=SKIP))
    data = json.loads(to_json(result))["dimensions"]["edge_cases"]
    assert data["counterexamples"] == [] and data["generation"]["judged"] == 60
    assert edge_cases.CASE_SOURCES[-1] is edge_cases.generated


SORT_SUBLISTS = """
name: sort_sublists
summary: Sort each sublist of strings in a given list of lists.
entry_point: sort_sublists
reference: |
  def sort_sublists(lists):
      return [sorted(words) for words in lists]
limits: {time_per_call_s: 1.0, total_time_s: 60}
tests:
  - args: [[["green", "orange"], ["black", "white"], ["white", "black", "orange"]]]
    expected: [["green", "orange"], ["black", "white"], ["black", "orange", "white"]]
edge_cases:
  generate: {max_examples: 30}
"""


def test_a_capitalized_word_parts_sorting_by_code_point_from_sorting_ignoring_case():
    # Mbpp/104: two real solutions sort with key=str.lower; EvalPlus passes 'IODiWvh' among lowercase words
    ignoring_case = "def sort_sublists(lists):\n    return [sorted(words, key=str.lower) for words in lists]\n"
    right = "def sort_sublists(lists):\n    return [sorted(words) for words in lists]\n"
    with ProblemContext(problem(SORT_SUBLISTS), EvaluationOptions(skip=SKIP)) as context:
        wrong_result = evaluate_source(ignoring_case, "ignoring_case.py", context)
        right_result = evaluate_source(right, "right.py", context)
    edge = wrong_result.dimensions["edge_cases"]
    finding = next(f for f in edge.details.findings if f.kind == "wrong output")
    assert edge.score < 100 and finding.points > 0 and finding.relevance >= 0.7
    assert right_result.dimensions["edge_cases"].score == 100
