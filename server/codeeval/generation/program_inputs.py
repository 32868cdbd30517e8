"""Edge-case inputs for stdin/stdout programs: the given tests' inputs changed while keeping their shape.

A program's input has no signature to read, but its tests show the layout contest inputs share: a count
(`N`), then `N` values on one line (an array) or `N` lines of the same width (rows). Mutations change the
content and keep that layout: an array or the rows reversed, sorted, shuffled, all equal, at the smallest
and largest value the tests use, cut down to one element. An input is kept only when it still has every
property all the given inputs share (sorted arrays, distinct values, signs, a count never above another
number): a property every test has is taken as part of the problem's contract, so the generated inputs stay
inside it. The reference program then gives each kept input's expected output; what it rejects is dropped.
Plain text in, plain text out: nothing here runs code.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from ..base.vocabulary import Vocabulary
from .statement_bounds import Bound, base_name, input_format, statement_bounds

INTEGER = re.compile(r"[+-]?\d+")
T = TypeVar("T")
MAX_INPUT_BYTES = 1_000_000  # inputs past this are only timed, not mutated
MAX_MUTANTS = 40
RANDOM_VARIANTS = 3  # random arrays per array of a test
MAX_GENERATED_ELEMENTS = 200_000  # a contest's usual largest N: reached only when the constraints allow it


class Mutation(Vocabulary):
    """How an edge-case input was made from a test's input."""

    REVERSED = "reversed"
    SORTED = "sorted"
    SORTED_DESCENDING = "sorted descending"
    SHUFFLED = "shuffled"
    ALL_EQUAL = "all equal"
    ALL_SMALLEST = "all at the smallest value"
    ALL_LARGEST = "all at the largest value"
    RANDOM_VALUES = "random values in the tests' range"
    SINGLE = "a single element"
    LARGEST = "the largest size the constraints allow"
    AT_UPPER_BOUND = "every value at the constraints' upper bound"
    AT_LOWER_BOUND = "every value at the constraints' lower bound"


@dataclass(frozen=True)
class MutatedInput:
    """One generated input: its text, how it was made, and from which test."""

    text: str
    mutation: Mutation
    source: int  # index of the test whose input it changes


@dataclass(frozen=True)
class Sequence:
    """A run of values an earlier count announces: the tokens of one line, or whole lines (rows)."""

    count_at: tuple[int, int]  # (line, token) of the count
    lines: tuple[int, ...]  # one line for an array, several for rows
    fewer: int = 0  # the count less the number of elements: 1 for a tree's N - 1 edges


class Layout:
    """An input's lines of tokens, and the sequences whose length a count on an earlier line gives."""

    def __init__(self, text: str):
        self.text = text
        self.lines = [line.split() for line in text.split("\n")]
        if self.lines and not self.lines[-1]:
            self.lines.pop()
        self.sequences = self._sequences()

    def _sequences(self) -> list[Sequence]:
        found: list[Sequence] = []
        claimed: set[int] = set()
        for index, tokens in enumerate(self.lines):
            if index in claimed:  # an element's value is not a count
                continue
            for position, token in enumerate(tokens):
                if not INTEGER.fullmatch(token) or int(token) < 1:
                    continue
                sequence = self._announced(index, position, int(token), claimed)
                if sequence is not None:
                    found.append(sequence)
                    claimed.update(sequence.lines)
        return found

    def _announced(self, index: int, position: int, count: int, claimed: set[int]) -> Sequence | None:
        """The array on the next line with `count` tokens, or the `count` next lines of one width (rows);
        None when neither, or both, fit: an input that can be read two ways is not read."""
        after = index + 1
        if count < 2 or after >= len(self.lines) or after in claimed:
            return None
        readings = []
        if len(self.lines[after]) == count:
            readings.append(Sequence((index, position), (after,)))
        for fewer in (0, 1):  # N rows, or N - 1 (a tree's edges)
            rows = tuple(range(after, min(after + count - fewer, len(self.lines))))
            if count - fewer < 2 or len(rows) != count - fewer or claimed & set(rows):
                continue
            widths = {len(self.lines[row]) for row in rows}
            if len(widths) == 1 and widths != {0} and widths != {1}:
                readings.append(Sequence((index, position), rows, fewer))
                break
        return readings[0] if len(readings) == 1 else None

    @property
    def explained(self) -> bool:
        """Whether every line is the first line, a line of counts, or part of what a count announces: only
        then is the layout read with some certainty (a pair `1 2` followed by a pair is not a count and an array)."""
        counted = {line for s in self.sequences for line in s.lines}
        count_lines = {s.count_at[0] for s in self.sequences}
        return bool(self.sequences) and set(range(1, len(self.lines))) <= counted | count_lines

    def items(self, sequence: Sequence) -> list[list[str]]:
        """The sequence's elements: one token each for an array, one row of tokens each for rows."""
        if len(sequence.lines) == 1:
            return [[token] for token in self.lines[sequence.lines[0]]]
        return [list(self.lines[row]) for row in sequence.lines]

    def with_items(self, sequence: Sequence, items: list[list[str]]) -> str:
        """The input with this sequence's elements replaced (and its count, if their number changed)."""
        lines = [list(tokens) for tokens in self.lines]
        line, position = sequence.count_at
        lines[line][position] = str(len(items) + sequence.fewer)
        first = sequence.lines[0]
        if len(sequence.lines) == 1:
            lines[first] = [item[0] for item in items]
        else:
            lines[first : sequence.lines[-1] + 1] = [list(item) for item in items]
        return "\n".join(" ".join(tokens) for tokens in lines) + "\n"


