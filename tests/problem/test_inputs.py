"""The input-expression language: deterministic, and nothing outside it is ever run."""

import pytest

from codeeval.problem.inputs import InputExpression, InputExpressionError


def test_same_expression_size_and_seed_build_the_same_input():
    expression = InputExpression("args(ints(n), n // 2)")
    first, again = expression.build(50, seed=1), expression.build(50, seed=1)
    assert first == again and len(first.args[0]) == 50 and first.args[1] == 25
    assert expression.build(50, seed=2).args[0] != first.args[0]


def test_generators_have_their_documented_shapes():
    assert InputExpression("args(sorted_ints(20))").build(20).args[0] == sorted(
        InputExpression("args(sorted_ints(20))").build(20).args[0]
    )
    built = InputExpression("kwargs(text=string(8, alphabet='ab'), words=words(3, length=2))").build(0)
    assert set(built.kwargs["text"]) <= {"a", "b"} and len(built.kwargs["text"]) == 8
    assert all(len(w) == 2 for w in built.kwargs["words"])
    graph = InputExpression("args(graph(n))").build(30).args[0]
    assert sorted(graph) == list(range(30)) and all(a in graph[b] for a in graph for b in graph[a])


def test_calls_build_constructor_args_and_method_calls():
    built = InputExpression("calls([n], method_calls(n, put=2, get=1, keys=10))").build(40)
    assert built.args == [40] and len(built.calls) == 40
    assert all((m == "put" and len(a) == 2) or (m == "get" and len(a) == 1) for m, a, _ in built.calls)


@pytest.mark.parametrize(
    "text, message",
    [
        ("__import__('os').system('x')", "must be a call of args"),
        ("args(open('/etc/passwd'))", "unknown generator 'open'"),
        ("args(ints(n).pop())", "only plain function names"),
        ("args(x)", "unknown name 'x'"),
        ("args([i for i in range(3)])", "ListComp is not allowed"),
        ("args(lambda: 1)", "Lambda is not allowed"),
        ("args(ints(n)", "syntax error"),
        ("args(**{'a': 1})", "`**` is not allowed"),
    ],
)
def test_anything_outside_the_language_is_rejected_before_running(text, message):
    with pytest.raises(InputExpressionError, match=message.replace("(", r"\(").replace("*", r"\*")):
        InputExpression(text)


def test_sizes_and_numbers_are_bounded():
    with pytest.raises(InputExpressionError, match="exponent too large"):
        InputExpression("args(10 ** 100000)").build(1)
    with pytest.raises(InputExpressionError, match="size must be"):
        InputExpression("args(ints(10 ** 9))").build(1)
