"""Evaluations as Ray tasks, on a cluster's nodes: `codeeval run --executor ray`, `score_many(executor="ray")`.

Each task evaluates one problem's submissions on one node, exactly as the
local executor does (one problem context, so one generated suite and one set
of reference answers, shared by all of them), and each solution still runs in
that node's sandbox. The problems go into Ray's object store once; a node
fetches them once and every task on it reads the same copy. Results come back
as each problem's task finishes.

Ray is optional: `pip install 'codeeval[ray]'`. Nodes need codeeval installed
(the same version) and, for full isolation, bubblewrap (docs/scaling.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..base.errors import CodeevalError
from ..engine.evaluator import EvaluationOptions
from ..problem import Problem
from ..results.result import EvaluationResult
from .runner import Finished, LocalExecutor, Submission, problem_order


def _ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise CodeevalError("the ray executor needs Ray: pip install 'codeeval[ray]'") from None


@dataclass(frozen=True)
class _Batch:
    """One problem's submissions, with their positions in the caller's list."""

    problem: str
    indexes: tuple[int, ...]
    submissions: tuple[Submission, ...]


def _evaluate_batch(
    problems: dict[str, Problem], batch: _Batch, options: EvaluationOptions, jobs: int
) -> list[tuple[int, EvaluationResult]]:
    """Runs on a Ray worker: the local executor over one problem's submissions."""
    submissions = list(batch.submissions)
    return [
        (batch.indexes[f.index], f.result)
        for f in LocalExecutor(jobs).stream({batch.problem: problems[batch.problem]}, submissions, options)
    ]


class RayExecutor:
    """Sends each problem's submissions to a Ray task; `address` None starts or joins a local Ray."""

    def __init__(self, address: str | None = None, jobs_per_task: int = 1, cpus_per_task: float = 1.0):
        self.address = address
        self.jobs_per_task = jobs_per_task
        self.cpus_per_task = cpus_per_task
        ray = _ray()
        if not ray.is_initialized():
            ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
        self._remote = ray.remote(num_cpus=cpus_per_task)(_evaluate_batch)

    def stream(
        self, problems: dict[str, Problem], submissions: list[Submission], options: EvaluationOptions
    ) -> Iterator[Finished]:
        ray = _ray()
        batches: dict[str, list[int]] = {}
        for index in problem_order(submissions):
            batches.setdefault(submissions[index].problem, []).append(index)
        used = {name: problems[name] for name in batches}
        shared = ray.put(used)  # once into the object store; each node fetches it once
        pending = [
            self._remote.remote(
                shared,
                _Batch(name, tuple(indexes), tuple(submissions[i] for i in indexes)),
                options,
                self.jobs_per_task,
            )
            for name, indexes in batches.items()
        ]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for index, result in ray.get(done[0]):
                    yield Finished(index, submissions[index], result)
        finally:
            for ref in pending:  # interrupted: tasks not finished are cancelled, not left running
                ray.cancel(ref, force=True)
