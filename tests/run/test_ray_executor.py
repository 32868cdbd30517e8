"""Evaluations as Ray tasks on a real local Ray (worker processes, object store): the same results as local."""

from __future__ import annotations

import pytest

from codeeval.engine.evaluator import EvaluationOptions
from codeeval.reward import RewardScorer
from codeeval.run.ray_executor import RayExecutor
from codeeval.run.runner import collect_folder, load_problems, run_all
from tests.support import GOOD, REPO, WRONG, run_cli, write_problems

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'codeeval[ray]')")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_ray_tasks_give_the_same_results_as_local_threads(local_ray):
    problems, _ = load_problems(REPO / "problems")
    submissions = [
        s
        for s in collect_folder(problems, REPO / "problems" / "samples").submissions
        if s.problem in ("anagram_groups", "balanced_brackets", "run_length_encode")
    ]
    options = EvaluationOptions(skip=("performance",))
    remote = run_all(problems, submissions, options, executor=RayExecutor())
    local = run_all(problems, submissions, options, jobs=2)
    assert [s.label for s, _ in remote] == [s.label for s in submissions]
    for (submission, a), (_, b) in zip(remote, local, strict=True):
        assert a.score == b.score, submission.origin
        assert {n: d.score for n, d in a.dimensions.items()} == {n: d.score for n, d in b.dimensions.items()}


def test_score_many_on_ray(local_ray, tmp_path):
    problems = write_problems(tmp_path / "problems")
    items = [(GOOD, "add"), (WRONG, "add"), ("no code", "add")]
    with RewardScorer(problems, executor="ray", skip=("performance",)) as scorer:
        remote = scorer.score_many(items)
    with RewardScorer(problems, skip=("performance",)) as scorer:
        local = scorer.score_many(items)
    assert [r.reward for r in remote] == [r.reward for r in local]
    assert [r.status for r in remote] == [r.status for r in local]


def test_codeeval_run_with_the_ray_executor(tmp_path):
    problems = write_problems(tmp_path / "problems")
    (problems / "broken.yaml").unlink()
    (tmp_path / "solutions" / "add").mkdir(parents=True)
    (tmp_path / "solutions" / "add" / "good.py").write_text(GOOD)
    (tmp_path / "solutions" / "add" / "wrong.py").write_text(WRONG)
    done = run_cli(
        "run",
        str(problems),
        "--solutions",
        str(tmp_path / "solutions"),
        "-o",
        str(tmp_path / "out"),
        "-q",
        "--skip",
        "performance",
        "--executor",
        "ray",
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "add" / "good.json").exists() and (tmp_path / "out" / "add" / "wrong.json").exists()
