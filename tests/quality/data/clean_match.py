"""A tiny command interpreter using structural pattern matching."""

from typing import Union

Number = Union[int, float]


def evaluate(tokens: list[str]) -> Number:
    """Evaluate a reverse-Polish expression such as `["1", "2", "+"]`."""
    stack: list[Number] = []
    for token in tokens:
        match token:
            case "+" | "-" | "*" | "/":
                right, left = stack.pop(), stack.pop()
                stack.append(_apply(token, left, right))
            case _:
                stack.append(float(token) if "." in token else int(token))
    if len(stack) != 1:
        raise ValueError("malformed expression")
    return stack[0]


def _apply(operator: str, left: Number, right: Number) -> Number:
    match operator:
        case "+":
            return left + right
        case "-":
            return left - right
        case "*":
            return left * right
        case _:
            return left / right


def describe(point: tuple[int, int]) -> str:
    """Where a point lies relative to the origin."""
    match point:
        case (0, 0):
            return "origin"
        case (0, y):
            return f"on the y axis at {y}"
        case (x, 0):
            return f"on the x axis at {x}"
        case (x, y):
            return f"at ({x}, {y})"


def parse_all(texts: list[str]) -> list[int]:
    """Parse the integers, skipping what is not one."""
    numbers = []
    for text in texts:
        try:
            numbers.append(int(text))
        except ValueError:
            continue
    return numbers
