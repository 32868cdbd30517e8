"""The page runner: a process of its own that renders one web page in the contained browser and checks it.

`python -m codeeval.visual.page_runner` reads a PageRequest (JSON) on stdin and
writes a PageReport on stdout; pictures go to the request's folder. The
evaluator starts it in a process group of its own and kills the group when
the page's time is up, so nothing the page does can stall the evaluator. In
here, a watchdog kills the browser as soon as the page stops answering (an
endless script), so the report can still say what happened.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from ..sandbox.browser import IGNORED_DEFAULT_FLAGS, BrowserLaunch, BrowserUnavailable, prepare_launch
from .checks import Check, Part, PictureBook, not_applicable
from .evidence import crop_svg
from .geometry import Box
from .html_checks import html_issues
from .interactions import Explorer, PageHung
from .page_checks import (
    Cropper,
    LoadReport,
    execution_checks,
    first_screen_texts,
    images_check,
    layout_shift_check,
    required_text_check,
    static_checks,
)
from .page_pixels import read_pixels
from .page_protocol import PAGE_URL, PageReport, PageRequest, PageStatus, SavedImage
from .page_snapshot import STYLES, PageSnapshot, parse_snapshot

try:
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright
except ImportError:  # the runner then answers "unavailable"
    sync_playwright = None  # type: ignore[assignment]
    PlaywrightError = Exception  # type: ignore[assignment,misc]

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Dialog, FloatRect, Page, Route

T = TypeVar("T")


def cut_short_by_navigation(error: BaseException) -> bool:
    """Whether a browser step failed only because the page navigated while it ran."""
    text = str(error)
    return any(message in text for message in NAVIGATION_MESSAGES)


MAX_SCREENSHOT_HEIGHT = 4000
ON_TOP_BUDGET_S = 1.5  # for the hit tests of one width's texts
FIRST_SETTLE_MS = 200  # after the first load: time for late layout shifts to be observed
RELOAD_SETTLE_MS = 30
NAVIGATION_RETRIES = 3  # a step cut short by the page navigating is run again this many times at most
NAVIGATION_PAUSE_S = 0.1
# What Playwright says when the document a step ran in went away under it (navigation, reload, new document).
NAVIGATION_MESSAGES = (
    "Execution context was destroyed",
    "Cannot find context with specified id",
    "Frame was detached",
    "because of a navigation",
    "net::ERR_ABORTED",  # a load cut short by the page's own reload or navigation
    "interrupted by another navigation",
)
# Runs before the page's own scripts: layout shifts and broken images, read back after load.
OBSERVER_SCRIPT = """
window.__codeevalShift = 0;
try {
  new PerformanceObserver(list => { for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__codeevalShift += entry.value; } })
    .observe({type: 'layout-shift', buffered: true});
} catch (e) {}
"""
BROKEN_IMAGES = (
    "() => Array.from(document.images).filter(i => i.complete && i.naturalWidth === 0)"
    ".map(i => i.currentSrc || i.src || '(no src)')"
)
WIDTH_NAMES = {0: "desktop", 1: "phone"}


class Watchdog:
    """Kills the browser when one step takes longer than it may (the page is looping or stuck)."""

    def __init__(self, pidfile: str):
        self.pidfile = pidfile
        self.fired: str | None = None
        self._timer: threading.Timer | None = None

    def arm(self, seconds: float, what: str) -> None:
        """Kill the browser after `seconds` unless disarmed first."""
        self.disarm()
        self._timer = threading.Timer(max(0.1, seconds), self._fire, args=(what,))
        self._timer.daemon = True
        self._timer.start()

    def disarm(self) -> None:
        """The step finished in time."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _fire(self, what: str) -> None:
        self.fired = what
        try:
            with open(self.pidfile, encoding="ascii") as handle:
                os.kill(int(handle.read().strip()), signal.SIGKILL)
        except (OSError, ValueError):
            pass


