"""How close a generated input is to what the problem promises: the relevance of an edge case.

The examples (the problem's own test inputs) and the prompt say which inputs a
solution must handle. Generation goes beyond them on purpose (empty inputs,
extreme values, unusual characters), and a solution that fails there may have
a real bug, or may have read the promise exactly: "a string of lowercase
letters" says nothing of 'ǅ'. `Domain` learns, per parameter, what the
examples show (kinds of values, number ranges and signs, string alphabets,
sizes, whether lists are sorted, an int that is always a collection's length)
and which promises the prompt makes about them ("non-empty", "positive",
"lowercase"), and scores an input: 1.0 inside all of it, less for each way it
steps outside, with the reasons. ("Sorted" in a prompt is not taken as a
promise: EvalPlus's own inputs ignore it, and solutions that assume it fail
there.)

Some inputs ask a question the prompt leaves open, where the reference's
answer is one choice among several: a key two dicts give different values
(which one a merge keeps), zero where the prompt asks about signs, a count
past the word width the prompt names ("32 bit"). Unless an example shows
one, they weigh as little as a broken promise.

Only surprises count: a property the examples do not share (some examples
negative) says nothing, and a promise the examples contradict is ignored.
"""

from __future__ import annotations

import ast
import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from ..base import python_ast
from ..base.display import short_repr
from .contract_kinds import Kinds, generic_elements
from .values import RecordValue

MAX_DEPTH = 8
MAX_ITEMS = 200  # elements of one collection looked at (the rest are like them)
FLOOR = 0.05
SHOWN_INT_LIMIT = 10**300  # beyond this an int is shown by its size: `.3g` overflows a float, repr has a limit

# How much one kind of surprise lowers relevance (multiplied together, one factor per reason).
KIND_UNSEEN = 0.25  # a list where the examples pass strings
BOOL_FOR_INT = 0.7  # a bool where the examples pass ints (a bool is an int, but rarely what a prompt means)
FLOAT_FOR_INT = 0.75
NONE_UNSEEN = 0.45
NOT_FINITE = 0.4  # NaN or an infinity where the examples have only finite numbers
NEGATIVE = 0.5  # a negative number where the examples are all >= 0
ZERO = 0.8  # zero where the examples are all positive (or all negative)
SIGN_OF_ZERO = 0.3  # zero where no example has one and the prompt asks about signs ("have opposite sign"): which
# sign zero has is the reference's choice, not the prompt's promise
MAGNITUDE = ((10, 1.0), (1_000, 0.85), (1_000_000, 0.7))  # |x| up to this many times the examples' largest
HUGE = 0.3  # beyond a million times: floats overflow, ints outgrow any loop the examples imply
# For a time-out, size is the question itself: any algorithm slower than the reference's times out on an input
# big enough, so a hang counts as an edge case only near the examples' scale: up to 100x (factorize by trial
# division up to n, not sqrt(n), hangs there; tightening this to 10x lost those real bugs). Not at a number big in
# itself either (10^9, where a loop over the value cannot finish): sum_to_n(10**9) by a loop hangs where the
# reference answers at once, yet the prompt promises nothing of such numbers, and most benchmarks never ask.
TIMEOUT_MAGNITUDE = ((100, 1.0), (10_000, 0.6), (1_000_000, 0.3))
TIMEOUT_HUGE = 0.1
TIMEOUT_LONG = ((10, 1.0), (100, 0.5))  # a string or collection up to this many times the examples' longest
TIMEOUT_LONGER = 0.2
EMPTY = 0.75  # an empty string or collection where no example is empty
LONG = 0.85  # ten times the examples' longest and more than 50
UNSORTED = 0.7  # unsorted where every example of three or more elements is sorted
ARITY = 0.6  # a tuple of another length than the examples'
SINGLE = 0.3  # one element where every example has three or more: "first and last" or "largest and smallest"
# of one element is the reference's accident, not the prompt's promise
LENGTH_LINK = 0.4  # an int that is not the length of a collection it is, in every example, the length of
CHARACTER = {
    "non-ASCII": 0.25,
    "control": 0.25,
    "uppercase": 0.7,
    "lowercase": 0.7,
    "digit": 0.8,
    "space": 0.75,
    "punctuation": 0.75,
}
PROMISED = 0.3  # the prompt promises the opposite (a "non-empty" list given empty)
UNBALANCED = 0.3  # brackets that do not pair up where every example's do (in the string, or in each of its words):
# "groups of nested parentheses separated by spaces" promises balanced groups, and a solution may rely on it
KEY_CLASH = 0.3  # two dicts give one key different values where no example's do: which one a merge keeps ("merge
# three dictionaries") is the reference's choice, not the prompt's promise
WIDTH = 0.3  # an int at or past the word width the prompt names ("the number is 32 bit") where every example's is
# below: a rotation by 32 of a 32-bit number is outside what such a prompt promises
ELEMENTS_UNSEEN = 0.25  # elements in a collection where every example's is empty: the examples say nothing of
# them (hex_key's odd `[]` beside its strings makes a list possible, not a list of anything)

