"""Reading why a reference fails here from its messages: the cause, and the module, host or file it names."""

from __future__ import annotations

import pytest

from codeeval.judging.environment_causes import classify
from codeeval.results.exclusion import EnvironmentCause

CAUSE = EnvironmentCause


@pytest.mark.parametrize(
    ("messages", "cause", "detail"),
    [
        (
            ["raised ModuleNotFoundError while loading: No module named 'sklearn.linear_model'"],
            CAUSE.MISSING_LIBRARY,
            "sklearn",
        ),
        (["ImportError: libGL.so.1: cannot open shared object file"], CAUSE.MISSING_LIBRARY, "libGL.so.1"),
        (["ImportError: cannot import name 'comb' from 'scipy.misc'"], CAUSE.VERSION, "scipy.misc.comb"),
        (["AttributeError: module 'numpy' has no attribute 'float'"], CAUSE.VERSION, "numpy.float"),
        (["AttributeError: 'DataFrame' object has no attribute 'append'"], CAUSE.VERSION, "DataFrame.append"),
        (
            ["TypeError: OneHotEncoder.__init__() got an unexpected keyword argument 'sparse'"],
            CAUSE.VERSION,
            "OneHotEncoder.__init__.sparse",
        ),
        (["FutureWarning: The default value of numeric_only will change"], CAUSE.VERSION, "FutureWarning"),
        # The host is named lines away from the words that show the network was needed.
        (
            ["requests.exceptions.ConnectionError: Max retries exceeded", "HTTPSConnectionPool(host='api.github.com')"],
            CAUSE.NETWORK,
            "api.github.com",
        ),
        (["LookupError:\n  Resource \x1b[93mpunkt\x1b[0m not found."], CAUSE.DATA_FILE, "punkt"),
        (["FileNotFoundError: [Errno 2] No such file or directory: 'data.csv'"], CAUSE.DATA_FILE, "data.csv"),
        (["PermissionError: [Errno 1] Operation not permitted: '/proc/1/mem'"], CAUSE.SANDBOX_REFUSED, "/proc/1/mem"),
        (["TestCases.test_big: timeout: took longer than its 10 s"], CAUSE.TIMEOUT, ""),
        # The sandbox's refusal of a capability wins over the socket and host words of the task's own traceback.
        (
            ["refused: loopback needs the bubblewrap sandbox here", "socket.create_connection(('localhost', 80))"],
            CAUSE.SANDBOX_REFUSED,
            "loopback",
        ),
        # A missing module wins over the network error it leads to.
        (
            ["No module named 'requests'", "URLError: Temporary failure in name resolution"],
            CAUSE.MISSING_LIBRARY,
            "requests",
        ),
    ],
)
def test_each_cause_and_what_it_names(messages, cause, detail):
    found = classify(messages)
    assert found is not None
    assert (found.cause, found.detail) == (cause, detail)
    assert found.sentence == f"the reference fails here: {cause}" + (f" {detail}" if detail else "")


@pytest.mark.parametrize(
    "message",
    ["AssertionError: 3 != 4", "AttributeError: 'NoneType' object has no attribute 'append'", "ZeroDivisionError"],
)
def test_a_real_failure_shows_no_environment_cause(message):
    assert classify([message]) is None
