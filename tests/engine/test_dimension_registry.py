"""One list of dimensions: the catalog (names, titles, weights) and the registry (what scores them) agree."""

import json
from importlib import resources

from codeeval.base import catalog
from codeeval.engine.registry import REGISTRY
from codeeval.results.overall_score import combine
from codeeval.results.result import DimensionResult


def test_every_kind_is_scored_on_exactly_its_catalog_dimensions_in_report_order():
    assert set(REGISTRY) == set(catalog.KINDS)
    for kind, dimensions in REGISTRY.items():
        assert [d.info for d in dimensions] == list(catalog.dimensions_of(kind))
        assert [d.name for d in dimensions] == list(catalog.names(kind))


def test_the_problem_schema_accepts_weights_for_exactly_the_function_dimensions():
    schema = json.loads(resources.files("codeeval.problem").joinpath("problem.schema.json").read_text())
    assert sorted(schema["properties"]["weights"]["properties"]) == sorted(catalog.names(catalog.ProblemKind.FUNCTION))


def test_default_weights_come_from_the_catalog():
    results = {name: DimensionResult(name, 100.0 if name == "correctness" else 0.0) for name in catalog.names()}
    assert combine(results) == 100.0 * catalog.CORRECTNESS.weight / sum(catalog.default_weights().values())
    assert results["edge_cases"].weight == catalog.EDGE_CASES.weight / sum(catalog.default_weights().values())


def test_titles_and_order_for_reports():
    assert catalog.title_of("edge_cases") == "Edge cases" and catalog.title_of("unknown") == "unknown"
    assert catalog.report_order(["code_quality", "x", "correctness", "a"]) == ["correctness", "code_quality", "x", "a"]
