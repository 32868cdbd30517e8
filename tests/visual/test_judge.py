"""The optional model judge, against a loopback server that speaks the OpenAI chat-completions protocol.

It must send the instruction and the picture and nothing that names the
solution (blind), turn the reply into findings with the four-part confidence,
and never change the score: with a failing judge the evaluation is the same.
"""

from __future__ import annotations

import base64
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

import codeeval
from codeeval.engine.evaluator import EvaluationOptions
from codeeval.report import to_markdown
from codeeval.visual.judge import JudgeSettings
from tests.support import REPO

from .helpers import missing_plotting_reason

pytestmark = pytest.mark.skipif(missing_plotting_reason() is not None, reason=str(missing_plotting_reason()))

PROBLEM = REPO / "problems" / "sales_lines.yaml"
SAMPLE = REPO / "problems" / "samples" / "sales_lines" / "good.py"
VERDICT = {
    "instructional_alignment": {
        "score": 36,
        "comment": "Both products are shown by month.",
        "suggestion": "Name the unit in the title.",
    },
    "visual_elements": {"score": 12, "comment": "The colours are fine but the markers are heavy.", "suggestion": ""},
    "structural_cohesion": {"score": 27, "comment": "Clean layout.", "suggestion": "Move the legend out."},
}


class FakeModel(BaseHTTPRequestHandler):
    """Answers /v1/chat/completions like an OpenAI-compatible server; remembers what it was sent."""

    requests: ClassVar[list] = []
    reply: ClassVar[str] = ""

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
        answer = {
            "id": "x",
            "object": "chat.completion",
            "model": body.get("model"),
            "choices": [
                {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": type(self).reply}}
            ],
        }
        data = json.dumps(answer).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def model_server():
    FakeModel.requests = []
    FakeModel.reply = "Here is my verdict:\n```json\n" + json.dumps(VERDICT) + "\n```"
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeModel)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def evaluate_with(judge: JudgeSettings | None) -> codeeval.EvaluationResult:
    options = EvaluationOptions(extra={"judge": judge} if judge else {})
    return codeeval.evaluate(SAMPLE, PROBLEM, options=options)


def test_the_judge_sees_the_instruction_and_the_picture_only_and_gives_findings(model_server):
    result = evaluate_with(JudgeSettings(model_server, "vision-test", api_key="secret"))
    (sent,) = FakeModel.requests
    assert sent["path"] == "/v1/chat/completions" and sent["auth"] == "Bearer secret"
    body = sent["body"]
    assert body["model"] == "vision-test"
    text = json.dumps(body)
    assert "apples" in text and "line chart" in text  # the instruction
    assert "good.py" not in text and "sales_lines" not in text and "ax.plot" not in text  # blind
    image = next(part for part in body["messages"][1]["content"] if part["type"] == "image_url")
    assert base64.b64decode(image["image_url"]["url"].split(",", 1)[1])[:4] == b"\x89PNG"
    verdict = result.dimensions["static_aesthetics"].details.judge
    assert verdict.total == 75
    by_rule = {f.rule_id: f for f in verdict.findings}
    visual = by_rule["judge-visual_elements"]
    assert visual.severity == "critical"  # 12 of 30: more than half lost
    assert visual.confidence.actionability < 0.5 and visual.confidence.is_low  # no suggestion, far from measured
    assert not by_rule["judge-instructional_alignment"].confidence.is_low
    data = result.to_dict()["dimensions"]["static_aesthetics"]["judge"]
    assert data["scored"] is False and data["criteria"]["visual_elements"]["points"] == 12
    markdown = to_markdown(result)
    assert "Model judge" in markdown and "Low confidence" in markdown


def test_the_score_does_not_depend_on_the_judge_even_when_it_fails(model_server):
    FakeModel.reply = "I cannot score this."
    judged = evaluate_with(JudgeSettings(model_server, "vision-test"))
    plain = evaluate_with(None)
    assert judged.score == plain.score
    verdict = judged.dimensions["static_aesthetics"].details.judge
    assert verdict.error and not verdict.findings
    assert any("model judge" in note for note in judged.isolation.notes)
    unreachable = evaluate_with(JudgeSettings("http://127.0.0.1:9/v1", "vision-test", timeout_s=2))
    assert unreachable.score == plain.score
