"""What EvalPlus knows about single tasks, which an imported problem must know too to judge as EvalPlus does.

Two kinds of knowledge, both keyed by task id:

- **Inputs as Python values.** MBPP+ stores inputs as JSON, so a tuple, a set
  or a complex number arrives as a list or a string. EvalPlus's loader turns
  them back per task before any call; `restore_inputs` does the same, for the
  base inputs here and for any later tier of inputs (the plus inputs) alike.
- **Special judges.** EvalPlus compares outputs with Python's `==` and its
  float rule, except for a few tasks it judges differently: any root of the
  polynomial is right (HumanEval/32), only whether the output is None
  matters (MBPP regex tasks whose reference returns a match object), and,
  since the MBPP+ releases after v0.1, a list is compared as a set (eight MBPP
  tasks whose original asserts compare sets). `compare_for` gives the
  problem's `compare` settings; the judging itself lives in `codeeval.judging.compare`,
  the one place every tier of tests goes through.

Which MBPP+ release a file is: v0.1 has 399 tasks, the later ones 378
(`mbpp_release`). The v0.1 verdicts EvalPlus published compare those eight
tasks' outputs exactly (measured on ../shared/data/llm-samples: with set
comparison, 10 solutions EvalPlus failed would pass), so v0.1 problems do too.

Two MBPP tasks accept a fixed second answer (`also_accept`): True from
Mbpp/164's are_equivalent (EvalPlus passes a solution whose outputs are all
True) and 0 from Mbpp/295's sum_div. Not reproduced: Mbpp/558 and Mbpp/581,
where EvalPlus also accepts another formula's result; their problems judge
against the reference alone, and `ACCEPTED_OTHERWISE` lists them so the
import can say so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..problem.definition import Compare, CompareMode

Convert = Callable[[Any], Any]


def _tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _each(convert: Convert) -> Convert:
    return lambda value: [convert(item) for item in value] if isinstance(value, list) else value


def _then(first: Convert, second: Convert) -> Convert:
    return lambda value: second(first(value))


def _deep_tuple(value: Any) -> Any:
    return tuple(_deep_tuple(item) for item in value) if isinstance(value, list) else value


def _set_or_empty_dict(value: Any) -> Any:
    # EvalPlus writes `{}` for an empty element, which Python reads as an empty dict, not a set: kept as it is.
    return set(value) if isinstance(value, list) and value else {}


def _dict_values_tuple(value: Any) -> Any:
    return {key: _tuple(item) for key, item in value.items()} if isinstance(value, dict) else value


def _every(convert: Convert) -> Callable[[list], list]:
    return lambda args: [convert(a) for a in args]


def _at(position: int, convert: Convert) -> Callable[[list], list]:
    return lambda args: [convert(a) if i == position else a for i, a in enumerate(args)]


def _number_then_complex(args: list) -> list:
    return [float(args[0]), complex(args[1])] + list(args[2:])


# MBPP+ task number -> how its stored arguments become the values EvalPlus calls the function with.
_MBPP_RESTORE: dict[int, Callable[[list], list]] = {}
for _number in (
    2,
    116,
    132,
    143,
    222,
    261,
    273,
    394,
    399,
    421,
    424,
    429,
    470,
    560,
    579,
    596,
    616,
    630,
    726,
    740,
    744,
    809,
):
    _MBPP_RESTORE[_number] = _every(_tuple)  # every argument is a tuple
for _number in (63, 64, 70, 94, 120, 237, 272, 299, 400, 409, 417, 438, 473, 614, 780):
    _MBPP_RESTORE[_number] = _every(_each(_tuple))  # every argument is a list of tuples
for _number in (75, 413, 444, 753):
    _MBPP_RESTORE[_number] = _at(0, _each(_tuple))  # the first argument is a list of tuples
for _number in (106, 750):
    _MBPP_RESTORE[_number] = _at(1, _tuple)  # the second argument is a tuple
for _number in (250, 307, 405, 446, 617, 720, 763, 808):
    _MBPP_RESTORE[_number] = _at(0, _tuple)  # the first argument is a tuple
for _number in (259, 401, 445):
    _MBPP_RESTORE[_number] = _every(_then(_each(_tuple), _tuple))  # every argument is a tuple of tuples
for _number in (580, 615, 791):
    _MBPP_RESTORE[_number] = _every(_deep_tuple)  # nested tuples all the way down
_MBPP_RESTORE[115] = _at(0, _each(_set_or_empty_dict))  # a list of sets
_MBPP_RESTORE[124] = _number_then_complex  # a number and a complex number, stored as strings
_MBPP_RESTORE[252] = _at(0, complex)  # a complex number, stored as a string
_MBPP_RESTORE[278] = _every(_then(_each(_tuple), _tuple))  # a tuple whose list elements are tuples too
_MBPP_RESTORE[722] = _at(0, _dict_values_tuple)  # a dict of tuples

V0_1 = "v0.1"  # MBPP+ v0.1: 399 tasks
LATER = "later"  # MBPP+ v0.2 and after: 378 tasks
LATER_MBPP_TASKS = 378

# Tasks EvalPlus judges on something other than equality with the reference's output.
_SET_TASKS = frozenset({"Mbpp/2", "Mbpp/7", "Mbpp/111", "Mbpp/140", "Mbpp/232", "Mbpp/249", "Mbpp/579", "Mbpp/769"})
_NOT_NONE_TASKS = frozenset({"Mbpp/737", "Mbpp/787", "Mbpp/794"})
_ROOT_TASKS = frozenset({"HumanEval/32"})
_ALSO_ACCEPTED: dict[str, tuple] = {"Mbpp/164": (True,), "Mbpp/295": (0,)}
ACCEPTED_OTHERWISE = {
    "Mbpp/558": "EvalPlus also accepts the digit distance of zero-padded numbers",
    "Mbpp/581": "EvalPlus also accepts the surface area computed with the height as the pyramid's height",
}


def _mbpp_number(task_id: str) -> int | None:
    family, _, number = task_id.partition("/")
    return int(number) if family == "Mbpp" and number.isdigit() else None


def restore_inputs(task_id: str, inputs: list[list]) -> list[list]:
    """Each stored argument list as the Python values EvalPlus passes (tuples, sets, complex numbers)."""
    number = _mbpp_number(task_id)
    restore = _MBPP_RESTORE.get(number) if number is not None else None
    if restore is None:
        return [list(args) for args in inputs]
    return [restore(list(args)) for args in inputs]


def judge_mode(task_id: str, release: str = LATER) -> CompareMode:
    """How EvalPlus judges a task's output (root, set, not_none or exact) in the given release."""
    if task_id in _ROOT_TASKS:
        return "root"
    if task_id in _SET_TASKS and release != V0_1:
        return "set"
    if task_id in _NOT_NONE_TASKS:
        return "not_none"
    return "exact"


def compare_for(task_id: str, atol: float | None, release: str = LATER) -> Compare:
    """How EvalPlus judges a task's outputs: Python's `==` and its float rule, with the task's special judge."""
    tolerance = float(atol) if atol else None
    return Compare(
        mode=judge_mode(task_id, release),
        float_tolerance=tolerance,
        equality="evalplus",
        also_accept=_ALSO_ACCEPTED.get(task_id, ()),
    )


def mbpp_release(records: list[dict]) -> str:
    """V0_1 for the 399-task MBPP+ v0.1 file, else LATER (a selection of a file counts as its whole file)."""
    mbpp = sum(1 for r in records if str(r.get("task_id", "")).startswith("Mbpp/"))
    return V0_1 if mbpp > LATER_MBPP_TASKS else LATER
