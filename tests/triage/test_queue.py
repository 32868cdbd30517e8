"""`codeeval queue`: real runs of bundled problems and their samples, queued; people's decisions made with the
real decisions API move results down (applied) and up (stale); bad folders and broken reports."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from codeeval.decisions.making import decidable_report
from codeeval.decisions.store import add_decision
from codeeval.results.review import DecisionKind
from codeeval.triage import ReasonKind, build_queue, read_run
from tests.support import copy_suite, run_cli

FAST = ("--skip", "performance", "-q")  # timings are the slow part, and not what these tests judge


def _run(problems: Path, samples: Path, out: Path, decisions: str) -> None:
    done = run_cli("run", str(problems), "--solutions", str(samples), "-o", str(out), "--decisions", decisions, *FAST)
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """two_sum and balanced_brackets with their samples, run twice: `plain` without decisions; then ana dismisses
    two_sum/fragile.py's edge finding and a finding of balanced_brackets/messy.py, messy.py is edited, and
    `reviewed` is the run with her decisions (one applied, one stale)."""
    root = tmp_path_factory.mktemp("queue")
    problems, samples = copy_suite(root)
    _run(problems, samples, root / "plain", "none")
    decisions = root / "codeeval-decisions.jsonl"
    for report, pick in (("two_sum/fragile.json", "edge_cases"), ("balanced_brackets/messy.json", "code_quality")):
        path = root / "plain" / report
        decidable = decidable_report(json.loads(path.read_text(encoding="utf-8")), str(path))
        finding = next(f for f in decidable.findings if f.dimension == pick)
        add_decision(decisions, decidable.decide(DecisionKind.DISMISS, "ana", "not a bug here", finding.fingerprint))
    messy = samples / "balanced_brackets" / "messy.py"
    messy.write_text(messy.read_text(encoding="utf-8") + "\n# edited after the review\n", encoding="utf-8")
    _run(problems, samples, root / "reviewed", str(decisions))
    return root


def _item(queue_json: dict, problem: str, solution: str) -> dict:
    return next(i for i in queue_json["items"] if i["problem"] == problem and i["solution"] == solution)


def test_queue_writes_markdown_and_json_in_the_run_folder(runs: Path) -> None:
    done = run_cli("queue", str(runs / "plain"))
    assert done.returncode == 0, done.stderr
    assert "10 results, " in done.stdout and "with some reason to look" in done.stdout
    data = json.loads((runs / "plain" / "queue.json").read_text(encoding="utf-8"))
    assert data["results"] == 10 and [i["rank"] for i in data["items"]] == list(range(1, 11))
    priorities = [i["priority"] for i in data["items"]]
    assert priorities == sorted(priorities, reverse=True)
    kinds = {reason["kind"] for item in data["items"] for reason in item["reasons"]}
    assert kinds and kinds <= {kind.value for kind in ReasonKind}
    crash = _item(data, "two_sum", "crash.py")
    assert any(r["kind"] == "uncertain edge finding" and "confidence" in r["text"] for r in crash["reasons"])
    markdown = (runs / "plain" / "queue.md").read_text(encoding="utf-8")
    assert "| rank | problem | solution | score | priority | reasons |" in markdown
    links = [line.split("](")[1].rstrip(")") for line in markdown.splitlines() if line.startswith("Report: [")]
    assert len(links) == 10 and all((runs / "plain" / link).is_file() for link in links)


def test_a_threshold_puts_the_scores_near_it_first_and_limit_and_paths_apply(runs: Path, tmp_path: Path) -> None:
    fragile = json.loads((runs / "plain" / "two_sum" / "fragile.json").read_text(encoding="utf-8"))
    markdown, json_path = tmp_path / "elsewhere" / "q.md", tmp_path / "q.json"
    done = run_cli(
        "queue",
        str(runs / "plain"),
        "--threshold",
        str(fragile["score"]),
        "--margin",
        "0.01",  # two_sum's messy.py scores within a point of fragile.py
        "--limit",
        "3",
        "--markdown",
        str(markdown),
        "--json",
        str(json_path),
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(json_path.read_text(encoding="utf-8"))
    first = data["items"][0]
    assert (first["problem"], first["solution"]) == ("two_sum", "fragile.py") and len(data["items"]) == 3
    assert first["reasons"][0]["kind"] == "near threshold" and first["reasons"][0]["strength"] == 1.0
    link = next(line for line in markdown.read_text(encoding="utf-8").splitlines() if line.startswith("Report: ["))
    assert (markdown.parent / link.split("](")[1].rstrip(")")).resolve() == (runs / "plain" / first["markdown_report"])


def test_a_reviewed_result_goes_down_and_a_stale_review_goes_up(runs: Path) -> None:
    plain = {(i.problem, i.solution): i for i in build_queue(read_run(runs / "plain")).items}
    reviewed = {(i.problem, i.solution): i for i in build_queue(read_run(runs / "reviewed")).items}
    dismissed = reviewed["two_sum", "fragile.py"]
    assert ReasonKind.REVIEWED in {r.kind for r in dismissed.reasons}
    assert dismissed.priority < plain["two_sum", "fragile.py"].priority
    stale = reviewed["balanced_brackets", "messy.py"]
    assert stale.rank == 1 and stale.reasons[0].kind is ReasonKind.STALE_REVIEW and "ana" in stale.reasons[0].text


def test_a_folder_that_is_not_a_run_is_named(tmp_path: Path) -> None:
    done = run_cli("queue", str(tmp_path))
    assert done.returncode == 2 and str(tmp_path) in done.stderr and "results.jsonl" in done.stderr
    missing = run_cli("queue", str(tmp_path / "nowhere"))
    assert missing.returncode == 2 and "nowhere" in missing.stderr and "Traceback" not in missing.stderr


def test_a_report_that_does_not_parse_is_named_and_skipped(runs: Path, tmp_path: Path) -> None:
    copy = tmp_path / "run"
    shutil.copytree(runs / "plain", copy)
    broken = copy / "two_sum" / "good.json"
    broken.write_text('{"dimensions": {', encoding="utf-8")  # malformed on purpose
    done = run_cli("queue", str(copy), "-q")
    assert done.returncode == 0 and str(broken) in done.stderr and "not JSON" in done.stderr
    data = json.loads((copy / "queue.json").read_text(encoding="utf-8"))
    assert data["results"] == 9 and any(str(broken) in warning for warning in data["warnings"])
    assert "good.json" in (copy / "queue.md").read_text(encoding="utf-8")  # the warning is in the Markdown too
