"""Importer parts: HumanEval asserts read with ast, EvalPlus contracts, and tagged YAML that round-trips."""

import math

import pytest

from codeeval.importers.asserts import NotConstant, constant, parse_check
from codeeval.importers.contracts import contract_preconditions
from codeeval.importers.yaml_writer import UnwritableValue, dump_problem, flow, same_value
from codeeval.problem import problem_from_text
from codeeval.sandbox import Opaque

CHECK = """
METADATA = {}

def check(candidate):
    assert candidate([1, 2], 3) == [1, 2, 3]
    assert [4] == candidate([], 4), "reversed sides"
    assert candidate("ab" * 3, k=2) is True
    assert abs(candidate(1.5) - 0.25) < 1e-6
    assert math.isclose(candidate(2.0), 3.5, abs_tol=1e-3)
    assert candidate(-5)
    assert not candidate(0)
    assert tuple(candidate([3, 1])) == (1, 3)
    assert sorted(candidate("x")) == ["x"]
    assert round(candidate(2), 2) == 0.33
    assert candidate(2 ** 10, 10 % 3) == helper(1)
    assert True, "no candidate here"
    for i in range(3):
        assert candidate(i) == i
    x = 5
    assert candidate(x) == 5
    print(candidate(1))
"""


def test_check_asserts_are_read_without_running_them():
    parsed = parse_check(CHECK)
    assert parsed.error is None
    cases = [(a.args, a.kwargs) for a in parsed.asserts]
    assert cases[:3] == [([[1, 2], 3], {}), ([[], 4], {}), (["ababab"], {"k": 2})]
    by_line = {a.line: a for a in parsed.asserts}
    first = parsed.asserts[0]
    assert first.has_expected and first.expected == [1, 2, 3]
    assert parsed.asserts[2].expected is True
    tolerance = parsed.asserts[3]
    assert tolerance.tolerance == 1e-6 and tolerance.expected == 0.25
    assert parsed.asserts[4].tolerance == 1e-3
    assert parsed.asserts[5].truthy is True and parsed.asserts[6].truthy is False
    assert parsed.asserts[7].expected == (1, 3) and parsed.asserts[7].mode is None
    assert parsed.asserts[7].wrapper == "tuple" and first.wrapper is None  # the literal's type need not be the output's
    assert parsed.asserts[8].mode == "unordered" and parsed.asserts[8].wrapper == "sorted"
    assert parsed.asserts[9].tolerance == pytest.approx(0.005)
    assert parsed.asserts[10].args == [1024, 1] and not parsed.asserts[10].has_expected  # expected from the reference
    assert len(parsed.asserts) == 11 and len(by_line) == 11
    reasons = " | ".join(parsed.unconvertible)
    assert len(parsed.unconvertible) == 3
    assert "`for` statement using the candidate (1 assert(s) inside)" in reasons
    assert "x: candidate(x) == 5" in reasons and "`expr` statement using the candidate" in reasons


def test_check_errors():
    assert "does not parse" in parse_check("def check(candidate)\n    pass").error
    assert "no check(candidate)" in parse_check("def test():\n    pass\n").error


def test_constants_are_folded_safely():
    import ast

    assert constant(ast.parse("'a' * 3 + 'b'", mode="eval").body) == "aaab"
    assert constant(ast.parse("[-1, (2, 3.5)]", mode="eval").body) == [-1, (2, 3.5)]
    assert math.isinf(constant(ast.parse("float('inf')", mode="eval").body))
    for text in ("'a' * 10**9", "2 ** 100000", "f(1)", "x"):
        with pytest.raises(NotConstant):
            constant(ast.parse(text, mode="eval").body)


def test_contract_asserts_become_preconditions():
    contract = '\n    assert isinstance(n, int), "invalid inputs" # $_CONTRACT_$\n    assert n > 0 # $_CONTRACT_$\n'
    assert contract_preconditions(contract, "f", ["n"]) == (["isinstance(n, int)", "n > 0"], "")
    assert contract_preconditions("", "f", ["n"]) == ([], "")


def test_contract_statements_become_a_helper_appended_to_the_reference():
    contract = (
        "\n    assert type(s) == str # $_CONTRACT_$\n    cnt = 0 # $_CONTRACT_$\n"
        '    for ch in s: # $_CONTRACT_$\n        if ch == "(": cnt += 1 # $_CONTRACT_$\n'
        '        if ch == ")": cnt -= 1 # $_CONTRACT_$\n        assert cnt >= 0 # $_CONTRACT_$\n'
    )
    preconditions, helper = contract_preconditions(contract, "parse", ["s"])
    assert preconditions == ["_codeeval_contract_parse(s)"]
    namespace: dict = {}
    exec(compile(helper, "helper", "exec"), namespace)  # the test's own code, to check the helper is valid Python
    assert namespace["_codeeval_contract_parse"]("(())") is True
    with pytest.raises(AssertionError):
        namespace["_codeeval_contract_parse"]("())(")


VALUES = [
    (1, "a"),
    {1, 2},
    frozenset({"x"}),
    b"\x00\xffab",
    1 + 2j,
    math.inf,
    -math.inf,
    math.nan,
    1e-06,
    1e16,
    {"nested": [(1, 2), {"k": {3}}]},
    "multi\nline\n",
    "  leading and trailing  ",
    "ünïcödé ✓ \u2028",
    10**40,
    [True, None, 0.1],
    {(1, 2): "tuple key"},
    "",
    [],
    {},
    "null",
    "1e3",
    "yes",
]


def test_values_yaml_cannot_hold_plainly_use_the_documented_tags():
    problem = {
        "name": "p",
        "summary": "s",
        "entry_point": "f",
        "reference": "def f(x):\n    return x\n",
        "tests": [{"args": flow([value]), "expected": flow(value)} for value in VALUES],
    }
    text = dump_problem(problem)
    assert "!tuple" in text and "!set" in text and "!frozenset" in text and "!bytes" in text and "!complex" in text
    assert "reference: |" in text
    loaded = problem_from_text(text, "p.yaml")
    for value, case in zip(VALUES, loaded.tests, strict=True):
        assert same_value(case.args[0], value) or (isinstance(value, float) and math.isnan(case.args[0])), value
        assert same_value(case.expected, value) or (isinstance(value, float) and math.isnan(case.expected))


def test_unwritable_values_are_refused():
    with pytest.raises(UnwritableValue):
        dump_problem({"x": Opaque("mod.Thing", "<Thing>")})
