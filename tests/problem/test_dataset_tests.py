"""The test layouts of code datasets (APPS, TACO, verl prime_code, LiveCodeBench, open-r1) read as they carry them.

`test_case_list` is used through its module: pytest would collect a function of that name imported here.
"""

from __future__ import annotations

import json

import pytest

from codeeval.problem import dataset_tests
from codeeval.problem.dataset_tests import DatasetFormatError, io_json_tests
from codeeval.problem.io_problems import CallTest, StdinTest


def test_apps_stdin_tests_as_json_text_with_lists_of_lines_joined():
    # APPS stores some inputs and outputs as lists of lines (its evaluator joins them with newlines)
    text = json.dumps({"inputs": ["3\n1 2 3\n", ["2", "5 5", ""]], "outputs": ["6\n", ["10"]]})
    tests = io_json_tests(text)
    assert tests.fn_name is None and tests.calls == ()
    assert [(t.input, t.output) for t in tests.stdin] == [("3\n1 2 3\n", "6\n"), ("2\n5 5\n", "10")]
    assert tests.count == 2


def test_apps_call_outputs_wrapped_in_a_one_element_list_are_unwrapped():
    wrapped = io_json_tests({"fn_name": "is_even", "inputs": [[4], [7]], "outputs": [[True], [False]]})
    assert wrapped.fn_name == "is_even"
    assert wrapped.calls == (CallTest((4,), True, "test 1"), CallTest((7,), False, "test 2"))
    # a list-valued answer wrapped once keeps its own list; bare answers (APPS' LeetCode records) stay bare
    pairs = io_json_tests({"fn_name": "f", "inputs": [[[3, 1]], [[2]]], "outputs": [[[1, 3]], [[2]]]})
    assert [c.expected for c in pairs.calls] == [[1, 3], [2]]
    bare = io_json_tests({"fn_name": "maxScore", "inputs": [[[1, 2, 3], 3]], "outputs": [12]})
    assert bare.calls[0].args == ([1, 2, 3], 3) and bare.calls[0].expected == 12
    mixed = io_json_tests({"fn_name": "f", "inputs": [[1], [2]], "outputs": [[1], [2, 3]]})
    assert [c.expected for c in mixed.calls] == [[1], [2, 3]]  # not every output wrapped: none unwrapped


def test_verl_call_tests_with_one_json_value_per_input_line():
    # prime_code's ground truth for call-based rows: each input one JSON argument per line, outputs JSON text
    ground_truth = {"fn_name": "twoSum", "inputs": ["[2, 7, 11]\n9", "[3, 3]\n6"], "outputs": ["[0, 1]", "[0, 1]"]}
    tests = io_json_tests(json.dumps(ground_truth))
    assert [(c.args, c.expected) for c in tests.calls] == [(([2, 7, 11], 9), [0, 1]), (([3, 3], 6), [0, 1])]


def test_test_case_lists_of_livecodebench_and_open_r1():
    lcb = dataset_tests.test_case_list(
        json.dumps(
            [
                {"input": "1 2\n", "output": "3\n", "testtype": "stdin"},
                {"input": '[1, 2]\n"x"', "output": "true", "testtype": "functional"},
            ]
        ),
        fn_name="check",
    )
    assert lcb.stdin == (StdinTest("1 2\n", "3\n", "test 1"),)
    assert lcb.calls == (CallTest(([1, 2], "x"), True, "test 2"),) and lcb.fn_name == "check"
    open_r1 = dataset_tests.test_case_list(
        [{"type": "stdin_stdout", "input": "5\n", "output": "25\n", "fn_name": None}]
    )
    assert [t.output for t in open_r1.stdin] == ["25\n"] and open_r1.fn_name is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{not json", "input_output: not JSON"),
        ({"inputs": ["1"]}, "input_output.outputs: expected a list, got null"),
        ({"inputs": ["1", "2"], "outputs": ["1"]}, "2 inputs but 1 outputs"),
        ({"inputs": [1], "outputs": ["1"]}, r"input_output.inputs\[0\]: expected a string or a list of lines, got int"),
        ({"fn_name": "f", "inputs": [3], "outputs": [3]}, r"inputs\[0\]: expected the list of arguments"),
        ({"fn_name": "no such", "inputs": [], "outputs": []}, "fn_name: expected a function name"),
        ({"fn_name": "f", "inputs": ["[1"], "outputs": ["1"]}, r"inputs\[0\] line 1: not JSON"),
    ],
)
def test_io_json_errors_name_the_field_and_why(data, message):
    with pytest.raises(DatasetFormatError, match=message):
        io_json_tests(data)


@pytest.mark.parametrize(
    ("items", "message"),
    [
        ({"input": "1"}, "test_cases: expected a list of tests, got dict"),
        ([{"input": "1", "output": 1}], r"test_cases\[0\]: `input` and `output` must be strings"),
        ([{"input": "1", "output": "1", "type": "checker"}], r"test_cases\[0\]: unknown test type 'checker'"),
        ([{"input": "1", "output": "1", "testtype": "functional"}], "functional tests but no function name"),
    ],
)
def test_test_case_list_errors_name_the_field_and_why(items, message):
    with pytest.raises(DatasetFormatError, match=message):
        dataset_tests.test_case_list(items)
