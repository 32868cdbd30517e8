"""Command arguments are parsed at the edge: a bad one is refused naming its field."""

import pytest
from pygls.exceptions import JsonRpcInvalidParams

from codeeval.lsp.command_arguments import EvaluateArguments, parse_evaluate_arguments, uri_argument


def test_evaluate_arguments_become_a_typed_request():
    assert parse_evaluate_arguments([{"uri": "file:///a.py"}]) == EvaluateArguments("file:///a.py", None, False)
    assert parse_evaluate_arguments([{"uri": "file:///a.py", "problem": "add", "show": True}]) == EvaluateArguments(
        "file:///a.py", "add", True
    )
    # null and "" both mean "find the problem", as before
    assert parse_evaluate_arguments([{"uri": "u", "problem": None, "show": None}]).problem is None
    assert parse_evaluate_arguments([{"uri": "u", "problem": ""}]).problem is None


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ([], "takes one argument object, got 0 arguments"),
        (["file:///a.py"], "takes one argument object, got a string"),
        ([{"uri": "u"}, {}], "got 2 arguments"),
        ([{"problem": "add"}], "needs a string `uri`, got nothing"),
        ([{"uri": 3}], "needs a string `uri`, got a number"),
        ([{"uri": ""}], "needs a string `uri`"),
        ([{"uri": "u", "problem": ["add"]}], "`problem` must be a string or null, got an array"),
        ([{"uri": "u", "show": "yes"}], "`show` must be true, false or absent, got a string"),
        ([{"uri": "u", "problme": "add"}], "unknown field `problme` (fields: uri, problem, show)"),
    ],
)
def test_a_bad_evaluate_argument_is_refused_naming_its_field(arguments, message):
    with pytest.raises(JsonRpcInvalidParams) as raised:
        parse_evaluate_arguments(arguments)
    assert str(raised.value).startswith("codeeval.evaluate")
    assert message in str(raised.value)


def test_uri_only_commands_take_just_a_uri():
    assert uri_argument([{"uri": "file:///a.py"}], "codeeval.health") == "file:///a.py"
    with pytest.raises(JsonRpcInvalidParams, match=r"codeeval.health: unknown field `problem` \(fields: uri\)"):
        uri_argument([{"uri": "file:///a.py", "problem": "add"}], "codeeval.health")