class PageVisit:
    """One width: a browser context showing the page, with everything it did recorded."""

    def __init__(self, browser: Browser, request: PageRequest, width: int, load: LoadReport):
        self.request = request
        self.width = width
        self.load = load
        self.context = browser.new_context(
            viewport={"width": width, "height": request.spec.height},
            device_scale_factor=1,
            service_workers="block",
            accept_downloads=False,
            reduced_motion="reduce",
        )
        self.context.route("**/*", self._route)
        self.context.add_init_script(OBSERVER_SCRIPT)
        self.page = self.context.new_page()
        self.context.on("page", self._popup)  # after our own page: every later one is the page's popup
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self._error(f"uncaught {error}"))
        self.page.on("dialog", self._dialog)
        self.cdp = self.context.new_cdp_session(self.page)
        self.errors: list[str] = []
        self.dialogs = 0

    def _route(self, route: Route) -> None:
        url = route.request.url
        if url.split("#")[0].split("?")[0] == PAGE_URL:  # the page itself, with a query too: a form sent to itself
            route.fulfill(status=200, body=self.request.html, content_type="text/html; charset=utf-8")
            return
        note = f"blocked {route.request.resource_type} request to {url[:200]}"
        if note not in self.load.blocked_requests and len(self.load.blocked_requests) < 50:
            self.load.blocked_requests.append(note)
        route.abort("blockedbyclient")

    def _popup(self, page: Page) -> None:
        self.load.popups.append(page.url[:200] or "about:blank")
        page.close()

    def _console(self, message: ConsoleMessage) -> None:
        if (
            message.type == "error"
            and "net::ERR_BLOCKED_BY_CLIENT" not in message.text
            and "Failed to load resource" not in message.text
        ):
            self._error(message.text)

    def _error(self, text: str) -> None:
        self.errors.append(text[:300])
        if len(self.load.console_errors) < 20 and text[:300] not in self.load.console_errors:
            self.load.console_errors.append(text[:300])

    def _dialog(self, dialog: Dialog) -> None:
        self.dialogs += 1
        if len(self.load.dialogs) < 10:
            self.load.dialogs.append(f"{dialog.type}: {dialog.message[:100]}")
        try:
            dialog.dismiss()
        except PlaywrightError:
            pass  # the page went away with its dialog (a navigation): nothing is left to dismiss

    def open(self, timeout_s: float, settle_ms: int = RELOAD_SETTLE_MS) -> None:
        """Load the page and let it settle."""
        self.page.goto(PAGE_URL, wait_until="load", timeout=timeout_s * 1000)
        self.page.mouse.move(0, 0)
        self.page.wait_for_timeout(settle_ms)

    def snapshot(self) -> PageSnapshot:
        """The page's layout and computed styles, from the browser."""
        raw = self.cdp.send("DOMSnapshot.captureSnapshot", {"computedStyles": list(STYLES)})
        return parse_snapshot(raw, float(self.width), float(self.request.spec.height))

    def on_top(self, points: dict[int, tuple[float, float]]) -> dict[int, int]:
        """For each point (in the window), the browser's id of the node drawn on top there, by hit testing in
        the browser (not in the page, whose scripts could answer otherwise)."""
        found: dict[int, int] = {}
        deadline = time.monotonic() + ON_TOP_BUDGET_S  # hit tests of a huge page are slow: test what time allows
        for key, (x, y) in points.items():
            if time.monotonic() > deadline:
                break
            try:
                reply = self.cdp.send(
                    "DOM.getNodeForLocation", {"x": int(x), "y": int(y), "ignorePointerEventsNone": False}
                )
            except PlaywrightError:
                continue  # nothing there to find (the browser says so with an error)
            found[key] = int(reply.get("backendNodeId", 0))
        return found

    def screenshot(self, height: float) -> bytes:
        """The whole page (up to MAX_SCREENSHOT_HEIGHT) as a PNG."""
        clip: FloatRect = {"x": 0, "y": 0, "width": self.width, "height": max(1, min(height, MAX_SCREENSHOT_HEIGHT))}
        return self.page.screenshot(full_page=True, clip=clip, animations="disabled")

    def close(self) -> None:
        """Close this width's browser context."""
        self.context.close()


def _cropper(visit: PageVisit, pictures: PictureBook, snapshot: PageSnapshot) -> Cropper:
    def crop(boxes: Sequence[Box], name: str, caption: str) -> str | None:
        region = boxes[0]
        for box in boxes[1:]:
            region = region.union(box)
        left, top = max(0.0, region.left - 24), max(0.0, region.top - 24)
        right = min(max(snapshot.content_width, snapshot.width), region.right + 24)
        bottom = min(snapshot.content_height, region.bottom + 24, top + 600)
        if right - left < 2 or bottom - top < 2:
            return None
        clip: FloatRect = {"x": left, "y": top, "width": min(right - left, 1280), "height": bottom - top}
        png = visit.page.screenshot(full_page=True, clip=clip, animations="disabled")
        image = Box(left, top, left + clip["width"], top + clip["height"])
        return pictures.add(name.replace(".png", ".svg"), crop_svg(png, image, boxes), caption, "image/svg+xml")

    return crop


