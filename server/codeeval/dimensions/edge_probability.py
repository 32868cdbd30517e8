"""The chance that an edge-case finding is a real bug, and how its answer differs from the reference's.

A finding's four parts (relevance, accuracy, actionability, severity calibration) say why it may or may
not be trusted, and their mean ranks findings well: on real model output, findings whose mean reaches 0.6
were real bugs far more often than those below it. But the mean is an index, not a probability: at 0.975
a finding was a real bug 79% of the time on MBPP+'s one-sentence prompts, and at 0.56 7% of the time on
HumanEval. What a user reads in a confidence is a probability, so an edge finding's confidence is the
chance it is a real bug, measured: a logistic map of the mean (Platt scaling), with a step at the 0.6 line

    probability = 1 / (1 + exp(-(INTERCEPT + SLOPE x logit(mean) + STEP x [mean >= 0.6])))

kept on its side of that line (`LOW_CONFIDENCE`), so that which findings cost points is what the parts'
evidence decides, and the probability says how often such findings are right. The constants were fitted by
`scripts/fit_edge_probability.py` on the tune half of HumanEval+ and MBPP+ (EvalPlus's verdict on its extra
inputs as the label) and are reported on the other half (docs/scoring.md). People's decisions on a finding
kind move its parts first (`base.calibration`), and the probability is measured from the moved parts.

How the answer differs (`AnswerShape`) is shown beside the confidence: the same elements in another order,
the same value in another type, or an empty answer where the reference gives another are often a choice the
prompt left open (which of equal elements first, what an empty input returns), and a person deciding on the
finding should see that. It is not in the probability: on the tune half it did not predict which findings
were real (a model with it fitted worse on held-back tasks of that half).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from ..base.display import short_repr
from ..base.findings import LOW_CONFIDENCE, Confidence
from ..results.case_details import CaseVerdict
from ..results.edge_case_details import AnswerShape

INTERCEPT = -1.46
SLOPE = 0.54
STEP = 1.70
BELOW_LINE = 0.59  # the most a finding under the line may be given: it stays under it
EXTREME = 1e-3  # a mean of 0 or 1 has no logit: held this far inside
LARGEST_COMPARED = 10_000  # longer answers are not compared element by element: just "different"
ROUNDING = 1e-6


def probability(parts: Confidence, intercept: float = INTERCEPT, slope: float = SLOPE, step: float = STEP) -> float:
    """The chance a finding with these parts is a real bug (the constants are the fitted ones by default)."""
    mean = min(max(parts.mean_of_parts, EXTREME), 1 - EXTREME)
    above = mean >= LOW_CONFIDENCE
    score = intercept + slope * math.log(mean / (1 - mean)) + (step if above else 0.0)
    chance = 1.0 / (1.0 + math.exp(-score))
    return max(chance, LOW_CONFIDENCE) if above else min(chance, BELOW_LINE)


def answer_shape(verdict: CaseVerdict, expected: Any, actual: Any) -> AnswerShape:
    if verdict is CaseVerdict.RAISED:
        return AnswerShape.RAISED
    if verdict is CaseVerdict.TIMEOUT:
        return AnswerShape.TIMED_OUT
    if verdict is not CaseVerdict.WRONG_OUTPUT:
        return AnswerShape.DIFFERENT
    try:
        return _wrong_answer_shape(expected, actual)
    except Exception:  # a value whose comparison raises: nothing to say about its shape
        return AnswerShape.DIFFERENT


def _wrong_answer_shape(expected: Any, actual: Any) -> AnswerShape:
    if type(expected) is not type(actual) and _equal(expected, actual):
        return AnswerShape.OTHER_TYPE
    if _rounded(expected, actual):
        return AnswerShape.ROUNDED
    if _reordered(expected, actual):
        return AnswerShape.REORDERED
    if isinstance(expected, bool) or isinstance(actual, bool):
        return AnswerShape.DIFFERENT  # a wrong yes/no (None as a regex's "no" against True) is not an empty answer
    if _is_empty(expected) or _is_empty(actual):
        return AnswerShape.EMPTY_OR_NONE
    return AnswerShape.DIFFERENT


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _rounded(a: Any, b: Any) -> bool:
    numbers = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (a, b))
    return numbers and (isinstance(a, float) or isinstance(b, float)) and math.isclose(a, b, rel_tol=ROUNDING)


def _reordered(a: Any, b: Any) -> bool:
    sequences = all(isinstance(x, (list, tuple, str)) for x in (a, b))
    if not sequences or len(a) != len(b) or len(a) > LARGEST_COMPARED or a == b:
        return False
    return Counter(short_repr(x, 200) for x in a) == Counter(short_repr(x, 200) for x in b)


def _is_empty(value: Any) -> bool:
    """None or an empty string or container (a yes/no answer never gets here: `_wrong_answer_shape` says
    "different" first)."""
    return value is None or (isinstance(value, (str, bytes, list, tuple, dict, set)) and not value)
