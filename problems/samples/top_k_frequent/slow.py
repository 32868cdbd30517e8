"""Top-k frequent words, counting each distinct word separately."""


def top_k_frequent(words: list[str], k: int) -> list[str]:
    """Return the k most frequent words, ties in alphabetical order.

    Each distinct word is counted with `list.count`, then the distinct words
    are sorted by (count descending, word). Raises ValueError for negative k.
    """
    if k < 0:
        raise ValueError("k must not be negative")
    counts = {word: words.count(word) for word in set(words)}
    ranked = sorted(counts, key=lambda word: (-counts[word], word))
    return ranked[:k]
