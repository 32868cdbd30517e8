"""A small stand-in for the GitHub Actions runner, enough to run this repository's composite action.

It does what the runner does for a composite action: evaluates `${{ }}`
expressions (inputs with their defaults, github, runner, steps.<id>.outputs),
each step's `if:` with the status functions, runs `run:` steps with
`bash --noprofile --norc -eo pipefail` in the workspace with the runner's files
(a fresh GITHUB_OUTPUT and GITHUB_STEP_SUMMARY per step, GITHUB_EVENT_PATH),
reads the outputs back, and maps the action's outputs. Steps that use another
repository's action (upload-artifact, upload-sarif) cannot run here: their
resolved `with:` inputs are recorded for the test to check instead.

Expressions support what action.yml uses: literals, context paths, `!`, `==`,
`!=`, `&&`, `||`, parentheses and success()/failure()/always()/cancelled();
anything else raises, so a new construct in action.yml fails loudly here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

_EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.DOTALL)
_TOKEN = re.compile(
    r"\s*(?:(?P<number>-?\d+(?:\.\d+)?)|(?P<string>'(?:[^']|'')*')|(?P<op>==|!=|&&|\|\||[!().\[\]])"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_-]*))"
)


@dataclass
class StepResult:
    id: str | None
    name: str
    ran: bool
    outcome: str  # success, failure, skipped
    stdout: str = ""
    stderr: str = ""
    outputs: dict[str, str] = field(default_factory=dict)
    summary: str = ""
    uses: str | None = None
    with_inputs: dict[str, str] = field(default_factory=dict)


@dataclass
class ActionRun:
    steps: list[StepResult]
    outputs: dict[str, str]
    job_summary: str

    @property
    def failed(self) -> bool:
        return any(step.outcome == "failure" for step in self.steps)

    def step(self, key: str) -> StepResult:
        """A step by id, by the action it uses, or by the start of its name."""
        for step in self.steps:
            if key in (step.id, step.uses) or step.name.startswith(key):
                return step
        raise KeyError(key)


class GitHubEnvironment:
    """The runner's side: workspace, event, temp folder, API address."""

    def __init__(
        self,
        workspace: Path,
        temp: Path,
        event_name: str,
        event: dict[str, Any],
        api_url: str,
        repository: str,
        ref: str,
        sha: str,
        token: str,
    ):
        self.workspace, self.temp, self.event_name, self.event = workspace, temp, event_name, event
        self.api_url, self.repository, self.ref, self.sha, self.token = api_url, repository, ref, sha, token
        self.event_path = temp / "event.json"
        self.event_path.write_text(json.dumps(event), encoding="utf-8")

    def context(self, action_path: Path) -> dict[str, Any]:
        return {
            "event_name": self.event_name,
            "event": self.event,
            "action_path": str(action_path),
            "workspace": str(self.workspace),
            "repository": self.repository,
            "ref": self.ref,
            "sha": self.sha,
            "token": self.token,
            "api_url": self.api_url,
        }

    def variables(self, action_path: Path) -> dict[str, str]:
        return {
            "GITHUB_ACTIONS": "true",
            "CI": "true",
            "GITHUB_WORKSPACE": str(self.workspace),
            "GITHUB_EVENT_NAME": self.event_name,
            "GITHUB_EVENT_PATH": str(self.event_path),
            "GITHUB_REPOSITORY": self.repository,
            "GITHUB_REF": self.ref,
            "GITHUB_SHA": self.sha,
            "GITHUB_API_URL": self.api_url,
            "GITHUB_ACTION_PATH": str(action_path),
            "RUNNER_TEMP": str(self.temp),
            "RUNNER_OS": "Linux",
        }


