"""Job queue built with a deque: urgent jobs go to the front, the rest to the back."""

from collections import deque


def build_queue(jobs: list[int]) -> list[int]:
    """Return the queue from front to back once all jobs have arrived.

    Urgent jobs are pushed on the left end of the deque, every other job on
    the right end, so each arrival costs O(1).
    """
    line: deque[int] = deque()
    for job_id in jobs:
        if job_id <= 0:
            line.appendleft(job_id)
        else:
            line.append(job_id)
    return list(line)
