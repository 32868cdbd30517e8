"""Fixes round-trip: the fixed code parses, keeps comments and formatting, resolves the finding, behaves the same.

Behaviour is compared by running the original and the fixed code, both ours,
in this test process on the same inputs (and the bundled samples in the
sandbox, on their problem's tests).
"""

from __future__ import annotations

import ast
import difflib
import io
import textwrap
import tokenize
from pathlib import Path

import pytest

from codeeval.base.findings import Finding, Fix
from codeeval.quality import analyze, apply_fix, compute_fix

from .helpers import REPO


def comments(source: str) -> list[str]:
    return [
        token.string
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    ]


def fixable(source: str, codemod: str, symbol: str | None = None) -> Finding:
    candidates = [
        f
        for f in analyze(source).findings
        if f.fix is not None and f.fix.codemod == codemod and (symbol is None or f.symbol == symbol)
    ]
    assert candidates, f"no {codemod} fix offered"
    return candidates[0]


def load(source: str) -> dict:
    namespace: dict = {}
    exec(compile(source, "<test>", "exec"), namespace)  # our own test code, never a solution
    return namespace


def check_round_trip(source: str, codemod: str, symbol: str | None = None) -> str:
    """Apply the fix and check what every fix must keep; returns the fixed source."""
    finding = fixable(source, codemod, symbol)
    fixed = apply_fix(source, finding)
    assert fixed != source
    ast.parse(fixed)
    assert comments(fixed) == comments(source)
    # Formatting is kept: every original line is still there, in order, except the lines the fix rewrites.
    matcher = difflib.SequenceMatcher(a=source.splitlines(), b=fixed.splitlines(), autojunk=False)
    removed = sum(i2 - i1 for tag, i1, i2, _, _ in matcher.get_opcodes() if tag in ("replace", "delete"))
    assert removed <= 1, "\n".join(difflib.unified_diff(source.splitlines(), fixed.splitlines(), lineterm=""))
    # The edits a code action would send give the same text.
    resolved = compute_fix(source, finding)
    assert resolved is not None and resolved.edits and not resolved.is_lazy
    assert apply_fix(source, resolved) == fixed
    # The finding is gone (or, for `-> None`, its return-type part is).
    after = [f for f in analyze(fixed).findings if f.rule_id == finding.rule_id and f.symbol == finding.symbol]
    if codemod == "add-return-none":
        assert all(not f.details["return_missing"] for f in after)
    elif codemod == "mutable-default":
        assert all(f.details["parameter"] != finding.details["parameter"] for f in after)
    else:
        assert after == []
    return fixed


RETURN_NONE_CASES = {
    "plain": """
        def log(message: str):  # keep this comment
            print(message)
    """,
    "multi-line signature": '''
        def log(
            message: str,   # the text
            level: int = 0,
        ):
            """Print it."""
            if level:
                print(level, message)
            return
    ''',
    "one-liner method with a decorator": '''
        import functools


        class Logger:
            """Logs."""

            @functools.lru_cache(maxsize=None)
            def log(self, message: str): print(message)  # trailing
    ''',
    "async, tabs": (
        'import asyncio\n\n\nasync def wait(seconds: float):\n\t"""Wait."""\n\tawait asyncio.sleep(seconds)\n'
    ),
    "explicit return None": """
        def reset(state: dict):
            state.clear()
            return None
    """,
}


@pytest.mark.parametrize("name", RETURN_NONE_CASES)
def test_add_return_none_round_trips(name, capsys):
    source = textwrap.dedent(RETURN_NONE_CASES[name])
    fixed = check_round_trip(source, "add-return-none")
    assert "-> None" in fixed
    original, new = load(source), load(fixed)
    for function in ("log", "reset"):
        if function in original:
            assert original[function].__code__.co_code == new[function].__code__.co_code


def test_add_return_none_exact_text():
    source = "def log(message: str):  # note\n    print(message)\n"
    assert (
        apply_fix(source, fixable(source, "add-return-none"))
        == "def log(message: str) -> None:  # note\n    print(message)\n"
    )


DOCSTRING_CASES = {
    "function with a leading comment": """
        def area(width: float, height: float) -> float:
            # the body starts with a comment
            return width * height
    """,
    "one-liner": """
        def double(value: int) -> int: return value * 2  # tiny
    """,
    "method in a nested class": '''
        class Outer:
            """Outer."""

            class Inner:
                """Inner."""

                def total(self, *values: int, scale: int = 1, **options: str) -> int:
                    result = sum(values) * scale
                    return result
    ''',
    "class": """
        class Stack:
            def __init__(self) -> None:
                self.items: list[int] = []
    """,
    "module with a shebang and a header comment": '''
        #!/usr/bin/env python3
        # Copyright notice.
        from __future__ import annotations


        def _helper() -> None:
            pass


        def run() -> None:
            """Run."""
            _helper()
    ''',
}
DOCSTRING_TARGETS = {
    "function with a leading comment": "area",
    "one-liner": "double",
    "method in a nested class": "Outer.Inner.total",
    "class": "Stack",
    "module with a shebang and a header comment": None,
}


@pytest.mark.parametrize("name", DOCSTRING_CASES)
def test_docstring_stub_round_trips(name):
    source = textwrap.dedent(DOCSTRING_CASES[name]).lstrip("\n")
    fixed = check_round_trip(source, "docstring-stub", DOCSTRING_TARGETS[name])
    namespace = load(fixed)
    target = DOCSTRING_TARGETS[name]
    if target is None:
        assert ast.get_docstring(ast.parse(fixed)).startswith("TODO")
        assert fixed.startswith("#!/usr/bin/env python3\n# Copyright notice.\n")
        return
    obj = namespace[target.split(".")[0]]
    for part in target.split(".")[1:]:
        obj = getattr(obj, part)
    assert obj.__doc__.startswith("TODO: say what")


