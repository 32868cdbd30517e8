"""Timing one size: calibrate, warm up, then interleaved pairs, adding pairs while the result is unsteady.

Each pair times the candidate and the reference back to back on the same
fresh input, alternating which goes first (C R, R C, ...) so that neither
side always runs right after the other. Within a pair each side is timed
`loops` times on fresh copies and keeps its fastest: inside one request only
the machine varies, and a busy machine only ever adds time. Calls shorter
than the target batch are repeated `inner` times per timing.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from ...problem.inputs import BuiltInput
from ...results.performance_details import Measure
from ...sandbox import TimingOutcome, TimingStatus
from .counted import count_both
from .protocol import TIMED_ANSWER_DIFFERS, Inputs, Protocol, seconds_text
from .samples import SizeResult
from .stats import RatioEstimate, ratio_estimate, score_uncertainty

MIN_LOOPS, MAX_LOOPS = 3, 15  # timings per side in a pair; more when each request costs far more than it times
MIN_PAIRS = 3
DECISIVE_PAIRS, DECISIVE_FACTOR = 5, 2.0  # after 5 pairs, an interval above 2x the tolerance settles it
CURVE_PAIRS = 5  # sizes between the smallest and the largest only add points to the fitted curves
ROUGH_FACTOR = 5.0  # a single pair on a busy machine has been seen 3.5x off: trusted only to 5x either way
# Judge on wall time when the candidate's calls take this many times their CPU time, and this many
# times more than the reference's do: on a busy machine honest calls wait too, but alike.
WAIT_FACTOR = 3.0
SCORE_PRECISION = 2.0  # keep adding pairs while the score could move by more points than this
DECODE_ALLOWANCE_S = 2.0  # time a worker may spend building fresh input copies for one request


@dataclass
class Pair:
    """One pair: each side's fastest per-call CPU and wall time, and the seconds each request took."""

    cand_cpu: float
    ref_cpu: float
    cand_wall: float
    ref_wall: float
    cand_elapsed: float
    ref_elapsed: float


@dataclass
class Plan:
    """How to time one size: loops per sample, and the expected seconds per candidate/reference pair."""

    loops: int
    cost: float  # expected seconds per pair


class Share:
    """The seconds this size may take, counted from its start."""

    def __init__(self, seconds: float):
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        return self.end - time.monotonic()


