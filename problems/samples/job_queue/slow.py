"""Job queue kept in a plain list."""


def build_queue(jobs: list[int]) -> list[int]:
    """Return the queue from front to back after all jobs have arrived.

    An urgent job (negative id) is inserted at index 0; any other job is
    appended. The result is the list itself.
    """
    queue: list[int] = []
    for job in jobs:
        if job < 0:
            queue.insert(0, job)
        else:
            queue.append(job)
    return queue
