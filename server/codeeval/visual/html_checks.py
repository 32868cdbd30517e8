"""Static validity of an HTML document, without a browser: what HTMLHint-style rules catch.

Parsed with the standard library's tokenizer; the rules are the structural
ones a browser silently repairs (and a reader should not have to rely on):
a doctype, a title, elements that are closed and closed in order, end tags
that match an open element, unique ids, images with alt text.
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param"}
)
# End tags the HTML standard lets an author leave out: never reported as unclosed.
OPTIONAL_END = frozenset(
    {
        "html",
        "head",
        "body",
        "p",
        "li",
        "dt",
        "dd",
        "option",
        "optgroup",
        "tr",
        "td",
        "th",
        "thead",
        "tbody",
        "tfoot",
        "colgroup",
        "caption",
        "rb",
        "rt",
        "rtc",
        "rp",
    }
)
MAX_ISSUES = 20


@dataclass(frozen=True)
class HtmlIssue:
    """One structural problem in an HTML document, by rule and line."""

    rule: str  # doctype | title | unclosed | mismatched-end | stray-end | duplicate-id | img-alt
    message: str
    line: int

    def describe(self) -> str:
        """`line 3: <div> is never closed`."""
        return f"line {self.line}: {self.message}"


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.issues: list[HtmlIssue] = []
        self.open: list[tuple[str, int]] = []
        self.ids: dict[str, int] = {}
        self.doctype = False
        self.title = False
        self._in_title = False
        self._title_text = ""

    def issue(self, rule: str, message: str, line: int | None = None) -> None:
        if len(self.issues) < MAX_ISSUES:
            self.issues.append(HtmlIssue(rule, message, line or self.getpos()[0]))

    def handle_decl(self, decl: str) -> None:
        if decl.lower().startswith("doctype"):
            self.doctype = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        values = dict(attrs)
        element_id = values.get("id")
        if element_id:
            if element_id in self.ids:
                self.issue("duplicate-id", f'id "{element_id}" is also used on line {self.ids[element_id]}')
            else:
                self.ids[element_id] = line
        if tag == "img" and "alt" not in values:
            self.issue("img-alt", "<img> without an alt attribute")
        if tag == "title":
            self._in_title = True
        if tag not in VOID:
            self.open.append((tag, line))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.open and self.open[-1][0] == tag:
            self.open.pop()  # <div/> is not self-closing in HTML, but it is not left open either

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self._title_text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
            self.title = self.title or bool(self._title_text.strip())
        if tag in VOID:
            return
        names = [name for name, _ in self.open]
        if tag not in names:
            self.issue("stray-end", f"</{tag}> closes nothing that is open")
            return
        while self.open:
            name, line = self.open.pop()
            if name == tag:
                return
            if name not in OPTIONAL_END:
                self.issue("mismatched-end", f"<{name}> from line {line} is still open when </{tag}> arrives")

    def finish(self) -> list[HtmlIssue]:
        self.close()
        for name, line in self.open:
            if name not in OPTIONAL_END:
                self.issue("unclosed", f"<{name}> is never closed", line)
        if not self.doctype:
            self.issue("doctype", "no <!DOCTYPE html> (the page renders in quirks mode)", 1)
        if not self.title:
            self.issue("title", "no <title> with text", 1)
        return self.issues


def html_issues(html: str) -> list[HtmlIssue]:
    """Every structural problem found, in document order (at most MAX_ISSUES)."""
    checker = _Checker()
    checker.feed(html)
    return checker.finish()
