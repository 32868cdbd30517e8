"""Signatures and hints read with ast, types inferred from examples, strategy expressions, generation plans."""

import pytest

from codeeval.generation.hints import SignatureError, read_signature
from codeeval.generation.plan import GenerationUnavailable, make_plan
from codeeval.generation.strategies import StrategyError, parse_strategy
from codeeval.generation.value_types import (
    AnyT,
    DictT,
    FloatT,
    IntT,
    ListT,
    NoneT,
    RecordT,
    SampledT,
    SetT,
    StrT,
    TupleT,
    UnionT,
    infer_type,
    refine,
)
from codeeval.problem.definition import Call, Case

HINTED = """
from __future__ import annotations
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Literal, NamedTuple, Optional, Protocol, Tuple, Union
import typing

@dataclass
class Point:
    x: int
    y: float = 0.0
    tags: list[str] = field(default_factory=list)
    cached: int = field(default=0, init=False)

class Pair(NamedTuple):
    left: str
    right: "Point"

class Shape(Protocol):
    def area(self) -> float: ...

Grid = List[List[int]]

def f(a: int, b: List[float], c: Optional[str], d: Union[int, str], e: int | None, g: Tuple[int, ...],
      h: tuple[int, str], i: Dict[str, List[int]], j: set[int], k: frozenset[str], m: Point, n: "Pair",
      o: Grid, p: Literal["x", "y"], q: typing.Sequence[bytes], *rest: int, flag: bool = False, **extra) -> None:
    pass

def g(fn: Callable[[int], int], shape: Shape, other: SomethingElse) -> None:
    pass
"""


def types_of(source, name="f"):
    return {p.name: p.type for p in read_signature(source, name).params}


def test_hints_become_types():
    t = types_of(HINTED)
    assert isinstance(t["a"], IntT)
    assert isinstance(t["b"], ListT) and isinstance(t["b"].elem, FloatT)
    assert isinstance(t["c"], UnionT) and {type(o) for o in t["c"].options} == {StrT, NoneT}
    assert isinstance(t["d"], UnionT) and isinstance(t["e"], UnionT)
    assert isinstance(t["g"], TupleT) and t["g"].variadic
    assert isinstance(t["h"], TupleT) and not t["h"].variadic and len(t["h"].items) == 2
    assert isinstance(t["i"], DictT) and isinstance(t["i"].value, ListT)
    assert isinstance(t["j"], SetT) and not t["j"].frozen and t["k"].frozen
    assert isinstance(t["m"], RecordT) and [n for n, _ in t["m"].fields] == ["x", "y", "tags"]  # init=False dropped
    assert isinstance(t["n"], RecordT) and isinstance(dict(t["n"].fields)["right"], RecordT)
    assert isinstance(t["o"], ListT) and isinstance(t["o"].elem.elem, IntT)  # through the alias
    assert isinstance(t["p"], SampledT) and t["p"].values == ["x", "y"]
    assert isinstance(t["q"], ListT)
    assert t["flag"] is not None and t["extra"] is None


def test_hints_that_cannot_be_generated_say_why():
    t = types_of(HINTED, "g")
    assert "Callable" in t["fn"].unsupported()
    assert "Protocol" in t["shape"].unsupported()
    assert "SomethingElse" in t["other"].unsupported()


def test_class_signatures_list_constructor_and_public_methods():
    source = (
        "class Cache:\n    def __init__(self, size: int):\n        pass\n"
        "    def put(self, k: str, v: int) -> None:\n        pass\n    def _hidden(self):\n        pass\n"
        "    @staticmethod\n    def make(n: int):\n        pass\n"
    )
    signature = read_signature(source, "Cache")
    assert signature.kind == "class" and [p.name for p in signature.params] == ["size"]
    assert set(signature.methods) == {"put", "make"} and [p.name for p in signature.methods["make"]] == ["n"]


def test_signature_errors():
    with pytest.raises(SignatureError, match="no function or class named 'nope'"):
        read_signature("def f(x): pass", "nope")
    with pytest.raises(SignatureError, match="does not parse"):
        read_signature("def f(x) pass", "f")


def test_types_inferred_from_examples():
    t = infer_type([[1, 2], [3], []])
    assert isinstance(t, ListT) and isinstance(t.elem, IntT) and t.elem.seen == [1, 2, 3]
    mixed = infer_type([1, "a", None, 2.5])
    assert isinstance(mixed, UnionT) and len(mixed.options) == 4
    assert isinstance(infer_type([(1, "a"), (2, "b")]), TupleT)
    assert infer_type([(1, 2), (1, 2, 3)]).variadic
    # a parameter that is a pair of one kind is a sequence (Mbpp/630's coordinates (3, 4) get (1, 1, 1) in EvalPlus),
    # a pair inside a list is a pair (a point, an interval)
    assert infer_type([(3, 4), (5, 6)]).variadic
    pairs = infer_type([[(3, 4), (5, 6)]])
    assert isinstance(pairs, ListT) and isinstance(pairs.elem, TupleT) and not pairs.elem.variadic
    assert isinstance(infer_type([{"a": [1]}]), DictT)
    assert isinstance(infer_type([]), AnyT)


