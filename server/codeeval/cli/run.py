"""`codeeval run PROBLEMS_DIR (--solutions DIR | --samples FILE.jsonl) --output DIR`: a whole benchmark."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..base.isolation import IsolationReport
from ..results.test_tiers import TestSelection
from .env import add_env_flag, choose_environment, environment_cache
from .evaluate import isolation_warning
from .options import add_bigcodebench_flags, add_evaluation_flags, evaluation_options, read_decision_log

if TYPE_CHECKING:
    from ..engine.evaluation_options import EvaluationOptions
    from ..results.result import EvaluationResult

NAME = "run"
HELP = "evaluate many solutions against a folder of problems and write a leaderboard"


def configure(parser: argparse.ArgumentParser) -> None:
    """`codeeval run`'s arguments: the problems, the solutions or samples, the output folder, jobs."""
    parser.add_argument(
        "problems",
        help="folder of problem YAML files, or a HumanEval or EvalPlus benchmark file "
        "(.jsonl or .jsonl.gz: converted on the first run and kept in the cache)",
    )
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--solutions", help="folder with <problem name>/*.py solution files")
    source.add_argument(
        "--samples",
        action="append",
        metavar="FILE.jsonl",
        help="samples JSONL ({task_id, solution|completion} per line) or LiveCodeBench's output JSON "
        "([{question_id, code_list}]); repeat for several models",
    )
    parser.add_argument("--output", "-o", required=True, help="folder for the reports and the leaderboard")
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=None,
        help="solutions evaluated at once (default: half the cores, so that each timing has a "
        "core to itself; all of them with --skip performance or --deterministic)",
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar and no leaderboard on stdout")
    parser.add_argument(
        "--each",
        action="store_true",
        help="on a terminal, also print each solution's score as it finishes, above the progress bar "
        "(elsewhere every score is printed on its own line anyway)",
    )
    parser.add_argument(
        "--executor",
        choices=["local", "ray"],
        default="local",
        help="where evaluations run: this machine's cores (local), or Ray tasks on a cluster "
        "(each problem's solutions on one node, each solution in that node's sandbox)",
    )
    parser.add_argument(
        "--ray-address",
        metavar="ADDRESS",
        help="the Ray cluster to join (e.g. ray://head:10001 or auto); default: a local Ray",
    )
    parser.add_argument(
        "--tests",
        choices=[s.value for s in TestSelection],
        default=TestSelection.BASE.value,
        help="base: the problems' own tests; plus: also their extended tests (EvalPlus's plus "
        "inputs), each tier's verdict reported apart (default: base)",
    )
    parser.add_argument(
        "--blind",
        action="store_true",
        help="replace model names (and names in the solutions' comments and strings) with neutral "
        "labels in every report; the key goes to OUTPUT.blind-key.json (see codeeval unblind)",
    )
    parser.add_argument(
        "--blind-key",
        metavar="FILE",
        default=None,
        help="where --blind writes its key (default: beside the output folder, not in it)",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="evaluate every solution again, even one whose result is cached (same text, problem "
        "file, settings and codeeval version)",
    )
    parser.add_argument(
        "--cache-dir",
        metavar="DIR",
        default=None,
        help="the result cache (default: $CODEEVAL_CACHE_DIR/results or ~/.cache/codeeval/results)",
    )
    parser.add_argument(
        "--no-precheck",
        action="store_true",
        help="do not check the problems' references against their own tests first (a problem whose reference "
        "fails here is otherwise excluded from pass@k and the means, with its cause; cached per environment)",
    )
    add_evaluation_flags(parser)
    add_bigcodebench_flags(parser)
    add_env_flag(parser, "default: auto for a BigCodeBench file, none otherwise")


class ProgressBar:
    """Progress with rate and ETA on a terminal (tqdm); plain lines elsewhere (CI logs)."""

    def __init__(self, stream: TextIO, enabled: bool, each: bool = False):
        self.stream = stream
        self.enabled = enabled
        self.tty = stream.isatty()
        self.each = each  # on a terminal, each result's line too, above the bar
        self._bar: Any = None  # a tqdm bar, made on the first result

    def __call__(self, done: int, total: int, result: EvaluationResult) -> None:
        if not self.enabled:
            return
        name = Path(result.solution).name if "/" in result.solution else result.solution
        verdict = "internal error" if result.internal_error is not None else f"{result.score:.1f}"
        line = f"{done}/{total} {result.problem} {name}: {verdict}"
        if not self.tty:
            self.stream.write(line + "\n")
            self.stream.flush()
            return
        if self._bar is None:
            from tqdm import tqdm

            self._bar = tqdm(total=total, file=self.stream, unit="solution", dynamic_ncols=True, smoothing=0.05)
        if self.each:
            self._bar.write(line, file=self.stream)
        self._bar.set_postfix_str(f"{result.problem} {name}: {verdict}"[:50], refresh=False)
        self._bar.update(done - self._bar.n)
        if done == total:
            self.close()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def run(args: argparse.Namespace) -> int:
    """Evaluate every solution or sample against its problem into the output folder; the exit code."""
    # Imported here, not at the top: the engine pulls in scipy and hypothesis, and every subcommand's
    # module is imported to build `codeeval --help`.
    from ..base.errors import ProblemError
    from ..decisions.apply import apply_decisions
    from ..decisions.rule_calibration import calibration_of
    from ..report.run_folder import RunFolder
    from ..run.runner import Collected, collect_folder, collect_samples, run_stream

    environment = choose_environment(args.env, [args.problems], _is_bigcodebench(args.problems))
    problems, problem_errors = _problems(args)
    for error in problem_errors:
        print(f"codeeval: {error}", file=sys.stderr)
    if not problems:
        raise ProblemError("no valid problem files found", args.problems)
    collected = Collected()
    sources = (
        [collect_folder(problems, args.solutions)]
        if args.solutions
        else [collect_samples(problems, path) for path in args.samples]
    )
    for part in sources:
        collected.submissions += part.submissions
        collected.warnings += part.warnings
    if args.blind:
        from ..run.blind import KEY_SUFFIX, blind

        collected.submissions, collected.warnings, key = blind(collected.submissions, collected.warnings)
        output = Path(args.output)
        key_path = Path(args.blind_key) if args.blind_key else output.parent / (output.name + KEY_SUFFIX)
        key.write(key_path)
        print(f"codeeval: blind run: {len(key.names)} group(s) labelled; the key is in {key_path}", file=sys.stderr)
    for warning in collected.warnings:
        print(f"codeeval: warning: {warning}", file=sys.stderr)
    if not collected.submissions:
        print("codeeval: no solutions matched any problem", file=sys.stderr)
        return 2
    folder = RunFolder(args.output)
    progress = ProgressBar(sys.stderr, enabled=not args.quiet, each=args.each)
    isolation: IsolationReport | None = None
    executor = None
    if args.executor == "ray":
        from ..run.ray_executor import RayExecutor

        executor = RayExecutor(args.ray_address)
    options = evaluation_options(args)
    options.tests = TestSelection(args.tests)
    decisions = read_decision_log(args.decisions, args.problems)
    options.calibration = calibration_of(decisions)
    cache = None
    if not args.no_cache:
        from ..run.result_cache import ResultCache, default_cache_dir

        cache = ResultCache(environment_cache(Path(args.cache_dir or default_cache_dir()), environment), options)
    jobs = args.jobs or default_jobs(options)
    exclusions = precheck(args, problems, collected.submissions, options, jobs)
    stream = run_stream(
        problems, collected.submissions, options, jobs=jobs, executor=executor, cache=cache, exclusions=exclusions
    )
    reused = 0
    for done, finished in enumerate(stream, start=1):
        reused += finished.cached
        submission, result = finished.submission, apply_decisions(finished.result, decisions)
        folder.record(submission.problem, submission.label, submission.group, submission.origin, result)
        isolation = isolation or result.isolation
        progress(done, len(collected.submissions), result)
    weaker = isolation_warning(isolation) if isolation else None
    if weaker:
        print(f"codeeval: {weaker}", file=sys.stderr)
    board, failed = folder.finish(problem_errors + collected.warnings)
    if not args.quiet:
        sys.stdout.write(board)
    print(
        f"codeeval: {len(collected.submissions)} solutions evaluated ({reused} reused from the cache or a "
        f"duplicate); reports in {folder.path}/",
        file=sys.stderr,
    )
    return report_internal_errors(failed, folder.path)


def precheck(
    args: argparse.Namespace, problems: dict, submissions: list, options: EvaluationOptions, jobs: int
) -> dict:
    """The problems whose reference fails here (run/precheck.py), by name; what the check did, on stderr.
    Nothing with --no-precheck."""
    from ..run.precheck import ReferencePrecheck

    if args.no_precheck:
        return {}

    wanted = {submission.problem for submission in submissions}
    summary = ReferencePrecheck(options, jobs).check(problems[name] for name in wanted)
    for warning in summary.warnings:
        print(f"codeeval: warning: {warning}", file=sys.stderr)
    print(f"codeeval: {summary.line()}", file=sys.stderr)
    for name, exclusion in sorted(summary.exclusions.items()):
        print(f"codeeval: excluded {name}: {exclusion.sentence}", file=sys.stderr)
    return summary.exclusions


def default_jobs(options: EvaluationOptions) -> int:
    """Half the cores while solutions are timed (a timing shares its core with nothing), else all of them:
    instruction counts (--deterministic) and the other dimensions do not depend on a quiet machine."""
    cores = os.cpu_count() or 2
    timed = "performance" not in options.skip and not options.deterministic
    return max(1, cores // 2 if timed else cores)


def _problems(args: argparse.Namespace) -> tuple[dict, list[str]]:
    """The problems to evaluate against, by name, and why any could not be read or converted."""
    from ..importers.benchmark_file import benchmark_problems, is_benchmark_file
    from ..importers.bigcodebench import BigCodeBenchOptions, Split
    from ..importers.convert import REPORT_NAME
    from ..run.runner import load_problems

    if not is_benchmark_file(args.problems):
        return load_problems(args.problems)
    found = benchmark_problems(
        args.problems,
        announce=lambda line: print(f"codeeval: {line}", file=sys.stderr),
        bigcodebench=BigCodeBenchOptions(Split(args.split), args.calibrated),
    )
    if found.converted_now:
        print(
            f"codeeval: converted {len(found.problems)} of {len(found.problems) + len(found.failed)} "
            f"tasks ({len(found.failed)} not converted; see {found.folder / REPORT_NAME})",
            file=sys.stderr,
        )
    return found.problems, found.errors


def _is_bigcodebench(source: str) -> bool:
    from ..environment.needs import is_bigcodebench_file

    return is_bigcodebench_file(Path(source))


def report_internal_errors(failed: int, folder: Path) -> int:
    """Exit code 1 when any evaluation failed inside codeeval; every other result was still written."""
    from ..report.results_log import LOG_NAME

    if not failed:
        return 0
    print(
        f"codeeval: {failed} solution(s) hit an internal error and have no score (status internal_error in "
        f"{folder / LOG_NAME}; each report has the traceback)",
        file=sys.stderr,
    )
    return 1
