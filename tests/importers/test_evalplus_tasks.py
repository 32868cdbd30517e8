"""EvalPlus's per-task knowledge: MBPP+ inputs as Python values, and the tasks it judges specially."""

import ast
import gzip
import json

import pytest

from codeeval.importers import import_file
from codeeval.importers.asserts import NotConstant, constant
from codeeval.importers.evalplus_tasks import LATER, V0_1, compare_for, mbpp_release, restore_inputs
from codeeval.judging.compare import outputs_match, python_equal
from codeeval.problem import load_problem
from tests.support import SHARED_DATA

MBPP = SHARED_DATA / "mbppplus" / "MbppPlus-v0.1.jsonl.gz"
needs_mbpp = pytest.mark.skipif(not MBPP.exists(), reason=f"MBPP+ data not found at {MBPP}")
# Tasks whose original asserts pass tuples where EvalPlus v0.1 passes the stored lists unchanged.
LISTS_IN_EVALPLUS = {"Mbpp/98", "Mbpp/104", "Mbpp/140", "Mbpp/145", "Mbpp/596"}


def test_mbpp_inputs_get_back_their_tuples_sets_and_complex_numbers():
    assert restore_inputs("Mbpp/2", [[[3, 4], [4, 5]]]) == [[(3, 4), (4, 5)]]
    assert restore_inputs("Mbpp/63", [[[[3, 5], [1, 7]]]]) == [[[(3, 5), (1, 7)]]]
    assert restore_inputs("Mbpp/106", [[[5, 6], [9, 10]]]) == [[[5, 6], (9, 10)]]
    assert restore_inputs("Mbpp/124", [["0", "1j"]]) == [[0.0, 1j]]
    assert restore_inputs("Mbpp/115", [[[[1, 2], []]]]) == [[[{1, 2}, {}]]]  # EvalPlus's `{}` is a dict
    assert restore_inputs("Mbpp/580", [[[4, [5, [6]]]]]) == [[(4, (5, (6,)))]]
    assert restore_inputs("Mbpp/722", [[{"a": [1, 2]}, 3]]) == [[{"a": (1, 2)}, 3]]
    assert restore_inputs("Mbpp/3", [[[1, 2]]]) == [[[1, 2]]]  # a task without tuples is left alone
    assert restore_inputs("HumanEval/0", [[[1.0], 0.5]]) == [[[1.0], 0.5]]


def test_special_judges_by_task_and_release():
    assert compare_for("HumanEval/32", 1e-4).mode == "root"
    assert compare_for("Mbpp/737", None).mode == "not_none"
    assert compare_for("Mbpp/2", None, LATER).mode == "set"
    assert compare_for("Mbpp/2", None, V0_1).mode == "exact"  # v0.1's published verdicts compare exactly
    plain = compare_for("Mbpp/3", 0)
    assert (plain.mode, plain.equality, plain.float_tolerance) == ("exact", "evalplus", None)
    sum_div = compare_for("Mbpp/295", None)  # EvalPlus also accepts 0, whatever the input
    assert outputs_match(0, 7, sum_div) and outputs_match(7, 7, sum_div) and not outputs_match(1, 7, sum_div)
    assert mbpp_release([{"task_id": f"Mbpp/{n}"} for n in range(399)]) == V0_1
    assert mbpp_release([{"task_id": f"Mbpp/{n}"} for n in range(378)]) == LATER


def _assert_calls(record: dict) -> list[list]:
    calls = []
    for node in ast.walk(ast.parse(record["assertion"])):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == record["entry_point"]:
            try:
                calls.append([constant(a) for a in node.args])
            except NotConstant:
                continue
    return calls


def _as_lists(value):
    if isinstance(value, (list, tuple)):
        return [_as_lists(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(map(repr, value))
    return value


@needs_mbpp
def test_restored_mbpp_inputs_are_the_original_asserts_arguments():
    """The same call in MBPP's own asserts passes tuples exactly where the restored inputs have them."""
    with gzip.open(MBPP, "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle]
    checked, differ = 0, set()
    for record in records:
        calls = _assert_calls(record)
        for args in restore_inputs(record["task_id"], record["base_input"]):
            same_shape = [c for c in calls if _as_lists(c) == _as_lists(args)]
            if not same_shape:
                continue  # a base input the asserts do not spell out as literals
            checked += 1
            if not any(python_equal(c, args) for c in same_shape):
                differ.add(record["task_id"])
    assert checked > 1000
    assert differ == LISTS_IN_EVALPLUS


@needs_mbpp
def test_mbpp_regex_and_tuple_tasks_import_and_judge_as_evalplus(tmp_path):
    report = import_file("evalplus", MBPP, tmp_path, tasks=["Mbpp/2", "Mbpp/737", "Mbpp/106"])
    assert report.failed == [] and all(not c.warnings for c in report.converted)
    problems = {c.task_id: load_problem(c.path) for c in report.converted}
    check_str = problems["Mbpp/737"]  # its reference returns a re.Match: only None or not matters
    assert check_str.compare.mode == "not_none" and [t.expected for t in check_str.tests] == [True, False, True]
    add_lists = problems["Mbpp/106"]  # a list and a tuple: no test expects an exception any more
    assert all(t.raises is None for t in add_lists.tests) and add_lists.tests[0].args == [[5, 6, 7], (9, 10)]
    similar = problems["Mbpp/2"]
    assert similar.tests[0].args == [(3, 4, 5, 6), (5, 7, 4, 10)] and similar.compare.mode == "exact"
    assert not outputs_match([4, 5], similar.tests[0].expected, similar.compare)  # EvalPlus: a list is no tuple
