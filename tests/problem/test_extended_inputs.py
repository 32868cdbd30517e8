"""A problem's `extended_inputs`: stored as tagged-JSON lines, decoded on first use, judged against the
reference's answers, which are computed once in the sandbox and kept in the reference cache."""

import json
import pickle

import pytest

from codeeval.base.errors import ProblemError
from codeeval.dimensions.extended_tier import answers_key, extended_tier
from codeeval.engine.evaluation_options import EvaluationOptions
from codeeval.engine.evaluator import evaluate, limits_for
from codeeval.importers.yaml_writer import same_value
from codeeval.judging.oracle import Oracle
from codeeval.judging.reference_cache import ReferenceCache
from codeeval.problem.loader import problem_from_text
from codeeval.problem.stored_inputs import encode_inputs
from codeeval.results.test_tiers import TestSelection
from codeeval.sandbox import default_launcher
from tests.support import run_cli

HEAD = """\
name: halve
summary: Half of an even number.
entry_point: halve
reference: |
  def halve(x):
      if x % 2:
          raise ValueError("odd")
      return x // 2
tests:
  - args: [2]
    expected: 1
"""


def problem_with(inputs: list[list], head: str = HEAD):
    block = "".join(f"  {line}\n" for line in encode_inputs(inputs).splitlines())
    return problem_from_text(head + "extended_inputs: |\n" + block, "halve.yaml")


def test_values_json_cannot_write_survive_the_trip():
    inputs = [
        [(1, 2), {3, 4}],
        [{"a": (1,)}, {1: "one"}],
        [complex(1, -2), b"\x00\xff"],
        [float("inf"), 10**5000],
        [frozenset({"x"}), [None, True, 1.5]],
    ]
    problem = problem_with(inputs)
    assert problem.extended_inputs.count == len(inputs)
    assert all(same_value(read, want) for read, want in zip(problem.extended_inputs.arguments(), inputs, strict=True))


def test_a_malformed_line_is_named_by_its_line_in_the_file():
    problem = problem_from_text(HEAD + "extended_inputs: |\n  [4]\n  [6,\n", "halve.yaml")
    with pytest.raises(ProblemError) as raised:
        problem.extended_inputs.arguments()
    assert raised.value.line == HEAD.count("\n") + 3
    assert "line 2 is not tagged JSON" in raised.value.message


def test_validate_names_a_malformed_line(tmp_path):
    path = tmp_path / "halve.yaml"
    path.write_text(HEAD + "extended_inputs: |\n  [4]\n  [6,\n", encoding="utf-8")
    ran = run_cli("validate", str(path))
    assert ran.returncode != 0
    assert f"halve.yaml:{HEAD.count(chr(10)) + 3}" in ran.stdout + ran.stderr


@pytest.mark.parametrize("line", ['{"$tuple": [1]}', '[{"$opaque": ["os.system", "x"]}]', '[{"$nope": 1}]'])
def test_a_line_that_is_not_plain_arguments_is_refused(line):
    problem = problem_from_text(HEAD + f"extended_inputs: |\n  {line}\n", "halve.yaml")
    with pytest.raises(ProblemError, match="extended_inputs: line 1"):
        problem.extended_inputs.arguments()


def test_a_problem_with_stored_inputs_pickles_for_other_processes():
    problem = problem_with([[4], [6]])
    problem.extended_inputs.arguments()
    copy = pickle.loads(pickle.dumps(problem))
    assert copy.extended_inputs.arguments() == [[4], [6]]


def oracle_for(problem):
    return Oracle(problem, limits_for(problem, EvaluationOptions()), default_launcher())


def test_the_references_answers_are_computed_once_and_kept(tmp_path):
    cache = ReferenceCache(tmp_path)
    problem = problem_with([[4], [7], [10]])
    oracle = oracle_for(problem)
    tier = extended_tier(problem, oracle, cache)
    assert [(case.args, case.expected, case.raises) for case in tier.cases][::2] == [([4], 2, None), ([10], 5, None)]
    assert tier.cases[1].raises == "ValueError"
    assert extended_tier(problem, oracle, cache) is tier  # once per problem context
    entry = tmp_path / answers_key(problem)[:2] / f"{answers_key(problem)}.json"
    stored = json.loads(entry.read_text())
    assert stored["answers"][0]["value"] == 2 and 0 < stored["answers"][0]["seconds"] < 2
    stored["answers"][0] = {"value": 99}  # a planted answer: a later context reads it instead of running the reference
    entry.write_text(json.dumps(stored))
    assert extended_tier(problem, oracle_for(problem), cache).cases[0].expected == 99
    changed = problem_with([[4], [7], [10]], HEAD.replace("x // 2", "x >> 1"))
    assert answers_key(changed) != answers_key(problem)
    assert extended_tier(changed, oracle_for(changed), cache).cases[0].expected == 2


def test_an_input_the_reference_fails_on_is_not_judged(tmp_path):
    head = HEAD.replace('raise ValueError("odd")', "while True: pass")
    problem = problem_from_text(head + "extended_inputs: |\n  [4]\n  [7]\n", "halve.yaml")
    tier = extended_tier(problem, oracle_for(problem), ReferenceCache(tmp_path))
    assert [case.args for case in tier.cases] == [[4]]
    assert tier.unjudged == 1 and "the reference failed: timeout" in tier.first_failure


SLEEPY = """\
name: Sleepy/0
summary: n, after a nap for a negative n.
entry_point: f
compare:
  equality: evalplus
reference: |
  import time
  def f(n):
      if n < 0:
          time.sleep(0.75)
      return abs(n)
tests:
  - args: [1]
    expected: 1
extended_inputs: |
  [5]
  [-5]
"""


def tiers_of(source, problem):
    options = EvaluationOptions(tests=TestSelection.PLUS, skip=("edge_cases", "performance", "code_quality"))
    result = evaluate("solution.py", problem, source=source, options=options)
    tiers = result.dimensions["correctness"].details.tiers
    return {name: (counts.passed, counts.total) for name, counts in tiers.items()}


def test_a_benchmark_input_is_given_four_times_the_reference_s_time():
    """EvalPlus's limit on an input is 4 x the reference's time there: where the reference itself naps 0.75 s, a
    solution taking 2.5 s passes (the usual 2 s a call would fail it); where the reference is fast, it fails."""
    problem = problem_from_text(SLEEPY, "sleepy.yaml")
    napping = "import time\ndef f(n):\n    if {}:\n        time.sleep(2.5)\n    return abs(n)\n"
    assert tiers_of(napping.format("n < 0"), problem)["extended"] == (2, 2)  # 2.5 s < 4 x 0.75 s
    assert tiers_of(napping.format("n > 1"), problem)["extended"] == (0, 2)  # 2.5 s > 2 s
