"""Arithmetic expression evaluator (recursive descent)."""

import re

TOKEN = re.compile(r"[0-9]+|\S")


class Parser:
    """expression := term (('+'|'-') term)*; term := factor ('*' factor)*."""

    def __init__(self, tokens: list[str]) -> None:
        """Start before the first token."""
        self.tokens = tokens
        self.position = 0

    def peek(self) -> str | None:
        """The next token or None."""
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> str:
        """Consume the next token."""
        token = self.peek()
        if token is None:
            raise ValueError("unexpected end")
        self.pos += 1
        return token

    def expression(self) -> int:
        """Sum of terms."""
        value = self.term()
        while self.peek() in ("+", "-"):
            value = value + self.term() if self.take() == "+" else value - self.term()
        return value

    def term(self) -> int:
        """Product of factors."""
        value = self.factor()
        while self.peek() == "*":
            self.take()
            value *= self.factor()
        return value

    def factor(self) -> int:
        """Negation, integer or parenthesised expression."""
        token = self.take()
        if token == "-":
            return -self.factor()
        if token == "(":
            value = self.expression()
            if self.take() != ")":
                raise ValueError("expected ')'")
            return value
        if token.isdigit():
            return int(token)
        raise ValueError(token)


def evaluate_expression(expression: str) -> int:
    """Evaluate an integer expression."""
    parser = Parser(TOKEN.findall(expression))
    value = parser.expression()
    if parser.peek() is not None:
        raise ValueError("trailing input")
    return value
