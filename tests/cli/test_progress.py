"""`codeeval run` on a terminal shows a progress bar with the rate and the time left; in a log, plain lines."""

import fcntl
import io
import os
import pty
import struct
import subprocess
import sys
import termios

from tests.support import DOUBLE_PROBLEM, REPO, run_cli


def samples(tmp_path, write_problem):
    (tmp_path / "problems").mkdir()
    write_problem(DOUBLE_PROBLEM, "problems/demo.yaml")
    path = tmp_path / "m.jsonl"
    path.write_text(
        "".join(f'{{"task_id": "Demo/0", "solution": "def double(x):\\n    return {i} * x\\n"}}\n' for i in range(3))
    )
    return [
        "run",
        str(tmp_path / "problems"),
        "--samples",
        str(path),
        "--skip",
        "performance",
        "--skip",
        "edge_cases",
        "--no-cache",
    ]


def run_on_a_terminal(output_folder, args):
    """The run's stderr as a 120-column terminal shows it."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))  # a terminal 120 columns wide
    process = subprocess.Popen(
        [sys.executable, "-m", "codeeval", *args, "-o", str(output_folder)],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=follower,
        stdin=subprocess.DEVNULL,
    )
    os.close(follower)
    output = io.BytesIO()
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed: the process is done
            break
        if not chunk:
            break
        output.write(chunk)
    assert process.wait(timeout=120) == 0
    return output.getvalue().decode("utf-8", "replace")


def test_a_terminal_gets_a_bar_with_eta(tmp_path, write_problem):
    text = run_on_a_terminal(tmp_path / "out", samples(tmp_path, write_problem))
    assert "3/3" in text and "solution/s" in text and "<" in text  # tqdm's "[elapsed<left, rate]"
    assert "100%" in text


def test_a_log_gets_one_plain_line_per_solution(tmp_path, write_problem):
    ran = run_cli(*samples(tmp_path, write_problem), "-o", str(tmp_path / "out"))
    lines = [line for line in ran.stderr.splitlines() if line.startswith(("1/3", "2/3", "3/3"))]
    assert len(lines) == 3 and "\r" not in ran.stderr


def test_each_prints_every_score_above_the_bar_on_a_terminal(tmp_path, write_problem):
    args = samples(tmp_path, write_problem)
    plain = run_on_a_terminal(tmp_path / "plain", args)
    each = run_on_a_terminal(tmp_path / "each", [*args, "--each"])
    lines = [line.strip() for line in each.replace("\r", "\n").splitlines()]
    for done in ("1/3", "2/3", "3/3"):
        assert any(line.startswith(f"{done} Demo/0 ") for line in lines), done
    assert "100%" in each
    assert "1/3 Demo/0" not in plain  # without --each the bar alone shows progress
