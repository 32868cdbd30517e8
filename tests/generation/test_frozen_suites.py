"""Deterministic mode's frozen suites: the inputs of the first build come back, whatever the clock says."""

from __future__ import annotations

from codeeval.base.catalog import EntryKind
from codeeval.generation.frozen_suites import FrozenSuites
from codeeval.generation.suite import build_suite
from codeeval.sandbox import Limits, default_launcher
from tests.support import problem

QUEUE = """
name: counter
summary: A counter.
entry_point: Counter
reference: |
  class Counter:
      def __init__(self, start: int):
          self.value = start

      def add(self, k: int) -> int:
          self.value += k
          return self.value
tests:
  - args: [1]
    calls: [[add, 2], [add, -5]]
    expected: [3, -2]
edge_cases:
  generate: {max_examples: 20}
"""


def inputs(suite):
    return [(c.phase, c.case.args, [(call.method, call.args) for call in c.case.calls or ()]) for c in suite.cases]


def test_a_frozen_suite_is_replayed_even_when_the_time_budget_would_allow_nothing(tmp_path):
    frozen = FrozenSuites(tmp_path / "suites")
    p = problem()
    first, guard = build_suite(p, Limits(), default_launcher(), budget_s=30, frozen=frozen)
    guard.close()
    assert first.applicable and len(first.cases) == 60
    assert frozen.path(p).exists() and (tmp_path / "suites").stat().st_mode & 0o077 == 0  # owner only

    starved, guard = build_suite(p, Limits(), default_launcher(), budget_s=0.0)  # unfrozen: nothing in no time
    guard.close()
    assert len(starved.cases) < len(first.cases)

    again, guard = build_suite(p, Limits(), default_launcher(), budget_s=0.0, frozen=frozen)
    guard.close()
    assert inputs(again) == inputs(first)
    assert [c.case.expected for c in again.cases] == [c.case.expected for c in first.cases]
    assert any("replayed 60 frozen generated inputs" in note for note in again.notes)


def test_class_problems_freeze_their_call_sequences(tmp_path):
    frozen = FrozenSuites(tmp_path)
    p = problem(QUEUE)
    first, guard = build_suite(p, Limits(), default_launcher(), frozen=frozen)
    guard.close()
    again, guard = build_suite(p, Limits(), default_launcher(), budget_s=0.0, frozen=frozen)
    guard.close()
    assert first.cases and inputs(again) == inputs(first)


def test_a_changed_problem_does_not_replay_another_suite(tmp_path):
    frozen = FrozenSuites(tmp_path)
    assert frozen.path(problem()) != frozen.path(problem(**{"max_examples: 60": "max_examples: 61"}))
    (tmp_path / f"{frozen.path(problem()).name}").write_text("{not json")
    assert frozen.load(problem(), EntryKind.FUNCTION) is None  # unreadable: built afresh, never a crash
