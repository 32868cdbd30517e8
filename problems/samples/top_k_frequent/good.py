"""Top-k words: count with Counter, then take the best k with a heap."""

from collections import Counter
from heapq import nsmallest


def top_k_frequent(words: list[str], k: int) -> list[str]:
    """Rank words by frequency (descending), then alphabetically; keep the first `k`.

    Raises ValueError when `k` is negative.
    """
    if k < 0:
        raise ValueError("k cannot be negative")
    ranked = nsmallest(k, ((-count, word) for word, count in Counter(words).items()))
    return [word for _, word in ranked]