def run_action(
    action_dir: Path,
    github: GitHubEnvironment,
    inputs: dict[str, str],
    base_env: dict[str, str] | None = None,
    timeout: float = 600,
) -> ActionRun:
    """Run the composite action in `action_dir`/action.yml with these inputs, as a job step would."""
    metadata = yaml.safe_load((action_dir / "action.yml").read_text(encoding="utf-8"))
    assert metadata["runs"]["using"] == "composite"
    declared = metadata.get("inputs") or {}
    unknown = set(inputs) - set(declared)
    assert not unknown, f"inputs the action does not declare: {unknown}"
    github_context = github.context(action_dir)
    context: dict[str, Any] = {
        "github": github_context,
        "runner": {"temp": str(github.temp), "os": "Linux"},
        "steps": {},
        "env": {},
    }
    context["inputs"] = {
        name: _interpolate(str(inputs.get(name, (spec or {}).get("default", ""))), context)
        for name, spec in declared.items()
    }
    environment = {**(base_env if base_env is not None else dict(os.environ)), **github.variables(action_dir)}
    results: list[StepResult] = []
    for index, step in enumerate(metadata["runs"]["steps"]):
        status = "failure" if any(r.outcome == "failure" for r in results) else "success"
        name = _interpolate(str(step.get("name", step.get("uses", f"step {index}"))), context)
        result = StepResult(step.get("id"), name, ran=False, outcome="skipped", uses=step.get("uses"))
        results.append(result)
        if not _condition(step.get("if"), context, status):
            continue
        result.ran = True
        if "uses" in step:
            given = step.get("with") or {}
            result.with_inputs = {key: _interpolate(str(value), context) for key, value in given.items()}
            result.outcome = "success"
        else:
            _run_step(step, result, index, context, environment, github, timeout)
        if result.id:
            context["steps"][result.id] = {
                "outputs": result.outputs,
                "outcome": result.outcome,
                "conclusion": result.outcome,
            }
    declared_outputs = metadata.get("outputs") or {}
    outputs = {name: _interpolate(str(spec["value"]), context) for name, spec in declared_outputs.items()}
    return ActionRun(results, outputs, "".join(step.summary for step in results))


def _run_step(
    step: dict,
    result: StepResult,
    index: int,
    context: dict[str, Any],
    environment: dict[str, str],
    github: GitHubEnvironment,
    timeout: float,
) -> None:
    assert step.get("shell") == "bash", "composite run steps must name their shell"
    files = github.temp / f"step-{index}"
    files.mkdir(parents=True, exist_ok=True)
    output_file, summary_file, script = files / "output", files / "summary.md", files / "script.sh"
    output_file.write_text("")
    summary_file.write_text("")
    script.write_text(_interpolate(step["run"], context), encoding="utf-8")
    step_env = {key: _interpolate(str(value), context) for key, value in (step.get("env") or {}).items()}
    done = subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
        cwd=github.workspace,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**environment, **step_env, "GITHUB_OUTPUT": str(output_file), "GITHUB_STEP_SUMMARY": str(summary_file)},
    )
    result.stdout, result.stderr = done.stdout, done.stderr
    result.outcome = "success" if done.returncode == 0 else "failure"
    result.outputs = parse_output_file(output_file.read_text(encoding="utf-8"))
    result.summary = summary_file.read_text(encoding="utf-8")


def parse_output_file(text: str) -> dict[str, str]:
    """GITHUB_OUTPUT: `name=value` lines and `name<<DELIMITER` ... `DELIMITER` blocks."""
    outputs: dict[str, str] = {}
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            value = []
            while lines[index] != delimiter:
                value.append(lines[index])
                index += 1
            index += 1
            outputs[name] = "\n".join(value)
        elif "=" in line:
            name, value_text = line.split("=", 1)
            outputs[name] = value_text
    return outputs


# -- expressions ------------------------------------------------------------------------------------------------


