"""Relevance of generated inputs, contract kinds, and what an edge-case finding's confidence makes it cost."""

from codeeval.base.findings import LOW_CONFIDENCE, Confidence
from codeeval.dimensions.edge_findings import (
    FULL_CONFIDENCE,
    cost_weight,
    rounding_relevance,
    timeout_relevance,
    width_relevance,
)
from codeeval.dimensions.edge_probability import probability
from codeeval.generation.contract_kinds import Kinds, contract_kinds
from codeeval.generation.domain import Domain, Relevance
from codeeval.generation.plan import make_plan
from codeeval.generation.value_types import GenContext
from codeeval.problem.definition import Case


def test_inputs_like_the_examples_are_fully_relevant_and_each_surprise_says_why():
    domain = Domain(["text", "n"], [("hello world", 3), ("abc", 10)], "Given a lowercase string and a number")
    assert domain.relevance(("abc abc", 7)).score == 1.0
    exotic = domain.relevance(("ǅ", 7))
    assert exotic.score == 0.25 and "non-ASCII character 'ǅ'" in exotic.reasons[0]
    assert domain.relevance(("Abc", 7)).score == 0.3  # the prompt says lowercase
    assert domain.relevance(("abc", -1)).score == 0.5  # the examples are all >= 0
    assert domain.relevance(("abc", 10**6)).score == 0.7  # 10^5 times the largest example
    assert domain.relevance(("abc", 10**9)).score == 0.3
    assert domain.relevance((["a"], 7)).score == 0.25  # a list where the examples pass strings
    assert domain.relevance(("abc\ndef", 7)).score == 0.25  # HumanEval/125: no example has a newline


def test_time_outs_are_judged_on_size_more_strictly():
    domain = Domain(["n"], [(5,), (30,)])
    assert domain.relevance((1000,), timeout=True).score == 1.0  # 33x the largest example: within 100x
    assert domain.relevance((10**5,), timeout=True).score == 0.6
    assert domain.relevance((10**18,), timeout=True).score == 0.1
    assert domain.relevance((10**18,)).score == 0.3


def test_a_time_out_on_a_number_big_in_itself_is_still_judged_against_the_examples_scale():
    domain = Domain(["n"], [(1,), (5,), (10,)])  # sum_to_n: a loop over 10^9 hangs where n * (n + 1) // 2 does not
    assert domain.relevance((10**9,), timeout=True).score == 0.1  # yet nothing promises such numbers
    assert domain.relevance((10**9,)).score == 0.3  # a wrong answer there is judged less strictly


def test_promises_the_examples_contradict_are_ignored():
    domain = Domain(["xs"], [([3, 1, 2],), ([],)], "Return a sorted copy of a non-empty list of positive numbers")
    relevance = domain.relevance(([],))
    assert relevance.score == 1.0  # an example is empty: the prompt's "non-empty" is not about this list
    assert domain.relevance(([5, 4, 3],)).score == 1.0  # the examples are not sorted


def test_a_promise_inside_a_condition_on_the_answer_promises_nothing_of_the_inputs():
    # Mbpp/431: "at least one common element" is what the answer tests, not a promise that the lists are non-empty
    condition = Domain(["a", "b"], [([1, 2], [2, 3])], "Returns true if they have at least one common element.")
    assert condition.relevance(([], [])).score == 0.75 * 0.75  # empty: a surprise, but not a broken promise
    promise = Domain(["a", "b"], [([1, 2], [2, 3])], "Given lists with at least one element, return true if ...")
    assert promise.relevance(([], [2])).score == 0.3


