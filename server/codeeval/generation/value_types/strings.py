"""str and bytes (one shared implementation), and strings matching a regular expression."""

from __future__ import annotations

import math
import random
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from ..values import simplicity_key
from .base import (
    EXPLORE_MAX_SIZE,
    EXTRA_CHARS,
    LONG_LENGTHS,
    MAX_SEEN,
    UNICODE,
    WHITESPACE,
    GenContext,
    ValueType,
    dedupe,
    digits_like,
    interleave,
)
from .scalars import FloatT


class _Text(ValueType):
    """Shared by str and bytes: sequences of characters from an alphabet."""

    empty: Any
    alphabet: Any
    min_size: int
    max_size: int | None
    seen: list

    def _chars(self, text: Any) -> list:
        raise NotImplementedError

    def _join(self, chars: list) -> Any:
        raise NotImplementedError

    def _size_ok(self, value: Any) -> bool:
        return len(value) >= self.min_size and (self.max_size is None or len(value) <= self.max_size)

    def _alphabet_ok(self, value: Any) -> bool:
        return self.alphabet is None or all(ch in self.alphabet for ch in self._chars(value))

    def soft_alphabet(self) -> list:
        chars: list = []
        for text in self.seen:
            for ch in self._chars(text):
                if ch not in chars:
                    chars.append(ch)
        if self.alphabet is not None:
            chars = [c for c in chars if c in self.alphabet] or list(self._chars(self.alphabet))
        return chars

    def _pick_char(self, ctx: GenContext, outside: float = 0.1) -> Any:
        soft = self.soft_alphabet()
        rng = ctx.rng
        if self.alphabet is not None:
            pool = list(self._chars(self.alphabet))
            return rng.choice(soft if soft and rng.random() > outside else pool)
        if soft and rng.random() > outside:
            return rng.choice(soft)
        return rng.choice(self._extra_pool())

    def _extra_pool(self) -> list:
        raise NotImplementedError

    def _fits(self, value: Any) -> bool:
        return self._size_ok(value) and self._alphabet_ok(value)

    def default(self) -> Any:
        if self.min_size == 0:
            return self.empty
        soft = self.soft_alphabet() or self._extra_pool()[2:3]
        return self._join([soft[0]] * self.min_size)

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        lengths = [len(s) for s in self.seen] or [5]
        top = max(3, max(lengths) + 2)
        if self.max_size is not None:
            top = min(top, self.max_size)
        length = rng.randint(min(self.min_size, top), top)
        return self._join([self._pick_char(ctx) for _ in range(length)])

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        chars = list(self._chars(value))
        for _ in range(4):
            new = list(chars)
            op = rng.randrange(10)
            i = rng.randrange(len(new) + 1)
            if op <= 1:
                new.insert(i, self._pick_char(ctx))
            elif op == 2 and new:
                del new[min(i, len(new) - 1)]
            elif op == 3 and new:
                new[min(i, len(new) - 1)] = self._pick_char(ctx)
            elif op == 4 and new:
                a = rng.randrange(len(new))
                b = rng.randrange(a, min(len(new), a + 6)) + 1
                new[a:a] = new[a:b]
            elif op == 5 and len(new) > 1:
                a, b = rng.randrange(len(new)), rng.randrange(len(new))
                new[a], new[b] = new[b], new[a]
            elif op == 6:
                new.reverse()
            elif op == 7 and new:
                a = rng.randrange(len(new))
                new = new[a : a + rng.randint(0, len(new))]
            elif op == 8 and self.seen:
                other = list(self._chars(rng.choice(self.seen)))
                new = new + other if rng.random() < 0.5 else other + new
            else:
                new = self._case_change(new, rng)
            result = self._join(new)
            if self._fits(result) and result != value:
                return result
        return value

    def _case_change(self, chars: list, rng: random.Random) -> list:
        return chars

    def shrink(self, value: Any) -> Iterator[Any]:
        chars = list(self._chars(value))
        n = len(chars)
        if n == 0:
            return
        if self.min_size == 0:
            yield self.empty
        chunk = n // 2
        while chunk >= 1:
            for start in range(0, n - chunk + 1, chunk):
                yield self._join(chars[:start] + chars[start + chunk :])
            chunk //= 2
        simplest = sorted(self.soft_alphabet() or self._extra_pool()[2:3], key=simplicity_key)[0]
        for i, ch in enumerate(chars):
            if ch != simplest:
                yield self._join(chars[:i] + [simplest] + chars[i + 1 :])


