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


def test_without_examples_there_is_no_contract_to_show() -> None:
    assert Domain(["xs"], []).describe() == {}
