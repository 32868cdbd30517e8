"""CQ111 (mutable defaults) and CQ112 (bare except): severity follows what the code does."""

from __future__ import annotations

import pytest

from .helpers import findings


@pytest.mark.parametrize(
    "body, usage, severity",
    [
        ("    items.append(1)\n    return len(items)\n", "mutated", "critical"),
        ("    items[0] = 1\n    return 0\n", "mutated", "critical"),
        ("    items += [1]\n    return 0\n", "mutated", "critical"),
        ("    del items[0]\n    return 0\n", "mutated", "critical"),
        ("    return items\n", "returned", "warning"),
        ("    return len(items)\n", "read", "suggestion"),
    ],
)
def test_mutable_default_severity_follows_usage(body, usage, severity):
    [finding] = findings(f"def f(items=[]):\n{body}", "CQ111")
    assert (finding.details["usage"], finding.severity) == (usage, severity)
    assert finding.details["parameter"] == "items"
    assert (finding.range.start_line, finding.range.start_col, finding.range.end_col) == (1, 12, 14)


def test_read_only_mutable_default_is_low_relevance():
    [finding] = findings("def f(items=[]):\n    return len(items)\n", "CQ111")
    assert finding.confidence.relevance <= 0.5


@pytest.mark.parametrize("default", ["[]", "{}", "set()", "[1, 2]", "{'a': 1}", "dict()", "list()", "bytearray()"])
def test_literal_mutable_defaults_get_a_mechanical_fix(default):
    [finding] = findings(f"def f(x, items={default}):\n    return items\n", "CQ111")
    assert finding.fix is not None and finding.fix.codemod == "mutable-default"
    assert finding.fix.args["param"] == "items"


@pytest.mark.parametrize(
    "default", ["[x for x in range(3)]", "collections.defaultdict(list)", "list(SEED)", "deque()", "Counter()"]
)
def test_other_mutable_defaults_are_flagged_without_a_fix(default):
    [finding] = findings(f"import collections\nSEED = [1]\ndef f(items={default}):\n    return 0\n", "CQ111")
    assert finding.fix is None and finding.confidence.actionability < 0.9


def test_keyword_only_and_positional_only_defaults_are_checked():
    found = findings("def f(a=[], /, b={}, *, c=set()):\n    return 0\n", "CQ111")
    assert [f.details["parameter"] for f in found] == ["a", "b", "c"]


@pytest.mark.parametrize("default", ["None", "()", "(1, 2)", "frozenset()", "0", "'text'", "tuple()", "SENTINEL"])
def test_immutable_defaults_are_fine(default):
    assert findings(f"SENTINEL = object()\ndef f(items={default}):\n    return items\n", "CQ111") == []


def test_bare_except_tiers():
    source = """
        def silent():
            try:
                work()
            except:
                pass

        def handled():
            try:
                work()
            except:
                log("failed")

        def reraised():
            try:
                work()
            except:
                cleanup()
                raise

        try:
            import fast
        except:
            fast = None
    """
    found = findings(source, "CQ112")
    assert [(f.symbol, f.severity, f.details["handler"]) for f in found] == [
        ("silent", "critical", "silent"),
        ("handled", "warning", "handles"),
        ("reraised", "suggestion", "reraises"),
        (None, "warning", "handles"),
    ]
    assert all(f.range.end_col - f.range.start_col == len("except") for f in found)
    assert found[2].is_low_confidence is False and found[2].confidence.relevance < 0.5


def test_named_exceptions_are_not_bare():
    assert (
        findings(
            """
        try:
            work()
        except Exception:
            pass
        except BaseException:
            raise
        except (ValueError, KeyError) as error:
            print(error)
    """,
            "CQ112",
        )
        == []
    )