@dataclass(repr=False)
class StrT(_Text):
    alphabet: str | None = None
    min_size: int = 0
    max_size: int | None = None
    seen: list = field(default_factory=list)
    empty = ""

    def describe(self) -> str:
        return "str"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, str) and self._fits(value)

    def with_seen(self, values: list) -> ValueType:
        return replace(self, seen=[v for v in values if isinstance(v, str)][:MAX_SEEN])

    def _chars(self, text: Any) -> list:
        return list(text)

    def _join(self, chars: list) -> Any:
        return "".join(chars)

    def _extra_pool(self) -> list:
        return list(EXTRA_CHARS)

    def _case_change(self, chars: list, rng: random.Random) -> list:
        if not chars:
            return chars
        i = rng.randrange(len(chars))
        return chars[:i] + [chars[i].swapcase()] + chars[i + 1 :]

    def _structured(self) -> bool:
        """Whether most examples share one shape of digits and letters ("99-99-9999"): keep that shape when mutating."""
        if len(self.seen) < 2:
            return False
        shapes = [re.sub(r"[a-zA-Z]", "a", re.sub(r"\d", "9", text)) for text in self.seen]
        top = max(set(shapes), key=shapes.count)
        return shapes.count(top) * 2 >= len(shapes) and "9" in top

    def _numeric(self) -> bool:
        """Whether every example string is a number (\"14.5\", \"-3\"): then numbers are mutated as numbers."""
        if not self.seen:
            return False
        for text in self.seen:
            try:
                number = float(text)
            except ValueError:
                return False
            if not math.isfinite(number) or text.strip() != text or "_" in text:
                return False
        return True

    def _as_number_text(self, number: float, like: str) -> str:
        if "." not in like and "e" not in like.lower() and number == int(number):
            return str(int(number))
        return repr(float(number))

    def _numeric_values(self, ctx: GenContext) -> list[str]:
        numbers = FloatT().boundary(ctx)
        numbers = [n for n in numbers if math.isfinite(n) and abs(n) < 1e15]
        out = []
        for n in numbers[:40]:
            out.append(repr(float(n)))
            if n == int(n):
                out.append(str(int(n)))
        return out

    def _words(self, ctx: GenContext) -> list[str]:
        """Words of the examples and the reference's string constants: material for word-level mutation."""
        words: list[str] = []
        for text in self.seen:
            words += [w for w in text.split(" ") if w]
        single = any(len(w) == 1 for w in words)  # single-character words are material only if the examples use them
        words += [s for s in ctx.strings if s and " " not in s and (len(s) > 1 or single)]
        return dedupe(words)[:200]

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        """Character-level mutation, or for text with spaces a word-level one (drop/copy/swap/insert words)."""
        if self._numeric() and ctx.rng.random() < 0.5:
            try:
                number = float(value)
            except ValueError:
                number = None
            if number is not None and math.isfinite(number):
                mutated = FloatT().mutate(number, ctx)
                if math.isfinite(mutated) and abs(mutated) < 1e15:
                    text = self._as_number_text(mutated, value if ctx.rng.random() < 0.7 else "0.5")
                    if self._fits(text):
                        return text
        if ctx.rng.random() < (0.6 if self._structured() else 0.3):
            result = self._mutate_digits(value, ctx)
            if result is not None:
                return result
        spaced = " " in value or any(" " in s for s in self.seen)
        if spaced and ctx.rng.random() < 0.5:
            result = self._mutate_words(value, ctx)
            if result is not None:
                return result
        return _Text.mutate(self, value, ctx, depth)

    def _digit_boundaries(self, ctx: GenContext) -> list[str]:
        """Examples with one embedded number ("03-11-2000") set to a boundary: 0, 1, the reference's constants +-1."""
        numbers = [0, 1] + [k + d for k in ctx.ints[:20] if k >= 0 for d in (0, 1, -1) if k + d >= 0]
        out: list[str] = []
        for text in self.seen[:3]:
            for run in re.finditer(r"\d+", text):
                for number in dedupe(numbers):
                    out.append(text[: run.start()] + digits_like(number, run.group()) + text[run.end() :])
        return out

    def _mutate_digits(self, value: str, ctx: GenContext) -> str | None:
        """A number inside the text ("03-11-2000") changed as a number: +-1, a constant of the reference +-1, 0."""
        runs = list(re.finditer(r"\d+", value))
        if not runs:
            return None
        rng = ctx.rng
        run = rng.choice(runs)
        number = int(run.group())
        choice = rng.random()
        if choice < 0.5:
            new = number + rng.choice((-1, 1))
        elif choice < 0.8 and ctx.ints:
            new = rng.choice(ctx.ints) + rng.choice((-1, 0, 0, 1))
        else:
            new = rng.choice((0, 1, number * 10, number // 10))
        if new < 0:
            return None
        result = value[: run.start()] + digits_like(new, run.group()) + value[run.end() :]
        return result if result != value and self._fits(result) else None

    def _mutate_words(self, value: str, ctx: GenContext) -> str | None:
        rng = ctx.rng
        words = value.split(" ")
        pool = self._words(ctx)
        for _ in range(4):
            new = list(words)
            op = rng.randrange(6)
            if op == 0 and len(new) > 1:
                del new[rng.randrange(len(new))]
            elif op == 1:
                i = rng.randrange(len(new))
                new.insert(i, new[i])
            elif op == 2 and len(new) > 1:
                a, b = rng.randrange(len(new)), rng.randrange(len(new))
                new[a], new[b] = new[b], new[a]
            elif op == 3 and pool:
                new.insert(rng.randrange(len(new) + 1), rng.choice(pool))
            elif op == 4 and pool:
                new[rng.randrange(len(new))] = rng.choice(pool)
            else:
                new.reverse()
            result = " ".join(new)
            if result != value and self._fits(result):
                return result
        return None

    def boundary(self, ctx: GenContext) -> list:
        """Categories interleaved, so a cut-off suite still has a bit of each (empty, small, whitespace...)."""
        soft = self.soft_alphabet()
        small = ["", soft[0] if soft else "a"] + soft[:12]
        repeated: list[str] = []
        if soft:
            repeated = [soft[0] * 2, soft[0] * 5, "".join(soft), "".join(sorted(soft)), "".join(sorted(soft))[::-1]]
            repeated += [c * k for k in (2, 3) for c in soft[:8]]
        constants = list(ctx.strings[:30])
        numeric = self._numeric_values(ctx) if self._numeric() else []
        words = [w for w in self._words(ctx) if w]
        worded: list[str] = []
        if words and any(" " in s for s in self.seen):
            worded = [" ".join(words[:k]) for k in (2, 3, len(words))] + [" ".join(reversed(words))]
            worded += [f"{w} {w}" for w in words[:3]]
        examples: list[str] = []
        for text in self.seen[:6]:
            examples += [
                text[::-1],
                "".join(sorted(text)),
                text.upper(),
                text.lower(),
                text.swapcase(),
                text.strip(),
                f" {text} ",
                text * 2,
                text[:1],
                text[1:],
                text[:-1],
                text.replace(" ", "  "),
                text.title(),
            ]
        plain = ["a", "A", "ab", "ba", "aA", "Aa", "abc", "hello world", "0", "9", "-1", "1.5"]
        pattern = "".join(soft) if soft else string.ascii_lowercase
        long: list[str] = []
        for length in LONG_LENGTHS:
            long.append((pattern * (length // max(1, len(pattern)) + 1))[:length])
            long.append((soft[0] if soft else "a") * length)
        values = small[:2] + interleave(
            self._digit_boundaries(ctx),
            small[2:],
            list(WHITESPACE),
            repeated,
            constants,
            numeric,
            worded,
            examples,
            list(UNICODE),
            plain,
            long,
        )
        return dedupe([v for v in values if self._fits(v)])

    def strategy(self) -> SearchStrategy[object]:
        top = EXPLORE_MAX_SIZE if self.max_size is None else min(self.max_size, max(EXPLORE_MAX_SIZE, self.min_size))
        if self.alphabet is not None:
            return st.text(alphabet=self.alphabet, min_size=self.min_size, max_size=top)
        full = st.text(min_size=self.min_size, max_size=top)
        soft = self.soft_alphabet()
        if not soft:
            return full
        longest = max((len(s) for s in self.seen), default=8)
        near_top = max(self.min_size, min(top, longest + 4) if self.max_size is not None else longest + 4)
        near = st.text(alphabet="".join(soft), min_size=self.min_size, max_size=near_top)
        return st.one_of(near, near, full)


@dataclass(repr=False)
class BytesT(_Text):
    alphabet: bytes | None = None
    min_size: int = 0
    max_size: int | None = None
    seen: list = field(default_factory=list)
    empty = b""

    def describe(self) -> str:
        return "bytes"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, bytes) and self._fits(value)

    def with_seen(self, values: list) -> ValueType:
        return replace(self, seen=[v for v in values if isinstance(v, bytes)][:MAX_SEEN])

    def _chars(self, text: Any) -> list:
        return [bytes([b]) for b in text]

    def _join(self, chars: list) -> Any:
        return b"".join(chars)

    def _extra_pool(self) -> list:
        return [bytes([b]) for b in (0, 32, 97, 65, 48, 255, 10, 127, 128)]

    def boundary(self, ctx: GenContext) -> list:
        values = [b"", b"a", b"\x00", b"\xff", b"ab", b"aa", b"\x00\x00", bytes(range(256)), b"a" * 2000]
        for text in self.seen[:4]:
            values += [text[::-1], text * 2, text[:1], text[1:]]
        return dedupe([v for v in values if self._fits(v)])

    def strategy(self) -> SearchStrategy[object]:
        top = EXPLORE_MAX_SIZE if self.max_size is None else self.max_size
        return st.binary(min_size=self.min_size, max_size=top)


@dataclass(repr=False)
class RegexT(StrT):
    """Strings matching a regular expression: generated by Hypothesis, never mutated or shrunk."""

    pattern: str = ""

    def describe(self) -> str:
        return f"str matching {self.pattern!r}"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, str)

    def boundary(self, ctx: GenContext) -> list:
        return []

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        return value

    def shrink(self, value: Any) -> Iterator[Any]:
        return iter(())

    def strategy(self) -> SearchStrategy[object]:
        return st.from_regex(self.pattern, fullmatch=True)