_PROMISES = {
    "non-empty": re.compile(r"\bnon[- ]?empty\b|\bnot (?:be )?empty\b|\bat least one\b"),
    "positive": re.compile(r"\bpositive\b"),
    "non-negative": re.compile(r"\bnon[- ]?negative\b|\bnatural number"),
    "lowercase": re.compile(r"\blower[- ]?case\b"),
    "uppercase": re.compile(r"\bupper[- ]?case\b"),
}

_WIDTH = re.compile(r"\b(8|16|32|64)[- ]?bits?\b")
_SIGN = re.compile(r"\bsigns?\b")

# "returns true if they have at least one common element" (Mbpp/431): a condition the answer depends on, which says
# nothing of the inputs, unlike "given a non-empty list".
_CONDITION = re.compile(r"\b(?:if|whether|when|unless)\b[^.\n]*$")


def _promised(pattern: re.Pattern[str], text: str) -> bool:
    """Whether the prompt makes the promise somewhere other than in a condition on the answer."""
    return any(
        not _CONDITION.search(text[max(0, match.start() - 200) : match.start()]) for match in pattern.finditer(text)
    )


@dataclass(frozen=True)
class PromptFacts:
    """What the prompt's words settle about the inputs: its promises ("non-empty", "positive"), the word width it
    names ("the number is 32 bit"), and whether it asks about signs (then zero's sign is its open question)."""

    promises: frozenset[str]
    width: int | None
    asks_signs: bool

    @classmethod
    def read(cls, prompt: str) -> PromptFacts:
        text = prompt.lower()
        widths = [int(match.group(1)) for match in _WIDTH.finditer(text)]
        return cls(
            frozenset(name for name, pattern in _PROMISES.items() if _promised(pattern, text)),
            min(widths) if widths else None,
            _SIGN.search(text) is not None,
        )