class PageRunner:
    """Renders one page at every width, checks it, and runs the interactions."""

    def __init__(self, request: PageRequest, launch: BrowserLaunch):
        self.request = request
        self.launch = launch
        self.started = time.monotonic()
        self.watchdog = Watchdog(launch.pidfile)
        self.pictures = PictureBook()
        self.load = LoadReport(loaded=True, load_message="")
        self.checks: list[Check] = []
        self.timings: dict[str, float] = {}
        self.frozen_in_interactions = False  # the page froze on an interaction: judged there, not as a load failure

    def remaining(self) -> float:
        """Seconds left of the page's time."""
        return self.request.time_s - (time.monotonic() - self.started)

    def guarded(self, what: str, seconds: float, action: Callable[[], T]) -> T:
        """Run one browser step under the watchdog; the page hanging kills the browser (PageHung). A step the
        page's own navigation cut short (a form that submits, a script that reloads) runs again in the new
        document, a few times: the page's behaviour is judged, it never fails the evaluation."""
        for attempt in range(NAVIGATION_RETRIES + 1):
            self.watchdog.arm(min(seconds, max(0.1, self.remaining())), what)
            try:
                return action()
            except Exception as exc:
                if self.watchdog.fired:
                    raise PageHung(self.watchdog.fired) from None
                if attempt == NAVIGATION_RETRIES or not cut_short_by_navigation(exc):
                    raise
            finally:
                self.watchdog.disarm()
            time.sleep(NAVIGATION_PAUSE_S)  # the new document's context appears; the browser runs meanwhile
        raise AssertionError("unreachable: the last attempt returns or raises")

    def visit(self, browser: Browser, position: int, width: int) -> PageVisit | None:
        """Load and check the page at one width; None when it did not load."""
        where = WIDTH_NAMES.get(position, f"{width}px") if len(self.request.spec.widths) > 1 else "page"
        started = time.monotonic()
        visit = PageVisit(browser, self.request, width, self.load)
        try:
            self.guarded(
                f"loading the page at {width} px",
                self.remaining(),
                lambda: visit.open(max(0.5, self.remaining() - 1), FIRST_SETTLE_MS),
            )
        except PlaywrightError as exc:
            self.load.loaded = False
            self.load.load_message = f"did not finish loading at {width} px: {str(exc).splitlines()[0][:200]}"
            return None
        try:
            self.measure(visit, position, width, where)
        except PlaywrightError as exc:  # the page kept navigating or replacing itself under the measurements
            self.load.loaded = False
            self.load.load_message = (
                f"did not hold still to be measured at {width} px: {str(exc).splitlines()[0][:200]}"
            )
            return None
        self.timings[f"static_{where}_s"] = time.monotonic() - started
        return visit

    def measure(self, visit: PageVisit, position: int, width: int, where: str) -> None:
        """The static checks of one width, with its screenshot."""
        snapshot = self.guarded(f"measuring the page at {width} px", 5, visit.snapshot)
        png = self.guarded(f"taking a screenshot at {width} px", 5, lambda: visit.screenshot(snapshot.content_height))
        self.pictures.add(f"{where}.png", png, f"{where}, {width} px wide")
        crop = _cropper(visit, self.pictures, snapshot)
        pixels, pixels_note = read_pixels(png)
        hits = self.guarded(
            f"finding what is on top at {width} px", 5, lambda: visit.on_top(first_screen_texts(snapshot))
        )
        self.checks += self.guarded(
            f"checking the page at {width} px",
            10,
            lambda: static_checks(snapshot, crop, where, pixels, pixels_note, hits),
        )
        if position == 0:
            broken = self.guarded("looking for broken images", 5, lambda: visit.page.evaluate(BROKEN_IMAGES))
            total = self.guarded("counting images", 5, lambda: visit.page.evaluate("document.images.length"))
            shift = self.guarded("reading layout shift", 5, lambda: visit.page.evaluate("window.__codeevalShift"))
            self.checks += [
                images_check([str(b) for b in broken][:20], int(total or 0)),
                layout_shift_check(float(shift) if isinstance(shift, (int, float)) else None),
                required_text_check(snapshot, self.request.spec.require_text),
            ]

    def run(self, browser: Browser) -> None:
        """Every width, then the interactions, then the execution checks (which see everything)."""
        visits = []
        for position, width in enumerate(self.request.spec.widths):
            visit = self.visit(browser, position, width)
            if visit is None:
                break
            visits.append(visit)
        if not visits:
            self.checks = execution_checks(html_issues(self.request.html), self.load) + self.checks
            self.checks.append(
                Check("nothing-rendered", Part.STATIC_AESTHETICS, "A page to judge", 100, 0.0, self.load.load_message)
            )
            self.checks.append(
                Check("nothing-rendered", Part.INTERACTION, "A page to judge", 100, 0.0, self.load.load_message)
            )
            return
        for visit in visits[1:]:
            visit.close()
        started = time.monotonic()
        explorer = Explorer(
            visits[0], self.guarded, self.remaining, lambda snapshot: _cropper(visits[0], self.pictures, snapshot)
        )
        interactions = explorer.run(self.request.spec)
        self.frozen_in_interactions = explorer.frozen is not None
        self.checks += interactions or [
            not_applicable(
                "interactions", Part.INTERACTION, "Interactions", "no scripted steps and nothing to interact with"
            )
        ]
        self.timings["interactions_s"] = time.monotonic() - started
        self.timings["interactions"] = float(len(interactions))
        # Last: popups and requests the interactions caused count too.
        self.checks = execution_checks(html_issues(self.request.html), self.load) + self.checks

    def report(self) -> PageReport:
        """Start Playwright and the contained browser, run everything, and report."""
        if sync_playwright is None:
            return PageReport(
                PageStatus.UNAVAILABLE, "Playwright is not installed (pip install -e '.[visual]', or run scripts/setup)"
            )
        status, message = PageStatus.DONE, ""
        try:
            with sync_playwright() as playwright:
                launched = time.monotonic()
                browser = self.guarded(
                    "starting the browser",
                    30,
                    lambda: playwright.chromium.launch(
                        executable_path=self.launch.executable,
                        args=list(self.launch.flags),
                        ignore_default_args=list(IGNORED_DEFAULT_FLAGS),
                        timeout=30_000,
                    ),
                )
                self.timings["launch_s"] = time.monotonic() - launched
                try:
                    self.run(browser)
                finally:
                    if not self.watchdog.fired:
                        self.guarded("closing the browser", 5, browser.close)
        except PageHung:
            pass  # reported below
        except PlaywrightError as exc:
            if not self.watchdog.fired:
                status, message = PageStatus.UNAVAILABLE, f"the browser failed: {str(exc).splitlines()[0][:300]}"
        if self.watchdog.fired and not self.frozen_in_interactions:
            status = PageStatus.HUNG
            message = f"the page stopped responding while {self.watchdog.fired} and the browser was killed"
            self.load.loaded = False
            self.load.load_message = message
            self.checks = [c for c in self.checks if c.part is not Part.EXECUTION]
            self.checks = execution_checks(html_issues(self.request.html), self.load) + self.checks
            for part in (Part.STATIC_AESTHETICS, Part.INTERACTION):
                if not any(c.part is part for c in self.checks):
                    self.checks.append(Check("nothing-rendered", part, "A page to judge", 100, 0.0, message))
        return PageReport(
            status, message, self.checks, self.save_pictures(), self.launch.layers, self.launch.warnings, self.timings
        )

    def save_pictures(self) -> list[SavedImage]:
        """The pictures, written to the request's folder for the evaluator to read back."""
        saved = []
        for image in self.pictures.images:
            path = os.path.join(self.request.out_dir, image.name)
            with open(path, "wb") as handle:
                handle.write(image.data)
            saved.append(SavedImage(image.name, path, image.caption, image.media_type))
        return saved


def main() -> int:
    """Read a request on stdin, write the report on stdout."""
    request = PageRequest.from_dict(json.load(sys.stdin))
    try:
        launch = prepare_launch()
    except BrowserUnavailable as exc:
        json.dump(PageReport(PageStatus.UNAVAILABLE, str(exc)).to_dict(), sys.stdout)
        return 0
    try:
        report = PageRunner(request, launch).report()
    finally:
        launch.close()
    json.dump(report.to_dict(), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
