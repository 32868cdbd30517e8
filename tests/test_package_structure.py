"""The package's shape: packages in layers, each importing only from below; no import cycles (lazy imports
included); no module at the root but the facade; no two modules with one name, no stdlib shadows."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

from tests.support import REPO

PACKAGE = REPO / "server" / "codeeval"

# The package order, bottom up (docs/architecture.md, "Layers"): a package imports only from layers below
# its own, never from its own layer's other packages or from above. Every package is placed here.
LAYERS: list[set[str]] = [
    {"base"},  # errors, findings, the catalog of kinds and dimensions, small helpers
    {"results", "sandbox", "quality"},  # result records; where untrusted code runs; the static analyzer
    {"problem", "decisions"},  # problem files -> Problem; people's decisions on results, read and applied
    {"judging", "environment"},  # judging outcomes in the parent; the environments `codeeval env` builds
    {"generation"},  # inputs from signatures
    {"dimensions"},  # correctness, edge cases, performance, code quality
    {"visual"},  # plot and page parts
    {"engine"},  # the composition root: registers dimensions and parts, evaluates one solution
    {"run", "change_review"},  # many x many: runner, executors, cache, blind runs; a change against its base
    {"importers", "reward"},
    {"service"},
    {"report"},
    {"diff", "badge", "triage"},  # read run folders: two runs compared, a badge, the review queue
    {"ci"},
    {"lsp"},
    {"cli"},
]
ROOT_MODULES = {"__init__", "__main__"}  # the facade (`codeeval.evaluate`, `codeeval.score_many`) and `-m`


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules_of(package: Path) -> dict[str, Path]:
    return {module_name(path, package): path for path in package.rglob("*.py")}


MODULES = modules_of(PACKAGE)


def imported_modules(name: str, modules: dict[str, Path] = MODULES) -> set[str]:
    """Every module of the package that `name` imports anywhere: at the top, in a function, under TYPE_CHECKING."""
    path = modules[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in modules}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                if submodule in modules:
                    found.add(submodule)
                elif target in modules:
                    found.add(target)
    found.discard(name)
    return found


def package_of(module: str) -> str:
    """The top-level package a module belongs to ("" for the facade at the root)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] not in ROOT_MODULES) else ""


def layer_of(package: str) -> int:
    return next(index for index, layer in enumerate(LAYERS) if package in layer)


def layering_violations(package: Path) -> list[str]:
    """Each import of a package from its own layer's other packages or from a layer above, as "a -> b"."""
    modules = modules_of(package)
    found = []
    for name in sorted(modules):
        source = package_of(name)
        for target in sorted(imported_modules(name, modules)):
            destination = package_of(target)
            if not source or not destination or source == destination:
                continue  # the facade may import anything; nothing may import the facade (checked below)
            if layer_of(destination) >= layer_of(source):
                found.append(f"{name} -> {target}")
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_itself_back_through_others():
    graph = {name: imported_modules(name) for name in MODULES}
    assert sum(len(edges) for edges in graph.values()) > 300  # the walk sees the package's imports
    assert cycles(graph) == []


def test_no_two_modules_share_a_name():
    names = Counter(path.stem for path in PACKAGE.rglob("*.py") if not path.stem.startswith("__"))
    assert [name for name, count in names.items() if count > 1] == []


def test_no_module_or_package_shadows_the_standard_library():
    # The worker's modules run as top-level modules in the sandbox, where a shadow would replace the real one.
    ours = {part for path in PACKAGE.rglob("*.py") for part in path.relative_to(PACKAGE).with_suffix("").parts}
    assert sorted(ours & set(sys.stdlib_module_names)) == []


def test_every_package_has_a_layer_and_the_root_holds_only_the_facade():
    packages = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").is_file()}
    placed = set().union(*LAYERS)
    assert sorted(packages - placed) == [], "place the new package in LAYERS (and docs/architecture.md)"
    assert sorted(placed - packages) == []
    assert sum(len(layer) for layer in LAYERS) == len(placed)  # no package in two layers
    assert {path.stem for path in PACKAGE.glob("*.py")} == ROOT_MODULES


def test_each_package_imports_only_from_layers_below_it():
    assert layering_violations(PACKAGE) == []


def test_nothing_imports_the_facade():
    importers = [name for name in MODULES if package_of(name) and "codeeval" in imported_modules(name)]
    assert importers == []


def test_an_upward_import_planted_in_a_copy_of_the_package_is_found(tmp_path):
    copy = tmp_path / "codeeval"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert layering_violations(copy) == []
    errors = copy / "base" / "errors.py"
    errors.write_text(errors.read_text(encoding="utf-8") + "\n\ndef _late():\n    from ..engine import evaluator\n")
    sideways = copy / "quality" / "rule.py"  # results, sandbox and quality share a layer: none imports another
    sideways.write_text(sideways.read_text(encoding="utf-8") + "\nfrom ..sandbox import launcher\n")
    assert layering_violations(copy) == [
        "codeeval.base.errors -> codeeval.engine.evaluator",
        "codeeval.quality.rule -> codeeval.sandbox.launcher",
    ]


def test_loading_a_problem_file_imports_no_quality_rule_and_no_engine():
    script = (
        "import sys\n"
        "from codeeval.problem import load_problem\n"
        "load_problem('problems/two_sum.yaml')\n"
        "print('\\n'.join(sorted(m for m in sys.modules if m.startswith('codeeval'))))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, check=True)
    modules = loaded.stdout.split()
    assert "codeeval.problem.loader" in modules
    assert [m for m in modules if m.startswith(("codeeval.quality", "codeeval.dimensions", "codeeval.engine"))] == []
