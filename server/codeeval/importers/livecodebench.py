"""LiveCodeBench's code_generation records -> problem files.

A record: `question_id`, `question_title`, `question_content` (the statement), `platform`, `difficulty`,
`starter_code`, `public_test_cases` (a JSON string: a list of `{input, output, testtype}`), `metadata` (a JSON
string; `func_name` for LeetCode) and, in the full release, `private_test_cases`: the same list as a JSON
string, or compressed (base64 -> zlib -> pickle of that JSON string). Stdin problems (AtCoder, Codeforces)
become program problems judged by LiveCodeBench's own rule, the `lines` checker. Functional problems
(LeetCode) become function problems whose entry point is `Solution.<func_name>`, called on a fresh instance
per test: each input line is one JSON-encoded positional argument and the output one JSON value, compared
structurally (a tuple equals a list, as LiveCodeBench turns a returned tuple into a list). Their solutions
run after LiveCodeBench's own block of imports (`PRELUDE`), so starter code's `List[int]` needs no import.
A record with no test at all is reported with the reason.
"""

from __future__ import annotations

import ast
import base64
import io
import json
import pickle
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..base import python_ast
from ..base.errors import CodeevalError
from ..problem.benchmark_rules import LIVECODEBENCH
from ..problem.definition import Problem, ProblemLimits, safe_name
from ..problem.io_problems import CallTest, call_problem
from ..problem.loader import problem_from_text
from .convert import ConversionError, Converted, ImportReport, Progress
from .yaml_writer import Flow, UnwritableValue, dump_problem, flow, same_value

KIND = "livecodebench"
TIME_PER_TEST_S = LIVECODEBENCH.time_per_test_s
MAX_DECOMPRESSED_BYTES = 256 * 1024 * 1024  # a hostile record's zlib bomb stops here
PRELUDE = LIVECODEBENCH.prelude


class _StringsOnly(pickle.Unpickler):
    """LiveCodeBench pickles a JSON string: refuse any class, so a crafted record cannot run code."""

    def find_class(self, module: str, name: str) -> Any:
        raise ConversionError(f"private_test_cases: a pickle naming {module}.{name}, not a string")


def decode_tests(field: str, name: str) -> list[dict[str, Any]]:
    """A test-case field as LiveCodeBench stores it: JSON, or base64 -> zlib -> pickle -> JSON."""
    try:
        tests = json.loads(field)
    except json.JSONDecodeError:
        tests = json.loads(_decompressed(field, name))
    if not isinstance(tests, list) or not all(isinstance(test, dict) for test in tests):
        raise ConversionError(f"{name}: expected a list of test objects")
    return tests


def _decompressed(field: str, name: str) -> str:
    try:
        packed = zlib.decompressobj().decompress(base64.b64decode(field, validate=True), MAX_DECOMPRESSED_BYTES)
        text = _StringsOnly(io.BytesIO(packed)).load()
    except (ValueError, zlib.error, pickle.UnpicklingError, EOFError) as exc:
        raise ConversionError(f"{name}: neither JSON nor base64 -> zlib -> pickle ({exc})") from None
    if not isinstance(text, (str, bytes)):
        raise ConversionError(f"{name}: the pickle holds {type(text).__name__}, not a JSON string")
    return text.decode("utf-8") if isinstance(text, bytes) else text


def _tests(record: dict[str, Any]) -> list[dict[str, Any]]:
    tests = decode_tests(str(record.get("public_test_cases") or "[]"), "public_test_cases")
    if record.get("private_test_cases"):
        tests += decode_tests(str(record["private_test_cases"]), "private_test_cases")
    return tests


def problem_of(record: dict[str, Any]) -> dict[str, Any]:
    """The problem file's mapping for one record; ConversionError says why a record cannot be one."""
    question_id = record.get("question_id")
    if not isinstance(question_id, str) or not question_id:
        raise ConversionError("no string question_id")
    tests = _tests(record)
    kinds = {test.get("testtype") for test in tests}
    if not tests:
        raise ConversionError("no test cases")
    if not all(isinstance(t.get("input"), str) and isinstance(t.get("output"), str) for t in tests):
        raise ConversionError("a test without string input and output")
    if kinds == {"functional"}:
        return _functional_mapping(record, question_id, tests)
    if kinds != {"stdin"}:
        raise ConversionError(f"tests of types {sorted(map(str, kinds))}: expected all stdin or all functional")
    return {
        "name": question_id,
        "kind": "program",
        "summary": _summary(record, question_id),
        "prompt": str(record.get("question_content") or question_id),
        "tests": [{"input": test["input"], "output": test["output"]} for test in tests],
        "checker": LIVECODEBENCH.checker_mapping(),
        "prelude": PRELUDE,  # LiveCodeBench puts its imports before stdin programs too
        "limits": {"time_per_test_s": TIME_PER_TEST_S},
    }


def _summary(record: dict[str, Any], question_id: str) -> str:
    title = str(record.get("question_title") or question_id)
    where = ", ".join(str(record[key]) for key in ("platform", "difficulty") if record.get(key))
    return f"{title} ({where})" if where else title


