"""Label errors of llm-samples' EvalPlus verdicts, adjudicated by reading the solution against its prompt.

EvalPlus's verdict on its extra inputs is the label the benches score edge-case findings against: a finding
on a solution those inputs fail is a real bug, one on a solution they pass a false flag. Some passing
solutions have a bug the extra inputs do not reach, which a generated input does: each entry below is one,
with the input that shows it and why the prompt rules the answer out. They were found by reading every
solution EvalPlus passes that the edge cases flagged (both halves, 2026-12), keeping only answers the
prompt rules out; an answer to a question the prompt leaves open (which duplicate key wins, what an input
outside the contract gives) is not a label error and stays a false flag. The other way round, a few
solutions EvalPlus fails are right by the prompt: every plus input they fail asks what the prompt answers
otherwise than EvalPlus's reference, or differs from the reference's answer only in a float's last bit. They
were found by reading every missed bug (a pass/fail solution no finding costs points on, both halves, 2026-12)
against the plus inputs it fails; a miss on an input the prompt merely does not mention (a None in a list of
numbers, a number far beyond the examples) stays a miss. The benches report their figures raw (EvalPlus's
labels) and adjudicated (these corrected).
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple


class LabelError(NamedTuple):
    task_id: str
    solution_sha256: str  # of the solution's text
    # "bug": EvalPlus passed it, and it is wrong on an input the prompt allows; "clean": EvalPlus failed it only where
    # the prompt itself says its answer is right
    true_kind: str
    why: str


# Three HumanEval/21 solutions EvalPlus fails (its atol there is 0) that give the reference's answers up to rounding
RESCALE_ROUNDING = (
    "its plus failures are all in a float's last bit (at most 2.2e-16 relative: 0.7499999999999999 against "
    "0.75), because it divides by the range where the reference multiplies by its reciprocal; the prompt asks for a "
    "linear transform, not the reference's rounding"
)

LABEL_ERRORS: tuple[LabelError, ...] = (
    LabelError(
        "HumanEval/12",
        "01885bc690db71858badcdf4c82fa5d1577f758d49afd5e8c9c63e0ef844be60",
        "bug",
        "longest(['']) returns None: the list is not empty, and its longest string is ''",
    ),
    LabelError(
        "HumanEval/141",
        "17919797da113fa07f0e3dbef1172b3f048a16eeb24775a581be4af155f0979c",
        "clean",
        "its only plus failures are names starting with 'é': the prompt allows only 'a'-'z' and 'A'-'Z' there, so "
        "its 'No' is right and the reference's isalpha() 'Yes' is not",
    ),
    LabelError(
        "HumanEval/21",
        "5bf991ff9859597b31f041c821d0acc34c414070509cabfaf3eed6cc015850d9",
        "clean",
        RESCALE_ROUNDING,
    ),
    LabelError(
        "HumanEval/21",
        "6233eca879f16b2f7ebc6461999a8a677daadb0f6dcdb7691b786346f70b0f46",
        "clean",
        RESCALE_ROUNDING,
    ),
    LabelError(
        "HumanEval/21",
        "07a484e3e869fa9cdb3e6ee55ef0d2ac91a4cb34460828ca416180d568209a1a",
        "clean",
        RESCALE_ROUNDING,
    ),
    LabelError(
        "Mbpp/123",
        "a3ab15eb419c7066a37b984229869c4f7feb83ceb09ba86f759b772d60f6552e",
        "bug",
        "amicable_numbers_sum(220) is 504: it adds 220's partner 284, past the limit the sum is taken up to",
    ),
    LabelError(
        "Mbpp/287",
        "fc99e9f9a5abd5eb5e99421d3a255a0f8c082fc1f05bf4a45395750f04539aed",
        "clean",
        "its only plus failures are n of 10^5 and more, where it answers the exact int sum of squares and the "
        "reference's `/ 3` a rounded float (1333335333334000000 against 1.333335333334e+18)",
    ),
    LabelError(
        "Mbpp/451",
        "a22a17cb9c0e45bf9ca9632b41431ea0fe4cd624a97d1f27765af9adad27aa76",
        "clean",
        "its only plus failures are strings with tabs and newlines, which it removes: the prompt says all "
        "whitespace, and the reference removes only ' '",
    ),
    LabelError(
        "Mbpp/478",
        "0ab071f4275c397c31eba10990a8ede13c3bb32bd19a6acb177077a796952736",
        "bug",
        "remove_lowercase('0') is '': it keeps only uppercase letters, so digits and punctuation go too",
    ),
    LabelError(
        "Mbpp/478",
        "d00c8f30ab3e99e3cdb06eb6741c99a6262d3ba3f8fe008d3d6febc147916698",
        "bug",
        "remove_lowercase('0') is '': it keeps only uppercase letters, so digits and punctuation go too",
    ),
    LabelError(
        "Mbpp/71",
        "8a7f0e7c6c8e7924a13538025ad6a1ddd2aa435732055869c6eed162874375f5",
        "bug",
        "comb_sort can return an unsorted list ([..., 12, 3, ...]): its gap drops to 0 before a gap-1 pass ends",
    ),
    LabelError(
        "Mbpp/71",
        "2c3c130c6b23d65dca2d613a75238ea4e9a4476943599e01cb83a92a820ffca4",
        "bug",
        "comb_sort can return an unsorted list ([..., 12, 3, ...]): its gap drops to 0 before a gap-1 pass ends",
    ),
    LabelError(
        "Mbpp/746",
        "51d78fc21c6391707c393188bc2148d5915a88c00e684c6b04c22602c8c3057a",
        "bug",
        "sector_area(1, 360) is 0.0 (angle % 360), and an angle over 360 never gives the None the prompt asks for",
    ),
    LabelError(
        "Mbpp/787",
        "3cc5e077e7062e6470880db61595147b05f1ec6898d0835be558e9d6df2dd743",
        "bug",
        "text_match_three('abb') is True: it looks for an a followed by two b's, not three; none of EvalPlus's 105 "
        "inputs holds 'abb' without a third b",
    ),
)

_BY_KEY = {(error.task_id, error.solution_sha256): error for error in LABEL_ERRORS}


def solution_sha256(solution: str) -> str:
    return hashlib.sha256(solution.encode()).hexdigest()


def adjudicated_kind(task_id: str, sha256: str, kind: str) -> str:
    """The solution's kind (bug, clean, other) with the adjudicated label errors corrected."""
    error = _BY_KEY.get((task_id, sha256))
    return error.true_kind if error is not None else kind