def test_contract_isinstance_checks_name_the_admitted_kinds_and_widen_the_plan():
    preconditions = [
        "isinstance(n, (int, float))",
        "n >= 0",
        "all(isinstance(x, (int, float)) for x in xs)",
        "all(isinstance(e, int) for t in pairs for e in t)",
        "type(s) == str",
    ]
    kinds = contract_kinds(preconditions, ["n", "xs", "pairs", "s"])
    assert kinds["n"] == Kinds(top=frozenset({"int", "float"}))
    assert kinds["xs"].elements == frozenset({"int", "float"}) and kinds["pairs"].nested == frozenset({"int"})
    assert kinds["s"].top == frozenset({"str"})
    plan = make_plan("def f(n, xs):\n    return n\n", "f", [Case(args=[4, [1, 2]])], preconditions=preconditions[:3])
    assert plan.describe_types() == {"n": "int | float", "xs": "list[int | float]"}
    domain = Domain(["n", "xs"], plan.examples, "", kinds)
    assert domain.relevance((2.5, [1.5])).score == 1.0  # the contract promises floats: not a surprise


def test_a_contract_on_a_dicts_values_widens_them_as_promised():
    # Mbpp/796: the examples' values are ints, the contract admits floats, and a solution rejecting them has a bug
    preconditions = ["isinstance(d, dict)", "all(isinstance(x, (int, float)) for x in d.values())"]
    kinds = contract_kinds(preconditions, ["d"])
    assert kinds["d"] == Kinds(top=frozenset({"dict"}), values=frozenset({"int", "float"}))
    plan = make_plan(
        "def f(d):\n    return sum(d.values())\n", "f", [Case(args=[{"a": 100, "b": 200}])], preconditions=preconditions
    )
    assert plan.describe_types() == {"d": "dict[str, int | float]"}
    domain = Domain(["d"], plan.examples, "", kinds)
    assert domain.relevance(({"a": -74.5},)).score == 0.5  # a float is promised; only its sign is a surprise
    assert Domain(["d"], plan.examples).relevance(({"a": 7.5},)).score == 0.75  # without the contract it is one


def test_lists_of_elements_of_any_kind_get_nested_lists_among_them():
    # Mbpp/431: the examples pass lists of ints and lists of letters; EvalPlus nests lists in them, and a solution
    # going through set() fails there (unhashable type: 'list')
    preconditions = ["isinstance(a, list)", "isinstance(b, list)"]
    kinds = contract_kinds(preconditions, ["a", "b"])
    examples = [Case(args=[[1, 2, 3], [3, 4]]), Case(args=[["a", "b"], ["d", "b"]])]
    plan = make_plan("def f(a, b):\n    return any(x in b for x in a)\n", "f", examples, preconditions=preconditions)
    assert "list[int]" in plan.describe_types()["a"].removeprefix("list[")
    domain = Domain(["a", "b"], plan.examples, "", kinds)
    assert domain.relevance(([1, [4, 5]], [[4, 5], "b"])).score == 1.0
    numbers = make_plan("def f(a, b):\n    return a\n", "f", [Case(args=[[1, 2], [3]])], preconditions=preconditions)
    assert "list[int]" not in numbers.describe_types()["a"].removeprefix("list[")  # ints only: a list of numbers
    assert Domain(["a", "b"], numbers.examples, "", kinds).relevance(([[1]], [3])).score == 0.25


def test_an_int_parameter_is_tried_with_bools_at_a_bools_relevance():
    # Mbpp/80: tetrahedral_number(False) is 0.0 for the reference; a solution raising "must be a positive integer"
    # there fails EvalPlus, which passes a bool to half the MBPP+ parameters whose base inputs are ints
    plan = make_plan("def f(n, xs):\n    return n\n", "f", [Case(args=[5, [1, 2]]), Case(args=[7, [3]])])
    n, xs = plan.top.items
    boundary = n.boundary(GenContext.seeded(0))
    assert [v for v in boundary if isinstance(v, bool)] == [False, True]
    assert not any(isinstance(v, bool) for v in xs.elem.boundary(GenContext.seeded(0)))  # a parameter's, not elements'
    assert Domain(["n", "xs"], plan.examples).relevance((False, [1])).score == 0.7


def test_lengths_passed_beside_their_collection_must_match_it():
    domain = Domain(["arr", "n"], [([5, 4, 7], 3), ([1, 2], 2)])
    assert domain.relevance(([9, 9, 9, 9], 4)).score == 1.0
    mismatch = domain.relevance(([], 1))
    assert mismatch.score < 0.4 and "n is not len(arr)" in " ".join(mismatch.reasons)


