"""EvalPlus `contract` code -> codeeval preconditions.

A contract is the input-validity check EvalPlus puts at the top of the
canonical solution: usually `assert` statements, sometimes loops and helper
definitions. Plain asserts become one precondition each (their expressions).
Anything else becomes a helper function appended to the reference, and the
precondition calls it: it runs in the sandbox with the reference, never in
the evaluator.
"""

from __future__ import annotations

import ast
import textwrap

from ..base import python_ast


class ContractError(ValueError):
    pass


def helper_name(entry_point: str) -> str:
    return f"_codeeval_contract_{entry_point}"


def contract_preconditions(contract: str, entry_point: str, params: list[str]) -> tuple[list[str], str]:
    """(preconditions, source to append to the reference: "" when plain asserts sufficed)."""
    text = textwrap.dedent(contract or "").strip("\n")
    if not text.strip():
        return [], ""
    try:
        tree = python_ast.parse(text)
    except SyntaxError as exc:
        try:
            tree = python_ast.parse(textwrap.dedent("\n".join(line for line in text.splitlines())))
        except SyntaxError:
            raise ContractError(f"the contract does not parse (line {exc.lineno}: {exc.msg})") from None
    asserts = [stmt for stmt in tree.body if isinstance(stmt, ast.Assert)]
    if len(asserts) == len(tree.body):
        return [ast.unparse(stmt.test) for stmt in asserts], ""
    name = helper_name(entry_point)
    body = textwrap.indent(ast.unparse(tree), "    ")
    arguments = ", ".join(params)
    helper = (
        f"\n\ndef {name}({arguments}):\n"
        f'    """EvalPlus\'s input contract for {entry_point} (added by codeeval import)."""\n'
        f"{body}\n    return True\n"
    )
    return [f"{name}({arguments})"], helper
