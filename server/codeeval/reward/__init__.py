"""Scores as rewards for reinforcement learning: many samples at once, every failure explained.

    import codeeval
    rewards = codeeval.score_many([(answer_text, "two_sum")], problems="problems/")
    rewards[0].reward, rewards[0].status, rewards[0].reason

A reward is, by its mode, the 0-100 score divided by 100 (`score`), the share
of the tests passed (`fraction`) or 1.0 only when all pass (`binary`). A
problem is a name, a YAML path, a Problem, or a dataset row's tests
(`GroundTruth`: verl's code data sources, no problem file). A sample that could
not be scored gets 0.0 and a status saying why (no code in the answer, an
unknown problem, an internal error), never a silent 0. See docs/reward.md.
"""

from .batch import RewardScorer, score_many
from .extract import extract_code
from .items import GroundTruth, Reward, RewardItem, RewardMode, RewardStatus

__all__ = [
    "GroundTruth",
    "Reward",
    "RewardItem",
    "RewardMode",
    "RewardScorer",
    "RewardStatus",
    "extract_code",
    "score_many",
]
