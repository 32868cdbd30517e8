"""BigCodeBench's records -> function problems judged by their own unittest suites, imported and run from the file."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from codeeval.importers import BigCodeBenchOptions, Split, import_file
from codeeval.importers.benchmark_file import detect_kind
from codeeval.importers.bigcodebench import TIME_PER_TASK_S, TIME_PER_TEST_S, ConversionError, problem_of
from codeeval.problem import load_problem
from tests.support import SHARED_DATA, run_cli

BIGCODEBENCH = SHARED_DATA / "bigcodebench" / "BigCodeBench.jsonl.gz"

# Written here in BigCodeBench's shape: a code prompt with its imports, a body, a TestCases module.
WORDS_CODE_PROMPT = "import collections\nimport re\ndef task_func(text):\n"
WORDS_BODY = "    words = re.findall(r'[a-z]+', text.lower())\n    return dict(collections.Counter(words))\n"
WORDS_TEST = """\
import unittest
class TestCases(unittest.TestCase):
    def test_counts(self):
        self.assertEqual(task_func("a b a"), {"a": 2, "b": 1})
    def test_case_and_punctuation(self):
        self.assertEqual(task_func("Hi, hi!"), {"hi": 2})
    def test_empty(self):
        self.assertEqual(task_func(""), {})