@dataclass
class Profile:
    """What the examples show at one position (a parameter, or the elements of a collection there)."""

    kinds: set[str] = field(default_factory=set)
    low: float | None = None
    high: float | None = None
    largest: float = 0.0  # the largest |x|
    zero_seen: bool = False
    finite_only: bool = True
    chars: set[str] = field(default_factory=set)
    bracketed: int = 0  # example strings holding brackets...
    balanced: int = 0  # ...whose brackets pair up
    words_balanced: int = 0  # ...and whose brackets pair up within each whitespace-separated word
    lengths: list[int] = field(default_factory=list)
    arities: set[int] = field(default_factory=set)  # the lengths of tuples holding more than one kind (records)
    sorted_all: bool = True  # every example collection of three or more elements is sorted
    sorted_seen: bool = False
    elements: Profile | None = None
    keys: Profile | None = None

    def observe(self, value: Any, depth: int = 0) -> None:
        kind = kind_of(value)
        self.kinds.add(kind)
        if depth > MAX_DEPTH:
            return
        if kind in ("int", "float"):
            self._number(value)
        elif kind == "str":
            self.chars.update(value)
            self.lengths.append(len(value))
            self._brackets(value)
        elif kind in ("list", "tuple", "set"):
            items = list(value)[:MAX_ITEMS]
            self.lengths.append(len(value))
            if kind == "tuple" and len({kind_of(item) for item in items}) > 1:
                self.arities.add(len(value))
            if kind != "set" and len(items) >= 3:
                ordered = _is_sorted(items) is True
                self.sorted_all = self.sorted_all and ordered
                self.sorted_seen = True
            self.elements = self.elements or Profile()
            for item in items:
                self.elements.observe(item, depth + 1)
        elif kind == "dict":
            self.lengths.append(len(value))
            self.keys, self.elements = self.keys or Profile(), self.elements or Profile()
            for key, item in list(value.items())[:MAX_ITEMS]:
                self.keys.observe(key, depth + 1)
                self.elements.observe(item, depth + 1)

    def _brackets(self, text: str) -> None:
        if not _bracket_text(text):
            return
        self.bracketed += 1
        self.balanced += _balanced(text)
        self.words_balanced += all(_balanced(word) for word in text.split())

    def bracket_promise(self) -> str | None:
        """What every example string with brackets shows of them (two at least): None, "string" or "word"."""
        if self.bracketed < 2:
            return None
        if self.words_balanced == self.bracketed:
            return "word"
        return "string" if self.balanced == self.bracketed else None

    def admit(self, kinds: Kinds) -> None:
        """Kinds the contract promises count as seen (the examples' ranges and alphabets still apply)."""
        if kinds.top is not None and self.kinds & kinds.top:
            self.kinds |= kinds.top & {"int", "float"}
        if (
            kinds.top is not None
            and "list" in kinds.top
            and kinds.elements is None
            and self.elements is not None
            and "int" in self.elements.kinds
        ):
            self.elements.kinds |= {"bool", "float"}  # a list whose elements the contract leaves open
        if (
            kinds.top is not None
            and kinds.top & {"list", "tuple"}
            and kinds.elements is None
            and self.elements is not None
            and generic_elements(self.elements.kinds)
        ):
            self.elements.kinds.add("list")  # elements of any kind, lists among them
        if kinds.values is not None and "dict" in self.kinds and self.elements is not None:
            self.elements.admit(Kinds(top=kinds.values))  # a dict's values profile is its elements'
        if kinds.elements is not None and self.elements is not None:
            if not self.elements.kinds:  # every example collection is empty: the contract alone says what is in it
                self.elements.kinds |= kinds.elements
            self.elements.admit(Kinds(top=kinds.elements, elements=kinds.nested))

    def describe(self, depth: int = 0) -> str:
        """What the examples show here, in words: `list; lengths 0-5; sorted; elements: (int; numbers -3 to 9)`."""
        facets = [" or ".join(sorted(self.kinds)) or "nothing seen"]
        if self.low is not None and self.high is not None:
            facets.append(f"numbers {_bound(self.low)} to {_bound(self.high)}")
        if self.chars:
            facets.append(f"characters: {', '.join(sorted(_classes(self.chars)))}")
        if self.lengths:
            shortest, longest = min(self.lengths), max(self.lengths)
            facets.append(f"lengths {shortest}" + (f"-{longest}" if longest != shortest else ""))
        if self.sorted_seen and self.sorted_all:
            facets.append("sorted")
        if self.elements is not None and depth < MAX_DEPTH:
            facets.append(f"elements: ({self.elements.describe(depth + 1)})")
        return "; ".join(facets)

    def _number(self, value: float) -> None:
        if not _finite(value):
            self.finite_only = False
            return
        number = float(value) if abs(value) < 1e300 else (1e300 if value > 0 else -1e300)
        self.low = number if self.low is None else min(self.low, number)
        self.high = number if self.high is None else max(self.high, number)
        self.largest = max(self.largest, abs(number))
        self.zero_seen = self.zero_seen or number == 0


