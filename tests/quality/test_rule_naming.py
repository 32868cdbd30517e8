"""CQ103 (naming): PEP 8 case and uninformative names, without punishing conventional or dictated names."""

from __future__ import annotations

from .helpers import findings, names


def test_camel_case_function_method_variable_and_parameter():
    found = findings(
        '''
        def getTotal(itemList: list[int]) -> int:
            """Sum."""
            runningSum = 0
            for item in itemList:
                runningSum += item
            return runningSum
    ''',
        "CQ103",
    )
    by_name = {f.details["name"]: f for f in found}
    assert set(by_name) == {"getTotal", "itemList", "runningSum"}
    assert by_name["getTotal"].details["better"] == "get_total"
    assert by_name["runningSum"].suggestion == "Rename it to `running_sum`."
    assert by_name["getTotal"].range.start_col == 4 and by_name["getTotal"].range.end_col == 12


def test_class_names_must_be_cap_words():
    assert names("""
        class lru_cache:
            pass

        class Good_Name:
            pass

        class HTTPServer:
            pass

        class _Private:
            pass
    """) == {"lru_cache", "Good_Name"}


def test_conventional_and_exempt_names_are_not_flagged():
    assert (
        names('''
        import re

        MOD = 10**9 + 7

        def solve(n: int, values: list[int]) -> int:
            """Solve."""
            N = len(values)
            total = 0
            for i in range(n):
                for j, v in enumerate(values):
                    total += i * j * v
            pairs = [(k, w) for k, w in zip(values, values[1:])]
            squares = list(map(lambda q: q * q, values))
            with open(__file__) as f:
                f.read()
            try:
                total //= N
            except ZeroDivisionError as e:
                print(e)
            if (m := re.match("a", "a")) is not None:
                print(m)
            evens = [y for x in values if (y := x * 2) > 2]
            match values:
                case [c, *rest]:
                    print(c, rest)
            a, b = 0, 1
            x = a + b
            _ = x
            return total + len(pairs) + len(squares) + len(evens)
    ''')
        == set()
    )


def test_one_letter_and_placeholder_names_are_flagged_as_uninformative():
    flagged = names('''
        def solve(values: list[int]) -> int:
            """Solve."""
            d = {}
            foo = 0
            for value in values:
                d[value] = d.get(value, 0) + 1
                foo += value
            return len(d) + foo
    ''')
    assert flagged == {"d", "foo"}


def test_ambiguous_letters_are_flagged_even_where_one_letter_names_are_fine():
    [finding] = findings(
        '''
        def total(values: list[int]) -> int:
            """Sum."""
            l = list(values)
            return sum(l)
    ''',
        "CQ103",
    )
    assert finding.details["name"] == "l" and "misread" in finding.message
    assert finding.confidence.accuracy >= 0.9


def test_short_lived_vague_names_are_low_confidence_long_lived_ones_are_not():
    short = findings(
        '''
        def f1(values: list[int]) -> int:
            """Sum."""
            s = sum(values)
            return s
    ''',
        "CQ103",
    )
    long = findings(
        '''
        def f2(values: list[int]) -> int:
            """Sum."""
            s = 0
            for value in values:
                if value > 0:
                    s += value
                elif value < -10:
                    s -= value
                else:
                    s += 1
            print(values)
            print(values)
            print(values)
            return s
    ''',
        "CQ103",
    )
    assert short[0].is_low_confidence and "Low confidence" in short[0].confidence.low_reason()
    assert not long[0].is_low_confidence
    assert long[0].confidence.relevance > short[0].confidence.relevance


def test_one_letter_parameters_are_low_confidence_because_signatures_are_often_dictated():
    [finding] = findings(
        '''
        def is_palindrome(s: str) -> bool:
            """True when `s` reads the same backwards."""
            return s == s[::-1]
    ''',
        "CQ103",
    )
    assert finding.details["kind"] == "parameter"
    assert finding.is_low_confidence and finding.confidence.weakest()[0] == "relevance"


def test_camel_case_api_methods_and_dunders_are_exempt_and_overrides_are_unsure():
    source = '''
        import ast
        import unittest

        class Visitor(ast.NodeVisitor):
            """Visits."""
            def visit_Name(self, node: ast.Name) -> None:
                """Visit a name."""

        class Tests(unittest.TestCase):
            """Tests."""
            def setUp(self) -> None:
                """Set up."""

        class Handler(Base):
            """Handles."""
            def handleEvent(self, event: str) -> None:
                """Handle."""

        class Plain:
            """Plain."""
            def handleEvent(self, event: str) -> None:
                """Handle."""
    '''
    found = {f.symbol: f for f in findings(source, "CQ103")}
    assert set(found) == {"Handler.handleEvent", "Plain.handleEvent"}
    assert found["Handler.handleEvent"].confidence.relevance < found["Plain.handleEvent"].confidence.relevance


def test_allowed_names_option_extends_the_conventional_set():
    source = '''
        def f(values: list[int]) -> int:
            """Sum."""
            s = 0
            for value in values:
                s += value
            return s
    '''
    assert names(source) == {"s"}
    assert findings(source, "CQ103", {"rules": {"CQ103": {"allowed_names": ["s"]}}}) == []


def test_unicode_names_and_columns():
    [finding] = findings(
        '''
        def área(valores: list[int]) -> int:
            """Suma."""
            café = "é"; totalÁrea = len(café)
            return totalÁrea
    ''',
        "CQ103",
    )
    assert finding.details["name"] == "totalÁrea"
    # columns count characters, not UTF-8 bytes: `café = "é"; ` is 12 characters after 4 spaces
    assert finding.range.start_col == 16 and finding.range.end_col == 16 + len("totalÁrea")
