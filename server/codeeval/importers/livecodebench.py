"""LiveCodeBench's code_generation records -> `kind: program` problem files.

A record: `question_id`, `question_title`, `question_content` (the statement), `platform`, `difficulty`,
`starter_code`, `public_test_cases` (a JSON string: a list of `{input, output, testtype}`) and, in the full
release, `private_test_cases`: the same list as a JSON string, or compressed (base64 -> zlib -> pickle of
that JSON string). Stdin problems (AtCoder, Codeforces) become program problems judged by LiveCodeBench's
own rule, the `lines` checker. Functional tests (LeetCode: a `Solution` class's method called with one
JSON value per input line) are not converted yet and are reported with that reason, as is a record with
no test at all.
"""

from __future__ import annotations

import base64
import io
import json
import pickle
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..base.errors import CodeevalError
from ..problem.definition import safe_name
from ..problem.loader import problem_from_text
from .convert import ConversionError, Converted, ImportReport, Progress
from .yaml_writer import dump_problem

KIND = "livecodebench"
TIME_PER_TEST_S = 6.0  # LiveCodeBench's own per-test limit
MAX_DECOMPRESSED_BYTES = 256 * 1024 * 1024  # a hostile record's zlib bomb stops here


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
    if "functional" in kinds:
        raise ConversionError("functional tests (a LeetCode class's method) are not supported yet")
    if not tests:
        raise ConversionError("no test cases")
    if kinds != {"stdin"} or not all(
        isinstance(t.get("input"), str) and isinstance(t.get("output"), str) for t in tests
    ):
        raise ConversionError(f"tests of type {sorted(map(str, kinds))} without string input and output")
    title = str(record.get("question_title") or question_id)
    where = ", ".join(str(record[key]) for key in ("platform", "difficulty") if record.get(key))
    return {
        "name": question_id,
        "kind": "program",
        "summary": f"{title} ({where})" if where else title,
        "prompt": str(record.get("question_content") or title),
        "tests": [{"input": test["input"], "output": test["output"]} for test in tests],
        "checker": "lines",
        "limits": {"time_per_test_s": TIME_PER_TEST_S},
    }


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
    text = dump_problem(problem)
    path = folder / f"{safe_name(task_id)}.yaml"
    loaded = problem_from_text(text, str(path))
    if [case.args[0] for case in loaded.tests] != [test["input"] for test in problem["tests"]]:
        raise ConversionError("a test's input did not survive the YAML round trip")
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return Converted(task_id, str(path), len(loaded.tests), [], loaded)
