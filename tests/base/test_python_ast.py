"""codeeval.base.python_ast: parsing that threads can share (CI once failed on CPython 3.11's shared AST state)."""

from __future__ import annotations

import ast
import threading
import time

import pytest

from codeeval.base import python_ast

SOURCE = "\n".join(
    f"def f{i}(a, b):\n    return [x * {i} for x in range(a) if x % 2 == (b or {i})]\n" for i in range(200)
)


PARSES = 30  # each parser's; without the lock, ten runs here failed within 2 to 7 parses


class _Finalized:
    """Garbage whose finalizer runs Python code: the collector can then switch threads inside a parse."""

    def __del__(self):
        sum(range(50))


def test_threads_parsing_at_different_depths_while_finalizers_run_never_get_a_system_error():
    # Unguarded ast.parse fails this within a few parses on CPython 3.11.7 ("AST constructor recursion
    # depth mismatch"): the two parsers start from different stack depths, and the garbage thread's
    # finalizers give the interpreter a place to switch between them in the middle of a parse.
    errors: list[BaseException] = []
    parsed = [0, 0]

    def parser(index: int, depth: int) -> None:
        if depth:
            parser(index, depth - 1)
            return
        while parsed[index] < PARSES and not errors:
            try:
                assert len(python_ast.parse(SOURCE).body) == 200
            except BaseException as exc:  # any failure is the finding, reported below
                errors.append(exc)
            parsed[index] += 1

    def garbage() -> None:
        while min(parsed) < PARSES and not errors:
            for _ in range(100):
                first, second = _Finalized(), _Finalized()
                first.other, second.other = second, first  # a cycle: only the collector frees it
            time.sleep(0)

    threads = [
        threading.Thread(target=parser, args=(0, 5)),
        threading.Thread(target=parser, args=(1, 40)),
        threading.Thread(target=garbage),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and parsed == [PARSES, PARSES], parsed


@pytest.mark.parametrize("mode", ["exec", "eval"])
def test_parse_gives_what_ast_parse_gives(mode):
    text = "x + [1, (2, 'three')]"
    assert ast.dump(python_ast.parse(text, mode=mode)) == ast.dump(ast.parse(text, mode=mode))


def test_a_syntax_error_names_the_file_and_line():
    with pytest.raises(SyntaxError) as caught:
        python_ast.parse("x = 1\ndef (:\n", filename="solution.py")
    assert (caught.value.filename, caught.value.lineno) == ("solution.py", 2)


@pytest.mark.parametrize("text", ["  [1, -2.5, 'a', (None, True)]", "\t{'k': {3, 4}}", "b'\\x00'"])
def test_literal_eval_of_text_and_of_a_tree_gives_what_ast_literal_eval_gives(text):
    assert python_ast.literal_eval(text) == ast.literal_eval(text)
    assert python_ast.literal_eval(ast.parse(text.strip(), mode="eval")) == ast.literal_eval(text)


def test_literal_eval_refuses_what_is_not_a_literal():
    with pytest.raises(ValueError):
        python_ast.literal_eval("__import__('os')")