def _condition(expression: object, context: dict[str, Any], status: str) -> bool:
    if expression is None:
        return status == "success"
    text = str(expression).strip()
    match = re.fullmatch(r"\$\{\{(.*)\}\}", text, re.DOTALL)
    source = match.group(1) if match else text
    uses_status = re.search(r"\b(success|failure|always|cancelled)\s*\(", source) is not None
    value = _truthy(_Parser(source, context, status).parse())
    return value if uses_status else value and status == "success"


def _interpolate(text: str, context: dict[str, Any]) -> str:
    return _EXPRESSION.sub(lambda match: _to_string(_Parser(match.group(1), context, "success").parse()), text)


def _to_string(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value)


def _truthy(value: Any) -> bool:
    return value not in (None, False, 0, "") and value == value  # NaN is falsy


def _loosely_equal(left: Any, right: Any) -> bool:
    """GitHub's ==: strings case-insensitively; different types compared as numbers (null and '' are 0)."""
    if isinstance(left, str) and isinstance(right, str):
        return left.lower() == right.lower()
    if type(left) is type(right):
        return left == right
    return _number(left) == _number(right)


def _number(value: Any) -> float:
    if value is None:
        return 0.0
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).strip() or 0)
    except ValueError:
        return float("nan")


class _Parser:
    def __init__(self, source: str, context: dict[str, Any], status: str):
        self.tokens = self._tokenize(source)
        self.position = 0
        self.context = context
        self.status = status

    @staticmethod
    def _tokenize(source: str) -> list[tuple[str, str]]:
        tokens, position = [], 0
        source = source.strip()
        while position < len(source):
            match = _TOKEN.match(source, position)
            if not match or match.end() == position:
                raise ValueError(f"unsupported expression syntax at {source[position:]!r}")
            kind = match.lastgroup
            assert kind is not None
            tokens.append((kind, match.group(kind)))
            position = match.end()
            while position < len(source) and source[position].isspace():
                position += 1
        return tokens

    def parse(self) -> Any:
        value = self._or()
        if self.position != len(self.tokens):
            raise ValueError(f"unexpected {self.tokens[self.position][1]!r} in expression")
        return value

    def _peek(self) -> str | None:
        return self.tokens[self.position][1] if self.position < len(self.tokens) else None

    def _take(self, expected: str | None = None) -> tuple[str, str]:
        token = self.tokens[self.position]
        if expected is not None and token[1] != expected:
            raise ValueError(f"expected {expected!r}, got {token[1]!r}")
        self.position += 1
        return token

    def _or(self) -> Any:
        value = self._and()
        while self._peek() == "||":
            self._take()
            right = self._and()
            value = value if _truthy(value) else right
        return value

    def _and(self) -> Any:
        value = self._unary()
        while self._peek() == "&&":
            self._take()
            right = self._unary()
            value = right if _truthy(value) else value
        return value

    def _unary(self) -> Any:
        if self._peek() == "!":
            self._take()
            return not _truthy(self._unary())
        left = self._primary()
        if self._peek() in ("==", "!="):
            operator = self._take()[1]
            right = self._primary()
            equal = _loosely_equal(left, right)
            return equal if operator == "==" else not equal
        return left

    def _primary(self) -> Any:
        kind, text = self._take()
        if text == "(" and kind == "op":
            value = self._or()
            self._take(")")
            return value
        if kind == "number":
            return float(text)
        if kind == "string":
            return text[1:-1].replace("''", "'")
        if kind != "name":
            raise ValueError(f"unexpected {text!r}")
        if text in ("true", "false"):
            return text == "true"
        if text == "null":
            return None
        if self._peek() == "(":
            self._take("(")
            self._take(")")
            return {
                "success": self.status == "success",
                "failure": self.status == "failure",
                "always": True,
                "cancelled": False,
            }[text]
        value: Any = self.context.get(text)
        while self._peek() in (".", "["):
            if self._take()[1] == ".":
                key = self._take()[1]
            else:
                key = _to_string(self._or())
                self._take("]")
            value = value.get(key) if isinstance(value, dict) else None
        return value
