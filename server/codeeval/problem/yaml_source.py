"""Reading YAML while remembering where every value came from.

Problem files use a few tags for values YAML cannot write (`!tuple`, `!set`,
`!bytes`...). The composed node tree is kept so an error about `tests[2].expected`
can name the line it is on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from typing import Any

import yaml

from ..base import python_ast
from ..base.errors import CodeevalError, ProblemError

MAX_FILE_BYTES = 8 * 1024 * 1024


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]  # libyaml parses 10x faster
    """Safe YAML plus codeeval's value tags; duplicate keys are errors, not silent overwrites."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {key!r} (first on line {seen[key] + 1})", key_node.start_mark
                    )
                seen[key] = key_node.start_mark.line
            except TypeError:
                raise yaml.constructor.ConstructorError(
                    None, None, f"unhashable key {key!r}", key_node.start_mark
                ) from None
        return super().construct_mapping(node, deep=True)


def _sequence_tag(factory: Callable[[list[Any]], object]) -> Callable[[_Loader, yaml.SequenceNode], object]:
    """A constructor for a tag that builds its value from a sequence's items (`!tuple`, `!set`...)."""

    def construct(loader: _Loader, node: yaml.SequenceNode) -> object:
        items = loader.construct_sequence(node, deep=True)
        try:
            return factory(items)
        except TypeError as exc:
            raise yaml.constructor.ConstructorError(None, None, f"{node.tag}: {exc}", node.start_mark) from None

    return construct


def _construct_bytes(loader: _Loader, node: yaml.ScalarNode) -> bytes:
    text = loader.construct_scalar(node)
    try:
        return text.encode("latin-1")
    except UnicodeEncodeError:
        raise yaml.constructor.ConstructorError(
            None, None, "!bytes takes characters 0-255 only (write \\xNN escapes)", node.start_mark
        ) from None


def _construct_complex(loader: _Loader, node: yaml.ScalarNode) -> complex:
    text = loader.construct_scalar(node)
    try:
        return complex(text.replace(" ", ""))
    except ValueError:
        raise yaml.constructor.ConstructorError(
            None, None, f"!complex: not a complex number: {text!r}", node.start_mark
        ) from None


def _construct_literal(loader: _Loader, node: yaml.ScalarNode) -> object:
    text = loader.construct_scalar(node)
    try:
        return python_ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError) as exc:
        raise yaml.constructor.ConstructorError(
            None, None, f"!py: not a Python literal: {exc}", node.start_mark
        ) from None


# YAML 1.1 reads `1e12` and `1.0e12` as strings (it wants `1.0e+12`); authors mean numbers, as in YAML 1.2.
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9_]+)[eE][-+]?[0-9]+$"),
    list("-+0123456789."),
)
_Loader.add_constructor("!tuple", _sequence_tag(tuple))
_Loader.add_constructor("!set", _sequence_tag(set))
_Loader.add_constructor("!frozenset", _sequence_tag(frozenset))
_Loader.add_constructor("!bytes", _construct_bytes)
_Loader.add_constructor("!complex", _construct_complex)
_Loader.add_constructor("!py", _construct_literal)


class YamlDocument:
    """A parsed YAML document: its data, and the line of any value by path."""

    def __init__(self, data: Any, root: yaml.Node | None, path: str):
        self.data = data
        self.root = root
        self.path = path

    def node_at(self, keys: tuple) -> yaml.Node | None:
        """The deepest node along `keys` (mapping keys and sequence indexes)."""
        node = self.root
        for key in keys:
            child = None
            if isinstance(node, yaml.MappingNode):
                for key_node, value_node in node.value:
                    if isinstance(key_node, yaml.ScalarNode) and key_node.value == str(key):
                        child = value_node
                        break
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
                child = node.value[key]
            if child is None:
                break
            node = child
        return node

    def line_of(self, keys: tuple) -> int | None:
        """1-based line of the value at `keys`, or of its closest existing parent."""
        node = self.node_at(keys)
        return node.start_mark.line + 1 if node is not None else None

    def block_start_line(self, keys: tuple) -> int | None:
        """The first content line of a string value (block scalars start on the next line)."""
        node = self.node_at(keys)
        if node is None:
            return None
        line = node.start_mark.line + 1
        if isinstance(node, yaml.ScalarNode) and node.style in ("|", ">"):
            line += 1
        return line


def read_text(path: str, error: type[CodeevalError] = ProblemError, limit: int = MAX_FILE_BYTES) -> str:
    """A text file's contents, or an error naming it when it is missing, binary or larger than `limit` bytes."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        raise error("file not found", path) from None
    except IsADirectoryError:
        raise error("is a directory, expected a file", path) from None
    except OSError as exc:
        raise error(f"cannot read: {exc.strerror}", path) from None
    if len(raw) > limit:
        raise error(f"file is larger than {limit // (1024 * 1024)} MB", path)
    if b"\x00" in raw:
        raise error("binary file (contains NUL bytes), expected text", path)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise error("not valid UTF-8 text", path, line) from None


def parse_yaml(text: str, path: str) -> YamlDocument:
    """Parse YAML text, keeping each node's line so errors can point at it."""
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        message = " ".join(part for part in (exc.context, exc.problem) if part) or "invalid YAML"
        raise ProblemError(f"invalid YAML: {message}", path, line) from None
    except yaml.YAMLError as exc:
        raise ProblemError(f"invalid YAML: {exc}", path) from None
    except RecursionError:
        raise ProblemError("invalid YAML: nested too deeply", path) from None
    finally:
        loader.dispose()
    return YamlDocument(data, root, path)
