"""Integer expression evaluator written as pure functions over (tokens, position)."""

import re

TOKEN_PATTERN = re.compile(r"[0-9]+|\S")


def _token_at(tokens: list[str], position: int) -> str | None:
    """The token at `position`, or None past the end."""
    return tokens[position] if position < len(tokens) else None


def _parse_sum(tokens: list[str], position: int) -> tuple[int, int]:
    """Parse terms joined by + and -, left to right; return (value, next position)."""
    total, position = _parse_product(tokens, position)
    operator = _token_at(tokens, position)
    while operator == "+" or operator == "-":
        operand, position = _parse_product(tokens, position + 1)
        total = total + operand if operator == "+" else total - operand
        operator = _token_at(tokens, position)
    return total, position


def _parse_product(tokens: list[str], position: int) -> tuple[int, int]:
    """Parse operands joined by *; return (value, next position)."""
    product, position = _parse_operand(tokens, position)
    while _token_at(tokens, position) == "*":
        factor, position = _parse_operand(tokens, position + 1)
        product *= factor
    return product, position


def _parse_operand(tokens: list[str], position: int) -> tuple[int, int]:
    """Parse an integer, a negated operand or a parenthesised sum."""
    token = _token_at(tokens, position)
    if token is None:
        raise ValueError("the expression ends where an operand was expected")
    if token == "-":
        value, position = _parse_operand(tokens, position + 1)
        return -value, position
    if token == "(":
        value, position = _parse_sum(tokens, position + 1)
        if _token_at(tokens, position) != ")":
            raise ValueError("missing closing parenthesis")
        return value, position + 1
    if token.isascii() and token.isdigit():
        return int(token), position + 1
    raise ValueError(f"unexpected token {token!r}")


def evaluate_expression(expression: str) -> int:
    """Evaluate integers combined with + - *, unary minus and parentheses.

    `*` binds tighter than `+` and `-`; equal operators group to the left.
    Malformed input raises ValueError.
    """
    tokens = TOKEN_PATTERN.findall(expression)
    value, position = _parse_sum(tokens, 0)
    if position != len(tokens):
        raise ValueError(f"unexpected token {tokens[position]!r}")
    return value