class Timed(Protocol):
    """The timing protocol: interleaved candidate/reference samples of CPU time, compared as ratios."""

    def measure(self, n: int, share: float, role: str) -> SizeResult:
        result, inputs, budget = SizeResult(n), self.inputs(n), Share(share)
        warm = self._warm_up(result, inputs, budget)
        if warm is None:  # failed, or too slow to time here (recorded either way)
            return result
        kept = self._collect(result, inputs, budget, warm, role)
        if kept is None:
            return result
        if len(kept) < MIN_PAIRS:
            return self._rough(result, kept, f"only {len(kept)} pair(s) fit in this size's share of the time budget")
        for pair in kept:
            self._keep(result, pair)
        result.estimate = ratio_estimate(result.candidate.cpu, result.reference.cpu)
        self._check_waiting(result)
        return result

    def _warm_up(self, result: SizeResult, inputs: Inputs, budget: Share) -> Pair | None:
        """Check both answers, calibrate, warm both workers, count instructions: the pair to plan from."""
        verified = self.verify(result, inputs.get(0))
        if verified is None:
            return None
        t_ref, t_cand = verified
        result.candidate.inner, result.reference.inner = self._inner(t_cand), self._inner(t_ref)
        if budget.left() < 2 * (t_cand * result.candidate.inner + t_ref * result.reference.inner):
            self._unmeasured(result, t_cand, t_ref)
            return None
        warm = self._pair(result, inputs.get(1), True, (t_cand, t_ref), loops=1)
        if warm is None:
            return None
        result.candidate.inner, result.reference.inner = self._inner(warm.cand_cpu), self._inner(warm.ref_cpu)
        cost = warm.cand_elapsed + warm.ref_elapsed
        if budget.left() > 2 * cost:  # counting costs about a pair, or more
            count_both(self, result, inputs.get(1))
            if result.failure:
                return None
        if budget.left() < MIN_PAIRS * cost:  # not even a few pairs fit
            self._rough(result, [warm], f"a pair takes about {seconds_text(cost)}")
            return None
        return warm

    def _collect(self, result: SizeResult, inputs: Inputs, budget: Share, warm: Pair, role: str) -> list | None:
        """Pairs until the size's target is met and the result is steady (or settled, or out of time)."""
        expected = (warm.cand_cpu, warm.ref_cpu)
        first = self._pair(result, inputs.get(1), True, expected, MIN_LOOPS)
        if first is None:
            return None
        kept, plan = [first], self._plan(warm, first)
        target = self.spec.iterations if role != "curve" else min(self.spec.iterations, CURVE_PAIRS)
        ceiling = self.settings.pair_ceiling(self.spec.iterations) if role == "scored" else target
        while len(kept) < ceiling:
            estimate = ratio_estimate([p.cand_cpu for p in kept], [p.ref_cpu for p in kept])
            if len(kept) >= target and not self._needs_more(estimate, role):
                break
            if len(kept) >= DECISIVE_PAIRS and self._decided(estimate, role):
                result.notes.append(f"stopped after {len(kept)} pairs: clearly slower already")
                break
            if budget.left() < plan.cost:
                result.notes.append(f"stopped after {len(kept)} pairs: this size's share of the time budget is used up")
                break
            pair = self._pair(result, inputs.get(1 + len(kept)), len(kept) % 2 == 0, expected, plan.loops)
            if pair is None:
                return None
            kept.append(pair)
        if len(kept) > target:
            result.notes.append(f"took {len(kept) - target} extra pairs because the first {target} were not conclusive")
        return kept

    # -- steps ----------------------------------------------------------------------
    def _inner(self, per_call: float) -> int:
        wanted = math.ceil(self.settings.target_batch_s / max(per_call, 1e-9))
        return max(1, min(self.settings.max_inner, wanted))

    def _plan(self, warm: Pair, first: Pair) -> Plan:
        """How many loops per request, and what a pair then costs.

        A request costs a fixed part (sending the input) plus a part per loop
        (fresh copies, a collection, the timed calls). The warm-up (1 loop) and
        the first pair (MIN_LOOPS) give both; loops are raised until the timed
        part is no longer dwarfed by the fixed one, within MIN_LOOPS..MAX_LOOPS.
        """
        sides = [(warm.cand_elapsed, first.cand_elapsed), (warm.ref_elapsed, first.ref_elapsed)]
        per_loop = [max((three - one) / (MIN_LOOPS - 1), 1e-4) for one, three in sides]
        fixed = [max(one - loop, 0.0) for (one, _), loop in zip(sides, per_loop, strict=True)]
        loops = max(MIN_LOOPS, min(MAX_LOOPS, math.ceil(max(f / p for f, p in zip(fixed, per_loop, strict=True)))))
        return Plan(loops, max(1e-3, sum(fixed) + loops * sum(per_loop)))

    @staticmethod
    def _keep(result: SizeResult, pair: Pair) -> None:
        result.candidate.add([pair.cand_cpu], [pair.cand_wall])
        result.reference.add([pair.ref_cpu], [pair.ref_wall])

    def _pair(
        self, result: SizeResult, built: BuiltInput, candidate_first: bool, expected: tuple, loops: int
    ) -> Pair | None:
        """Both sides timed, in the given order; None (with the failure recorded) if either fails."""
        sides = [
            ("candidate", self.candidate, result.candidate.inner, expected[0]),
            ("reference", self.reference, result.reference.inner, expected[1]),
        ]
        got = {}
        for side, session, inner, per_call in sides if candidate_first else sides[::-1]:
            timeout = self._timeout(inner * loops, per_call)
            started = time.monotonic()
            outcome = session.time(built.args, built.kwargs, built.calls, loops=loops, inner=inner, timeout=timeout)
            if outcome.status != TimingStatus.TIMED:
                self._failed(result, side, outcome, (timeout - DECODE_ALLOWANCE_S) / (inner * loops), expected[1])
                return None
            got[side] = (outcome, time.monotonic() - started)
        (cand, cand_s), (ref, ref_s) = got["candidate"], got["reference"]
        if self.samples_disagree(result.n, cand, ref):
            result.failure = TIMED_ANSWER_DIFFERS.format(what="timed")
            return None
        return Pair(min(cand.cpu_s), min(ref.cpu_s), min(cand.wall_s), min(ref.wall_s), cand_s, ref_s)

    def _timeout(self, calls: int, per_call: float) -> float:
        # Generous against noise, but a request that runs far beyond its own calibration is stopped.
        expected = per_call * calls
        return min(self.limit * calls, max(self.limit, 10 * expected + 1.0)) + DECODE_ALLOWANCE_S

    def _failed(
        self, result: SizeResult, side: str, outcome: TimingOutcome, per_call_limit: float, reference_per_call: float
    ) -> None:
        text = f"{outcome.status} while being timed" + (f": {outcome.message[:200]}" if outcome.message else "")
        if side == "reference":
            result.reference_failure = f"the reference {text}"
            return
        result.failure = f"the candidate {text}"
        if outcome.status == TimingStatus.TIMEOUT:
            result.exceeded = per_call_limit / max(reference_per_call, 1e-9)

    def _rough(self, result: SizeResult, pairs: list[Pair], why: str) -> SizeResult:
        """Too slow to repeat within the budget: what little there is, trusted only to ROUGH_FACTOR."""
        for pair in pairs:
            self._keep(result, pair)
        ratios = sorted(p.cand_cpu / max(p.ref_cpu, 1e-12) for p in pairs)
        note = f"timed only {len(pairs)} time(s): {why}; not trusted closer than {ROUGH_FACTOR:g}x either way"
        result.estimate = RatioEstimate.rough(ratios[len(ratios) // 2], ROUGH_FACTOR, note)
        result.rough = True
        result.notes.append(note)
        return result

    def _unmeasured(self, result: SizeResult, t_cand: float, t_ref: float) -> SizeResult:
        """No time left to time this size: only the checked calls' durations, as a rough figure."""
        note = (
            "not timed: the time budget's share for this size was used up by checking the answers "
            f"(the candidate took {seconds_text(t_cand)} a call, the reference {seconds_text(t_ref)})"
        )
        result.candidate.add([t_cand], [t_cand])
        result.reference.add([t_ref], [t_ref])
        result.estimate = RatioEstimate.rough(t_cand / max(t_ref, 1e-12), ROUGH_FACTOR, note)
        result.rough = True
        result.notes.append(note)
        return result

    def _decided(self, estimate: RatioEstimate, role: str) -> bool:
        """So clearly slower that more pairs would not move the verdict (nor, at the scored size, the score)."""
        if estimate.ci95[0] <= DECISIVE_FACTOR * self.spec.tolerance:
            return False
        return role != "scored" or score_uncertainty(estimate, self.spec.tolerance) <= SCORE_PRECISION

    def _needs_more(self, estimate: RatioEstimate, role: str) -> bool:
        """At the scored size only: unstable, or a verdict that more pairs could still change."""
        if role != "scored":
            return False
        if estimate.unstable:
            return True
        tolerance = self.spec.tolerance
        low, high = estimate.ci95
        return low <= tolerance < high or score_uncertainty(estimate, tolerance) > SCORE_PRECISION

    def _check_waiting(self, result: SizeResult) -> None:
        """A candidate that spends its time off this process's CPU (sleeping, or waiting on a helper
        process) is judged on wall time: CPU time here would not see its work."""
        cand_wait, ref_wait = result.candidate.waiting(), result.reference.waiting()
        if cand_wait is None or ref_wait is None or cand_wait < WAIT_FACTOR * max(ref_wait, 1.0):
            return
        wall = ratio_estimate(result.candidate.wall, result.reference.wall)
        if wall.ci95[0] <= result.known_estimate.ci95[0]:
            return
        result.estimate, result.judged_on = wall, Measure.WALL
        result.notes.append(
            f"judged on wall time: the candidate's calls took {cand_wait:.1f}x their CPU time "
            f"(the reference's {ref_wait:.1f}x), so most of its work happened outside this "
            "process's CPU time"
        )
