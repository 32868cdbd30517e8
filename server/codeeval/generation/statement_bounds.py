"""What a contest statement says about its input: the layout of the input and the bounds of its values.

Contest statements (AtCoder, Codeforces, as LiveCodeBench stores them) give the input's format as a block of
names after "in the following format:" (`N K`, `A_1 A_2 \\ldots A_N`, rows ending in `\\vdots`) and the
constraints as chains such as `1 \\leq K \\leq N \\leq 2 \\times 10^5` or `-10^9 \\le L_i \\le R_i \\le 10^9`.
Reading both lets generated inputs reach the largest sizes and values the problem allows and no further.
Only what is read with certainty is returned: a bound this cannot parse is simply absent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FORMAT = re.compile(r"in the following format:?\s*\n(.*?)(?:\n\s*\n|\Z)", re.S | re.I)
_CONSTRAINTS = re.compile(r"\n\s*Constraints\s*\n(.*?)(?:\n\s*(?:Sample Input|Input|Output)\b|\Z)", re.S)
_COMPARATOR = re.compile(r"\\leq?|\\lt|<=|≤|<")
_NUMBER = re.compile(r"^(-?)\s*(?:(\d+)\s*(?:\\times|\\cdot|\u00d7)\s*)?10\s*\^\s*\{?(\d+)\}?$|^(-?\d+)$")
_NAME = re.compile(r"^([A-Za-z])(?:_\{?[A-Za-z0-9,]+\}?)?$")
PLACEHOLDERS = {"\\ldots", "\\dots", "\\cdots", "..."}


@dataclass(frozen=True)
class Bound:
    """The values a name may take: numeric ends, or an upper end that is another name's value (an index)."""

    low: int | None = None
    high: int | None = None
    high_name: str | None = None


def _number(text: str) -> int | None:
    """`2 \\times 10^5`, `10^{18}`, `-10^9`, `200000`, `200,000` as an int; None for anything else."""
    text = text.replace("{,}", "").replace("\\,", "").replace(",", "").strip().strip("$")
    match = _NUMBER.match(text)
    if match is None:
        return None
    if match.group(4) is not None:
        return int(match.group(4))
    sign = -1 if match.group(1) else 1
    return sign * int(match.group(2) or 1) * 10 ** int(match.group(3))


def _names(text: str) -> list[str] | None:
    """`A_i,B_i` -> ['A', 'B']; None when any part is not a plain or indexed name."""
    parts = [part.strip().strip("$") for part in text.split(",")]
    names = [_NAME.match(part) for part in parts]
    return [m.group(1) for m in names if m] if all(names) and parts else None


def statement_bounds(statement: str) -> dict[str, Bound]:
    """Each name's bounds from the Constraints section's chains (`1 \\le K \\le N \\le 10^5`)."""
    section = _CONSTRAINTS.search(statement or "")
    if section is None:
        return {}
    bounds: dict[str, Bound] = {}
    for line in section.group(1).splitlines():
        elements = [part.strip() for part in _COMPARATOR.split(line.strip().lstrip("-").strip())]
        if len(elements) < 2:
            continue
        numbers = [_number(element) for element in elements]
        names = [_names(element) if number is None else None for element, number in zip(elements, numbers, strict=True)]
        for index, found in enumerate(names):
            if not found:
                continue
            low = next((n for n in reversed(numbers[:index]) if n is not None), None)
            high = next((n for n in numbers[index + 1 :] if n is not None), None)
            after = names[index + 1] if index + 1 < len(names) else None
            high_name = after[0] if after and len(after) == 1 else None  # K <= N: N bounds K whatever N is
            for name in found:
                bounds[name] = _tightest(bounds.get(name, Bound()), Bound(low, high, high_name))
    return bounds


def _tightest(one: Bound, other: Bound) -> Bound:
    """Both chains' bounds at once: the larger low end, the smaller high end."""
    lows = [b.low for b in (one, other) if b.low is not None]
    highs = [b.high for b in (one, other) if b.high is not None]
    return Bound(max(lows) if lows else None, min(highs) if highs else None, one.high_name or other.high_name)


def input_format(statement: str) -> list[list[str]]:
    """The format block's lines as names (`A_1` -> `A_1`), placeholders dropped; [] when there is none."""
    block = _FORMAT.search(statement or "")
    if block is None:
        return []
    lines = []
    for line in block.group(1).replace("\r", "").splitlines():
        tokens = [token for token in line.split() if token not in PLACEHOLDERS]
        if tokens:
            lines.append(tokens)
    return lines


def base_name(token: str) -> str | None:
    """`A_1` -> `A`, `N` -> `N`; None for what is not a name."""
    match = _NAME.match(token)
    return match.group(1) if match else None