"""
LINES_CODE_PROMPT = "import os\ndef task_func(path):\n"
LINES_BODY = "    with open(path) as handle:\n        return sum(1 for line in handle if line.strip())\n"
LINES_TEST = """\
import os
import tempfile
import unittest
class TestCases(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp()
        self.path = os.path.join(self.folder, "notes.txt")
        with open(self.path, "w") as handle:
            handle.write("one\\n\\ntwo\\nthree\\n")
    def test_counts_lines_that_are_not_blank(self):
        self.assertEqual(task_func(self.path), 3)
    def test_a_missing_file_raises(self):
        with self.assertRaises(FileNotFoundError):
            task_func(os.path.join(self.folder, "absent.txt"))
"""


def record(task_id: str, code_prompt: str, body: str, test: str, libs: str) -> dict:
    docstring = '    """Do the task.\n\n    Requirements:\n    - the libs\n    """\n'
    return {
        "task_id": task_id,
        "complete_prompt": code_prompt + docstring,
        "instruct_prompt": f"Do the task {task_id}.\nYou should write self-contained code starting with:\n"
        f"```\n{code_prompt}```",
        "canonical_solution": body,
        "code_prompt": code_prompt,
        "test": test,
        "entry_point": "task_func",
        "doc_struct": json.dumps({"description": ["Do the task."], "reqs": []}),
        "libs": libs,
    }


WORDS = record("BigCodeBench/9001", WORDS_CODE_PROMPT, WORDS_BODY, WORDS_TEST, "['collections', 're']")
LINES = record("BigCodeBench/9002", LINES_CODE_PROMPT, LINES_BODY, LINES_TEST, "['os']")


def write_jsonl(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_a_record_becomes_a_function_problem_judged_by_its_suite():
    mapping = problem_of(WORDS, "BigCodeBench/9001", BigCodeBenchOptions())
    assert mapping["entry_point"] == "task_func"
    assert mapping["reference"] == WORDS_CODE_PROMPT + WORDS_BODY
    assert mapping["prompt"] == WORDS["complete_prompt"]
    assert mapping["test_suite"] == {
        "source": WORDS_TEST,
        "time_per_test_s": TIME_PER_TEST_S,
        "time_per_task_s": TIME_PER_TASK_S,
    }
    assert mapping["edge_cases"] == {"generate": {"enabled": False}}
    assert "performance" not in mapping and "prelude" not in mapping and "tests" not in mapping
    assert mapping["summary"].endswith("(BigCodeBench, complete split; libs: collections, re)")


def test_the_instruct_split_states_the_instruction_and_calibration_puts_the_code_prompt_first():
    mapping = problem_of(WORDS, "BigCodeBench/9001", BigCodeBenchOptions(Split.INSTRUCT, calibrated=True))
    assert mapping["prompt"] == WORDS["instruct_prompt"]
    assert mapping["prelude"] == WORDS_CODE_PROMPT + "    pass\n"
    assert "(BigCodeBench, instruct split, calibrated; libs: collections, re)" in mapping["summary"]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            {"test": "import unittest\nclass Other(unittest.TestCase):\n    def test_x(self): pass\n"},
            "no class TestCases",
        ),
        ({"test": "class TestCases(:\n"}, "test does not parse"),
        ({"canonical_solution": "    return (\n"}, "canonical_solution does not parse"),
        ({"code_prompt": "import os\ndef helper(path):\n"}, "defines no function task_func"),
        ({"libs": "['os',"}, "libs: not a Python list literal"),
        ({"code_prompt": None}, "no string code_prompt"),
    ],
)
def test_a_record_that_cannot_be_a_problem_says_why(change, reason):
    with pytest.raises(ConversionError, match=reason):
        problem_of({**LINES, **change}, "BigCodeBench/9002", BigCodeBenchOptions())


def test_import_writes_problems_that_load_and_lists_bad_lines_and_records_by_line(tmp_path):
    broken = {**LINES, "task_id": "BigCodeBench/9003", "test": "import unittest\n"}
    source = write_jsonl(
        tmp_path / "bcb.jsonl", [json.dumps(WORDS), "{not json", json.dumps(broken), json.dumps(LINES)]
    )
    report = import_file("bigcodebench", source, tmp_path / "out", bigcodebench=BigCodeBenchOptions(calibrated=True))
    assert [c.task_id for c in report.converted] == ["BigCodeBench/9001", "BigCodeBench/9002"]
    assert [c.tests for c in report.converted] == [3, 2]  # the suites' test methods
    failed = dict(report.failed)
    assert failed[f"{source}:2"].startswith("line 2") or "JSON" in failed[f"{source}:2"]
    assert failed["BigCodeBench/9003"] == "line 3: test defines no class TestCases"
    problem = load_problem(tmp_path / "out" / "BigCodeBench_9002.yaml")
    assert problem.test_suite is not None and problem.test_suite.source == LINES_TEST
    assert problem.test_suite.time_per_task_s == TIME_PER_TASK_S
    assert problem.prelude == LINES_CODE_PROMPT + "    pass\n"
    assert problem.performance is None and not problem.edge_cases.generate.enabled


def test_the_cli_imports_a_split(tmp_path):
    source = write_jsonl(tmp_path / "bcb.jsonl", [json.dumps(WORDS)])
    done = run_cli("import", "bigcodebench", str(source), "-o", str(tmp_path / "out"), "--split", "instruct")
    assert done.returncode == 0, done.stderr
    assert load_problem(tmp_path / "out" / "BigCodeBench_9001.yaml").prompt == WORDS["instruct_prompt"]


def test_bigcodebench_records_are_recognised_by_their_fields():
    assert detect_kind([WORDS]) == "bigcodebench"
    human_eval = {
        "task_id": "HumanEval/0",
        "prompt": "def f():\n",
        "canonical_solution": "",
        "test": "",
        "entry_point": "f",
    }
    assert detect_kind([human_eval]) == "humaneval"


def test_the_real_file_converts_every_task(tmp_path):
    if not BIGCODEBENCH.is_file():
        pytest.skip(f"BigCodeBench is not in {BIGCODEBENCH.parent} (see its README)")
    with gzip.open(BIGCODEBENCH, "rt", encoding="utf-8") as handle:
        first = json.loads(handle.readline())
    report = import_file("bigcodebench", BIGCODEBENCH, tmp_path / "out")
    assert not report.failed and len(report.converted) == 1140
    problem = load_problem(tmp_path / "out" / "BigCodeBench_0.yaml")
    assert problem.reference == first["code_prompt"] + first["canonical_solution"]
    assert problem.test_suite is not None and "class TestCases" in problem.test_suite.source


def test_run_straight_from_the_file_judges_each_sample_by_the_suite(tmp_path):
    source = write_jsonl(tmp_path / "BigCodeBench.jsonl", [json.dumps(WORDS), json.dumps(LINES)])
    samples = [
        {"task_id": "BigCodeBench/9001", "solution": WORDS_CODE_PROMPT + WORDS_BODY},
        {"task_id": "BigCodeBench/9002", "solution": LINES_CODE_PROMPT + "    return 3\n"},  # no FileNotFoundError
    ]
    sample_file = write_jsonl(tmp_path / "s.jsonl", [json.dumps(sample) for sample in samples])
    env_cache = ["--cache-dir", str(tmp_path / "cache")]
    done = run_cli("run", str(source), "--samples", str(sample_file), "-o", str(tmp_path / "run"), *env_cache)
    assert done.returncode in (0, 1), done.stderr
    results = {}
    for path in (tmp_path / "run").rglob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "dimensions" in data and "problem" in data:
            results[data["problem"]] = data["dimensions"]["correctness"]
    assert results["BigCodeBench/9001"]["score"] == 100
    assert results["BigCodeBench/9002"]["score"] == 50  # one of its two test methods passes


def test_a_calibrated_import_lets_a_solution_leave_out_the_code_prompts_imports(tmp_path):
    source = write_jsonl(tmp_path / "bcb.jsonl", [json.dumps(WORDS)])
    no_imports = "def task_func(text):\n" + WORDS_BODY  # relies on the code prompt's `import re, collections`
    sample_file = write_jsonl(
        tmp_path / "s.jsonl", [json.dumps({"task_id": "BigCodeBench/9001", "solution": no_imports})]
    )
    scores = {}
    for mode in ("plain", "calibrated"):
        flags = ["--calibrated"] if mode == "calibrated" else []
        done = run_cli("import", "bigcodebench", str(source), "-o", str(tmp_path / mode), *flags)
        assert done.returncode == 0, done.stderr
        output = tmp_path / f"run-{mode}"
        done = run_cli("run", str(tmp_path / mode), "--samples", str(sample_file), "-o", str(output), "--no-cache")
        assert done.returncode in (0, 1), done.stderr
        scores[mode] = [
            data["dimensions"]["correctness"]["score"]
            for data in (json.loads(p.read_text(encoding="utf-8")) for p in output.rglob("*.json"))
            if isinstance(data, dict) and "dimensions" in data and "problem" in data
        ]
    assert scores == {"plain": [0], "calibrated": [100]}


def test_run_from_the_file_takes_the_calibrated_mode_too(tmp_path):
    source = write_jsonl(tmp_path / "BigCodeBench.jsonl", [json.dumps(WORDS)])
    no_imports = "def task_func(text):\n" + WORDS_BODY
    sample_file = write_jsonl(
        tmp_path / "s.jsonl", [json.dumps({"task_id": "BigCodeBench/9001", "solution": no_imports})]
    )
    cache = ["--cache-dir", str(tmp_path / "cache")]
    scores = {}
    for mode, flags in (("plain", []), ("calibrated", ["--calibrated"])):
        output = tmp_path / f"run-{mode}"
        done = run_cli("run", str(source), "--samples", str(sample_file), "-o", str(output), *cache, *flags)
        assert done.returncode in (0, 1), done.stderr
        scores[mode] = [
            data["dimensions"]["correctness"]["score"]
            for data in (json.loads(p.read_text(encoding="utf-8")) for p in output.rglob("*.json"))
            if isinstance(data, dict) and "dimensions" in data and "problem" in data
        ]
    assert scores == {"plain": [0], "calibrated": [100]}  # each mode converted into its own cached folder