def test_docstring_stub_lists_parameters_and_returns_at_the_right_indentation():
    source = textwrap.dedent(DOCSTRING_CASES["method in a nested class"])
    fixed = apply_fix(source, fixable(source, "docstring-stub", "Outer.Inner.total"))
    expected = textwrap.dedent('''
        def total(self, *values: int, scale: int = 1, **options: str) -> int:
            """TODO: say what `total` does.

            Args:
                *values: TODO.
                scale: TODO.
                **options: TODO.

            Returns:
                TODO.
            """
            result = sum(values) * scale
    ''').strip("\n")
    assert textwrap.indent(expected, " " * 8, lambda line: bool(line.strip())) in fixed
    inner = load(fixed)["Outer"].Inner
    assert inner().total(1, 2, scale=3) == 9


def test_docstring_stub_keeps_behaviour():
    source = textwrap.dedent(DOCSTRING_CASES["one-liner"])
    fixed = apply_fix(source, fixable(source, "docstring-stub", "double"))
    assert [load(fixed)["double"](v) for v in (-1, 0, 21)] == [load(source)["double"](v) for v in (-1, 0, 21)]


MUTABLE_CASES = {
    "read only, annotated": (
        '''
        def total(values: list[int] = [], start: int = 0) -> int:
            """Sum."""
            return sum(values) + start
    ''',
        "total",
        [((), {}), (([1, 2],), {}), ((), {"start": 5})],
    ),
    "mutated, keyword-only, one-liner": (
        """
        def collect(item, *, into={}): into[item] = True; return sorted(into)  # leaks
    """,
        "collect",
        [(("a",), {}), (("b",), {}), (("c",), {"into": {"z": 1}})],
    ),
    "method, positional-only, string annotation": (
        '''
        class Bag:
            """Bag."""

            def add(self, item: str, seen: "set[str]" = set(), /) -> list[str]:
                # remember what we saw
                seen.add(item)
                return sorted(seen)
    ''',
        "Bag.add",
        [(("x",), {}), (("y",), {})],
    ),
}


@pytest.mark.parametrize("name", MUTABLE_CASES)
def test_mutable_default_round_trips_and_each_call_behaves_like_the_first_original_call(name):
    text, target, calls = MUTABLE_CASES[name]
    source = textwrap.dedent(text).lstrip("\n")
    fixed = check_round_trip(source, "mutable-default", target)
    assert "is None:" in fixed

    def function(code: str):
        namespace = load(code)
        return namespace["Bag"]().add if target == "Bag.add" else namespace[target]

    for args, kwargs in calls:
        # A fresh original (default untouched) and the fixed function called after others: they agree,
        # because the fixed one no longer carries state from call to call.
        expected = function(source)(*args, **kwargs)
        fixed_function = function(fixed)
        for earlier_args, earlier_kwargs in calls:
            fixed_function(*earlier_args, **earlier_kwargs)
        assert fixed_function(*args, **kwargs) == expected


def test_mutable_default_keeps_the_annotation_truthful():
    source = "def f(values: list[int] = [], other: 'dict[str, int]' = {}) -> int:\n    return len(values)\n"
    first = apply_fix(source, fixable(source, "mutable-default"))
    assert "values: list[int] | None = None" in first
    second = apply_fix(first, fixable(first, "mutable-default"))
    assert "other: 'dict[str, int] | None' = None" in second
    assert load(second)["f"]() == 0


def test_a_stale_fix_is_not_applied():
    source = "def log(message: str):\n    print(message)\n"
    finding = fixable(source, "add-return-none")
    renamed = source.replace("log", "show")
    assert compute_fix(renamed, finding) is None
    assert apply_fix(renamed, finding) == renamed
    already = "def log(message: str) -> None:\n    print(message)\n"
    assert compute_fix(already, finding) is None
    assert compute_fix("def log(:\n", finding) is None


def test_fix_edits_are_in_character_columns():
    source = 'def café(mot: str):\n    """Écrit «mot»."""\n    print(mot)\n'
    resolved = compute_fix(source, fixable(source, "add-return-none"))
    [edit] = resolved.edits
    assert (edit.range.start_line, edit.range.start_col) == (1, len("def café(mot: str)"))
    assert edit.new_text == " -> None"


def test_apply_fix_without_a_fix_returns_the_source():
    source = "x = 1\n"
    assert apply_fix(source, Fix("nothing to do")) == source


SAMPLES = REPO / "problems" / "samples"


def fix_everything(source: str) -> tuple[str, int]:
    """Apply every available fix, one at a time (each re-analysed), as a user clicking through them would."""
    applied = 0
    for _ in range(50):
        pending = [f for f in analyze(source).findings if f.fix is not None]
        if not pending:
            break
        source = apply_fix(source, pending[0])
        applied += 1
    return source, applied


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*/messy.py")), ids=lambda path: path.parent.name)
def test_fixing_a_bundled_sample_keeps_its_behaviour_on_the_problems_tests(path: Path):
    from codeeval.problem import load_problem
    from codeeval.sandbox import Session, default_launcher

    problem = load_problem(REPO / "problems" / f"{path.parent.name}.yaml")
    source = path.read_text()
    fixed, applied = fix_everything(source)
    assert applied >= 1 and comments(fixed) == comments(source)
    cases = problem.tests + problem.edge_cases.cases
    outcomes = []
    for text in (source, fixed):
        with Session(text, problem.entry_point, "solution.py", launcher=default_launcher()) as session:
            assert session.load().ok
            outcomes.append([session.call(case.args, case.kwargs, case.call_triples()).describe() for case in cases])
    assert outcomes[0] == outcomes[1]
