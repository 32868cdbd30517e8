"""The repository's tests that name a changed function, run against the base's code and the working code.

The working tree's test text is run against both versions of the code (each version's modules served to
it), so a test that passes at the base and fails now is a newly failing test, and the other way round.
The runner inside the sandbox is small: plain test functions and methods of test classes without
parameters, called directly (an assert that fails is a failure, any other exception an error). Tests that
take fixtures or are parametrized need pytest itself and are left out, with their count in a note.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field

from ..base import python_ast
from ..sandbox import CallInput, CallOutcome, CallStatus, Launcher, Limits, Session
from .examples import is_test_file
from .modules import finder_prelude, loadable, module_name
from .report import ChangedTest

MAX_TESTS = 40
RUNNER_ENTRY = "run_test"
RUNNER = """\
def run_test(module_name, test_name):
    import importlib
    module = importlib.import_module(module_name)
    owner, _, method = test_name.partition(".")
    target = getattr(module, owner)
    if method:
        target = getattr(target(), method)
    target()
    return "passed"
"""


# The worker loads the runner as the module `solution`; a repository module of that name must win the import.
FREE_THE_NAME = 'import sys as _codeeval_sys\n_codeeval_sys.modules.pop("solution", None)\ndel _codeeval_sys\n'


@dataclass(frozen=True)
class RepositoryTest:
    """One test the runner can call: its file, the module name it is imported by, its name in the module."""

    path: str
    module: str  # its module name, as the runner imports it
    name: str  # `test_x` or `TestClass.test_x`


@dataclass
class SelectedTests:
    """The tests naming a function that the runner can call, and how many more need pytest."""

    tests: list[RepositoryTest] = field(default_factory=list)
    left_out: int = 0  # tests naming the function that need pytest (fixtures, parametrize)


def _mentions(node: ast.AST, short: str) -> bool:
    return any(
        (isinstance(n, ast.Name) and n.id == short) or (isinstance(n, ast.Attribute) and n.attr == short)
        for n in ast.walk(node)
    )


def _plain(node: ast.FunctionDef, method: bool) -> bool:
    """Callable with no arguments (self aside) and no decorator (parametrize, fixtures, marks)."""
    arguments = node.args.args[1:] if method else node.args.args
    return not arguments and not node.args.kwonlyargs and not node.decorator_list


def tests_in(text: str, short: str) -> tuple[list[str], int]:
    """(runnable test names that mention `short`, how many more mention it but need pytest)."""
    try:
        tree = python_ast.parse(text)
    except (SyntaxError, ValueError):
        return [], 0
    found: list[str] = []
    left_out = 0
    for node in tree.body:
        for name, function, method in _candidates(node):
            if not _mentions(function, short):
                continue
            if _plain(function, method):
                found.append(name)
            else:
                left_out += 1
    return found, left_out


def _candidates(node: ast.stmt) -> list[tuple[str, ast.FunctionDef, bool]]:
    """(name, function, is a method) for a test function, or for each test method of a test class."""
    if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
        return [(node.name, node, False)]
    if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
        return [
            (f"{node.name}.{item.name}", item, True)
            for item in node.body
            if isinstance(item, ast.FunctionDef) and item.name.startswith("test")
        ]
    return []


def select_tests(short: str, files: set[str], read: Callable[[str], str | None]) -> SelectedTests:
    """The working tree's tests that mention the function by name, MAX_TESTS at most."""
    selection = SelectedTests()
    for path in sorted(p for p in files if p.endswith(".py") and is_test_file(p)):
        text = read(path)
        if text is None or short not in text:
            continue
        names, left_out = tests_in(text, short)
        selection.left_out += left_out
        module = module_name(path, files)[1]
        selection.tests += [RepositoryTest(path, module, name) for name in names]
    selection.tests = selection.tests[:MAX_TESTS]
    return selection


def verdict(outcome: CallOutcome) -> str:
    """A test's verdict from the runner's call: passed, failed (an assert), error (another exception), ..."""
    if outcome.status == CallStatus.RETURNED:
        return "passed"
    if outcome.status == CallStatus.RAISED and outcome.exc_type == "AssertionError":
        return "failed"
    if outcome.status == CallStatus.RAISED:
        return f"error ({outcome.exc_type})"
    return str(outcome.status)


@dataclass(frozen=True)
class CodeVersion:
    """One version of the repository's code as the runner sees it: its files and how to read them."""

    files: set[str]
    read: Callable[[str], str | None]


def run_tests(
    selection: SelectedTests,
    working_read: Callable[[str], str | None],
    version: CodeVersion,
    limits: Limits,
    launcher: Launcher,
) -> list[str]:
    """Each selected test's verdict with the working test text and this version's code."""
    sources: dict[str, tuple[str, str, bool]] = {}
    for path in sorted({t.path for t in selection.tests}):
        text = working_read(path) or ""
        served = loadable(path, text, version.files | {path}, version.read)
        sources.update(served.with_itself())
    calls = [CallInput([t.module, t.name], {}, None, limits.time_per_call_s) for t in selection.tests]
    prelude = finder_prelude(sources) + FREE_THE_NAME
    with Session(RUNNER, RUNNER_ENTRY, "<codeeval-tests>", limits, launcher=launcher, prelude=prelude) as session:
        if not session.load().ok:
            return ["not run"] * len(calls)
        return [verdict(outcome) for outcome in session.call_each(calls)]


def changed_tests(
    selection: SelectedTests,
    working_read: Callable[[str], str | None],
    base: CodeVersion,
    new: CodeVersion,
    limits: Limits,
    launcher: Launcher,
) -> list[ChangedTest]:
    """Tests whose verdict differs between the base's code and the working code."""
    if not selection.tests:
        return []
    before = run_tests(selection, working_read, base, limits, launcher)
    after = run_tests(selection, working_read, new, limits, launcher)
    return [
        ChangedTest(f"{t.path}::{t.name.replace('.', '::')}", b, a)
        for t, b, a in zip(selection.tests, before, after, strict=True)
        if b != a
    ]
