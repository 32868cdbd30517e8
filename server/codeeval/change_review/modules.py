"""A module of the repository made loadable in the sandbox with the sibling modules it imports.

The sandbox sees none of the repository: the module's own text is the session's source, and the texts of
the repository's modules it imports (directly or through each other, found with `ast`) travel with it in
the session's prelude, which installs an import finder serving them from memory. Each version gets its
own copies: the base's module imports the base's siblings (read with git), the working one the working
tree's. The working tree is read, never written, and nothing outside the sandbox imports it.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field

from ..base import python_ast

ReadText = Callable[[str], str | None]  # a repository path -> its text in one version (None: absent)


@dataclass(frozen=True)
class LoadableModule:
    """A module's text, the name it is imported by, and the sibling modules it needs, by module name."""

    path: str
    name: str
    text: str
    siblings: dict[str, tuple[str, str, bool]] = field(default_factory=dict)  # name -> (path, text, package?)

    def prelude(self) -> str:
        """Code run before the module in its namespace: the finder of its siblings, and its own names."""
        package = self.name if self.path.endswith("__init__.py") else self.name.rpartition(".")[0]
        naming = NAMING_TEMPLATE.format(name=repr(self.name), package=repr(package))
        return finder_prelude(self.siblings) + naming

    def observed_source(self, qualname: str) -> str:
        """The module's text with an entry point appended (line numbers unchanged) that calls the function and
        returns what it returned and its arguments as the call left them, so in-place changes count too. A
        method is called on a fresh instance of its class."""
        owner, _, method = qualname.partition(".")
        target = f"{owner}().{method}" if method else owner
        return f"{self.text.rstrip()}\n\n\n{OBSERVER_TEMPLATE.format(entry=OBSERVER_ENTRY, target=target)}"

    def with_itself(self) -> dict[str, tuple[str, str, bool]]:
        """Its siblings and the module itself, all served by the finder (a test module the runner imports)."""
        return {**self.siblings, self.name: (self.path, self.text, self.path.endswith("__init__.py"))}


OBSERVER_ENTRY = "__codeeval_review_call__"
OBSERVER_TEMPLATE = """\
def {entry}(*args, **kwargs):
    result = {target}(*args, **kwargs)
    return [result, list(args), kwargs]
"""


def finder_prelude(sources: dict[str, tuple[str, str, bool]]) -> str:
    """Code that installs an import finder serving `sources` (module name -> (path, text, package?))."""
    return FINDER_TEMPLATE.format(sources=repr(sources))


# Written into the sandboxed module's namespace: everything lives in one function so the module keeps only
# the names it sets itself. Packages with no __init__.py in the repository are served as empty packages.
FINDER_TEMPLATE = """\
def _codeeval_install_repository():
    import importlib.abc, importlib.util, sys
    sources = {sources}
    class RepositoryModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, fullname, path=None, target=None):
            if fullname not in sources:
                return None
            origin, _, package = sources[fullname]
            return importlib.util.spec_from_loader(fullname, self, origin=origin, is_package=package)
        def create_module(self, spec):
            return None
        def exec_module(self, module):
            origin, text, _ = sources[module.__name__]
            module.__file__ = origin
            exec(compile(text, origin, "exec", dont_inherit=True), module.__dict__)
    sys.meta_path.insert(0, RepositoryModules())
_codeeval_install_repository()
del _codeeval_install_repository
"""
# The module is loaded as the sandbox's `solution`: it takes its own name, so its siblings can import it back
# and dataclasses and pickling find it under that name.
NAMING_TEMPLATE = """\
import sys as _codeeval_sys
_codeeval_sys.modules[{name}] = _codeeval_sys.modules["solution"]
del _codeeval_sys
__name__ = {name}
__package__ = {package}
"""


def module_name(path: str, files: set[str]) -> tuple[str, str]:
    """(import root, dotted name) of a .py path: the root is the nearest folder up with no __init__.py."""
    parts = path[: -len(".py")].split("/")
    top = len(parts) - 1
    while top > 0 and "/".join(parts[:top]) + "/__init__.py" in files:
        top -= 1
    named = parts[top:]
    if named[-1] == "__init__" and len(named) > 1:
        named = named[:-1]
    return "/".join(parts[:top]), ".".join(named)


def module_index(target: str, files: set[str]) -> dict[str, str]:
    """Dotted name -> path for every .py file; names under the target's own import root win a clash."""
    root, _ = module_name(target, files)
    index: dict[str, str] = {}
    python_files = sorted(f for f in files if f.endswith(".py"))
    for path in python_files:
        their_root, name = module_name(path, files)
        if their_root == root:
            index[name] = path
    for path in python_files:
        index.setdefault(module_name(path, files)[1], path)
    return index


def imported_names(text: str, package: str) -> set[str]:
    """Every dotted module name `text` may import (each prefix, and `from m import x` as `m.x` too)."""
    try:
        tree = python_ast.parse(text)
    except (SyntaxError, ValueError):
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {_prefix for alias in node.names for _prefix in _prefixes(alias.name)}
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            if base:
                names |= set(_prefixes(base))
                names |= {f"{base}.{alias.name}" for alias in node.names}
    return names


def _prefixes(dotted: str) -> list[str]:
    parts = dotted.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    parts = package.split(".") if package else []
    if node.level - 1 > len(parts):
        return ""
    base = parts[: len(parts) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def loadable(path: str, text: str, files: set[str], read: ReadText) -> LoadableModule:
    """The module at `path` with the closure of the repository modules it imports, read with `read`."""
    index = module_index(path, files)
    _, name = module_name(path, files)
    siblings: dict[str, tuple[str, str, bool]] = {}
    pending = [(name, text, path.endswith("__init__.py"))]
    while pending:
        current, current_text, is_package = pending.pop()
        package = current if is_package else current.rpartition(".")[0]
        for wanted in sorted(imported_names(current_text, package)):
            if wanted in siblings or wanted == name or wanted not in index:
                continue
            sibling_path = index[wanted]
            sibling_text = read(sibling_path)
            if sibling_text is None:
                continue
            sibling_package = sibling_path.endswith("__init__.py")
            siblings[wanted] = (sibling_path, sibling_text, sibling_package)
            pending.append((wanted, sibling_text, sibling_package))
    _add_namespace_packages(siblings, name)
    return LoadableModule(path, name, text, siblings)


def _add_namespace_packages(siblings: dict[str, tuple[str, str, bool]], name: str) -> None:
    """Parents of served modules that have no __init__.py of their own become empty packages."""
    for dotted in [*list(siblings), name]:
        parts = dotted.split(".")
        for end in range(1, len(parts)):
            parent = ".".join(parts[:end])
            if parent not in siblings:
                siblings[parent] = (parent.replace(".", "/"), "", True)
