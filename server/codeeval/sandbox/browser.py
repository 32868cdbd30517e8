"""The contained browser: Chromium for untrusted web pages, with no network and no way out.

A page's HTML and scripts are untrusted code, so the browser that renders them
is started like a worker: inside bubblewrap (new user, network, PID, IPC and
UTS namespaces: the only network is the namespace's own loopback; the file
system read-only but for a private /tmp), as an unprivileged uid when the
evaluator is root, with flags that turn off every background connection and
send anything left to a dead proxy. Playwright drives it over a pipe, so it
needs no socket at all. What each layer stops: docs/security.md.

This module only builds the launch (a wrapper script Playwright starts as its
"executable", plus flags); visual/page_runner.py drives the browser.
"""

from __future__ import annotations

import functools
import os
import shlex
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
BROWSER_UID_BASE = 2_100_000_000  # far from real accounts and above the workers' pool (2,000,000,000 + ...)
BROWSER_UIDS = 1_000_000
PROBE_TIMEOUT_S = 15.0

# Everything Chromium would fetch by itself is off; whatever a page still asks for goes to a proxy on
# a loopback port nothing listens on, and host names do not resolve. The page itself is served by
# request interception inside the browser (visual/page_runner.py), which aborts every other URL.
FLAGS = (
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-breakpad",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--metrics-recording-only",
    "--disable-features=Translate,MediaRouter,OptimizationHints,DialMediaRouteProvider,InterestFeedContentSuggestions",
    "--proxy-server=http://127.0.0.1:9",
    "--proxy-bypass-list=<-loopback>",
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--force-webrtc-ip-handling-policy",
    "--js-flags=--max-old-space-size=256",
)
# Playwright turns popup blocking off by default; a page's popups stay blocked (and any that open are closed).
IGNORED_DEFAULT_FLAGS = ("--disable-popup-blocking",)


class BrowserUnavailable(Exception):
    """No Chromium (or no Playwright) on this machine: web pages cannot be rendered."""


@dataclass
class BrowserLaunch:
    """How to start the contained browser, and what contains it."""

    executable: str  # the wrapper script Playwright runs as its browser
    pidfile: str  # where the wrapper writes the pid to kill when a page hangs
    flags: tuple[str, ...]
    layers: list[str] = field(default_factory=list)  # namespaces, network_namespace, unprivileged_uid, ...
    warnings: list[str] = field(default_factory=list)
    directory: str = ""

    def close(self) -> None:
        """Remove the wrapper's folder."""
        if self.directory:
            shutil.rmtree(self.directory, ignore_errors=True)


def find_chromium() -> str | None:
    """$CODEEVAL_CHROMIUM, else `chromium` (Debian) or `chromium-browser`/`google-chrome` on PATH."""
    configured = os.environ.get("CODEEVAL_CHROMIUM")
    if configured:
        return configured if os.access(configured, os.X_OK) else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def _bwrap_command(bwrap: str) -> list[str]:
    return [
        bwrap,
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--tmpfs",
        "/tmp",
        "--unshare-all",
        "--die-with-parent",
        "--cap-drop",
        "ALL",
        "--hostname",
        "page",
    ]


def browser_uid() -> int:
    """The browser's uid for this evaluator process: two evaluators on one machine never share one, so
    neither's browser can touch the other's files or processes (nor be counted as the other's)."""
    return BROWSER_UID_BASE + os.getpid() % BROWSER_UIDS


def _identity() -> list[str]:
    """As root, drop to an unprivileged uid before bubblewrap (setpriv is in util-linux)."""
    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or setpriv is None:
        return []
    uid = browser_uid()
    return [setpriv, f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--"]


@functools.lru_cache(maxsize=1)
def namespace_problem() -> str | None:
    """None if bubblewrap can make a network namespace here (as the browser's uid); else why not."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap is not installed (apt-get install bubblewrap)"
    command = _identity() + _bwrap_command(bwrap) + ["--", "/bin/true"]
    try:
        done = subprocess.run(command, capture_output=True, timeout=PROBE_TIMEOUT_S, cwd="/")
    except (OSError, subprocess.SubprocessError) as exc:
        return f"bubblewrap could not start: {exc}"
    if done.returncode != 0:
        return f"bubblewrap could not make namespaces: {done.stderr.decode(errors='replace').strip()[:200]}"
    return None


def prepare_launch() -> BrowserLaunch:
    """A wrapper script that starts Chromium contained; raises BrowserUnavailable when there is no Chromium."""
    chromium = find_chromium()
    if chromium is None:
        raise BrowserUnavailable("Chromium is not installed (run scripts/setup as root, or apt-get install chromium)")
    directory = tempfile.mkdtemp(prefix="codeeval-browser-")
    os.chmod(directory, 0o755)
    pidfile = os.path.join(directory, "browser.pid")
    layers, warnings = ["timeouts", "request_interception", "flags"], []
    prefix: list[str] = []
    problem = namespace_problem()
    if problem is None:
        prefix = _identity() + _bwrap_command(shutil.which("bwrap") or "bwrap") + ["--"]
        layers += ["namespaces", "network_namespace"] + (["unprivileged_uid"] if _identity() or os.geteuid() else [])
    else:
        warnings.append(
            f"no network namespace for the browser ({problem}): the page is kept off the network by "
            "request interception and Chromium's flags only"
        )
    if os.geteuid() == 0 and "unprivileged_uid" not in layers:
        warnings.append("the browser runs as root")
    script = os.path.join(directory, "chromium")
    command = " ".join(shlex.quote(part) for part in prefix + [chromium])
    with open(script, "w", encoding="utf-8") as handle:
        # exec keeps the pid: the one written is the process to kill (bubblewrap takes the browser with it).
        handle.write(f'#!/bin/sh\necho $$ > {shlex.quote(pidfile)}\nHOME=/tmp\nexport HOME\nexec {command} "$@"\n')
    os.chmod(script, 0o755)
    flags = FLAGS + (("--no-sandbox",) if os.geteuid() == 0 or problem is None else ())
    return BrowserLaunch(
        executable=script, pidfile=pidfile, flags=flags, layers=layers, warnings=warnings, directory=directory
    )
