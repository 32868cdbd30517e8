"""Through the real sandbox: the issue's seed example, deterministic counts, limits and the budget.

Differences here are large on purpose (10x and more at the largest size), so no
assertion depends on how busy the machine is.
"""

import pytest

from codeeval.engine.evaluator import EvaluationOptions, ProblemContext, evaluate
from codeeval.engine.validation import _performance_errors
from codeeval.problem import load_problem
from codeeval.sandbox import Session
from tests.support import run_cli

PROBLEM = """
name: job_queue
summary: Urgent (negative) jobs jump to the front of the queue.
entry_point: build_queue
reference: |
  from collections import deque

  def build_queue(jobs):
      queue = deque()
      for job in jobs:
          if job < 0:
              queue.appendleft(job)
          else:
              queue.append(job)
      return list(queue)
limits: {time_per_call_s: 2.0}
tests:
  - args: [[1, -2, 3]]
    expected: [-2, 1, 3]
performance:
  sizes: [3000, 6000, 12000, 24000]
  input: "args(ints(n))"
  iterations: 6
  complexity: O(n)
"""

INSERT_AT_FRONT = """
def build_queue(jobs):
    queue = []
    for job in jobs:
        if job < 0:
            queue.insert(0, job)
        else:
            queue.append(job)
    return queue
"""

ONLY_PERFORMANCE = ("correctness", "edge_cases", "code_quality")


@pytest.fixture
def problem_path(write_problem):
    return write_problem(PROBLEM)


def performance_of(solution, problem, **options):
    options.setdefault("skip", ONLY_PERFORMANCE)
    return evaluate(solution, problem, options=EvaluationOptions(**options)).dimensions["performance"]


def test_the_seed_example_list_insert_at_front_is_caught(problem_path, write_solution):
    result = performance_of(write_solution(INSERT_AT_FRONT), problem_path)
    complexity = result.details.complexity
    assert complexity.candidate == "O(n^2)" and complexity.reference == "O(n)" and complexity.worse
    assert complexity.candidate_fit.basis == "instructions"  # the count prices the shifting inside list.insert
    assert result.details.ratio > 10 and result.score < 10
    assert "worse complexity class: O(n^2) against the reference's O(n)" in result.rationale[0]


def test_the_reference_against_itself_keeps_full_marks(problem_path, tmp_path):
    problem = load_problem(problem_path)
    (tmp_path / "same.py").write_text(problem.reference)
    result = performance_of(tmp_path / "same.py", problem_path)
    assert result.score == 100 and result.details.complexity.candidate == "O(n)"
    assert 0.7 < result.details.ratio < 1.3 and not result.details.complexity.worse


def test_deterministic_mode_gives_identical_counts_twice(problem_path, write_solution):
    solution = write_solution(INSERT_AT_FRONT)
    first = performance_of(solution, problem_path, deterministic=True)
    second = performance_of(solution, problem_path, deterministic=True)
    keys = ("n", "candidate_instructions", "reference_instructions", "ratio", "ci95")
    assert [{k: getattr(s, k) for k in keys} for s in first.details.sizes] == [
        {k: getattr(s, k) for k in keys} for s in second.details.sizes
    ]
    assert first.score == second.score and first.details.clock == "instructions"
    # list.insert's shifting happens in C; the count prices it by the list's length, so it grows quadratically.
    assert first.details.complexity.candidate == "O(n^2)" and first.score < 50


def test_a_candidate_past_the_per_call_limit_is_a_performance_failure(problem_path, write_solution):
    hangs_when_large = """
    def build_queue(jobs):
        while len(jobs) > 10000:
            pass
        urgent = [job for job in jobs if job < 0]
        return urgent[::-1] + [job for job in jobs if job >= 0]
    """
    result = performance_of(write_solution(hangs_when_large), problem_path, time_per_call_s=0.5)
    failed = next(s for s in result.details.sizes if s.failure)
    assert failed.n == 12000 and "did not finish within the 0.5 s per-call limit" in failed.failure
    assert result.score < 5 and "the answer was not wrong, it was too slow" in result.rationale[0]


def test_a_very_slow_candidate_stays_within_the_budget_and_says_so(problem_path, write_solution):
    cubic_ish = """
    def build_queue(jobs):
        front, back = [], []
        for job in jobs:
            if job < 0:
                front = [job] + front
                sum(front)
            else:
                back.append(job)
        return front + back
    """
    result = performance_of(write_solution(cubic_ish), problem_path, extra={"performance": {"budget_s": 3.0}})
    budget = result.details.budget
    assert budget.used_s < 3.0 + 2.0  # at most one call beyond the budget
    assert budget.cut_short or any(s.notes for s in result.details.sizes)
    # Judged slower; how much lower than 100 follows the interval's lower bound, which a busy machine widens
    # (a CI run saw 86x the reference with the bound at 7.7x: 47.5).
    assert result.score < 60


def test_validate_checks_the_declared_class(write_problem):
    problem = load_problem(write_problem(PROBLEM))
    context = ProblemContext(problem, EvaluationOptions())
    with Session(
        problem.reference, problem.entry_point, "ref.py", context.limits, launcher=context.launcher
    ) as reference:
        assert reference.load().ok
        assert _performance_errors(problem, reference) == []
        problem.performance.complexity = "O(n^3)"
        errors = _performance_errors(problem, reference)
    context.close()
    # Usually from the instruction counts; on a loaded machine the time curve can speak instead.
    assert len(errors) == 1 and "declared O(n^3), but the reference's " in str(errors[0])
    assert "at n=[3000, 6000, 12000, 24000]" in str(errors[0])


def test_a_solution_that_skips_its_work_while_timed_is_caught(problem_path, tmp_path):
    """It notices the collector is off (as it is only in the timing loop) and returns early then."""
    reference = load_problem(problem_path).reference
    detects_timing = "import gc\n" + reference.replace(
        "def build_queue(jobs):\n", "def build_queue(jobs):\n    if not gc.isenabled():\n        return []\n"
    )
    (tmp_path / "sneaky.py").write_text(detects_timing)
    result = performance_of(tmp_path / "sneaky.py", problem_path)
    assert result.score == 0 and "while being timed differs from the reference's" in result.rationale[0]


def test_validate_says_why_a_declared_class_cannot_be_checked_when_the_reference_fails_at_a_later_size(write_problem):
    fails_later = PROBLEM.replace(
        "      queue = deque()\n",
        "      if len(jobs) > 10000:\n          raise ValueError('too many jobs')\n      queue = deque()\n",
    )
    done = run_cli("validate", str(write_problem(fails_later)))
    assert done.returncode == 2, done.stderr
    assert "performance.complexity: cannot check O(n): the reference was timed at fewer than three sizes" in done.stderr
    assert "at n=12000 it raised ValueError" in done.stderr
