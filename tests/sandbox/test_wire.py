"""The tagged-value codec between evaluator and worker."""

import dataclasses
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from codeeval.sandbox.child import wire


def roundtrip(value):
    return wire.decode(wire.loads(wire.dumps({"v": wire.encode(value)}))["v"])


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        False,
        0,
        -7,
        2**200,
        1.5,
        -0.0,
        "",
        "héllo ✓",
        b"\x00\xff",
        bytearray(b"ab"),
        (1, "a"),
        [1, [2, [3]]],
        {1, 2},
        frozenset({"x"}),
        {"k": [1]},
        {(1, 2): None, 3: "x"},
        1 + 2j,
        (),
    ],
)
def test_plain_values_survive_the_wire_unchanged(value):
    decoded = roundtrip(value)
    assert decoded == value
    assert type(decoded) is type(value)


def test_huge_ints_pass_the_json_digit_limit():
    number = 3**30000
    assert roundtrip(number) == number


def test_non_finite_floats_are_tagged():
    assert math.isnan(roundtrip(float("nan")))
    assert roundtrip(float("inf")) == float("inf")
    assert roundtrip(float("-inf")) == float("-inf")


def test_objects_become_opaque_and_equal_nothing():
    class AlwaysEqual:
        def __eq__(self, other):
            return True

    decoded = roundtrip(AlwaysEqual())
    assert isinstance(decoded, wire.Opaque)
    assert decoded != decoded
    assert "AlwaysEqual" in decoded.type_name


def test_lying_int_subclass_is_sent_as_its_true_value():
    class Liar(int):
        def __eq__(self, other):
            return True

        def __repr__(self):
            return "999"

    decoded = roundtrip(Liar(5))
    assert decoded == 5 and type(decoded) is int


def test_hostile_repr_does_not_break_encoding():
    class Hostile:
        def __repr__(self):
            raise RuntimeError("no")

    assert roundtrip(Hostile()).text == "<repr failed>"


def test_dataclass_becomes_a_record():
    @dataclasses.dataclass
    class Point:
        x: int
        y: int = 2

    record = roundtrip(Point(1))
    assert isinstance(record, wire.Record)
    assert record.type_name == "Point" and record.fields == (("x", 1), ("y", 2))


def test_cycles_and_excessive_depth_are_refused():
    loop = []
    loop.append(loop)
    with pytest.raises(wire.WireError):
        wire.encode(loop)


@pytest.mark.parametrize("data", [{"$eval": "1"}, {"a": 1, "b": 2}, {"$tuple": 5}, {"$bytes": "!!"}, {"$int": "xyz"}])
def test_malformed_tags_are_rejected(data):
    with pytest.raises(wire.WireError):
        wire.decode(data)


def test_framing_roundtrip_over_a_pipe():
    import os

    read_fd, write_fd = os.pipe()
    try:
        wire.write_message(write_fd, {"op": "call", "args": [1]})
        assert wire.read_message(read_fd) == {"op": "call", "args": [1]}
    finally:
        os.close(read_fd)
        os.close(write_fd)


def test_the_worker_starts_without_typing_re_or_enum():
    """Each worker imports its harness before any solution: `typing`, `re` and `enum` would slow every start-up
    (the harness's type-checking imports sit under a local `TYPE_CHECKING = False`)."""
    child = str(Path(wire.__file__).parent)
    probe = (
        f"import sys; sys.path.insert(0, {child!r}); import worker; "
        "print(sorted(m for m in ('typing', 're', 'enum') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-S", "-s", "-B", "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


class _Int(int):
    pass


class _Str(str):
    pass


@pytest.mark.parametrize(
    "items",
    [
        list(range(-5, 100_000)),
        [1.5, -0.0, 2, True, None, "x", False],
        [2**12000 - 1, -(2**12000 - 1), 3],
        [2**12000, 1],
        [1, -(2**12000)],
        [1.0, float("inf")],
        [float("nan")],
        [2.5, 2**13000],
        [_Int(3), 4],
        [_Str("s"), "t"],
        [[1, 2], 3],
        [(1,), 2],
        [{1}, 2],
        [b"x", 1],
        [1 + 2j],
        [],
    ],
)
def test_a_list_of_plain_items_encodes_and_decodes_as_item_by_item(items):
    """Lists of plain numbers and strings take a shortcut (a million of them: seconds -> milliseconds); what
    they encode to and decode from is exactly what encoding each item gives."""
    encoded = wire.encode(items)
    assert encoded == [wire.encode(item, 1) for item in items]
    assert json.dumps(encoded) == json.dumps([wire.encode(item, 1) for item in items])
    decoded = wire.decode(json.loads(json.dumps(encoded)))
    assert [type(item) for item in decoded] == [type(wire.decode(wire.encode(item))) for item in items]
    assert repr(decoded) == repr([wire.decode(wire.encode(item)) for item in items])


def packed_roundtrip(value):
    return wire.decode(wire.loads(wire.dumps({"v": wire.encode(value, packed=True)}))["v"])


@pytest.mark.parametrize(
    "items",
    [
        [i / 7 for i in range(1000)],
        [1, 3] + [2.0 + i for i in range(100)],
        [-0.0, float("nan"), float("inf")] * 30,
        [2**53, -(2**53)] + [0.5] * 70,
        [1e308, 5e-324, -1e-300] * 40,
    ],
)
def test_long_float_lists_travel_packed_and_come_back_the_same_values_and_types(items):
    """Packed as binary doubles (JSON text of a million floats is ten times slower to read): values, ints
    among them, signs of zero and non-finite floats all come back as they were."""
    encoded = wire.encode(items, packed=True)
    assert set(encoded) == {"$f64"}
    decoded = packed_roundtrip(items)
    assert [type(x) for x in decoded] == [type(x) for x in items]
    assert repr(decoded) == repr(items)


@pytest.mark.parametrize(
    "items",
    [
        [0.5] * 10,  # short: stays readable JSON
        [2**53 + 1] + [0.5] * 100,  # an int a double does not hold exactly
        [True] + [0.5] * 100,
        list(range(100)),
        ["x"] + [0.5] * 100,  # not floats and ints alone
    ],
)
def test_other_lists_are_not_packed(items):
    assert wire.encode(items, packed=True) == wire.encode(items)
    assert packed_roundtrip(items) == items


def test_packing_reaches_inside_containers_but_not_plain_encoding():
    floats = [i / 3 for i in range(100)]
    value = {"a": (floats, [floats])}
    assert "$f64" in json.dumps(wire.encode(value, packed=True))
    assert "$f64" not in json.dumps(wire.encode(value))
    assert packed_roundtrip(value) == value


@pytest.mark.parametrize(
    "body",
    [
        ["AAAAAAAA8D8=", [1]],  # an int position past the end
        ["AAAAAAAA4D8=", [0]],  # 0.5 is no int
        ["AAAAAAAA8H8=", [0]],  # inf is no int
        ["AAAA", []],  # not a whole double
        ["AAAAAAAA8D8=", ["0"]],
    ],
)
def test_malformed_packed_lists_are_rejected(body):
    with pytest.raises(wire.WireError):
        wire.decode({"$f64": body})