def test_a_collection_the_examples_only_show_empty_says_nothing_of_its_elements():
    # HumanEval/78: "a hexadecimal number as a string", yet one base input is `[]`
    domain = Domain(["num"], [("AB",), ("1077E",), ([],)], "receives a hexadecimal number as a string")
    assert domain.relevance(([],)).score == 1.0
    filled = domain.relevance((["A", 1],))
    assert filled.score == 0.25 and "every example's list is empty" in filled.reasons[0]
    promised = Domain(["xs"], [([],)], "", {"xs": Kinds(top=frozenset({"list"}), elements=frozenset({"int"}))})
    assert promised.relevance(([1, 2],)).score == 1.0  # the contract says what its elements are


def test_cost_weight_is_full_when_confident_and_nothing_when_low():
    assert cost_weight(0.9) == 1.0 and cost_weight(FULL_CONFIDENCE) == 1.0
    halfway = (LOW_CONFIDENCE + FULL_CONFIDENCE) / 2
    assert abs(cost_weight(halfway) - 0.7) < 1e-9
    assert cost_weight(0.59) == 0.0 and cost_weight(0.3) == 0.0
    # the curve's full point is where a finding whose parts average 0.8 lands, as it was on the mean of parts
    assert probability(Confidence(0.8, 0.8, 0.8, 0.8)) == FULL_CONFIDENCE and 0.6 < FULL_CONFIDENCE < 0.8


def test_a_time_out_where_the_reference_itself_is_slow_is_slowness_not_a_hang():
    like_examples = Relevance(1.0, [])
    assert timeout_relevance(like_examples, reference_s=0.01, limit_s=2.0) is like_examples  # a hang
    slow = timeout_relevance(like_examples, reference_s=0.6, limit_s=2.4)  # HumanEval/147: an O(n^3) reference
    assert slow.score == 0.3 and "the reference itself takes 0.60 s" in slow.reasons[0]


