"""Problem files: what loads, and what each kind of mistake is told as (file, line, field)."""

import pytest

from codeeval.base.errors import ProblemError
from codeeval.problem import MISSING, load_problem

GOOD = """
name: add_pairs
summary: Adds two lists element by element.
entry_point: add_pairs
reference: |
  def add_pairs(a, b):
      return [x + y for x, y in zip(a, b)]
compare: {float_tolerance: 1.0e-9}
tests:
  - args: [[1], [2]]
    expected: [3]
  - kwargs: {a: [], b: []}
    expected: []
  - args: [null, [1]]
    raises: TypeError
edge_cases:
  cases:
    - args: [[-1], [1]]
performance:
  sizes: [10, 100]
  input: "args(ints(n), ints(n))"
"""


def load_text(write_problem, text):
    return load_problem(write_problem(text))


def error_of(write_problem, text) -> str:
    with pytest.raises(ProblemError) as caught:
        load_text(write_problem, text)
    return caught.value.location_message()


def test_a_good_problem_loads_with_lines_and_defaults(write_problem):
    problem = load_text(write_problem, GOOD)
    assert problem.name == "add_pairs"
    assert [case.line for case in problem.tests] == [9, 11, 13]
    assert problem.tests[2].raises == "TypeError" and problem.tests[2].expected is MISSING
    assert problem.tests[1].kwargs == {"a": [], "b": []}
    assert problem.edge_cases.cases[0].expected is MISSING
    assert problem.compare.mode == "exact" and problem.compare.float_tolerance == 1e-9
    assert problem.weights == {"correctness": 40, "edge_cases": 25, "performance": 20, "code_quality": 15}
    assert problem.reference_line == 5
    assert problem.performance.iterations == 10 and problem.performance.tolerance == 1.25


def test_missing_expected_names_file_line_and_field(write_problem):
    text = GOOD.replace("    expected: [3]\n", "")
    message = error_of(write_problem, text)
    assert message.endswith("problem.yaml:9: tests[0].expected: missing (give `expected` or `raises`)")


def test_unknown_top_level_field_is_an_error_at_its_line(write_problem):
    message = error_of(write_problem, GOOD + "test: []\n")
    assert ":21: test: unknown field" in message


def test_wrong_type_is_reported_with_the_field_path(write_problem):
    message = error_of(write_problem, GOOD.replace("sizes: [10, 100]", "sizes: many"))
    assert ":19: performance.sizes: expected array, got string" in message


def test_several_errors_are_all_reported(write_problem):
    text = GOOD.replace("summary: Adds two lists element by element.\n", "").replace(
        "  - args: [[1], [2]]", "  - args: 5"
    )
    message = error_of(write_problem, text)
    assert "summary: missing" in message and "tests[0].args: expected array, got integer" in message


def test_malformed_yaml_names_the_line(write_problem):
    message = error_of(write_problem, "name: x\ntests: [\n  - 1\n")
    assert "problem.yaml:" in message and "invalid YAML" in message


def test_duplicate_keys_are_errors_not_silent_overwrites(write_problem):
    message = error_of(write_problem, GOOD + "name: again\n")
    assert ":21: invalid YAML: duplicate key 'name' (first on line 1)" in message


def test_reference_syntax_error_points_into_the_reference_block(write_problem):
    message = error_of(write_problem, GOOD.replace("return [x + y for", "return [x + y fo"))
    assert ":6: reference: syntax error" in message


def test_reference_must_define_the_entry_point(write_problem):
    message = error_of(write_problem, GOOD.replace("entry_point: add_pairs", "entry_point: add"))
    assert "reference: does not define entry_point 'add'" in message


def test_bad_performance_expression_is_rejected_at_load(write_problem):
    message = error_of(write_problem, GOOD.replace("args(ints(n), ints(n))", "args(__import__('os'))"))
    assert "performance.input: column 6: unknown generator '__import__'" in message


def test_expected_and_raises_together_is_an_error(write_problem):
    message = error_of(write_problem, GOOD.replace("    raises: TypeError", "    raises: TypeError\n    expected: 1"))
    assert "tests[2]: give either `expected` or `raises`, not both" in message


def test_tags_build_values_yaml_cannot_write(write_problem):
    text = GOOD.replace("expected: [3]", 'expected: !py "[3]"').replace(
        "  - kwargs: {a: [], b: []}\n    expected: []",
        '  - args: [!tuple [1, 2], !set [3], !frozenset [4], !bytes "a\\x00", !complex "1+2j"]\n    expected: []',
    )
    problem = load_text(write_problem, text)
    assert problem.tests[0].expected == [3]
    assert problem.tests[1].args == [(1, 2), {3}, frozenset({4}), b"a\x00", 1 + 2j]


def test_bad_tag_value_is_located(write_problem):
    message = error_of(write_problem, GOOD.replace("expected: [3]", 'expected: !bytes "é✓"'))
    assert ":10: invalid YAML: !bytes takes characters 0-255 only" in message


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"\x00\x01binary", "binary file"),
        (b"name: \xff\xfe\n", "not valid UTF-8"),
        (b"", "expected a mapping of problem fields"),
        (b"- just\n- a list\n", "expected a mapping of problem fields"),
    ],
)
def test_unreadable_files_get_a_clear_message(tmp_path, content, expected):
    path = tmp_path / "bad.yaml"
    path.write_bytes(content)
    with pytest.raises(ProblemError) as caught:
        load_problem(path)
    assert str(path) in caught.value.location_message() and expected in caught.value.message


def test_huge_file_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_bytes(b"#" * (9 * 1024 * 1024))
    with pytest.raises(ProblemError, match="larger than"):
        load_problem(path)


def test_missing_file(tmp_path):
    with pytest.raises(ProblemError, match="file not found"):
        load_problem(tmp_path / "nope.yaml")


def test_class_problem_with_calls(write_problem):
    problem = load_text(
        write_problem,
        """
        name: counter
        summary: A counter.
        entry_point: Counter
        reference: |
          class Counter:
              def __init__(self, start=0):
                  self.value = start
              def add(self, k=1):
                  self.value += k
                  return self.value
        tests:
          - args: [5]
            calls: [[add], [add, 2], {method: add, kwargs: {k: 3}}]
            expected: [6, 8, 11]
    """,
    )
    calls = problem.tests[0].call_triples()
    assert calls == [("add", [], {}), ("add", [2], {}), ("add", [], {"k": 3})]


def test_calls_need_a_class_entry_point(write_problem):
    message = error_of(
        write_problem,
        GOOD.replace(
            "  - args: [[1], [2]]\n    expected: [3]", "  - args: [[1], [2]]\n    calls: [[x]]\n    expected: [3]"
        ),
    )
    assert "entry_point 'add_pairs' must be a class" in message


def test_scientific_notation_reads_as_a_number_as_in_yaml_1_2(write_problem):
    problem = load_text(write_problem, GOOD.replace("expected: [3]", "expected: [1e12, 1.0e12, -2E-3]"))
    assert problem.tests[0].expected == [1e12, 1e12, -0.002]
