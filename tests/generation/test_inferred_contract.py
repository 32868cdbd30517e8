"""The contract the relevance of a failing input is judged against, in words, as the report shows it."""

from __future__ import annotations

from codeeval.generation.domain import Domain


def test_the_contract_says_what_each_parameter_shows_and_what_the_prompt_promises() -> None:
    domain = Domain(
        ["xs", "word", "k"],
        [([1, 2, 3], "abc", 3), ([0, 5, 9, 12], "hello", 0), ([-2, 4, 7], "x", 10)],
        prompt="Given a non-empty list of numbers and a lowercase word.",
    )
    contract = domain.describe()
    assert contract["xs"] == "list; lengths 3-4; sorted; elements: (int; numbers -2 to 12)"
    assert contract["word"] == "str; characters: lowercase; lengths 1-5"
    assert contract["k"] == "int; numbers 0 to 10"
    assert contract["(the prompt promises)"] == "lowercase, non-empty"


def test_the_contract_names_the_word_width_and_the_questions_the_prompt_leaves_open() -> None:
    rotate = Domain(["n", "d"], [(16, 2), (99, 3)], prompt="Rotate left bits by d bits. The number is 32 bit.")
    assert rotate.describe()["(the prompt promises)"] == "32-bit numbers"
    signs = Domain(["x", "y"], [(1, -2), (3, 2)], prompt="Whether the two integers have opposite sign.")
    assert signs.describe()["(the prompt leaves open)"] == "the sign of zero"
    merge = Domain(["a", "b"], [({"R": "Red"}, {"G": "Green"})], prompt="Merge two dictionaries.")
    assert merge.describe()["(the prompt leaves open)"] == "which value wins a key two dicts share"
    shown = Domain(["a", "b"], [({"R": "Red"}, {"R": "Rose"})], prompt="Merge two dictionaries.")
    assert "(the prompt leaves open)" not in shown.describe()  # an example shows which one wins


def test_without_examples_there_is_no_contract_to_show() -> None:
    assert Domain(["xs"], []).describe() == {}
