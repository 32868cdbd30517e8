"""The LLM-written solutions in ../shared/data/llm-samples, read once the way every bench needs them.

Each distinct solution (task id, source) counts once: the file holds the same answer from several
models and runs, and a bench that evaluated every copy would measure the copies.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
SAMPLES = DATA / "llm-samples" / "llm-samples.jsonl.gz"


def distinct_records(prefixes: tuple[str, ...]) -> Iterator[dict]:
    """The file's records whose task id starts with one of `prefixes`, the first of each (task id,
    solution) only, in the file's order."""
    seen: set[tuple[str, str]] = set()
    with gzip.open(SAMPLES, "rt", encoding="utf-8") as stream:
        for line in stream:
            record = json.loads(line)
            key = (record["task_id"], record["solution"])
            if record["task_id"].startswith(prefixes) and key not in seen:
                seen.add(key)
                yield record
