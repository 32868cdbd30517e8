"""The peer evaluator, `bigcodebench.evaluate` from PyPI, installed and run locally for scripts/bench_bigcodebench.py.

It is installed with `--no-deps` into a folder of its own under ~/.cache/codeeval/peers/ (a pip `--target`
folder, not a venv: a venv is bound to the interpreter that made it, and the peer has to run under the
interpreter of the environment being compared). Only what its evaluation imports comes along; the modules its
evaluation imports but never uses on the local path (the remote evaluators gradio_client and e2b, `datasets`
which only downloads the data set, `transformers` which only serves generation) are replaced by stubs that
raise if called. Its folder goes at the END of the interpreter's module path, so the environment's own
libraries (numpy and the tasks' libraries) always win over anything installed here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

PEER = "bigcodebench==0.2.5"
# What `bigcodebench.evaluate` imports at module level (read from the wheel's imports), beyond the standard
# library and numpy (the environment's): each with the small packages it needs itself.
PEER_DEPENDENCIES = (
    "appdirs",
    "termcolor",
    "tqdm",
    "tempdir",
    "wget",
    "pqdm",
    "bounded-pool-executor",
    "typing-extensions",
    "tree-sitter",
    "tree-sitter-python",
    "rich",
    "markdown-it-py",
    "mdurl",
    "pygments",
    "httpx",
    "httpcore",
    "h11",
    "anyio",
    "sniffio",
    "idna",
    "certifi",
)
STUBS = {
    "gradio_client": "def Client(*args, **kwargs):\n    raise RuntimeError(STUB)\n\n\n"
    "def handle_file(*args, **kwargs):\n    raise RuntimeError(STUB)\n",
    "e2b": "def Sandbox(*args, **kwargs):\n    raise RuntimeError(STUB)\n",
    "datasets": "def load_dataset(*args, **kwargs):\n    raise RuntimeError(STUB)\n",
    "transformers": "class AutoTokenizer:\n    @staticmethod\n    def from_pretrained(*args, **kwargs):\n"
    "        raise RuntimeError(STUB)\n",
}
STUB_HEAD = 'STUB = "codeeval bench stub: only the peer\'s remote or download path uses this"\n\n\n'
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "codeeval" / "peers"

# Run by the environment's interpreter: the peer's own `evaluate`, local execution, the data set from a file.
DRIVER = """\
import sys
sys.path.extend({paths!r})
from bigcodebench.evaluate import evaluate
evaluate(split="complete", subset="full", samples={samples!r}, execution="local", parallel={jobs},
         selective_evaluate={selected!r}, calibrated=False, no_gt=True, pass_k="1", save_pass_rate=False)
"""


class PeerUnavailable(Exception):
    """The peer cannot be installed or started here; the message says why."""


@dataclass(frozen=True)
class PeerVerdict:
    """One task's outcome in the peer's result file."""

    status: str  # pass | fail | timeout
    message: str  # the first failing test's last traceback line, or the whole-module error; "" on pass

    @property
    def passed(self) -> bool:
        return self.status == "pass"


@dataclass(frozen=True)
class PeerRun:
    verdicts: dict[str, PeerVerdict]
    seconds: float
    python: str
    returncode: int
    log_tail: str


def python_version(python: str) -> str:
    done = subprocess.run(
        [python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise PeerUnavailable(f"{python} does not run: {done.stderr.strip()[-300:]}")
    return done.stdout.strip()


def install(python: str) -> Path:
    """The peer's folder for this interpreter's Python version, installed on first use (cached after)."""
    version = python_version(python)
    folder = CACHE / f"{PEER.replace('==', '-')}-py{version}"
    ready = folder / "installed"
    if ready.is_file():
        return folder
    site = folder / "site"
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site)]
    command += [
        "--python-version",
        version,
        "--only-binary=tree-sitter,tree-sitter-python",
        "--upgrade",
        PEER,
        *PEER_DEPENDENCIES,
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise PeerUnavailable(f"pip could not install {PEER}: {done.stderr.strip()[-800:]}")
    for name, body in STUBS.items():
        (folder / "stubs" / name).mkdir(parents=True, exist_ok=True)
        (folder / "stubs" / name / "__init__.py").write_text(STUB_HEAD + body, encoding="utf-8")
    ready.write_text(PEER + "\n", encoding="utf-8")
    return folder


def run(python: str, data: Path, samples: Path, task_ids: list[str] | None, jobs: int, log: Path) -> PeerRun:
    """The peer's evaluation of `samples` (one per task) under `python`, timed; its verdicts by task id."""
    folder = install(python)
    selected = "" if task_ids is None else ",".join(task_ids)
    code = DRIVER.format(
        paths=[str(folder / "site"), str(folder / "stubs")], samples=str(samples), jobs=jobs, selected=selected
    )
    environment = {**os.environ, "BIGCODEBENCH_OVERRIDE_PATH": str(data), "PYTHONNOUSERSITE": "1"}
    environment.pop("PYTHONPATH", None)
    started = time.monotonic()
    with log.open("w", encoding="utf-8") as handle:
        done = subprocess.run(
            [python, "-c", code], stdin=subprocess.DEVNULL, stdout=handle, stderr=subprocess.STDOUT,
            env=environment, cwd=samples.parent, check=False,
        )  # fmt: skip
    seconds = time.monotonic() - started
    tail = log.read_text(encoding="utf-8", errors="replace")[-3000:]
    results = samples.with_name(samples.stem + "_eval_results.json")
    if not results.is_file():
        raise PeerUnavailable(f"the peer wrote no {results.name} (exit {done.returncode}): {tail[-1500:]}")
    return PeerRun(read_results(results), seconds, python, done.returncode, tail)


def read_results(path: Path) -> dict[str, PeerVerdict]:
    """The peer's `*_eval_results.json`: {"eval": {task_id: [{"status", "details": {test: traceback}}]}}.

    One sample per task here, so the first entry is the task's verdict."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        entries = data["eval"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise PeerUnavailable(f"{path}: not a peer result file ({type(exc).__name__}: {exc})") from exc
    verdicts = {}
    for task_id, samples in entries.items():
        if not samples:
            continue
        first = samples[0]
        verdicts[task_id] = PeerVerdict(str(first.get("status")), _message(first.get("details") or {}))
    return verdicts


def _message(details: dict[str, str]) -> str:
    """The first failing test and the last line of its traceback (where the exception is named)."""
    if not details:
        return ""
    test = "ALL" if "ALL" in details else sorted(details)[0]
    lines = [line for line in str(details[test]).strip().splitlines() if line.strip()]
    return f"{test}: {lines[-1].strip() if lines else ''}"[:300]