def test_a_wrong_output_that_is_only_the_references_float_rounding_is_not_a_bug():
    like_examples = Relevance(1.0, [])
    n = 6439839  # Mbpp/80: the reference's n * (n + 1) * (n + 2) / 6 against an exact // 6
    rounded = rounding_relevance(like_examples, n * (n + 1) * (n + 2) / 6, n * (n + 1) * (n + 2) // 6)
    assert rounded.score == 0.25 and "float rounding" in rounded.reasons[0]
    assert rounding_relevance(like_examples, float("inf"), 10**400).score == 0.25  # the reference's float overflowed
    assert rounding_relevance(like_examples, 2.5, 2).score == 1.0  # small numbers: a real difference
    assert rounding_relevance(like_examples, 1e20, 2 * 10**20).score == 1.0  # far apart: a real difference
    assert rounding_relevance(like_examples, float("inf"), 1e300).score == 1.0
    assert rounding_relevance(like_examples, 1.5, 10**400).score == 1.0  # no overflow converting it
    assert rounding_relevance(like_examples, float("-inf"), 10**400).score == 1.0
    exact = 29065024282889672  # Mbpp/592: the reference's exact int, the candidate's float lost the last digits
    assert rounding_relevance(like_examples, exact, float(exact)).score == 1.0  # the candidate rounded: its bug
    assert rounding_relevance(like_examples, 10**400, float("inf")).score == 1.0  # the candidate's float overflowed


def test_brackets_that_do_not_pair_up_where_every_example_balances_them_are_out_of_the_domain():
    # HumanEval/6: "multiple groups for nested parentheses separated by spaces"
    groups = Domain(["s"], [("(()()) ((())) () ((())()())",), ("() (()) ((())) (((())))",), ("(()(())((())))",)])
    assert groups.relevance(("(()) ()",)).score == 1.0
    split = groups.relevance(("(()(())((() )))",))  # balanced as a whole, not word by word
    assert split.score == 0.3 and "each word's" in split.reasons[0]
    whole = Domain(["s"], [("( ) (( ))",), ("(( )( ))",)])  # HumanEval/1: spaces inside groups
    assert whole.relevance(("( ( ) )",)).score == 1.0 and whole.relevance((")( ",)).score == 0.3
    checker = Domain(["s"], [("()",), ("(()",), (")(",)])  # a balance checker's examples: both kinds
    assert checker.relevance(("((",)).score == 1.0


def test_a_key_two_dicts_disagree_on_is_out_of_the_domain_unless_an_example_shows_one():
    # Mbpp/87 "merge three dictionaries": no example gives two dicts one key, so which value wins is the
    # reference's ChainMap choice (the first), not the prompt's; a solution keeping the last is not wrong
    merge = Domain(["d1", "d2", "d3"], [({"R": "Red"}, {"G": "Green"}, {"O": "Orange"}), ({"P": "Pink"}, {}, {})])
    assert merge.relevance(({"A": "Apple"}, {"A": "Apple"}, {"B": "Blue"})).score == 1.0  # the same either way
    clash = merge.relevance(({"A": "Apple"}, {"A": "Ash"}, {}))
    assert clash.score == 0.3 and "key 'A' different values" in clash.reasons[0]
    records = Domain(["rows"], [([{"make": "Nokia", "model": 216}, {"make": "Mi", "model": 2}],)])
    assert records.relevance(([{"make": "x", "model": 1}, {"make": "y", "model": 1}],)).score == 1.0  # seen


def test_an_int_past_the_word_width_the_prompt_names_is_out_of_the_domain():
    # Mbpp/799: "rotate left bits by d bits ... We assume that the number is 32 bit"
    prompt = "Rotate left bits by d bits a given number. We assume that the number is 32 bit."
    rotate = Domain(["n", "d"], [(16, 2), (99, 3), (1, 3)], prompt)
    assert rotate.relevance((99, 31)).score == 1.0 and rotate.relevance((2**40, 3)).score < 1.0  # n: magnitude only
    past = rotate.relevance((5, 32))
    assert past.score == 0.3 and "past the 32 bits the prompt names" in past.reasons[0]
    assert Domain(["n", "d"], [(16, 2), (99, 3)]).relevance((5, 32)).score == 1.0  # no width named


def test_zero_where_the_prompt_asks_about_signs_and_no_example_has_one_is_out_of_the_domain():
    # Mbpp/58 "whether the given two integers have opposite sign": is 0 of the opposite sign to -1? The prompt
    # does not say; the reference's `x ^ y < 0` says yes, `x * y < 0` no
    prompt = "Check whether the given two integers have opposite sign or not."
    signs = Domain(["x", "y"], [(1, -2), (3, 2), (-10, -10), (-2, 2)], prompt)
    zero = signs.relevance((-1, 0))
    assert zero.score == 0.3 and "asks about signs" in zero.reasons[0]
    assert Domain(["x", "y"], [(1, -2), (3, 2), (-10, -10)]).relevance((-1, 0)).score == 1.0  # no signs asked
    assert Domain(["x", "y"], [(1, -2), (-3, 0)], prompt).relevance((-1, 0)).score == 1.0  # an example has a zero


def test_a_wrong_output_where_the_reference_answers_past_the_word_width_the_prompt_names_is_not_a_bug():
    # Mbpp/799 "we assume that the number is 32 bit": left_rotate(5, 31) is 10737418242 for the reference's
    # `(n << d) | (n >> (32 - d))`, which never wraps; a candidate masking to 32 bits answers 2147483650
    like_examples = Relevance(1.0, [])
    wide = width_relevance(like_examples, 32, 10737418242)
    assert wide.score == 0.3 and "not a 32-bit number" in wide.reasons[0]
    assert width_relevance(like_examples, 32, 2**32 - 1).score == 1.0
    assert width_relevance(like_examples, 32, -(2**31)).score == 1.0  # a signed 32-bit number
    assert width_relevance(like_examples, None, 10737418242).score == 1.0  # no width named
    assert width_relevance(like_examples, 32, 1e12).score == 1.0  # a float is no word
