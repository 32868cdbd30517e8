"""BoundedCache: the reference counts' store, shared by the runner's threads."""

import sys
import threading

import pytest

from codeeval.base.bounded_cache import BoundedCache


def test_the_oldest_entry_goes_first_and_a_rewrite_makes_an_entry_new():
    cache: BoundedCache[str, int] = BoundedCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 10)  # now newer than b
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (10, None, 3)
    assert len(cache) == 2


def test_a_cache_holds_at_least_one_entry():
    with pytest.raises(ValueError, match="at least one"):
        BoundedCache(0)


def test_threads_evicting_at_once_neither_fail_nor_overfill_nor_mix_up_values():
    # Many threads writing past a small limit evict all the time; a switch every microsecond makes
    # their steps interleave (an unlocked check-then-pop of the oldest key raises KeyError here).
    cache: BoundedCache[tuple[int, int], tuple[int, int]] = BoundedCache(4)
    errors: list[BaseException] = []
    wrong: list[tuple] = []
    start = threading.Barrier(8)

    def work(thread: int) -> None:
        start.wait()
        try:
            for i in range(20_000):  # every key new: every write past the limit evicts
                cache.put((thread, i), (thread, i))
                value = cache.get((thread, i - 1))
                if value is not None and value != (thread, i - 1):
                    wrong.append(value)
                if len(cache) > cache.limit:
                    wrong.append(("size", len(cache)))
        except BaseException as exc:  # reported below, in the test's own thread
            errors.append(exc)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert wrong == []
    assert len(cache) == 4
