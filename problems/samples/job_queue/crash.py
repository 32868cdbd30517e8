"""Job queue with a double-ended queue."""


def build_queue(jobs: list[int]) -> list[int]:
    """Return the queue from front to back: urgent (negative) jobs jump to the front."""
    queue = deque()
    for job in jobs:
        if job < 0:
            queue.appendleft(job)
        else:
            queue.append(job)
    return list(queue)