def _numbers(items: list[list[str]]) -> list[int] | None:
    """An array's values as numbers, or None when it holds anything else."""
    if not items or not all(len(item) == 1 and INTEGER.fullmatch(item[0]) for item in items):
        return None
    return [int(item[0]) for item in items]


@dataclass(frozen=True)
class Contract:
    """The properties every given input's sequences share, which generated inputs keep."""

    sorted_arrays: bool
    sorted_rows: bool
    distinct: bool
    non_negative: bool
    positive: bool
    indices: bool  # every value lies in 1..the array's length, as indices (or a permutation) do
    smallest: int | None
    largest: int | None

    @classmethod
    def of(cls, layouts: list[Layout]) -> Contract:
        sequences = [layout.items(sequence) for layout in layouts for sequence in layout.sequences]
        arrays = [values for items in sequences if (values := _numbers(items)) is not None]
        rows = [items for items in sequences if _numbers(items) is None and len(items[0]) > 1]
        values = [value for array in arrays for value in array]
        smallest, largest = (min(values), max(values)) if values else (None, None)
        # A property of every array counts only where it had a chance to fail: arrays of 3 or more.
        telling = [array for array in arrays if len(array) >= 3]
        return cls(
            sorted_arrays=_every(arrays, lambda array: array == sorted(array)),
            sorted_rows=_every(rows, lambda items: _row_keys(items) == sorted(_row_keys(items))),
            distinct=bool(telling) and _every(arrays, lambda array: len(set(array)) == len(array)),
            non_negative=smallest is not None and smallest >= 0,
            positive=smallest is not None and smallest >= 1,
            indices=bool(telling) and _every(arrays, _within_length),
            smallest=smallest,
            largest=largest,
        )

    def admits(self, items: list[list[str]]) -> bool:
        """Whether a changed sequence keeps every shared property."""
        values = _numbers(items)
        if values is None:
            return not (self.sorted_rows and _row_keys(items) != sorted(_row_keys(items)))
        if self.sorted_arrays and values != sorted(values):
            return False
        if self.distinct and len(set(values)) != len(values):
            return False
        if self.indices and not _within_length(values):
            return False
        return not (self.non_negative and min(values) < 0) and not (self.positive and min(values) < 1)


def _every(items: list[T], holds: Callable[[T], bool]) -> bool:
    """Whether there are items and the property holds for each: a property of no input is no contract."""
    return bool(items) and all(holds(item) for item in items)


def _within_length(values: list[int]) -> bool:
    """Every value in 1..the number of values, as indices into them (or a permutation) are."""
    return all(1 <= value <= len(values) for value in values)


def _row_keys(rows: list[list[str]]) -> list[tuple]:
    return [_sort_key(row) for row in rows]


def _sort_key(item: list[str]) -> tuple:
    """Numbers by value before words: rows order as a reader would sort them."""
    return tuple((0, int(t), "") if INTEGER.fullmatch(t) else (1, 0, t) for t in item)