@dataclass
class Relevance:
    """How much a generated input resembles what the problem is about (0-1), and why."""

    score: float
    reasons: list[str]

    def describe(self) -> str:
        return "; ".join(self.reasons) if self.reasons else "like the examples"


class Domain:
    """The examples' profile per parameter and the prompt's promises; scores inputs."""

    def __init__(
        self, names: list[str], examples: Iterable[tuple], prompt: str = "", contract: dict[str, Kinds] | None = None
    ):
        self.names = list(names)
        self.profiles = [Profile() for _ in self.names]
        self.count = 0
        examples = list(examples)
        for example in examples:
            self.count += 1
            for profile, value in zip(self.profiles, example, strict=False):
                profile.observe(value)
        for name, profile in zip(self.names, self.profiles, strict=True):
            kinds = (contract or {}).get(name)
            if kinds is not None and profile.kinds:
                profile.admit(kinds)
        self.length_links = _length_links(examples, len(self.names))
        self.clashes_seen = any(_key_clash(example) is not None for example in examples)
        self.merges_dicts = any(len(_dicts(example)) >= 2 for example in examples)
        self.prompt = PromptFacts.read(prompt)

    def describe(self) -> dict[str, str]:
        """The contract inferred per parameter, in words (the report shows it: a failing input outside it weighs
        as robustness, not as a bug), with what the prompt promises of every input."""
        if not self.count:
            return {}
        contract = {name: profile.describe() for name, profile in zip(self.names, self.profiles, strict=True)}
        promises = sorted(self.prompt.promises)
        if self.prompt.width is not None:
            promises.append(f"{self.prompt.width}-bit numbers")
        if promises:
            contract["(the prompt promises)"] = ", ".join(promises)
        open_questions = ["the sign of zero"] if self.prompt.asks_signs else []
        if not self.clashes_seen and self.merges_dicts:
            open_questions.append("which value wins a key two dicts share")
        if open_questions:
            contract["(the prompt leaves open)"] = ", ".join(open_questions)
        return contract

    def relevance(self, value: Any, timeout: bool = False) -> Relevance:
        """How close one input (the plan's tuple of arguments) is to the examples and the prompt.

        `timeout`: the input is judged as one a solution hung on, where size and magnitude weigh more.
        """
        if not self.count or not isinstance(value, tuple) or isinstance(value, RecordValue):
            return Relevance(1.0, [])
        factors: dict[str, tuple[float, str]] = {}
        for name, profile, item in zip(self.names, self.profiles, value, strict=False):
            _Walk(self.prompt, factors, name, timeout).visit(item, profile, 0)
        clash = None if self.clashes_seen else _key_clash(value)
        if clash is not None:
            factors["clash"] = (
                KEY_CLASH,
                f"two dicts give the key {short_repr(clash[0])} different values; no example shows which one wins",
            )
        for number, collection in self.length_links:
            if number < len(value) and collection < len(value) and _length(value[collection]) != value[number]:
                factors[f"link:{number}"] = (
                    LENGTH_LINK,
                    f"{self.names[number]} is not len({self.names[collection]}), as it is in every example",
                )
        score = 1.0
        for factor, _ in factors.values():
            score *= factor
        reasons = [text for _, text in sorted(factors.values(), key=lambda pair: pair[0])]
        return Relevance(max(FLOOR, score), reasons)


