"""A real VS Code for the tests: code-server on 127.0.0.1 with the freshly built .vsix installed.

scripts/setup installs code-server (scripts/install-code-server) into a cache folder keyed by its
version; this module finds it there, installs the extension into a private extensions folder,
writes the user settings, starts the server on a free loopback port and stops it again.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXTENSION = REPO / "extension"
INSTALLER = REPO / "scripts" / "install-code-server"
EXTENSION_ID = "codeeval.codeeval"
START_TIMEOUT_S = 60.0


class EditorUnavailable(Exception):
    """Something the real editor needs is missing; the message says what and how to get it."""


def installed_code_server() -> Path | None:
    """code-server from `CODEEVAL_CODE_SERVER` or the cache scripts/install-code-server fills; None if absent."""
    override = os.environ.get("CODEEVAL_CODE_SERVER")
    if override:
        return Path(override) if os.access(override, os.X_OK) else None
    cache = Path(
        os.environ.get("CODEEVAL_CACHE")
        or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "codeeval"
    )
    found = sorted(cache.glob("code-server-*/node_modules/.bin/code-server"))
    return found[-1] if found else None


def code_server_binary() -> Path:
    """The cached code-server (`CODEEVAL_CODE_SERVER` overrides), installing it if need be."""
    override = os.environ.get("CODEEVAL_CODE_SERVER")
    if override:
        return Path(override)
    done = subprocess.run([str(INSTALLER)], capture_output=True, text=True, timeout=1200)
    if done.returncode != 0:
        raise EditorUnavailable(f"code-server is not installed and could not be: {done.stderr.strip()[-600:]}")
    return Path(done.stdout.strip().splitlines()[-1])


def chromium_binary() -> Path:
    for candidate in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(candidate)
        if found:
            return Path(found)
    raise EditorUnavailable("no Chromium found (scripts/setup installs Debian's chromium as root)")


def built_vsix() -> Path:
    """The extension's .vsix, rebuilt when a source file is newer than it."""
    version = json.loads((EXTENSION / "package.json").read_text())["version"]
    vsix = EXTENSION / f"codeeval-{version}.vsix"
    sources = [EXTENSION / "package.json", EXTENSION / "README.md", *(EXTENSION / "src").glob("*.ts")]
    if not vsix.exists() or max(p.stat().st_mtime for p in sources) > vsix.stat().st_mtime:
        if shutil.which("npm") is None or not (EXTENSION / "node_modules").is_dir():
            raise EditorUnavailable(
                "the extension is not built and npm or extension/node_modules is missing (run scripts/setup)"
            )
        subprocess.run(
            ["npm", "run", "--silent", "package"], cwd=EXTENSION, check=True, capture_output=True, timeout=600
        )
    return vsix


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class CodeServer:
    """One code-server: its folders under `home`, its process once started."""

    binary: Path
    home: Path
    settings: dict = field(default_factory=dict)
    port: int = 0
    process: subprocess.Popen | None = None

    @property
    def user_data(self) -> Path:
        return self.home / "user-data"

    @property
    def extensions(self) -> Path:
        return self.home / "extensions"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def environment(self) -> dict[str, str]:
        # Its own config and cache folders, so nothing of the machine's or another run's leaks in.
        env = {k: v for k, v in os.environ.items() if not k.startswith(("VSCODE_", "ELECTRON_"))}
        env.update(
            XDG_CONFIG_HOME=str(self.home / "config"),
            XDG_DATA_HOME=str(self.home / "data"),
            XDG_CACHE_HOME=str(self.home / "cache"),
            HOME=str(self.home / "home"),
        )
        for key in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "HOME"):
            Path(env[key]).mkdir(parents=True, exist_ok=True)
        return env

    def install_extension(self, vsix: Path) -> None:
        done = subprocess.run(
            [
                str(self.binary),
                "--install-extension",
                str(vsix),
                "--force",
                "--extensions-dir",
                str(self.extensions),
                "--user-data-dir",
                str(self.user_data),
            ],
            capture_output=True,
            text=True,
            env=self.environment(),
            timeout=180,
        )
        if done.returncode != 0 or EXTENSION_ID not in self.installed_extensions():
            raise RuntimeError(f"installing {vsix.name} failed: {done.stdout[-800:]} {done.stderr[-800:]}")

    def installed_extensions(self) -> list[str]:
        done = subprocess.run(
            [
                str(self.binary),
                "--list-extensions",
                "--extensions-dir",
                str(self.extensions),
                "--user-data-dir",
                str(self.user_data),
            ],
            capture_output=True,
            text=True,
            env=self.environment(),
            timeout=120,
        )
        return done.stdout.split()

    def write_settings(self, values: dict, machine_keys: tuple[str, ...] = ()) -> None:
        """The user settings; `machine_keys` also go to the machine settings, where a remote window such as
        code-server's reads machine-scoped settings (once, after a reload, it did not take them from User)."""
        self.settings = dict(values)
        for scope, chosen in (("User", self.settings), ("Machine", {k: self.settings[k] for k in machine_keys})):
            path = self.user_data / scope / "settings.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(chosen, indent=2), encoding="utf-8")

    def start(self, folder: Path) -> None:
        self.port = free_port()
        log = (self.home / "code-server.log").open("w")
        self.process = subprocess.Popen(
            [
                str(self.binary),
                "--bind-addr",
                f"127.0.0.1:{self.port}",
                "--auth",
                "none",
                "--disable-telemetry",
                "--disable-update-check",
                "--disable-workspace-trust",
                "--disable-getting-started-override",
                "--ignore-last-opened",
                "--user-data-dir",
                str(self.user_data),
                "--extensions-dir",
                str(self.extensions),
                str(folder),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=self.environment(),
            start_new_session=True,
        )
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"code-server exited: {self.log_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                time.sleep(0.2)
        raise RuntimeError(f"code-server did not answer within {START_TIMEOUT_S:.0f} s: {self.log_text()[-2000:]}")

    def log_text(self) -> str:
        path = self.home / "code-server.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def extension_logs(self) -> dict[str, str]:
        """Every output channel VS Code wrote to disk, by file name (the extension host's channels too)."""
        logs = {}
        for path in sorted((self.user_data / "logs").rglob("*.log")):
            logs[str(path.relative_to(self.user_data / "logs"))] = path.read_text(errors="replace")
        return logs

    def stop(self) -> None:
        """Stop code-server and everything it started (the extension host, the language server)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)
        self.process = None