def functional_problem(record: dict[str, Any]) -> Problem:
    """A functional (LeetCode) record as a function problem in memory, with no file: `Solution.<func_name>`
    on a fresh instance per test, after LiveCodeBench's imports. ConversionError says why it cannot be one."""
    question_id = record.get("question_id")
    if not isinstance(question_id, str) or not question_id:
        raise ConversionError("no string question_id")
    tests = _tests(record)
    if not tests or {test.get("testtype") for test in tests} != {"functional"}:
        raise ConversionError("not a record of functional tests")
    return _functional(record, question_id, tests)


def _functional(record: dict[str, Any], question_id: str, tests: list[dict[str, Any]]) -> Problem:
    return call_problem(
        question_id,
        f"Solution.{func_name(record)}",
        [_call_test(test, index) for index, test in enumerate(tests)],
        summary=_summary(record, question_id),
        prompt=_prompt(record),
        limits=ProblemLimits(time_per_call_s=TIME_PER_TEST_S),
        prelude=PRELUDE,
        quality={"style": "script"},  # contest code: the method's name is LeetCode's, no docstrings expected
    )


def _functional_mapping(record: dict[str, Any], question_id: str, tests: list[dict[str, Any]]) -> dict[str, Any]:
    problem = _functional(record, question_id, tests)
    return {
        "name": question_id,
        "summary": problem.summary,
        "prompt": problem.prompt,
        "entry_point": problem.entry_point,
        "prelude": PRELUDE,
        "limits": {"time_per_call_s": TIME_PER_TEST_S},
        "quality": problem.quality,
        "tests": [{"args": flow(case.args), "expected": flow(case.expected)} for case in problem.tests],
    }


def func_name(record: dict[str, Any]) -> str:
    """The method a functional test calls: `metadata.func_name`, else the one method the starter code defines."""
    metadata = record.get("metadata")
    if isinstance(metadata, str) and metadata.strip():
        try:
            metadata = json.loads(metadata)
        except json.JSONDecodeError as exc:
            raise ConversionError(f"metadata: not JSON ({exc.msg})") from None
    name = metadata.get("func_name") if isinstance(metadata, dict) else None
    if isinstance(name, str) and name.isidentifier():
        return name
    starter = str(record.get("starter_code") or "")
    try:  # the starter code ends where the model's body would begin: give the method a body to parse it
        tree = python_ast.parse(starter.rstrip() + "\n        pass\n")
    except SyntaxError:
        raise ConversionError("no metadata.func_name, and the starter code does not parse") from None
    methods = [
        node.name
        for owner in tree.body
        if isinstance(owner, ast.ClassDef) and owner.name == "Solution"
        for node in owner.body
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("__")
    ]
    if len(methods) != 1:
        raise ConversionError(f"no metadata.func_name, and the starter code's Solution has {len(methods)} methods")
    return methods[0]


def _call_test(test: dict[str, Any], index: int) -> CallTest:
    """One JSON value per input line, the arguments in order; the output one JSON value."""
    where = f"test {index + 1}"
    try:
        args = tuple(json.loads(line) for line in test["input"].split("\n"))
    except json.JSONDecodeError as exc:
        raise ConversionError(f"{where}: an input line is not JSON ({exc.msg})") from None
    try:
        expected = json.loads(test["output"])
    except json.JSONDecodeError as exc:
        raise ConversionError(f"{where}: the output is not JSON ({exc.msg})") from None
    return CallTest(args, expected)


def _prompt(record: dict[str, Any]) -> str:
    """The statement, then the starter code the model was asked to complete (as LiveCodeBench prompts)."""
    content = str(record.get("question_content") or record.get("question_title") or "")
    starter = str(record.get("starter_code") or "").rstrip()
    return f"{content.rstrip()}\n\n{starter}\n" if starter else content


def import_livecodebench(
    records: Iterable[dict[str, Any]],
    output: str | Path,
    source: str = "",
    progress: Progress | None = None,
) -> ImportReport:
    """Write each convertible record as `<question_id>.yaml` (loaded back through the real loader) and report
    every other one with its reason."""
    folder = Path(output)
    report = ImportReport(KIND, source)
    for index, record in enumerate(records):
        task_id = str(record.get("question_id") or f"record {index + 1}")
        try:
            report.add(task_id, _write(problem_of(record), folder, task_id), "", progress)
        except (ConversionError, CodeevalError, RecursionError, UnicodeError) as exc:
            reason = exc.location_message() if isinstance(exc, CodeevalError) else str(exc)
            report.add(task_id, None, reason, progress)
    return report


def _write(problem: dict[str, Any], folder: Path, task_id: str) -> Converted:
    try:
        text = dump_problem(problem)
    except UnwritableValue as exc:
        raise ConversionError(f"a test value YAML cannot hold: {exc}") from None
    path = folder / f"{safe_name(task_id)}.yaml"
    loaded = problem_from_text(text, str(path))
    if not _survived(problem, loaded):
        raise ConversionError("a test did not survive the YAML round trip")
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return Converted(task_id, str(path), len(loaded.tests), [], loaded)


def _survived(written: dict[str, Any], loaded: Problem) -> bool:
    """The loaded tests are the written ones, value for value (types included)."""
    if loaded.program is not None:
        return [case.args[0] for case in loaded.tests] == [test["input"] for test in written["tests"]]
    pairs = zip(loaded.tests, written["tests"], strict=True)
    return all(
        same_value(case.args, _unwrapped(test["args"])) and same_value(case.expected, _unwrapped(test["expected"]))
        for case, test in pairs
    )


def _unwrapped(value: Any) -> Any:
    return value.value if isinstance(value, Flow) else value
