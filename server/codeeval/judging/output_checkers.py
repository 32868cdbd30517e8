"""Output checkers for stdin/stdout programs: is a program's output an accepted answer?

Run in the trusted parent: the solution never sees the expected output. A problem's checker (`CheckerSpec`)
says how its outputs compare (docs/problem-format.md); `check_output` answers None when the output is
accepted, else the first `Difference`, both sides shown.

- `exact`: the same text once `\\r\\n` is read as `\\n`; nothing else is forgiven (trailing spaces, a final
  newline).
- `lines`: LiveCodeBench's rule. The whole output is stripped (so blank lines and spaces at its start and end
  never matter), split at `\\n`, each line stripped; the two sides must have as many lines and each line must
  be equal. As in LiveCodeBench, two lines that differ as text still match when every token on both parses
  as a `decimal.Decimal` (its syntax: `1_000`, `inf` and `nan` included; NaN equals nothing) and the values
  are equal one for one (`1.50` matches `1.5`, `2 3` matches `2  3`); with a tolerance set, within it.
- `tokens`: the whitespace-separated tokens, in order. With both tolerances 0, each token compared as text
  (testlib's `wcmp`: `1.0` is not `1`). With a tolerance set, two tokens that are both numbers match when
  their values are within it; other tokens compared as text.
- `case_insensitive`: as `tokens`, the text compared case-insensitively (`str.casefold`: `yes` is `YES`).
- `unordered_lines`: the multiset of stripped, non-blank lines.
- `unordered_tokens`: the multiset of tokens. With a tolerance set, numbers are paired by value: both sides'
  numbers sorted, then matched greedily from the smallest; other tokens compared as text.

Numbers (for the tolerances): a token is a number when it is a plain decimal in ASCII: an optional sign (`+`
or `-`), digits with an optional point (`3`, `-2.5`, `1.`, `.5`), an optional exponent (`1e-9`, `2E+5`).
`nan`, `inf`, `1_000`, hex and non-ASCII digits are not numbers: they compare as text. Values are exact
decimals (never floats: `50000000000000000` and `50000000000000001` differ by 1, which an absolute tolerance
of 1e-5 does not forgive) and a tolerance is taken as the decimal its float prints as (`1e-05` is exactly
0.00001). Actual `a` matches expected `b` when `a == b`, or `|a - b| <= abs_tol`, or
`|a - b| <= rel_tol * |b|` (bounds included; CodeContests uses 1e-5 for both). Greedy pairing finds a
pairing of unordered numbers whenever one exists while `rel_tol <= 1` (each expected number's interval of
accepted values then moves up with the number).

The text compared comes from a program we do not trust (binary junk decoded with replacement characters or
lone surrogates, NUL bytes, tens of megabytes on one line), so nothing here raises on any text and every pass
is linear. The ordered checkers read the text a megabyte at a time rather than as one list of every line or
token (the unordered ones must count every distinct line or token). A `Difference` shows at most
`SHOWN_CHARS` characters a side, every unprintable character escaped, so it can be written to JSON, Markdown
or a terminal as it is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from decimal import MAX_EMAX, MIN_EMIN, Context, Decimal
from itertools import islice, zip_longest

from ..problem.program_definition import Checker, CheckerSpec

SHOWN_CHARS = 200  # the most a Difference shows of one side
NOTHING = "(nothing)"  # a side that has nothing at that place: the output ended, or no token is left over
CHUNK_CHARS = 1 << 20  # text is split a chunk at a time, so a 50 MB output never becomes one list of strings
BLOCK_CHARS = 4096  # `exact` looks for the first differing character a block at a time

_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")  # fullmatch only
_SPACE = re.compile(r"\s")  # the whitespace `str.split()` splits at
_TOKEN = re.compile(r"\S+")  # a token as `str.split()` gives it
_PRECISION = 60  # digits a difference is rounded to: far beyond any tolerance's meaning


@dataclass(frozen=True)
class Difference:
    """Where an output first departs from the expected output, and both sides there (each shortened)."""

    where: str  # "line 3", "token 17 (line 2)", "the multiset of lines"
    expected: str  # the expected side at that place, or NOTHING
    actual: str  # the output's side at that place, or NOTHING

    def sentence(self) -> str:
        """One line for people: "line 3: expected `5`, got `6`"."""
        return f"{self.where}: expected {_quoted(self.expected)}, got {_quoted(self.actual)}"


def check_output(spec: CheckerSpec, expected: str, actual: str) -> Difference | None:
    """None when `actual` is accepted as `expected` under `spec`; else the first difference, both sides.

    No text makes it raise. A custom checker is the problem's own code: it runs in the sandbox, never here
    (judging/custom_checker.py), so `spec` must be a built-in checker (ValueError otherwise)."""
    check = _CHECKS.get(spec.kind)
    if check is None:
        raise ValueError(f"the {spec.kind} checker runs in the sandbox (judging/custom_checker.py), not here")
    if expected == actual:  # every checker accepts a text as itself; this costs one pass in C
        return None
    return check(_Numbers(spec), expected, actual)


def shorten(text: str) -> str:
    """`text` as a Difference shows it: unprintable characters escaped, at most SHOWN_CHARS characters."""
    head = text[: SHOWN_CHARS + 1]  # never escape more than is shown: a side may be megabytes long
    shown = "".join(char if char.isprintable() else repr(char)[1:-1] for char in head)
    return shown if len(shown) <= SHOWN_CHARS else shown[: SHOWN_CHARS - 1] + "…"


def split_lines(text: str, chunk: int = CHUNK_CHARS) -> Iterator[str]:
    """`text.split("\\n")`, a chunk at a time."""
    position = 0
    while len(text) - position > chunk:
        newline = text.find("\n", position + chunk)
        if newline < 0:
            break
        yield from text[position:newline].split("\n")
        position = newline + 1
    yield from text[position:].split("\n")


def split_tokens(text: str, chunk: int = CHUNK_CHARS) -> Iterator[str]:
    """`text.split()`, a chunk at a time (each chunk ends at whitespace, so no token is cut)."""
    position = 0
    while len(text) - position > chunk:
        space = _SPACE.search(text, position + chunk)
        if space is None:
            break
        yield from text[position : space.start()].split()
        position = space.start()
    yield from text[position:].split()


class _Numbers:
    """How numbers compare under one spec: exact decimals, differences rounded to _PRECISION digits."""

    def __init__(self, spec: CheckerSpec) -> None:
        # A context of our own (no traps, every exponent allowed): the thread's context is not ours to rely on.
        self.context = Context(prec=_PRECISION, Emax=MAX_EMAX, Emin=MIN_EMIN, traps=[])
        self.abs_tol, self.rel_tol = _tolerance(spec.abs_tol), _tolerance(spec.rel_tol)
        self.tolerant = self.abs_tol > 0 or self.rel_tol > 0

    def parse(self, token: str) -> Decimal | None:
        """The value of a number token (the module's syntax), or None for any other token."""
        if _NUMBER.fullmatch(token) is None:
            return None
        value = Decimal(token, self.context)  # NaN for an exponent beyond the widest context: not a number
        return value if value.is_finite() else None

    def parse_loosely(self, token: str) -> Decimal:
        """The token as `Decimal(token)` reads it (LiveCodeBench's syntax): NaN when it is not a number."""
        value = Decimal(token, self.context)  # no traps: a malformed token gives NaN, never an exception
        return Decimal("NaN") if value.is_snan() else value  # a signalling NaN would raise when compared

    def close(self, expected: Decimal, actual: Decimal) -> bool:
        """Whether `actual` matches `expected`: equal, or within a tolerance (NaN matches nothing)."""
        if expected.is_nan() or actual.is_nan():
            return False
        if expected == actual:
            return True
        if not (self.tolerant and expected.is_finite() and actual.is_finite()):
            return False
        difference = self.context.abs(self.context.subtract(actual, expected))
        if difference <= self.abs_tol:
            return True
        return difference <= self.context.multiply(self.rel_tol, self.context.abs(expected))

    def tokens_match(self, expected: str, actual: str, fold: bool) -> bool:
        """Whether two tokens that are not the same text still match: by case (when folding) or as numbers."""
        if fold and expected.casefold() == actual.casefold():
            return True
        if not self.tolerant:
            return False
        expected_value, actual_value = self.parse(expected), self.parse(actual)
        return expected_value is not None and actual_value is not None and self.close(expected_value, actual_value)

    def lines_match(self, expected: str, actual: str) -> bool:
        """LiveCodeBench's second chance for two stripped lines: token for token, equal as decimals."""
        for expected_token, actual_token in zip_longest(split_tokens(expected), split_tokens(actual)):
            if expected_token is None or actual_token is None:
                return False
            if not self.close(self.parse_loosely(expected_token), self.parse_loosely(actual_token)):
                return False
        return True


def _tolerance(value: float) -> Decimal:
    """A tolerance as the decimal its float prints as (1e-05 is 0.00001); CheckerSpec refuses a negative one."""
    return Decimal(repr(float(value)))


def _quoted(side: str) -> str:
    return side if side == NOTHING else f"`{side}`"


def _shown(side: str | None) -> str:
    return NOTHING if side is None else shorten(side)


def _line_where(expected_line: int, actual_line: int) -> str:
    """A line's place, in the expected output's numbering, and the output's when that differs."""
    if expected_line == actual_line:
        return f"line {expected_line}"
    return f"line {expected_line} (line {actual_line} of the output)"


def _check_exact(numbers: _Numbers, expected: str, actual: str) -> Difference | None:
    del numbers  # `exact` has no numbers
    expected, actual = expected.replace("\r\n", "\n"), actual.replace("\r\n", "\n")
    if expected == actual:
        return None
    offset = _first_difference(expected, actual)
    line = expected.count("\n", 0, offset) + 1  # the same in both: they agree up to offset
    return Difference(f"line {line}", _line_at(expected, offset), _line_at(actual, offset))


def _first_difference(first: str, second: str) -> int:
    """The first offset at which two different strings differ (the shorter one's length if it is a prefix)."""
    shorter = min(len(first), len(second))
    for start in range(0, shorter, BLOCK_CHARS):
        stop = min(start + BLOCK_CHARS, shorter)
        if first[start:stop] != second[start:stop]:
            return next(offset for offset in range(start, stop) if first[offset] != second[offset])
    return shorter


def _line_at(text: str, offset: int) -> str:
    """The line of `text` holding `offset`, with its newline (escaped when shown); NOTHING past the end."""
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", start)
    if end < 0:
        return shorten(text[start:]) if start < len(text) else NOTHING
    return shorten(text[start : end + 1])


def _check_lines(numbers: _Numbers, expected: str, actual: str) -> Difference | None:
    expected_lines, expected_skipped = _stripped_lines(expected)
    actual_lines, actual_skipped = _stripped_lines(actual)
    for index, (expected_line, actual_line) in enumerate(zip_longest(expected_lines, actual_lines)):
        if expected_line == actual_line:
            continue
        if expected_line is not None and actual_line is not None and numbers.lines_match(expected_line, actual_line):
            continue
        where = _line_where(index + 1 + expected_skipped, index + 1 + actual_skipped)
        return Difference(where, _shown(expected_line), _shown(actual_line))
    return None


def _stripped_lines(text: str) -> tuple[Iterable[str], int]:
    """LiveCodeBench's lines of an output (none when it is blank), and how many blank lines led them."""
    stripped = text.strip()
    if not stripped:
        return (), 0
    skipped = text.count("\n", 0, text.find(stripped[0]))
    return map(str.strip, split_lines(stripped)), skipped


def _check_tokens(numbers: _Numbers, expected: str, actual: str, fold: bool = False) -> Difference | None:
    pairs = zip_longest(split_tokens(expected), split_tokens(actual))
    for index, (expected_token, actual_token) in enumerate(pairs):
        if expected_token == actual_token:
            continue
        if (
            expected_token is not None
            and actual_token is not None
            and numbers.tokens_match(expected_token, actual_token, fold)
        ):
            continue
        where = f"token {index + 1} ({_token_lines(expected, actual, index, expected_token, actual_token)})"
        return Difference(where, _shown(expected_token), _shown(actual_token))
    return None


def _check_case_insensitive(numbers: _Numbers, expected: str, actual: str) -> Difference | None:
    return _check_tokens(numbers, expected, actual, fold=True)


def _token_lines(expected: str, actual: str, index: int, expected_token: str | None, actual_token: str | None) -> str:
    """Which line the token at `index` is on: in the expected output, and in the output when that differs."""
    expected_line = None if expected_token is None else _token_line(expected, index)
    actual_line = None if actual_token is None else _token_line(actual, index)
    if expected_line is None or actual_line is None or expected_line == actual_line:
        return f"line {expected_line or actual_line}"
    return f"line {expected_line}; line {actual_line} of the output"


def _token_line(text: str, index: int) -> int:
    """The line number of the token at `index` (which exists) of `text`: found once, at a difference."""
    token = next(islice(_TOKEN.finditer(text), index, None), None)
    return 1 if token is None else text.count("\n", 0, token.start()) + 1


def _check_unordered_lines(numbers: _Numbers, expected: str, actual: str) -> Difference | None:
    del numbers  # lines compare as text
    expected_lines = Counter(filter(None, map(str.strip, split_lines(expected))))
    actual_lines = Counter(filter(None, map(str.strip, split_lines(actual))))
    return _multiset_difference("the multiset of lines", expected_lines, actual_lines)


def _multiset_difference(where: str, expected: Counter[str], actual: Counter[str]) -> Difference | None:
    """None when the two multisets are equal; else the first item short in the output, the first in excess."""
    if dict.__eq__(expected, actual):  # Counter's own == is a loop in Python; no count here is 0
        return None
    return Difference(where, _shown(_first_excess(expected, actual)), _shown(_first_excess(actual, expected)))


def _first_excess(counts: Counter[str], other: Counter[str]) -> str | None:
    """The first item (in the order first seen) that `counts` has more often than `other`."""
    return next((item for item, count in counts.items() if count > other[item]), None)


def _check_unordered_tokens(numbers: _Numbers, expected: str, actual: str) -> Difference | None:
    where = "the multiset of tokens"
    if not numbers.tolerant:
        return _multiset_difference(where, Counter(split_tokens(expected)), Counter(split_tokens(actual)))
    expected_words, expected_numbers = _words_and_numbers(numbers, expected)
    actual_words, actual_numbers = _words_and_numbers(numbers, actual)
    short, excess = _unpaired_numbers(numbers, expected_numbers, actual_numbers)
    if dict.__eq__(expected_words, actual_words) and short is None and excess is None:
        return None
    short = _first_excess(expected_words, actual_words) or short
    excess = _first_excess(actual_words, expected_words) or excess
    return Difference(where, _shown(short), _shown(excess))


def _words_and_numbers(numbers: _Numbers, text: str) -> tuple[Counter[str], list[tuple[Decimal, str]]]:
    """The tokens that are not numbers, counted; the numbers with their text, sorted by value."""
    words: Counter[str] = Counter()
    values = []
    for token in split_tokens(text):
        value = numbers.parse(token)
        if value is None:
            words[token] += 1
        else:
            values.append((value, token))
    values.sort(key=lambda pair: pair[0])
    return words, values


def _unpaired_numbers(
    numbers: _Numbers, expected: list[tuple[Decimal, str]], actual: list[tuple[Decimal, str]]
) -> tuple[str | None, str | None]:
    """Pair sorted numbers greedily from the smallest: the first expected number left unpaired and the first
    actual one (None each when there is none). A number below the other side's current one can match no later
    number of the other side either, since intervals of accepted values move up with the expected value."""
    short: str | None = None
    excess: str | None = None
    expected_at = actual_at = 0
    while expected_at < len(expected) and actual_at < len(actual):
        (expected_value, expected_token), (actual_value, actual_token) = expected[expected_at], actual[actual_at]
        if numbers.close(expected_value, actual_value):
            expected_at, actual_at = expected_at + 1, actual_at + 1
        elif actual_value < expected_value:
            excess, actual_at = excess or actual_token, actual_at + 1
        else:
            short, expected_at = short or expected_token, expected_at + 1
    return short or _token_at(expected, expected_at), excess or _token_at(actual, actual_at)


def _token_at(values: list[tuple[Decimal, str]], at: int) -> str | None:
    return values[at][1] if at < len(values) else None


_CHECKS: dict[Checker, Callable[[_Numbers, str, str], Difference | None]] = {
    Checker.EXACT: _check_exact,
    Checker.LINES: _check_lines,
    Checker.TOKENS: _check_tokens,
    Checker.CASE_INSENSITIVE: _check_case_insensitive,
    Checker.UNORDERED_LINES: _check_unordered_lines,
    Checker.UNORDERED_TOKENS: _check_unordered_tokens,
}
BUILT_IN_CHECKERS = tuple(_CHECKS)  # the checkers run here; a custom one runs in the sandbox (custom_checker.py)
