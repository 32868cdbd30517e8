"""Output checkers for stdin/stdout programs: what each accepts and rejects, and the difference it shows."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codeeval.judging import output_checkers
from codeeval.judging.output_checkers import (
    BUILT_IN_CHECKERS,
    NOTHING,
    SHOWN_CHARS,
    Checker,
    CheckerSpec,
    Difference,
    check_output,
    shorten,
    split_lines,
    split_tokens,
)

TOLERANT = CheckerSpec(Checker.TOKENS, abs_tol=1e-5, rel_tol=1e-5)  # CodeContests' checker


def differs(kind: Checker | CheckerSpec, expected: str, actual: str) -> tuple[str, str, str] | None:
    spec = kind if isinstance(kind, CheckerSpec) else CheckerSpec(kind)
    difference = check_output(spec, expected, actual)
    return None if difference is None else (difference.where, difference.expected, difference.actual)


# The spec and the difference.


def test_checkers_are_words():
    assert [str(kind) for kind in Checker] == [
        "exact",
        "lines",
        "tokens",
        "case_insensitive",
        "unordered_lines",
        "unordered_tokens",
        "custom",
    ]
    assert list(BUILT_IN_CHECKERS) == list(Checker)[:-1]  # custom runs in the sandbox (test_custom_checker.py)
    assert f"{Checker.LINES}" == "lines"
    assert CheckerSpec().kind is Checker.LINES
    assert CheckerSpec("tokens", abs_tol=1e-5).kind is Checker.TOKENS


@pytest.mark.parametrize(
    "arguments",
    [
        {"kind": "diff"},
        {"abs_tol": -1e-5},
        {"rel_tol": float("nan")},
        {"abs_tol": float("inf")},
        {"abs_tol": "1e-5"},
    ],
)
def test_a_bad_spec_is_refused(arguments):
    with pytest.raises(ValueError):
        CheckerSpec(**arguments)


def test_a_difference_reads_as_a_sentence():
    assert Difference("line 3", "5", "6").sentence() == "line 3: expected `5`, got `6`"
    assert Difference("line 4", "7", NOTHING).sentence() == "line 4: expected `7`, got (nothing)"
    assert Difference("line 4", NOTHING, "8").sentence() == "line 4: expected (nothing), got `8`"


def test_a_side_is_shown_short_and_printable():
    assert shorten("x" * SHOWN_CHARS) == "x" * SHOWN_CHARS
    long = shorten("y" * 10**6)
    assert len(long) == SHOWN_CHARS and long.endswith("…")
    assert shorten("a\tb\x00\r\n\udc80") == "a\\tb\\x00\\r\\n\\udc80"
    assert len(shorten("\x00" * 1000)) == SHOWN_CHARS


def test_a_long_line_is_shortened_in_the_difference():
    where, expected, actual = differs(Checker.LINES, "1 " * 1000, "2 " * 1000)
    assert where == "line 1"
    assert len(expected) == len(actual) == SHOWN_CHARS
    assert expected.startswith("1 1 1") and actual.startswith("2 2 2")


# exact


def test_exact_forgives_only_crlf():
    assert differs(Checker.EXACT, "1\n2\n", "1\r\n2\r\n") is None
    assert differs(Checker.EXACT, "1\n2\n", "1 \n2\n") == ("line 1", "1\\n", "1 \\n")
    assert differs(Checker.EXACT, "1\n2\n", "1\n2") == ("line 2", "2\\n", "2")
    assert differs(Checker.EXACT, "1\n", "1\n\n") == ("line 2", NOTHING, "\\n")
    assert differs(Checker.EXACT, "1\n2\n3\n", "1\n2\n") == ("line 3", "3\\n", NOTHING)
    assert differs(Checker.EXACT, "a\nb", "a\rb") == ("line 1", "a\\n", "a\\rb")  # a lone \r is no line end
    assert differs(Checker.EXACT, "", "x") == ("line 1", NOTHING, "x")


def test_exact_finds_a_difference_far_into_a_line():
    expected = "x" * 100_000 + "1\n"
    assert differs(Checker.EXACT, expected, "x" * 100_000 + "2\n") is not None
    assert differs(Checker.EXACT, "1\n" * 5000 + "2\n", "1\n" * 5000 + "3\n") == ("line 5001", "2\\n", "3\\n")


# lines: LiveCodeBench's rule


LIVECODEBENCH_EXPECTED = "3\n1 2 3\nYes\n"


@pytest.mark.parametrize(
    "actual",
    [
        "3\n1 2 3\nYes\n",
        "3\n1 2 3\nYes",  # no final newline
        "3   \n1 2 3\t\nYes  \n",  # trailing spaces
        "3\r\n1 2 3\r\nYes\r\n",  # Windows line ends
        "3\n1 2 3\nYes\n\n\n  \n",  # trailing blank lines
        "\n\n3\n1 2 3\nYes\n",  # leading blank lines (LiveCodeBench strips the whole output)
        "  3\n  1 2 3\nYes\n",  # leading spaces on a line
        "3\n1  2 3\nYes\n",  # an all-number line compares as numbers
        "3.0\n1 2.00 3\nYes\n",
    ],
)
def test_lines_accepts_what_livecodebench_accepts(actual):
    assert differs(Checker.LINES, LIVECODEBENCH_EXPECTED, actual) is None


@pytest.mark.parametrize(
    "actual, difference",
    [
        ("3\n1 2 3\nYes\nextra\n", ("line 4", NOTHING, "extra")),
        ("3\n1 2 3\n", ("line 3", "Yes", NOTHING)),
        ("3\n1 2 4\nYes\n", ("line 2", "1 2 3", "1 2 4")),
        ("3\n1 2 3\nyes\n", ("line 3", "Yes", "yes")),
        ("3\n1 2\n3\nYes\n", ("line 2", "1 2 3", "1 2")),
        ("3\n\n1 2 3\nYes\n", ("line 2", "1 2 3", "")),  # a blank line inside counts
        ("\n\n3\n1 2 4\nYes\n", ("line 2 (line 4 of the output)", "1 2 3", "1 2 4")),
        ("", ("line 1", "3", NOTHING)),
    ],
)
def test_lines_rejects_with_the_first_differing_line(actual, difference):
    assert differs(Checker.LINES, LIVECODEBENCH_EXPECTED, actual) == difference


def test_lines_words_keep_their_spacing():
    assert differs(Checker.LINES, "a  b\n", "a b\n") == ("line 1", "a  b", "a b")
    assert differs(Checker.LINES, "Yes 2\n", "Yes  2\n") == ("line 1", "Yes 2", "Yes  2")  # not all numbers


def test_lines_numbers_follow_decimal_syntax():
    assert differs(Checker.LINES, "1000\n", "1_000\n") is None  # Decimal("1_000"), as LiveCodeBench reads it
    assert differs(Checker.LINES, "inf\n", "Infinity\n") is None
    assert differs(Checker.LINES, "nan\n", "nan\n") is None  # the same text
    assert differs(Checker.LINES, "nan\n", "NaN\n") == ("line 1", "nan", "NaN")  # NaN equals nothing
    assert differs(Checker.LINES, "1\n", "sNaN\n") == ("line 1", "1", "sNaN")
    assert differs(Checker.LINES, "0.3333333\n", "0.33333\n") is not None
    spec = CheckerSpec(Checker.LINES, abs_tol=1e-5)
    assert differs(spec, "0.3333333 7\n", "0.33333 7.000001\n") is None  # a tolerance applies when set
    assert differs(spec, "0.3333333\n", "0.3333\n") == ("line 1", "0.3333333", "0.3333")


def test_blank_outputs():
    for kind in BUILT_IN_CHECKERS:
        assert differs(kind, "", "") is None
    for kind in (Checker.LINES, Checker.TOKENS, Checker.UNORDERED_LINES, Checker.UNORDERED_TOKENS):
        assert differs(kind, "\n", " \n\n") is None
    assert differs(Checker.TOKENS, "0\n", "") == ("token 1 (line 1)", "0", NOTHING)
    assert differs(Checker.UNORDERED_LINES, "", "x") == ("the multiset of lines", NOTHING, "x")


# tokens


def test_tokens_ignore_spacing_and_line_breaks():
    assert differs(Checker.TOKENS, "1 2 3\n4\n", "1\n2\n3 4") is None
    assert differs(Checker.TOKENS, "1 2 3\n", "  1\t2 \r\n 3 \n\n") is None


def test_tokens_without_a_tolerance_compare_text():
    assert differs(Checker.TOKENS, "1\n", "1.0\n") == ("token 1 (line 1)", "1", "1.0")
    assert differs(Checker.TOKENS, "0.5\n", "0.50\n") == ("token 1 (line 1)", "0.5", "0.50")
    assert differs(Checker.TOKENS, "a b\nc d\n", "a b\nc e\n") == ("token 4 (line 2)", "d", "e")


def test_tokens_missing_and_extra():
    assert differs(Checker.TOKENS, "1 2\n3\n", "1 2\n") == ("token 3 (line 2)", "3", NOTHING)
    assert differs(Checker.TOKENS, "1 2\n", "1 2\n\n3\n") == ("token 3 (line 3)", NOTHING, "3")
    assert differs(Checker.TOKENS, "1 2 3\n", "1\n2\n4\n") == ("token 3 (line 1; line 3 of the output)", "3", "4")


@pytest.mark.parametrize(
    "expected, actual, accepted",
    [
        ("0.333333333", "0.33333", True),  # |d| = 3.3e-6
        ("0.333333333", "0.3333", False),  # 3.3e-5
        ("1", "1.00001", True),  # exactly 1e-5: the bound is included
        ("1", "0.99999", True),
        ("1", "1.0000101", False),
        ("1000000", "1000010", True),  # relative: 1e-5 * 1e6 = 10
        ("1000000", "1000010.5", False),
        ("-1000000", "-999990", True),
        ("1e6", "1000000", True),
        ("1", "1.0", True),
        ("-0", "0", True),
        ("+5", "5", True),
        (".5", "0.5", True),
        ("5.", "5", True),
        ("2.5E-3", "0.0025", True),
        ("123456789012345678901234567890", "123456789012345678901234567891", True),  # relative
        ("1e400", "1.000001e400", True),  # beyond floats
        ("1e-400", "0", True),
        ("nan", "nan", True),  # not numbers, the same text
        ("inf", "1e400", False),
        ("1000", "1_000", False),
        ("16", "0x10", False),
        ("1", "\uff11", False),  # a full-width digit is no number here
        ("yes", "YES", False),
        ("1e99999999999999999999", "1e99999999999999999999", True),
        ("1e99999999999999999999", "2e99999999999999999999", False),  # an exponent no decimal holds: text
    ],
)
def test_tokens_with_codecontests_tolerance(expected, actual, accepted):
    assert (check_output(TOLERANT, expected, actual) is None) is accepted


def test_tolerances_on_their_own():
    absolute = CheckerSpec(Checker.TOKENS, abs_tol=1e-5)
    relative = CheckerSpec(Checker.TOKENS, rel_tol=1e-5)
    assert differs(absolute, "1000000", "1000000.00001") is None
    assert differs(absolute, "1000000", "1000001") == ("token 1 (line 1)", "1000000", "1000001")
    assert differs(relative, "1000000", "1000001") is None
    assert differs(relative, "0", "0.000001") == ("token 1 (line 1)", "0", "0.000001")  # nothing is relative to 0
    # Exact values, not floats: these two are the same float but 1 apart.
    assert differs(absolute, "50000000000000000", "50000000000000001") is not None
    assert differs(absolute, "50000000000000000", "50000000000000000.000001") is None


# case_insensitive


def test_case_insensitive_tokens():
    assert differs(Checker.CASE_INSENSITIVE, "YES\nNO\n", "yes\nNo\n") is None
    assert differs(Checker.CASE_INSENSITIVE, "Straße", "STRASSE") is None
    assert differs(Checker.CASE_INSENSITIVE, "YES\nNO\n", "yes\nyes\n") == ("token 2 (line 2)", "NO", "yes")
    assert differs(Checker.CASE_INSENSITIVE, "Yes 1.0", "yes 1") == ("token 2 (line 1)", "1.0", "1")
    spec = CheckerSpec(Checker.CASE_INSENSITIVE, abs_tol=1e-5)
    assert differs(spec, "Yes 1.0", "yes 1.000001") is None
    assert differs(Checker.TOKENS, "YES", "yes") == ("token 1 (line 1)", "YES", "yes")


# unordered


def test_unordered_lines():
    assert differs(Checker.UNORDERED_LINES, "a b\nc\nd\n", "d\n  c \n\na b\n") is None
    assert differs(Checker.UNORDERED_LINES, "a\na\nb\n", "a\nb\nb\n") == ("the multiset of lines", "a", "b")
    assert differs(Checker.UNORDERED_LINES, "a\nb\n", "b\n") == ("the multiset of lines", "a", NOTHING)
    assert differs(Checker.UNORDERED_LINES, "a b\n", "a  b\n") == ("the multiset of lines", "a b", "a  b")
    assert differs(Checker.UNORDERED_LINES, "1\n", "1.0\n") == ("the multiset of lines", "1", "1.0")


def test_unordered_tokens():
    assert differs(Checker.UNORDERED_TOKENS, "1 2 3\nx\n", "x 3\n2 1") is None
    assert differs(Checker.UNORDERED_TOKENS, "1 1 2", "1 2 2") == ("the multiset of tokens", "1", "2")
    assert differs(Checker.UNORDERED_TOKENS, "1 2", "2 1.0") == ("the multiset of tokens", "1", "1.0")


def test_unordered_tokens_pair_numbers_within_the_tolerance():
    spec = CheckerSpec(Checker.UNORDERED_TOKENS, abs_tol=0.1)
    assert differs(spec, "3 1.0 x 2", "2.05 x 0.95 3") is None
    # Pairing 1.1 with 1.1 first would leave 1.0 against 1.2; sorted, 1.0-1.1 and 1.1-1.2 both hold.
    assert differs(spec, "1.1 1.0", "1.1 1.2") is None
    assert differs(spec, "1 2 3", "1 2 4") == ("the multiset of tokens", "3", "4")
    assert differs(spec, "1 2 3", "2 3") == ("the multiset of tokens", "1", NOTHING)
    assert differs(spec, "1 2", "0 1 2") == ("the multiset of tokens", NOTHING, "0")
    assert differs(spec, "x 1", "1 y") == ("the multiset of tokens", "x", "y")
    assert differs(spec, "x 1", "x 5") == ("the multiset of tokens", "1", "5")
    assert differs(CheckerSpec(Checker.UNORDERED_TOKENS, rel_tol=1e-5), "-1000000 5", "5 -1000010") is None


# A big output: two million lines, each checked in one pass.


@pytest.fixture(scope="module")
def two_million_lines() -> str:
    return "".join(f"{number}\n" for number in range(2_000_000))


@pytest.mark.parametrize(
    "kind, where",
    [
        (Checker.EXACT, "line 2000000"),
        (Checker.LINES, "line 2000000"),
        (Checker.TOKENS, "token 2000000 (line 2000000)"),
        (Checker.CASE_INSENSITIVE, "token 2000000 (line 2000000)"),
        (Checker.UNORDERED_LINES, "the multiset of lines"),
        (Checker.UNORDERED_TOKENS, "the multiset of tokens"),
    ],
)
def test_two_million_lines_differing_at_the_last(two_million_lines, kind, where):
    wrong = two_million_lines[: -len("1999999\n")] + "x\n"
    difference = check_output(CheckerSpec(kind), two_million_lines, wrong)
    assert difference is not None
    assert difference.where == where
    assert (difference.expected, difference.actual) in {("1999999", "x"), ("1999999\\n", "x\\n")}


@pytest.mark.parametrize("kind", [Checker.LINES, Checker.TOKENS])
def test_two_million_lines_accepted_with_other_line_ends(two_million_lines, kind):
    assert check_output(CheckerSpec(kind), two_million_lines, two_million_lines.replace("\n", " \r\n")) is None


def test_two_million_numbers_within_a_tolerance(two_million_lines):
    actual = two_million_lines.replace("\n", ".000001\n")
    assert check_output(TOLERANT, two_million_lines, actual) is None


def test_one_enormous_line():
    expected = "7 " * 3_000_000
    assert check_output(CheckerSpec(Checker.TOKENS), expected, expected.replace(" ", "\t")) is None
    difference = check_output(CheckerSpec(Checker.LINES), expected, expected + "8")
    assert difference is not None and difference.where == "line 1"


# Properties.

any_text = st.text(st.characters(exclude_categories=()), max_size=60)  # surrogates, NUL, every line end
pieces = st.one_of(
    st.sampled_from(["\n", "\r\n", "\r", " ", "\t", "", "\x00", "\udc80", "\x0b", "\u2028", "\x1c"]),
    st.sampled_from(["0", "-0", "1", "1.0", "1e5", "+2", ".5", "nan", "inf", "sNaN", "1_000", "YES", "yes"]),
    st.decimals(allow_nan=False, allow_infinity=False).map(str),
    st.text(max_size=4),
)
outputs = st.one_of(any_text, st.lists(pieces, max_size=20).map("".join))
specs = st.builds(
    CheckerSpec,
    st.sampled_from(BUILT_IN_CHECKERS),
    st.sampled_from([0.0, 1e-5, 0.5]),
    st.sampled_from([0.0, 1e-5, 2.0]),
)


def assert_shown(difference: Difference | None) -> None:
    if difference is not None:
        for side in (difference.where, difference.expected, difference.actual):
            assert len(side) <= SHOWN_CHARS + 60
            side.encode("utf-8")  # no lone surrogate: writable as it is
        difference.sentence().encode("utf-8")


@settings(max_examples=500, deadline=None)
@given(specs, outputs, outputs)
def test_no_text_makes_a_checker_raise(spec, expected, actual):
    assert_shown(check_output(spec, expected, actual))


@settings(max_examples=300, deadline=None)
@given(specs, outputs)
def test_every_checker_accepts_a_text_as_itself(spec, text):
    assert check_output(spec, text, text) is None
    # The same through each checker's own rule (check_output answers equal texts before any rule runs).
    check = output_checkers._CHECKS[spec.kind]
    assert check(output_checkers._Numbers(spec), text, "".join(text)) is None


@settings(max_examples=300, deadline=None)
@given(outputs, st.sampled_from(["", " ", "\n", " \n\n", "\t\r\n"]))
def test_trailing_whitespace_never_matters_but_to_exact(text, suffix):
    for kind in (Checker.LINES, Checker.TOKENS, Checker.CASE_INSENSITIVE, Checker.UNORDERED_LINES):
        assert differs(kind, text, text + suffix) is None
        assert differs(kind, text + suffix, text) is None


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.text(st.characters(exclude_categories=("Z", "Cc", "Cs")), min_size=1, max_size=6), max_size=20),
    st.randoms(use_true_random=False),
)
def test_respacing_and_shuffling_tokens(tokens, rng):
    spaces = [" ", "  ", "\n", "\r\n", "\t", " \n\n "]
    expected = " ".join(tokens) + "\n"
    respaced = "".join(token + rng.choice(spaces) for token in tokens)
    assert differs(Checker.TOKENS, expected, respaced) is None
    assert differs(Checker.CASE_INSENSITIVE, expected, respaced.upper()) is None or any(
        token.upper().casefold() != token.casefold() for token in tokens
    )
    shuffled = tokens[:]
    rng.shuffle(shuffled)
    assert differs(Checker.UNORDERED_TOKENS, expected, "\n".join(shuffled)) is None
    assert differs(CheckerSpec(Checker.UNORDERED_TOKENS, abs_tol=1e-5), expected, "\n".join(shuffled)) is None


finite_decimals = st.decimals(allow_nan=False, allow_infinity=False, min_value=-(10**12), max_value=10**12, places=7)


@settings(max_examples=500, deadline=None)
@given(finite_decimals, finite_decimals, st.sampled_from(["1e-5", "0.001", "3"]))
def test_an_absolute_tolerance_is_exact(expected, actual, tolerance):
    spec = CheckerSpec(Checker.TOKENS, abs_tol=float(tolerance))
    within = abs(expected - actual) <= Decimal(tolerance)
    assert (check_output(spec, str(expected), str(actual)) is None) is within
    assert (check_output(spec, f"{expected:f} x", f"{actual:e} x") is None) is within


@settings(max_examples=300, deadline=None)
@given(st.lists(finite_decimals, max_size=12), st.randoms(use_true_random=False), st.floats(0, 0.5))
def test_unordered_numbers_nudged_within_the_tolerance(values, rng, nudge):
    spec = CheckerSpec(Checker.UNORDERED_TOKENS, abs_tol=0.5)
    nudged = [value + Decimal(rng.choice([-1, 1])) * Decimal(nudge) for value in values]
    rng.shuffle(nudged)
    expected, actual = " ".join(map(str, values)), " ".join(map(str, nudged))
    assert check_output(spec, expected, actual) is None
    assert check_output(spec, expected, actual + " 1e13") == Difference("the multiset of tokens", NOTHING, "1e13")


@settings(max_examples=500, deadline=None)
@given(outputs, st.integers(1, 8))
def test_text_is_split_a_chunk_at_a_time_as_at_once(text, chunk):
    assert list(split_lines(text, chunk)) == text.split("\n")
    assert list(split_tokens(text, chunk)) == text.split()


def test_a_shuffled_big_output_is_accepted_unordered():
    lines = [f"{number} {number % 7}" for number in range(200_000)]
    shuffled = lines[:]
    random.Random(28).shuffle(shuffled)
    expected, actual = "\n".join(lines), "\n".join(shuffled)
    assert differs(Checker.UNORDERED_LINES, expected, actual) is None
    assert differs(CheckerSpec(Checker.UNORDERED_TOKENS, rel_tol=1e-5), expected, actual) is None
