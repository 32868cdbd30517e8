"""CQ101 (docstrings) and CQ102 (type hints): what they must flag and the look-alikes they must not."""

from __future__ import annotations

from .helpers import findings, messages

DOCUMENTED = '''
"""Module."""


def area(width: float, height: float) -> float:
    """Width times height."""
    return width * height
'''


def test_documented_module_has_no_docstring_or_hint_findings():
    assert findings(DOCUMENTED, "CQ101") == []
    assert findings(DOCUMENTED, "CQ102") == []


def test_public_function_without_docstring_is_a_warning_with_a_stub_fix():
    [finding] = findings(
        '''
        """Module."""

        def area(width: float, height: float) -> float:
            product = width * height
            product = round(product, 2)
            product = abs(product)
            return product
    ''',
        "CQ101",
    )
    assert finding.severity == "warning"
    assert finding.symbol == "area"
    assert finding.fix is not None and finding.fix.codemod == "docstring-stub"
    assert finding.fix.args["params"] == ["width", "height"] and finding.fix.args["returns"] is True
    assert (finding.range.start_line, finding.range.start_col, finding.range.end_col) == (4, 4, 8)  # `area`


def test_empty_docstring_counts_as_missing():
    assert messages(
        '''
        """Module."""

        def area(width: float) -> float:
            """  """
            return width
    ''',
        "CQ101",
    ) == ["public function `area` has an empty docstring"]


def test_module_class_and_method_docstrings():
    found = findings(
        """
        class Stack:
            def push(self, item: int) -> None:
                self.items.append(item)
    """,
        "CQ101",
    )
    kinds = {(f.symbol, f.severity) for f in found}
    assert kinds == {(None, "suggestion"), ("Stack", "warning"), ("Stack.push", "suggestion")}


def test_module_docstring_finding_with_one_definition_has_low_relevance():
    [module] = list(findings("def f(x: int) -> int:\n    '''Doc.'''\n    return x\n", "CQ101"))
    assert module.symbol is None and module.confidence.relevance < 0.5


def test_not_flagged_private_nested_dunder_setter_overload_and_tests():
    assert (
        findings(
            '''
        """Module."""
        from typing import overload


        def _helper(x):
            return x


        class Point:
            """A point."""

            def __init__(self, x: int) -> None:
                self._x = x

            def __eq__(self, other: object) -> bool:
                return isinstance(other, Point) and other._x == self._x

            @property
            def x(self) -> int:
                """The x coordinate."""
                return self._x

            @x.setter
            def x(self, value: int) -> None:
                self._x = value

            def _private(self) -> None:
                pass


        class _Internal:
            def method(self) -> None:
                pass


        @overload
        def parse(text: str) -> int: ...
        @overload
        def parse(text: bytes) -> int: ...
        def parse(text):
            """Parse an int."""

            def inner(value):
                return int(value)

            return inner(text)


        def test_parse() -> None:
            assert parse("1") == 1
    ''',
            "CQ101",
        )
        == []
    )


def test_short_functions_and_trivial_classes_are_only_suggestions():
    found = findings(
        '''
        """Module."""

        def double(x: int) -> int: return x * 2


        class NotFound(KeyError):
            pass
    ''',
        "CQ101",
    )
    assert {(f.symbol, f.severity) for f in found} == {("double", "suggestion"), ("NotFound", "suggestion")}


def test_docstring_rule_options_turn_off_modules_and_methods():
    source = '''
        class Stack:
            """A stack."""
            def push(self, item: int) -> None:
                self.items.append(item)
    '''
    assert findings(source, "CQ101", {"rules": {"CQ101": {"modules": False, "methods": False}}}) == []
    assert len(findings(source, "CQ101")) == 2


def test_function_without_any_hints_is_a_warning():
    [finding] = findings(
        '''
        def scale(values, factor):
            """Scale."""
            return [v * factor for v in values]
    ''',
        "CQ102",
    )
    assert finding.severity == "warning"
    assert finding.message == "`scale` has no type hints"
    assert finding.fix is None  # it returns a value: `-> None` would be wrong


def test_partial_hints_name_what_is_missing():
    [finding] = findings(
        '''
        def scale(values: list[float], factor, *args, **kwargs) -> list[float]:
            """Scale."""
            return [v * factor for v in values]
    ''',
        "CQ102",
    )
    assert finding.severity == "suggestion"
    assert finding.details["missing"] == ["factor", "*args", "**kwargs"]
    assert not finding.details["return_missing"]


def test_missing_return_on_a_function_returning_nothing_offers_return_none():
    [finding] = findings(
        '''
        def log(message: str):
            """Print it."""
            print(message)
            return
    ''',
        "CQ102",
    )
    assert finding.fix is not None and finding.fix.codemod == "add-return-none"
    assert finding.confidence.actionability > 0.9


def test_no_return_none_fix_for_generators_stubs_or_value_returns():
    for source in (
        '''
        def numbers(limit: int):
            """Yield."""
            yield from range(limit)
    ''',
        '''
        import abc
        class Base(abc.ABC):
            """Base."""
            @abc.abstractmethod
            def run(self, job: str):
                """Run."""
    ''',
        '''
        def first(items: list[int]):
            """First."""
            for item in items:
                return item
    ''',
    ):
        [finding] = findings(source, "CQ102")
        assert finding.fix is None, source


def test_hints_accept_any_spelling_and_skip_self_dunders_lambdas_and_nested():
    assert (
        findings(
            '''
        from typing import Dict, List, Optional
        import typing as t

        class Box:
            """Box."""
            def __init__(self, items: List[int]) -> None:
                self.items = items

            def __repr__(self):
                return "Box()"

            def get(self, key: "str") -> Optional[int]:
                """Get."""
                handler = lambda value: value
                def inner(value):
                    return value
                return inner(handler(key))

            @classmethod
            def make(cls, data: Dict[str, int]) -> "Box":
                """Make."""
                return cls(list(data.values()))

            @staticmethod
            def merge(left: t.List[int], right: list[int]) -> list[int] | None:
                """Merge."""
                return left + right
    ''',
            "CQ102",
        )
        == []
    )


def test_init_needs_parameter_hints_but_not_a_return_type():
    [finding] = findings(
        '''
        class Box:
            """Box."""
            def __init__(self, size):
                self.size = size
    ''',
        "CQ102",
    )
    assert finding.details["missing"] == ["size"] and not finding.details["return_missing"]


def test_private_functions_are_flagged_gently_or_not_at_all():
    source = """
        def _helper(values):
            return sorted(values)
    """
    [finding] = findings(source, "CQ102")
    assert finding.severity == "suggestion" and finding.confidence.relevance < 0.5
    assert findings(source, "CQ102", {"rules": {"CQ102": {"private": False}}}) == []
