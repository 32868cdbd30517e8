"""Word statistics written in a functional style."""

from functools import reduce
from typing import Callable, Iterable, List, Optional

Counter = dict[str, int]  # a type alias


def compose(*steps: Callable[[str], str]) -> Callable[[str], str]:
    """Chain text transformations left to right."""
    return lambda text: reduce(lambda acc, step: step(acc), steps, text)


def normalise(text: str) -> str: return text.strip().lower()  # noqa: E704 (a one-liner on purpose)


def word_counts(lines: Iterable[str]) -> Counter:
    """Count the words in `lines`, ignoring case and blanks."""
    clean = compose(normalise, lambda s: s.replace(",", " "))
    counts: Counter = {}
    for word in (w for line in lines if (stripped := clean(line)) for w in stripped.split()):
        counts[word] = counts.get(word, 0) + 1
    return counts


def longest(words: List[str]) -> Optional[str]:
    """The longest word, or None for no words."""
    if not words:
        return None
    return max(words, key=len)


def first_match(words: list[str], predicate: Callable[[str], bool]) -> str | None:
    """The first word satisfying `predicate`, if any."""
    for word in words:
        if predicate(word):
            return word
    return None


def pairs(n: int) -> list[tuple[int, int]]:
    """All pairs (i, j) with 0 <= i < j < n."""
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


def gcd(a: int, b: int) -> int:
    """Greatest common divisor, by Euclid's algorithm."""
    while b:
        a, b = b, a % b
    return a
