"""Arithmetic expression evaluator that consumes a token list from the front."""

import re

TOKEN = re.compile(r"[0-9]+|\S")


class Parser:
    """Recursive descent: expression := term (('+'|'-') term)*, term := factor ('*' factor)*."""

    def __init__(self, tokens: list[str]) -> None:
        """Keep the tokens still to be read."""
        self.tokens = tokens

    def peek(self) -> str | None:
        """The next token, or None when all are read."""
        return self.tokens[0] if self.tokens else None

    def pop(self) -> str:
        """Remove and return the next token; ValueError when there is none."""
        if not self.tokens:
            raise ValueError("unexpected end of expression")
        return self.tokens.pop(0)

    def expression(self) -> int:
        """A sum or difference of terms."""
        value = self.term()
        while self.peek() in ("+", "-"):
            if self.pop() == "+":
                value += self.term()
            else:
                value -= self.term()
        return value

    def term(self) -> int:
        """A product of factors."""
        value = self.factor()
        while self.peek() == "*":
            self.pop()
            value *= self.factor()
        return value

    def factor(self) -> int:
        """A negation, an integer or a parenthesised expression."""
        token = self.pop()
        if token == "-":
            return -self.factor()
        if token == "(":
            value = self.expression()
            if self.pop() != ")":
                raise ValueError("expected ')'")
            return value
        if token.isascii() and token.isdigit():
            return int(token)
        raise ValueError(f"unexpected {token!r}")


def evaluate_expression(expression: str) -> int:
    """Evaluate integers with + - *, unary minus and parentheses; ValueError if malformed."""
    parser = Parser(TOKEN.findall(expression))
    value = parser.expression()
    if parser.peek() is not None:
        raise ValueError(f"unexpected {parser.peek()!r}")
    return value
