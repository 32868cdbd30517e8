"""An environment problem: the problem's own reference fails here, so no solution's failure on it is counted.

`codeeval run` checks each problem's reference against its own tests before the candidates (run/precheck.py).
A problem whose reference fails is reported with the cause (`EnvironmentCause`: a library missing or of
another version, the network, a data file, the sandbox refusing something, a time-out) and what it names (the
module, the host, the file); its solutions are still scored and shown, but left out of pass@k and of the
leaderboard's means.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base.vocabulary import Vocabulary


class EnvironmentCause(Vocabulary):
    """Why a problem's reference fails in this environment, in the words reports use."""

    MISSING_LIBRARY = "missing library"
    VERSION = "version"  # the library is there, but its API is not the one the reference was written for
    NETWORK = "network"
    DATA_FILE = "data file"  # a corpus or a file the code expects (NLTK's data, a fixture)
    SANDBOX_REFUSED = "sandbox refused"  # a process, a signal, a socket the sandbox does not allow
    TIMEOUT = "timeout"
    UNEXPLAINED = "unexplained"  # the reference fails for no cause the messages show


@dataclass(frozen=True)
class Exclusion:
    """Why a result is left out of pass@k and the leaderboard's means: its problem's reference fails here."""

    cause: EnvironmentCause
    detail: str  # what the cause names: a module, a host, a file; empty when the messages name nothing
    evidence: str  # the message that shows it (a test's, or the reference's load failure), shortened

    @property
    def sentence(self) -> str:
        """`the reference fails here: missing library sklearn`."""
        named = f" {self.detail}" if self.detail else ""
        return f"the reference fails here: {self.cause}{named}"

    def to_dict(self) -> dict[str, Any]:
        """Its JSON form (docs/result-format.md), with the sentence reports show."""
        note = self.sentence + "; not counted in pass@k or the leaderboard's means"
        return {"cause": self.cause.value, "detail": self.detail, "evidence": self.evidence, "note": note}

    @classmethod
    def from_dict(cls, data: Any) -> Exclusion:
        """An exclusion read back (a results log, a cached pre-check); ValueError when it is not one."""
        if not isinstance(data, dict):
            raise ValueError("an exclusion is a JSON object")
        return cls(EnvironmentCause(data.get("cause")), str(data.get("detail") or ""), str(data.get("evidence") or ""))
