"""Arithmetic expression evaluator (recursive descent)."""

import re

TOKEN = re.compile(r"[0-9]+|\S")


class ExpressionParser:
    """Parses sums of products of integers and parenthesised expressions."""

    def __init__(self, text: str) -> None:
        """Tokenize `text`."""
        self.tokens = TOKEN.findall(text)
        self.index = 0

    def current(self) -> str | None:
        """The token under the cursor, or None past the end."""
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def consume(self) -> str:
        """Return the token under the cursor and move on; ValueError at the end."""
        token = self.current()
        if token is None:
            raise ValueError("unexpected end of input")
        self.index += 1
        return token

    def sum(self) -> int:
        """sum := product (('+' | '-') product)*"""
        total = self.product()
        while self.current() in ("+", "-"):
            operator = self.consume()
            operand = self.product()
            total = total + operand if operator == "+" else total - operand
        return total

    def product(self) -> int:
        """product := atom ('*' atom)*"""
        result = self.atom()
        while self.current() == "*":
            self.consume()
            result *= self.atom()
        return result

    def atom(self) -> int:
        """atom := integer | '(' sum ')'"""
        token = self.consume()
        if token == "(":
            value = self.sum()
            if self.consume() != ")":
                raise ValueError("expected ')'")
            return value
        if token.isascii() and token.isdigit():
            return int(token)
        raise ValueError(f"unexpected token {token!r}")


def evaluate_expression(expression: str) -> int:
    """Evaluate an expression of integers, + - * and parentheses; ValueError if malformed."""
    parser = ExpressionParser(expression)
    value = parser.sum()
    if parser.current() is not None:
        raise ValueError(f"unexpected token {parser.current()!r}")
    return value