def _variants(items: list[list[str]], contract: Contract, rng: random.Random) -> Iterable[tuple[Mutation, list]]:
    """Each mutation of one sequence's elements (the contract is checked by the caller)."""
    yield Mutation.REVERSED, items[::-1]
    yield Mutation.SORTED, sorted(items, key=_sort_key)
    yield Mutation.SORTED_DESCENDING, sorted(items, key=_sort_key, reverse=True)
    shuffled = list(items)
    rng.shuffle(shuffled)
    yield Mutation.SHUFFLED, shuffled
    if _numbers(items) is not None:  # values changed only in arrays of numbers: a row may be an edge
        yield Mutation.ALL_EQUAL, [items[len(items) // 2]] * len(items)
        if contract.smallest is not None and contract.largest is not None:
            yield Mutation.ALL_SMALLEST, [[str(contract.smallest)]] * len(items)
            yield Mutation.ALL_LARGEST, [[str(contract.largest)]] * len(items)
            for _ in range(RANDOM_VARIANTS):  # a stress test's way: what reordering cannot reach
                values = _random_values(contract, len(items), rng)
                if values is not None:
                    yield Mutation.RANDOM_VALUES, [[str(value)] for value in values]


def _random_values(contract: Contract, n: int, rng: random.Random) -> list[int] | None:
    """`n` random values in the tests' range, sorted and distinct where every test's arrays are."""
    assert contract.smallest is not None and contract.largest is not None
    low, high = (1, n) if contract.indices else (contract.smallest, contract.largest)
    if contract.distinct:
        if high - low + 1 < n:
            return None
        values = rng.sample(range(low, high + 1), n)
    else:
        values = [rng.randint(low, high) for _ in range(n)]
    return sorted(values) if contract.sorted_arrays else values


def _single(layout: Layout) -> str | None:
    """The input cut to one element, only when it is nothing but counts and what they count: any other
    number may be bounded by a count (an index, a K <= N), and cutting the count would break it."""
    counted = {line for s in layout.sequences for line in s.lines}
    count_lines = {s.count_at[0] for s in layout.sequences}
    if not layout.sequences or set(range(len(layout.lines))) != counted | count_lines or counted & count_lines:
        return None
    if any(len(layout.lines[line]) != 1 for line in count_lines):
        return None
    text = layout.text
    for sequence in layout.sequences:  # every sequence cut, one at a time, each keeping its first element
        current = Layout(text)
        match = next((s for s in current.sequences if s.lines[0] == sequence.lines[0]), None)
        if match is None:
            return None
        items = current.items(match)
        if _indexes(items, len(items) + match.fewer) and not _indexes(items[:1], 1 + match.fewer):
            return None  # values that look like indices (none above the count) would point past the cut
        text = current.with_items(match, items[:1])
    return text


def _indexes(items: list[list[str]], count: int) -> bool:
    """Whether every number in the elements lies in 1..count, as indices into them do."""
    numbers = [int(t) for item in items for t in item if INTEGER.fullmatch(t)]
    return bool(numbers) and all(1 <= n <= count for n in numbers)


@dataclass(frozen=True)
class _Array:
    """An array whose format and constraints are known: where it is, its count's name and largest value, its
    values' bounds."""

    sequence: Sequence
    count_name: str
    values: Bound
    count_high: int


def _known_arrays(layout: Layout, statement: str) -> list[_Array] | None:
    """Every sequence of the input as an array whose count and values the statement bounds; None unless the
    statement's format matches the input line for line (one case per input, arrays only: the columns of
    rows may be bound to each other, as in `L_i <= R_i`)."""
    names, bounds = input_format(statement), statement_bounds(statement)
    if len(names) != len(layout.lines) or not layout.sequences:
        return None
    arrays = []
    for sequence in layout.sequences:
        line, position = sequence.count_at
        if len(sequence.lines) != 1 or len(names[line]) != len(layout.lines[line]):
            return None
        count_name = base_name(names[line][position])
        value_names = {base_name(token) for token in names[sequence.lines[0]]}
        if count_name is None or len(value_names) != 1 or None in value_names:
            return None
        values = bounds.get(next(iter(value_names)) or "")
        count = bounds.get(count_name)
        if values is None or count is None or count.high is None or values.low is None:
            return None
        if values.high_name not in (None, count_name) or (values.high is None and values.high_name is None):
            return None  # bounded by another number of the input, or not above at all
        arrays.append(_Array(sequence, count_name, values, count.high))
    return arrays


def _values(array: _Array, n: int, contract: Contract, rng: random.Random) -> list[int] | None:
    """`n` values within the array's bounds that keep the contract (sorted, distinct); None if none can."""
    low = array.values.low
    high = array.values.high if array.values.high is not None else n
    if array.values.high_name == array.count_name:  # values bounded by the count: indices
        high = min(high, n)
    assert low is not None
    if high < low or (contract.distinct and high - low + 1 < n):
        return None
    values = rng.sample(range(low, high + 1), n) if contract.distinct else [rng.randint(low, high) for _ in range(n)]
    return sorted(values) if contract.sorted_arrays else values


def _at_the_bounds(
    layout: Layout, statement: str, contract: Contract, rng: random.Random
) -> list[tuple[Mutation, str]]:
    """The input at the largest size the constraints allow, and with every value at a bound of its own."""
    arrays = _known_arrays(layout, statement)
    if not arrays:
        return []
    per_count: dict[tuple[int, int], int] = {}
    for array in arrays:
        per_count[array.sequence.count_at] = per_count.get(array.sequence.count_at, 0) + 1
    made = []
    largest = [list(tokens) for tokens in layout.lines]
    for array in arrays:
        line, position = array.sequence.count_at
        n = min(array.count_high, MAX_GENERATED_ELEMENTS // per_count[array.sequence.count_at])
        values = _values(array, n, contract, rng)
        if values is None:
            largest = []
            break
        largest[line][position] = str(n)
        largest[array.sequence.lines[0]] = [str(value) for value in values]
    if largest:
        made.append((Mutation.LARGEST, "\n".join(" ".join(tokens) for tokens in largest) + "\n"))
    for mutation, end in ((Mutation.AT_UPPER_BOUND, "high"), (Mutation.AT_LOWER_BOUND, "low")):
        extreme = [list(tokens) for tokens in layout.lines]
        for array in arrays:
            size = len(layout.lines[array.sequence.lines[0]])
            value = getattr(array.values, end) if getattr(array.values, end) is not None else size
            extreme[array.sequence.lines[0]] = [str(value)] * size
        if not contract.distinct and all(contract.admits([[t] for t in extreme[a.sequence.lines[0]]]) for a in arrays):
            made.append((mutation, "\n".join(" ".join(tokens) for tokens in extreme) + "\n"))
    return made


def mutated_inputs(
    inputs: list[str], seed: int = 0, limit: int = MAX_MUTANTS, statement: str = ""
) -> list[MutatedInput]:
    """Inputs made from the tests' inputs, keeping their layout and shared properties; none equal to a test.
    With the problem's statement, also inputs at the size and value bounds its constraints give."""
    layouts = {
        i: layout
        for i, text in enumerate(inputs)
        if len(text) <= MAX_INPUT_BYTES and (layout := Layout(text)).explained
    }
    contract = Contract.of(list(layouts.values()))
    rng = random.Random(f"program-inputs:{seed}")
    seen = set(inputs)
    made: list[MutatedInput] = []

    def keep(text: str, mutation: Mutation, source: int) -> None:
        if text not in seen and len(made) < limit:
            seen.add(text)
            made.append(MutatedInput(text, mutation, source))

    by_size = sorted(layouts, key=lambda i: len(layouts[i].text))  # small tests first: small inputs
    for index in by_size:
        layout = layouts[index]
        for sequence in layout.sequences:
            items = layout.items(sequence)
            for mutation, changed in _variants(items, contract, rng):
                if changed != items and contract.admits(changed):
                    keep(layout.with_items(sequence, changed), mutation, index)
        if statement and index == by_size[-1]:  # the largest test's layout
            for mutation, text in _at_the_bounds(layout, statement, contract, rng):
                keep(text, mutation, index)
        single = _single(layout)
        cut = Layout(single) if single is not None else None
        if single is not None and cut is not None and all(contract.admits(cut.items(s)) for s in cut.sequences):
            keep(single, Mutation.SINGLE, index)
    return made
