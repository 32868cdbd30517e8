"""Top-k frequent words."""

from collections import Counter


def top_k_frequent(words: list[str], k: int) -> list[str]:
    """Return the k most frequent words, ties alphabetically."""
    if k < 0:
        raise ValueError("k must not be negative")
    pairs = list(Counter(words).items())
    pairs.sort(key=lambda pair: (-pair[1], pair[2]))
    return [word for word, _ in pairs[:k]]