class _Walk:
    """One input against the profiles: records the strongest factor per kind of surprise."""

    def __init__(self, prompt: PromptFacts, factors: dict[str, tuple[float, str]], where: str, timeout: bool):
        self.prompt = prompt
        self.factors = factors
        self.where = where
        self.timeout = timeout

    def note(self, key: str, factor: float, text: str) -> None:
        full_key = f"{self.where}:{key}"
        if full_key not in self.factors or factor < self.factors[full_key][0]:
            self.factors[full_key] = (factor, f"{self.where}: {text}")

    def visit(self, value: Any, profile: Profile, depth: int) -> None:
        if depth > MAX_DEPTH or not profile.kinds:
            return
        kind = kind_of(value)
        if kind not in profile.kinds:
            self._unseen_kind(kind, profile)
            return
        if kind in ("int", "float"):
            self._number(value, profile)
        elif kind == "str":
            self._text(value, profile)
        elif kind in ("list", "tuple", "set", "dict"):
            self._collection(value, kind, profile, depth)

    def _unseen_kind(self, kind: str, profile: Profile) -> None:
        seen = " or ".join(sorted(profile.kinds))
        if kind == "bool" and "int" in profile.kinds:
            self.note("bool", BOOL_FOR_INT, "a bool where the examples have ints")
        elif kind == "float" and "int" in profile.kinds:
            self.note("float", FLOAT_FOR_INT, "a float where the examples have ints")
        elif kind == "int" and "float" in profile.kinds:
            return
        elif kind == "none":
            self.note("none", NONE_UNSEEN, f"None where the examples have {seen}")
        else:
            self.note(f"kind:{kind}", KIND_UNSEEN, f"a {kind} where the examples have {seen}")

    def _number(self, value: float, profile: Profile) -> None:
        if not _finite(value):
            if profile.finite_only:
                self.note("finite", NOT_FINITE, f"{value!r} where the examples' numbers are finite")
            return
        if profile.low is None or profile.high is None:
            return
        self._sign(value, profile.low, profile.high, profile.zero_seen)
        self._magnitude(value, profile.largest)
        width = self.prompt.width
        if width is not None and isinstance(value, int) and profile.high < width <= value:
            self.note("width", WIDTH, f"{_short(value)} is past the {width} bits the prompt names; no example's is")

    def _sign(self, value: float, low: float, high: float, zero_seen: bool) -> None:
        promises = self.prompt.promises
        if value < 0 <= low:
            promised = "positive" in promises or "non-negative" in promises
            self.note(
                "sign",
                PROMISED if promised else NEGATIVE,
                f"{_short(value)} is negative; the examples are all >= 0"
                + (" and the prompt says so" if promised else ""),
            )
        elif value == 0 and (low > 0 or high < 0):
            promised = "positive" in promises and low > 0
            self.note(
                "zero",
                PROMISED if promised else ZERO,
                "zero, where the examples never are" + (" (the prompt says positive)" if promised else ""),
            )
        elif value == 0 and not zero_seen and self.prompt.asks_signs:
            self.note("zero", SIGN_OF_ZERO, "zero, which no example has, where the prompt asks about signs")

    def _magnitude(self, value: float, largest: float) -> None:
        scale = max(largest, 10.0)
        magnitude = abs(value) / scale if abs(value) < 1e300 else math.inf
        table, beyond = (TIMEOUT_MAGNITUDE, TIMEOUT_HUGE) if self.timeout else (MAGNITUDE, HUGE)
        factor = next((f for limit, f in table if magnitude <= limit), beyond)
        if factor < 1.0:
            self.note(
                "magnitude", factor, f"{_short(value)} is {_times(magnitude)} the examples' largest ({_short(largest)})"
            )

    def _text(self, value: str, profile: Profile) -> None:
        self._size(len(value), profile, "string")
        self._structure(value, profile)
        seen = _classes(profile.chars)
        for char in dict.fromkeys(value[:2000]):
            for cls in _char_classes(char):
                if cls in seen or cls not in CHARACTER:
                    continue
                opposite = {"uppercase": "lowercase", "lowercase": "uppercase"}.get(cls)
                factor = PROMISED if opposite in self.prompt.promises else CHARACTER[cls]
                self.note(f"char:{cls}", factor, f"{cls} character {char!r}; the examples' strings have none")

    def _structure(self, value: str, profile: Profile) -> None:
        promise = profile.bracket_promise()
        if promise is None or not _bracket_text(value[:2000]):
            return
        parts = value.split() if promise == "word" else [value]
        if not all(_balanced(part) for part in parts):
            where = "each word's" if promise == "word" else "the string's"
            self.note("brackets", UNBALANCED, f"brackets that do not pair up; in every example {where} do")

    def _size(self, size: int, profile: Profile, noun: str) -> None:
        if not profile.lengths:
            return
        if size == 1 and noun != "string" and min(profile.lengths) >= 3:
            self.note("single", SINGLE, f"a {noun} of one element; the examples' have {min(profile.lengths)} or more")
        if size == 0 and min(profile.lengths) > 0:
            promised = "non-empty" in self.prompt.promises
            self.note(
                "empty",
                PROMISED if promised else EMPTY,
                f"an empty {noun}; no example is empty" + (" and the prompt says non-empty" if promised else ""),
            )
        longest = max(profile.lengths)
        if self.timeout and size > 20:
            ratio = size / max(longest, 1)
            factor = next((f for limit, f in TIMEOUT_LONG if ratio <= limit), TIMEOUT_LONGER)
            if factor < 1.0:
                self.note("long", factor, f"a {noun} of {size}, the examples' longest is {longest}")
        elif size > 50 and size > 10 * max(longest, 1):
            self.note("long", LONG, f"a {noun} of {size}, the examples' longest is {longest}")

    def _collection(self, value: Any, kind: str, profile: Profile, depth: int) -> None:
        noun = {"list": "list", "tuple": "tuple", "set": "set", "dict": "dict"}[kind]
        self._size(len(value), profile, noun)
        if kind == "tuple" and profile.arities and len(value) not in profile.arities and len(profile.arities) == 1:
            self.note("arity", ARITY, f"a tuple of {len(value)}, the examples' have {next(iter(profile.arities))}")
        items = list(value.values() if kind == "dict" else value)[:MAX_ITEMS]
        if (
            kind in ("list", "tuple")
            and profile.sorted_seen
            and profile.sorted_all
            and len(items) >= 2
            and _is_sorted(items) is False
        ):  # None: elements that do not compare are not "unsorted"
            self.note("sorted", UNSORTED, "not sorted; every example is")
        if profile.elements is not None and not profile.elements.kinds and items:
            self.note("elements", ELEMENTS_UNSEEN, f"a {noun} with elements; every example's {noun} is empty")
        elif profile.elements is not None:
            for item in items:
                self.visit(item, profile.elements, depth + 1)
        if kind == "dict" and profile.keys is not None:
            for key in list(value)[:MAX_ITEMS]:
                self.visit(key, profile.keys, depth + 1)


