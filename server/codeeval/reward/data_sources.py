"""Problems built from the ground truth of verl's code data sources, with no problem file.

verl's datasets carry each row's tests in `reward_model.ground_truth`: prime_code's JSON
`{"inputs", "outputs", "fn_name"?}` (apps, taco, codecontests, codeforces) or a list of `{input, output,
testtype}` (livecodebench, as rllm/DeepCoder keeps it). `problem/dataset_tests.py` reads either; this module
turns the tests into a Problem (`io_problems`), judged as each benchmark's own evaluator judges, and keeps
both by the ground truth's hash so the samples of one row share one problem and its sandbox context.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base.bounded_cache import BoundedCache
from ..problem.benchmark_rules import APPS, CODECONTESTS, LIVECODEBENCH, BenchmarkRules
from ..problem.dataset_tests import DatasetFormatError, DatasetTests, io_json_tests, test_case_list
from ..problem.definition import Problem, ProblemLimits
from ..problem.io_problems import call_problem, stdin_problem
from .items import GroundTruth
from .test_cap import longest_tests


@dataclass(frozen=True)
class SourceRules:
    """How one data source's tests are judged: its own evaluator's checker, time per test and imports."""

    benchmark: BenchmarkRules
    time_per_test_s: float = 5.0  # prime_code's time-out per test: verl's way of scoring these sources


# The rules the importers give these benchmarks (problem/benchmark_rules.py); LiveCodeBench keeps its 6 s.
CODE_DATA_SOURCES: dict[str, SourceRules] = {
    "apps": SourceRules(APPS),
    "taco": SourceRules(APPS),
    "primeintellect": SourceRules(APPS),  # rllm: PrimeIntellect's problems, judged by TACO's code
    "codecontests": SourceRules(CODECONTESTS),
    "code_contests": SourceRules(CODECONTESTS),  # rllm's name for it
    "codeforces": SourceRules(CODECONTESTS),
    "livecodebench": SourceRules(LIVECODEBENCH, LIVECODEBENCH.time_per_test_s),
}
_OTHER_SOURCE = SourceRules(APPS)  # a ground truth of tests from a source not named above

# What LiveCodeBench's harness runs before a call-based solution (star-imports of common modules, a deep
# recursion limit); APPS' is a subset. Starter code's `List[int]` or a bare `heappush` then works as there.
CALL_PRELUDE = LIVECODEBENCH.prelude

# Ground truths parsed and kept: a training run revisits its rows every epoch. As many as the scorer keeps
# problem contexts (batch.PARK_CONTEXTS): a problem rebuilt under the name of one still in use would replace it.
PARSED_KEPT = 100_000


class GroundTruthError(Exception):
    """A ground truth that cannot be turned into a problem; the message says why (for the reward's reason)."""


def is_code_data_source(data_source: str) -> bool:
    return data_source.strip().lower() in CODE_DATA_SOURCES


class GroundTruthProblems:
    """Ground truths -> problems, each parsed once and kept by its hash."""

    def __init__(self, kept: int = PARSED_KEPT):
        self._parsed: BoundedCache[str, DatasetTests | str] = BoundedCache(kept)  # digest -> tests, or the error
        self._problems: BoundedCache[tuple[str, str, str, int | None], Problem] = BoundedCache(kept)

    def tests(self, truth: GroundTruth) -> tuple[str, DatasetTests]:
        """(the ground truth's digest, its tests); GroundTruthError when it has none or cannot be read."""
        digest = _digest(truth.tests)
        parsed = self._parsed.get(digest)
        if parsed is None:
            parsed = _parse(truth.tests)
            self._parsed.put(digest, parsed)
        if isinstance(parsed, str):
            raise GroundTruthError(parsed)
        return digest, parsed

    def entry_point(self, tests: DatasetTests, code: str) -> str | None:
        """The name the calls go to: `fn_name`, or `Solution.fn_name` when the code defines it in a class
        Solution (LeetCode-style answers, as APPS' and LiveCodeBench's harnesses call them); None for stdin."""
        if tests.fn_name is None:
            return None
        if re.search(r"^class\s+Solution\b", code, re.M) and re.search(rf"^\s+def\s+{tests.fn_name}\b", code, re.M):
            return f"Solution.{tests.fn_name}"
        return tests.fn_name

    def problem(self, truth: GroundTruth, code: str, max_tests: int | None) -> Problem:
        """The problem a sample of this ground truth is judged on (at most `max_tests` tests, the longest)."""
        digest, tests = self.tests(truth)
        return self.problem_of(truth.data_source, digest, tests, self.entry_point(tests, code) or "", max_tests)

    def problem_of(
        self, data_source: str, digest: str, tests: DatasetTests, entry: str, max_tests: int | None
    ) -> Problem:
        """`problem`, for tests already read (`tests`) and the entry point the answer's code calls for."""
        source = data_source.strip().lower()
        key = (digest, source, entry, max_tests)
        problem = self._problems.get(key)
        if problem is None:
            problem = _build(source, digest, tests, entry)
            if max_tests is not None and tests.count > max_tests:  # its own name: its own key and context
                problem = replace(longest_tests(problem, max_tests), name=f"{problem.name}/longest-{max_tests}")
            self._problems.put(key, problem)
        return problem


def _build(source: str, digest: str, tests: DatasetTests, entry: str) -> Problem:
    """A program problem for stdin tests, a function (or class-method) problem for call tests."""
    rules = CODE_DATA_SOURCES.get(source, _OTHER_SOURCE)
    limits = ProblemLimits(time_per_call_s=rules.time_per_test_s)
    name = f"{source or 'tests'}/{digest[:16]}" + (f"/{entry}" if entry else "")
    summary = f"{tests.count} tests from a {source or 'dataset'} ground truth"
    if tests.stdin:
        checker, prelude = rules.benchmark.checker, rules.benchmark.prelude
        return stdin_problem(name, tests.stdin, summary=summary, checker=checker, limits=limits, prelude=prelude)
    return call_problem(name, entry, tests.calls, summary=summary, limits=limits, prelude=CALL_PRELUDE)


def _parse(tests: Any) -> DatasetTests | str:
    """The tests, or why there are none to run (a message, kept so a bad row is not parsed again)."""
    try:
        value = _plain(json.loads(tests) if isinstance(tests, (str, bytes)) else tests)
    except (ValueError, RecursionError) as exc:
        return f"the ground truth is not JSON ({type(exc).__name__}: {str(exc)[:200]})"
    try:
        if isinstance(value, Mapping):
            parsed = io_json_tests(value, "ground_truth")
        elif isinstance(value, list):
            parsed = test_case_list(value, "ground_truth", fn_name=_listed_fn_name(value))
        else:
            return f"the ground truth is {type(value).__name__}, not tests (an object or a list of tests)"
    except DatasetFormatError as exc:
        return str(exc)
    if parsed.stdin and parsed.calls:
        return "the ground truth mixes stdin tests and call tests"
    if not parsed.count:
        return "the ground truth holds no tests"
    return parsed


def _listed_fn_name(tests: list) -> str | None:
    """LiveCodeBench's functional tests name their function in `metadata.func_name` (a dict or its JSON)."""
    first = tests[0] if tests and isinstance(tests[0], Mapping) else {}
    metadata = first.get("metadata")
    if isinstance(metadata, str):
        try:
            metadata = json.loads(metadata)
        except ValueError:
            return None
    name = metadata.get("func_name") if isinstance(metadata, Mapping) else None
    return name if isinstance(name, str) and name else None


def _plain(value: Any) -> Any:
    """Arrays read from a dataset's parquet (numpy, pyarrow) as plain lists, so the parser sees JSON's shapes."""
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        value = value.tolist()
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def _digest(tests: Any) -> str:
    """The ground truth's hash: of its text, or of its canonical JSON (or, for a value with none, of its
    identity: parsed again each time, and refused with the reason)."""
    if isinstance(tests, str):
        data = tests.encode("utf-8", "surrogatepass")
    elif isinstance(tests, bytes):
        data = tests
    else:
        try:
            data = json.dumps(_plain(tests), sort_keys=True, default=repr).encode("utf-8", "surrogatepass")
        except (ValueError, TypeError, RecursionError):
            data = f"{type(tests).__name__}-{id(tests)}".encode()
    return hashlib.sha256(data).hexdigest()
