"""The mechanical fixes, as libcst transformations that keep every comment and all formatting they do not touch.

Each codemod takes the parsed module, the located definition and the fix's
arguments, and returns the replacement node, or None when the fix no longer
applies (the code changed since the finding was made).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import libcst as cst

from .locate import Located

Codemod = Callable[[cst.Module, Located, Mapping[str, Any]], cst.CSTNode | None]


def add_return_none(module: cst.Module, located: Located, args: Mapping[str, Any]) -> cst.CSTNode | None:
    """Annotate the function `-> None`."""
    node = located.node
    if not isinstance(node, cst.FunctionDef) or node.returns is not None:
        return None
    return node.with_changes(returns=cst.Annotation(annotation=cst.Name("None")))


def docstring_stub(module: cst.Module, located: Located, args: Mapping[str, Any]) -> cst.CSTNode | None:
    """Insert a docstring to fill in as the first statement of the module, class or function."""
    node = located.node
    if isinstance(node, cst.Module):
        if _docstring_index(node.body) is not None:
            return None
        docstring = _docstring_line('"""TODO: say what this module provides."""')
        return node.with_changes(body=[docstring, *node.body])
    if not isinstance(node, (cst.FunctionDef, cst.ClassDef)):
        return None
    block = _as_block(node.body)
    if _docstring_index(block.body) is not None:
        return None
    indent = located.body_indent(module)
    if isinstance(node, cst.ClassDef):
        text = f'"""TODO: say what `{node.name.value}` represents."""'
    else:
        text = _function_docstring(node.name.value, args.get("params", []), bool(args.get("returns")), indent)
    return node.with_changes(body=block.with_changes(body=[_docstring_line(text), *block.body]))


def mutable_default(module: cst.Module, located: Located, args: Mapping[str, Any]) -> cst.CSTNode | None:
    """Default the parameter to None and build the original default in the body when it is None."""
    node = located.node
    name = args.get("param")
    if not isinstance(node, cst.FunctionDef):
        return None
    param = _find_param(node.params, name)
    if param is None or param.default is None or _is_none(param.default):
        return None
    default_code = module.code_for_node(param.default)
    replacement = param.with_changes(default=cst.Name("None"), annotation=_optional(param.annotation))
    params = node.params.deep_replace(param, replacement)
    guard = cst.ensure_type(cst.parse_statement(f"if {name} is None:\n    {name} = {default_code}\n"), cst.If)
    guard = guard.with_changes(body=guard.body.with_changes(indent=None))  # the file's own indentation
    block = _as_block(node.body)
    at = 0 if _docstring_index(block.body) is None else 1
    body = [*block.body[:at], guard, *block.body[at:]]
    return node.with_changes(params=params, body=block.with_changes(body=body))


CODEMODS: dict[str, Codemod] = {
    "add-return-none": add_return_none,
    "docstring-stub": docstring_stub,
    "mutable-default": mutable_default,
}


def _docstring_line(text: str) -> cst.SimpleStatementLine:
    return cst.SimpleStatementLine(body=[cst.Expr(value=cst.SimpleString(text))])


def _docstring_index(body: Sequence[cst.BaseStatement]) -> int | None:
    if body and isinstance(body[0], cst.SimpleStatementLine) and body[0].body:
        first = body[0].body[0]
        if isinstance(first, cst.Expr) and isinstance(first.value, (cst.SimpleString, cst.ConcatenatedString)):
            return 0
    return None


def _as_block(body: cst.BaseSuite) -> cst.IndentedBlock:
    """A one-line body (`def f(x): return x`) becomes an indented block, keeping its trailing comment."""
    if isinstance(body, cst.IndentedBlock):
        return body
    assert isinstance(body, cst.SimpleStatementSuite)
    line = cst.SimpleStatementLine(body=body.body, trailing_whitespace=body.trailing_whitespace)
    return cst.IndentedBlock(body=[line])


def _function_docstring(name: str, params: Sequence[str], returns: bool, indent: str) -> str:
    lines = [f"TODO: say what `{name}` does."]
    if params:
        lines += ["", "Args:", *(f"    {param}: TODO." for param in params)]
    if returns:
        lines += ["", "Returns:", "    TODO."]
    if len(lines) == 1:
        return f'"""{lines[0]}"""'
    body = "\n".join(f"{indent}{line}" if line else "" for line in lines[1:])
    return f'"""{lines[0]}\n{body}\n{indent}"""'


def _find_param(params: cst.Parameters, name: str | None) -> cst.Param | None:
    for param in [*params.posonly_params, *params.params, *params.kwonly_params]:
        if param.name.value == name:
            return param
    return None


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _optional(annotation: cst.Annotation | None) -> cst.Annotation | None:
    """`list[int]` -> `list[int] | None`, so the annotation still tells the truth about the new default."""
    if annotation is None:
        return None
    expr = annotation.annotation
    code = cst.Module([]).code_for_node(expr)
    if "None" in code or "Optional" in code or "Any" in code:
        return annotation
    if isinstance(expr, cst.SimpleString):
        quote = expr.quote
        inner = expr.value[len(expr.prefix) + len(quote) : -len(quote)]
        return annotation.with_changes(annotation=cst.SimpleString(f"{expr.prefix}{quote}{inner} | None{quote}"))
    return annotation.with_changes(
        annotation=cst.BinaryOperation(left=expr, operator=cst.BitOr(), right=cst.Name("None"))
    )
