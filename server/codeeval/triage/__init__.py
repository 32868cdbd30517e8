"""The review queue (`codeeval queue OUT/`): a run's results in the order a person's look is worth most.

`read_run(folder)` reads a `codeeval run` output folder into typed facts (run_facts), `build_queue(run)`
weighs each result's reasons (signals, weights) into a ranked queue (ranking), and `queue_output` turns it into
Markdown and JSON. See docs/queue.md.
"""

from .ranking import DEFAULT_MARGIN, QueueItem, ReviewQueue, build_queue
from .run_facts import ResultFacts, RunFacts, RunFolderError, read_run
from .signals import Reason, ReasonKind

__all__ = [
    "DEFAULT_MARGIN",
    "QueueItem",
    "Reason",
    "ReasonKind",
    "ResultFacts",
    "ReviewQueue",
    "RunFacts",
    "RunFolderError",
    "build_queue",
    "read_run",
]
