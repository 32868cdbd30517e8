"""actionlint (with shellcheck) on the project's workflows, on action.yml, and on the workflows docs/ci.md
tells users to copy."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.support import REPO

DOCS = REPO / "docs" / "ci.md"


def actionlint() -> str:
    """The actionlint beside this interpreter (the venv's), else one on PATH."""
    beside = Path(sys.executable).parent / "actionlint"
    found = str(beside) if beside.exists() else shutil.which("actionlint")
    if found is None:
        pytest.skip("actionlint is not installed (scripts/setup installs it with the `test` extra)")
    if shutil.which("shellcheck") is None:
        pytest.skip("shellcheck is not installed (scripts/setup installs it with apt): run: scripts go unchecked")
    return found


def lint(project: Path, *files: Path) -> subprocess.CompletedProcess:
    """actionlint on `files`; local actions (`uses: ./`) resolve against `project`, a git repository."""
    if not (project / ".git").exists():
        subprocess.run(["git", "init", "-q", str(project)], check=True, timeout=60)
    return subprocess.run(
        [actionlint(), "-oneline", "-no-color", *map(str, files)],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_project_workflows_pass_actionlint():
    """ci.yml uses the action as `./`: actionlint also checks its inputs against action.yml."""
    workflows = sorted((REPO / ".github" / "workflows").glob("*.yml"))
    assert [path.name for path in workflows] == ["ci.yml"]
    done = lint(REPO, *workflows)
    assert done.returncode == 0, done.stdout + done.stderr


def test_action_yml_passes_actionlint_as_a_reusable_workflow(tmp_path):
    """actionlint reads workflows, not action metadata: the action's steps are linted as the job of a
    workflow whose workflow_call inputs are the action's inputs, so every `inputs.*`, `steps.*` and
    `github.*` expression, every `uses:` and every run script (shellcheck) is checked."""
    action = yaml.safe_load((REPO / "action.yml").read_text())
    inputs = {
        name: {"type": "string", "required": False, "description": spec["description"]}
        for name, spec in action["inputs"].items()
    }
    steps = list(action["runs"]["steps"])
    steps.append(
        {
            "name": "the action's outputs",
            "shell": "bash",
            "run": "true",
            "env": {
                f"OUTPUT_{name.upper().replace('-', '_')}": spec["value"] for name, spec in action["outputs"].items()
            },
        }
    )
    workflow = {
        "name": "action.yml",
        "on": {"workflow_call": {"inputs": inputs}},
        "jobs": {"action": {"runs-on": "ubuntu-latest", "steps": steps}},
    }
    target = tmp_path / ".github" / "workflows" / "action.yml"
    target.parent.mkdir(parents=True)
    target.write_text(yaml.safe_dump(workflow, sort_keys=False, width=200))
    done = lint(tmp_path, target)
    assert done.returncode == 0, done.stdout + done.stderr + "\n" + target.read_text()


def test_the_install_script_passes_shellcheck():
    actionlint()  # the same skip reasons
    done = subprocess.run(
        ["shellcheck", str(REPO / "action" / "install.sh")], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout


def test_the_three_documented_workflows_pass_actionlint_against_this_action(tmp_path):
    blocks = re.findall(r"```yaml\n(.*?)```", DOCS.read_text(), re.DOTALL)
    assert len(blocks) == 3, "docs/ci.md should show three workflows"
    shutil.copy(REPO / "action.yml", tmp_path / "action.yml")  # `uses: ./` resolves to it
    folder = tmp_path / ".github" / "workflows"
    folder.mkdir(parents=True)
    files = []
    for number, block in enumerate(blocks, start=1):
        assert "uses: OWNER/codeeval@v1" in block
        files.append(folder / f"example-{number}.yml")
        files[-1].write_text(block.replace("OWNER/codeeval@v1", "./"))
    done = lint(tmp_path, *files)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_mistake_in_a_workflow_is_caught(tmp_path):
    """The lint can fail: an input the action does not have, and an unquoted variable in a script."""
    shutil.copy(REPO / "action.yml", tmp_path / "action.yml")
    target = tmp_path / ".github" / "workflows" / "bad.yml"
    target.parent.mkdir(parents=True)
    target.write_text(
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: ./\n        with:\n          problem: problems\n"
        "      - run: echo $HOME/$1\n"
    )
    done = lint(tmp_path, target)
    assert done.returncode == 1
    assert 'input "problem" is not defined in action' in done.stdout and "SC2086" in done.stdout, done.stdout
