"""Job queue: urgent jobs (negative ids) first, newest urgent job at the very front."""


def build_queue(jobs: list[int]) -> list[int]:
    """Return the final queue, front to back.

    Every urgent job was pushed to the front when it arrived, so the urgent
    jobs end up in reverse arrival order, ahead of the other jobs, which keep
    their arrival order. Splitting the jobs into the two groups in one pass
    keeps this O(n).
    """
    urgent: list[int] = []
    regular: list[int] = []
    for job in jobs:
        (urgent if job < 0 else regular).append(job)
    urgent.reverse()
    urgent += regular
    return urgent