def _length(value: Any) -> int | None:
    return len(value) if isinstance(value, (str, list, tuple, dict, set, frozenset)) else None


def _length_links(examples: list[tuple], width: int) -> list[tuple[int, int]]:
    """(int parameter, collection parameter) pairs where every example passes the collection's length."""
    if len(examples) < 2:
        return []
    links = []
    for number in range(width):
        for collection in range(width):
            if number != collection and all(
                len(e) == width and kind_of(e[number]) == "int" and _length(e[collection]) == e[number]
                for e in examples
            ):
                links.append((number, collection))
    return links


def _dicts(value: tuple) -> list[dict]:
    """The dicts an input passes: as arguments, or as the elements of a list or tuple argument."""
    dicts: list[dict] = []
    for item in value:
        if isinstance(item, dict):
            dicts.append(item)
        elif isinstance(item, (list, tuple)) and not isinstance(item, RecordValue):
            dicts.extend(element for element in list(item)[:MAX_ITEMS] if isinstance(element, dict))
    return dicts


def _key_clash(value: tuple) -> tuple[Any] | None:
    """A key (in a 1-tuple) two of the input's dicts give different values, so that a merge must pick one."""
    dicts = _dicts(value)
    if len(dicts) < 2:
        return None
    first: dict[Any, Any] = {}
    for mapping in dicts:
        for key, item in list(mapping.items())[:MAX_ITEMS]:
            if key in first and _differ(first[key], item):
                return (key,)
            first.setdefault(key, item)
    return None


