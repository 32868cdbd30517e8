"""Top-k frequent words with a bucket sort on the counts."""

from collections import Counter


def top_k_frequent(words: list[str], k: int) -> list[str]:
    """Return the k most frequent words; equal counts are ordered alphabetically.

    Words are bucketed by count, and buckets are read from the highest
    count down. Raises ValueError for a negative k.
    """
    if k < 0:
        raise ValueError("k must be non-negative")
    counts = Counter(words)
    buckets: list[list[str]] = [[] for _ in range(max(counts.values()) + 1)]
    for word, count in counts.items():
        buckets[count].append(word)
    ranked: list[str] = []
    for count in range(len(buckets) - 1, 0, -1):
        if len(ranked) >= k:
            break
        ranked.extend(sorted(buckets[count]))
    return ranked[:k]
