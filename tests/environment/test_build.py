"""`codeeval env` for real: pip from the registry into a venv of the sandbox's interpreter, then the sandbox
running a solution in it (tiny_env in conftest.py is built once a session)."""

from __future__ import annotations

import json
import time

from tests.support import run_cli

from .conftest import TinyEnvironment, write

SOLUTION = """\
import texttable

def table_width(text):
    table = texttable.Texttable()
    table.add_row([text])
    return len(table.draw().splitlines()[0])
"""


def test_the_lock_is_installed_and_a_line_that_cannot_be_is_reported(tiny_env: TinyEnvironment) -> None:
    manifest = tiny_env.manifest
    assert manifest["installed"]["texttable"] == "1.7.0"
    assert manifest["installed"]["nltk"] == "3.8"  # pinned by codeeval's BigCodeBench lock
    assert [failure["requirement"] for failure in manifest["failed"]] == ["codeeval-no-such-package-anywhere==0.0.1"]
    assert "codeeval-no-such-package-anywhere" in manifest["failed"][0]["reason"]
    assert "could not install codeeval-no-such-package-anywhere==0.0.1" in tiny_env.first_output
    assert manifest["python"] == str(tiny_env.python) and tiny_env.python.exists()
    assert manifest["python_version"].startswith("3.") and manifest["base_python"]
    assert len(manifest["lock_sha256"]) == 64 and set(manifest["phases"]) == {"venv", "install", "permissions"}


def test_tasks_needing_nltk_data_are_marked(tiny_env: TinyEnvironment) -> None:
    assert tiny_env.manifest["data_missing"] == {"count_words": ["punkt"]}
    assert "1 tasks need NLTK data punkt, not on the package registry: count_words" in tiny_env.first_output


def test_an_unpinned_library_is_written_to_the_users_lock_and_the_next_call_finds_the_environment(
    tiny_env: TinyEnvironment,
) -> None:
    version = tiny_env.manifest["installed"]["tabulate"]
    assert f"tabulate=={version}\n" in tiny_env.lock.read_text(encoding="utf-8")
    assert "texttable==1.7.0\n" in tiny_env.lock.read_text(encoding="utf-8")
    started = time.monotonic()
    again = run_cli("env", str(tiny_env.problems), "--lock", str(tiny_env.lock))
    assert again.returncode == 0, again.stderr
    assert "found built" in again.stderr and time.monotonic() - started < 30
    assert again.stdout.strip().endswith("/bin/python")


def test_env_auto_without_a_built_environment_says_so_and_runs_in_the_sandboxs_interpreter(
    tiny_env: TinyEnvironment, tmp_path
) -> None:
    problem = write(tmp_path, "table_width.yaml", (tiny_env.problems / "table_width.yaml").read_text())
    solution = write(tmp_path, "solution.py", SOLUTION)
    done = run_cli("evaluate", str(solution), "-p", str(problem), "--env", "auto", "--skip", "edge_cases")
    assert done.returncode == 0, done.stderr
    assert (
        f"run `codeeval env {problem}` first; running with the sandbox's interpreter, 1 libraries missing (texttable)"
        in done.stderr
    )
    assert "No module named 'texttable'" in done.stdout


def test_a_solution_importing_the_library_passes_with_the_environment_and_fails_without(
    tiny_env: TinyEnvironment, tmp_path
) -> None:
    solution = write(tmp_path, "solution.py", SOLUTION)
    problem = str(tiny_env.problems / "table_width.yaml")
    inside = run_cli("evaluate", str(solution), "-p", problem, "--env", str(tiny_env.folder), "-f", "json")
    assert inside.returncode == 0, inside.stderr
    report = json.loads(inside.stdout)
    assert report["dimensions"]["correctness"]["score"] == 100.0
    assert str(tiny_env.python) in report["isolation"]["python"]
    outside = run_cli("evaluate", str(solution), "-p", problem, "-f", "json")
    assert outside.returncode == 0, outside.stderr
    assert "No module named 'texttable'" in outside.stdout
    assert str(tiny_env.python) not in json.loads(outside.stdout)["isolation"]["python"]
