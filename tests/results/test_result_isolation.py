"""A result's `isolation`: the sandbox's report, or `{}` in the JSON when no sandbox was chosen."""

from codeeval.base.isolation import IsolationLevel, IsolationReport
from codeeval.results.result import EvaluationResult


def test_a_result_reports_its_sandbox_and_one_that_failed_first_reports_nothing():
    report = IsolationReport(IsolationLevel.PROCESS, True, 0, "3.11 (python3)", ("rlimits",), ("seccomp",), ("w",))
    ran = EvaluationResult("p", "s.py", 50.0, {}, report)
    assert ran.to_dict()["isolation"] == {
        "level": "process",
        "network": True,
        "uid": 0,
        "python": "3.11 (python3)",
        "layers": ["rlimits"],
        "missing": ["seccomp"],
        "warnings": ["w"],
    }
    failed = EvaluationResult.failed("p", "s.py", ValueError("boom"))
    assert failed.isolation is None and failed.to_dict()["isolation"] == {}