def test_bare_hints_are_refined_by_examples():
    refined = refine(ListT(AnyT()), infer_type([["a", "b"]]))
    assert isinstance(refined, ListT) and isinstance(refined.elem, StrT) and refined.seen == [["a", "b"]]
    both = refine(FloatT(), infer_type([1, 2]))  # examples pass ints where the hint says float
    assert isinstance(both, UnionT) and {type(o) for o in both.options} == {FloatT, IntT}


def test_strategy_expressions_parse_into_types():
    t = parse_strategy("lists(integers(min_value=0, max_value=10**3), max_size=50, unique=True)")
    assert isinstance(t, ListT) and t.unique and t.max_size == 50 and t.elem.lo == 0 and t.elem.hi == 1000
    assert isinstance(parse_strategy("none() | text(alphabet='ab')"), UnionT)
    assert isinstance(parse_strategy("dictionaries(text(), tuples(booleans(), floats(-1, 1)))"), DictT)
    assert parse_strategy("sampled_from(['a', 'b'])").values == ["a", "b"]
    assert parse_strategy("from_regex('[a-z]+')").pattern == "[a-z]+"


@pytest.mark.parametrize(
    "text, message",
    [
        ("lists(integers()", "syntax error at column"),
        ("__import__('os')", "unknown strategy '__import__'"),
        ("__import__('os').system('true')", "only plain strategy names can be called"),
        ("integers().map(abs)", "only plain strategy names can be called"),
        ("lists(lambda x: x)", "Lambda is not allowed"),
        ("integers(min_value=5, max_value=1)", "min_value is greater than max_value"),
        ("text(size=3)", "unexpected keyword argument"),
        ("integers", "call it"),
        ("xs", "unknown name 'xs'"),
        ("2 ** 100000", "exponent too large"),
        ("1 + 1", "must be a strategy"),
    ],
)
def test_bad_strategy_expressions_are_refused_with_a_reason(text, message):
    with pytest.raises(StrategyError, match=message.replace("(", r"\(").replace("*", r"\*")):
        parse_strategy(text)


def test_plans_combine_hints_examples_and_overrides():
    source = "def f(xs, n: int, sep=',', *, key: str = 'k'):\n    pass\n"
    plan = make_plan(source, "f", [Case(args=[[1, 2], 3])], {"key": "sampled_from(['a', 'b'])"})
    assert plan.describe_types() == {"xs": "list[int]", "n": "int", "sep": "str", "key": "one of ['a', 'b']"}
    assert plan.layout == [("xs", "arg"), ("n", "arg"), ("sep", "arg"), ("key", "kw")]
    case = plan.to_case(([5], 1, ";", "a"))
    assert case.args == [[5], 1, ";"] and case.kwargs == {"key": "a"} and case.origin == "generated"
    assert plan.examples == [([1, 2], 3, ",", "k")] or plan.examples == []


@pytest.mark.parametrize(
    "source, examples, strategies, message",
    [
        ("def f(x):\n    pass\n", [], {}, "parameter 'x' has no type hint and no example gives it a value"),
        (
            "from typing import Callable\ndef f(fn: Callable[[int], int]):\n    pass\n",
            [],
            {},
            "parameter 'fn': cannot generate values for a Callable",
        ),
        ("from typing import Protocol\nclass P(Protocol):\n    pass\ndef f(p: P):\n    pass\n", [], {}, "a Protocol"),
        ("def f(x: int):\n    pass\n", [], {"x": "integers("}, "edge_cases.generate.strategies.x: syntax error"),
        ("def f(x: int):\n    pass\n", [], {"y": "integers()"}, "no parameter named 'y'"),
        ("async def f(x: int):\n    pass\n", [], {}, "coroutine"),
    ],
)
def test_plans_that_cannot_be_made_say_why(source, examples, strategies, message):
    with pytest.raises(GenerationUnavailable, match=message.replace("(", r"\(").replace("[", r"\[")):
        make_plan(source, "f", examples, strategies)


def test_class_plans_take_methods_and_argument_types_from_the_examples():
    source = (
        "class Stack:\n    def __init__(self, cap):\n        pass\n    def push(self, x):\n        pass\n"
        "    def pop(self):\n        pass\n"
    )
    examples = [Case(args=[2], calls=[Call("push", (1,)), Call("push", (2,)), Call("pop", ())])]
    plan = make_plan(source, "Stack", examples, {})
    assert plan.kind == "class"
    assert plan.describe_types() == {"__init__.cap": "int", "push.x": "int"}
    case = plan.to_case(plan.examples[0])
    assert case.args == [2] and [c.method for c in case.calls] == ["push", "push", "pop"]


def test_class_plan_examples_keep_each_case_constructor_with_its_own_calls():
    # The first case's constructor arguments do not fit the signature, so it is left out; the second case's
    # constructor must stay paired with the second case's calls, not with the first one's.
    source = (
        "class Stack:\n    def __init__(self, cap):\n        pass\n    def push(self, x):\n        pass\n"
        "    def pop(self):\n        pass\n"
    )
    examples = [
        Case(args=[1, 2, 3], calls=[Call("push", (9,)), Call("push", (8,))]),
        Case(args=[5], calls=[Call("pop", ())]),
    ]
    plan = make_plan(source, "Stack", examples, {})
    cases = [plan.to_case(example) for example in plan.examples]
    assert [(case.args, [(c.method, list(c.args)) for c in case.calls]) for case in cases] == [([5], [("pop", [])])]