def _differ(a: Any, b: Any) -> bool:
    try:
        return bool(a != b)
    except (RecursionError, TypeError, ValueError):  # nested too deep to compare, or a value that will not say
        return False


def kind_of(value: Any) -> str:
    """The kind of a value as type inference groups values: none, bool, int, ..., record:<name>."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, RecordValue):
        return f"record:{value.type_name}"
    for types, name in (
        (int, "int"),
        (float, "float"),
        (complex, "complex"),
        (str, "str"),
        ((bytes, bytearray), "bytes"),
        (list, "list"),
        (tuple, "tuple"),
        (dict, "dict"),
        ((set, frozenset), "set"),
    ):
        if isinstance(value, types):
            return name
    return "other"


def _finite(value: float) -> bool:
    return isinstance(value, int) or math.isfinite(value)


def _is_sorted(items: list) -> bool | None:
    """Whether the items are in order; None when they do not compare."""
    try:
        return all(a <= b for a, b in pairwise(items))
    except TypeError:
        return None


_CLOSING = {")": "(", "]": "[", "}": "{"}


def _bracket_text(text: str) -> bool:
    return any(char in "()[]{}" for char in text)


def _balanced(text: str) -> bool:
    """Whether the string's brackets ((), [], {}) pair up and nest."""
    stack: list[str] = []
    for char in text[:2000]:
        if char in "([{":
            stack.append(char)
        elif char in _CLOSING and (not stack or stack.pop() != _CLOSING[char]):
            return False
    return not stack


def _char_classes(char: str) -> list[str]:
    if not char.isascii():
        return ["non-ASCII"]
    if char in "\t\n\r\x0b\x0c" or not char.isprintable():
        return ["control"]
    if char.isupper():
        return ["uppercase"]
    if char.islower():
        return ["lowercase"]
    if char.isdigit():
        return ["digit"]
    if char == " ":
        return ["space"]
    return ["punctuation"]


def _classes(chars: set[str]) -> set[str]:
    return {cls for char in chars for cls in _char_classes(char)}


def _short(value: float) -> str:
    """A number in a reason: short; an int past the conversion limit (4300 digits) or a float's range as its size."""
    if isinstance(value, int) and abs(value) > SHOWN_INT_LIMIT:
        return f"{'-' if value < 0 else ''}an int of {value.bit_length()} bits"
    text = repr(value)
    return text if len(text) <= 24 else f"{value:.3g}"


def _bound(value: float) -> str:
    """An end of the examples' range (kept as a float): as an int where it is one."""
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else _short(value)


def _times(ratio: float) -> str:
    return "far beyond" if not math.isfinite(ratio) else f"{ratio:.3g}x"


def prompt_text(prompt: str | None, reference: str, entry_point: str) -> str:
    """What the problem promises in words: its prompt, or the entry point's docstring in the reference."""
    if prompt:
        return prompt
    try:
        tree = python_ast.parse(reference)
    except SyntaxError:
        return ""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == entry_point:
            return ast.get_docstring(node) or ""
    return ""


def describe_char(char: str) -> str:
    """'ǅ' -> "'ǅ' (LATIN CAPITAL LETTER D WITH SMALL LETTER Z WITH CARON)", for reports."""
    return f"{char!r} ({unicodedata.name(char, 'unnamed')})"
