import pytest

from codeeval.dimensions.performance import counted


@pytest.fixture(autouse=True)
def fresh_reference_counts():
    """Reference counts are cached per reference source; fakes share one source, so start clean."""
    counted._reference_counts.clear()
    yield
    counted._reference_counts.clear()
