"""Which instructions of a code object do sized work in C, and how to read their operands (standard library only).

`plan_for(code)` maps the offset of each such instruction (a call, `in`,
a slice, `+` on sequences, `del a[i]`) to a charge: a function of the frame
that returns the milli-instructions the instruction is about to spend in C
(see `c_cost` for the prices). Operands are found by walking the bytecode
back from the instruction, stack effect by stack effect, to the one that
pushed each operand; only simple producers are followed (a local, global,
constant, an attribute of one, simple int arithmetic, a subscript of a list
or dict), and the walk stops at a jump target, where the value could have
come from elsewhere. Plans are built once per code object, with `dis`
(imported only when instructions are first counted).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: importing `typing` would add `re` to every worker's start-up
if TYPE_CHECKING:
    from collections.abc import Callable
    from dis import Instruction
    from types import CodeType, FrameType
    from typing import Any

    from codeeval.sandbox.child import c_cost
    from codeeval.sandbox.child.c_cost import Charge, Getter
else:
    try:
        from codeeval.sandbox.child import c_cost
    except ImportError:  # the sandbox imports the child's files as top-level modules
        import c_cost

UNKNOWN = c_cost.UNKNOWN
_NULL = object()  # the NULL a call's stack layout holds beside the callable
_OLD_CALLS = sys.version_info < (3, 12)  # 3.11: PRECALL then CALL; 3.12+: CALL alone

# (values popped, values pushed) of the instructions an operand walk may step over; any other stops it.
_LOCAL_LOADS = ("LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_FAST_BORROW", "LOAD_DEREF")
_PUSH_ONE = (*_LOCAL_LOADS, "LOAD_CLOSURE", "LOAD_CONST", "LOAD_NAME", "LOAD_SMALL_INT", "PUSH_NULL")
_EFFECTS: dict[str, tuple[int, int]] = dict.fromkeys(_PUSH_ONE, (0, 1))
_EFFECTS.update(
    {
        "LOAD_FAST_LOAD_FAST": (0, 2),
        "LOAD_FAST_BORROW_LOAD_FAST_BORROW": (0, 2),
        "STORE_FAST_LOAD_FAST": (1, 1),
        "BINARY_OP": (2, 1),
        "BINARY_SUBSCR": (2, 1),
        "BINARY_SLICE": (3, 1),
        "UNARY_NEGATIVE": (1, 1),
        "UNARY_NOT": (1, 1),
        "UNARY_INVERT": (1, 1),
        "TO_BOOL": (1, 1),
        "COMPARE_OP": (2, 1),
        "IS_OP": (2, 1),
        "CONTAINS_OP": (2, 1),
        "GET_ITER": (1, 1),
        "LIST_TO_TUPLE": (1, 1),
        "FORMAT_SIMPLE": (1, 1),
        "FORMAT_WITH_SPEC": (2, 1),
        "CONVERT_VALUE": (1, 1),
        "CALL_INTRINSIC_1": (1, 1),
        "LIST_EXTEND": (1, 0),
        "SET_UPDATE": (1, 0),
        "KW_NAMES": (0, 0),
        "PRECALL": (0, 0),
        "NOP": (0, 0),
        "EXTENDED_ARG": (0, 0),
        "CACHE": (0, 0),
    }
)


def _effect(instruction: Instruction) -> tuple[int, int] | None:
    name, arg = instruction.opname, instruction.arg or 0
    if name == "LOAD_GLOBAL":
        return (0, 2) if arg & 1 else (0, 1)  # the low bit: a NULL pushed with it, for a call
    if name == "LOAD_ATTR":
        return (1, 2) if (arg & 1 and not _OLD_CALLS) else (1, 1)  # 3.12+: the low bit loads a method
    if name == "LOAD_METHOD":
        return (1, 2)
    if name in ("BUILD_SLICE", "BUILD_LIST", "BUILD_TUPLE", "BUILD_SET", "BUILD_STRING"):
        return (arg, 1)
    if name == "BUILD_MAP":
        return (2 * arg, 1)
    if name == "BUILD_CONST_KEY_MAP":
        return (arg + 1, 1)
    if name == "FORMAT_VALUE":
        return (2, 1) if arg & 0x04 else (1, 1)  # 0x04: a format spec is on the stack too
    if name == "CALL":
        return (arg + 2, 1)
    if name == "CALL_KW":
        return (arg + 3, 1)
    return _EFFECTS.get(name)


def _producer(code: list[Instruction], index: int, depth: int) -> tuple[int, int] | None:
    """(index of the instruction that pushed it, which of its pushes) for the value `depth` below the top of
    the stack just before `code[index]` runs; None where the walk cannot tell."""
    at = index - 1
    while at >= 0:
        if code[at + 1].is_jump_target:
            return None
        effect = _effect(code[at])
        if effect is None:
            return None
        pops, pushes = effect
        if depth < pushes:
            return at, pushes - 1 - depth  # pushes are numbered from the first (deepest) one
        depth += pops - pushes
        at -= 1
    return None


def _operand(code: list[Instruction], index: int, depth: int) -> Any:
    """What `_getter` says of the value `depth` below the top of the stack before `code[index]` runs."""
    found = _producer(code, index, depth)
    return None if found is None else _getter(code, *found)


def _locals_type() -> type:
    """What a function frame's f_locals is: a dict up to 3.12, the C `FrameLocalsProxy` from 3.13 (PEP 667)."""
    return type(sys._getframe().f_locals)


_LOCALS_PROXY: Any = _locals_type()
_dict_get = dict.get


def _lookup(namespace: Any, name: str) -> Any:
    """`namespace[name]` through C code only, never a dict subclass's or a custom mapping's `get` (solution code
    must not run inside the tracer): UNKNOWN when the namespace is neither or has no such name."""
    if isinstance(namespace, dict):
        return _dict_get(namespace, name, UNKNOWN)
    return namespace.get(name, UNKNOWN) if type(namespace) is _LOCALS_PROXY else UNKNOWN


def _local(name: str) -> Getter:
    def get(frame: FrameType) -> Any:
        return _lookup(frame.f_locals, name)

    return get


def _global(name: str) -> Getter:
    def get(frame: FrameType) -> Any:
        value = _lookup(frame.f_globals, name)
        return _lookup(frame.f_builtins, name) if value is UNKNOWN else value

    return get


def _named(name: str) -> Getter:
    local, global_ = _local(name), _global(name)

    def get(frame: FrameType) -> Any:
        value = local(frame)
        return global_(frame) if value is UNKNOWN else value

    return get


def _constant(value: Any) -> Getter:
    return lambda frame: value


_MRO = type.__dict__["__mro__"].__get__  # read through `type`'s own descriptors: a metaclass cannot intervene
_CLASS_DICT = type.__dict__["__dict__"].__get__
# The C descriptors that expose an instance's __dict__: a plain class's (getset), a module's (member).
_C_DESCRIPTORS = (type(type.__dict__["__dict__"]), type(vars(type(sys))["__dict__"]))


def _instance_dict(obj: Any) -> dict | None:
    """`obj.__dict__` when a class gives it the ordinary way (a C descriptor); None rather than run a property."""
    for klass in _MRO(type(obj), type):
        found = _CLASS_DICT(klass, type).get("__dict__")
        if found is not None:
            namespace = found.__get__(obj, klass) if type(found) in _C_DESCRIPTORS else None
            return namespace if type(namespace) is dict else None
    return None


def _attribute(owner: Getter, name: str) -> Getter:
    """An attribute kept in the owner's instance (or module) dictionary; nothing a class computes."""

    def get(frame: FrameType) -> Any:
        obj = owner(frame)
        namespace = None if obj is UNKNOWN else _instance_dict(obj)
        return UNKNOWN if namespace is None else namespace.get(name, UNKNOWN)

    return get


_ARITHMETIC: dict[str, Callable[[int, int], int]] = {
    "+": int.__add__,
    "-": int.__sub__,
    "*": int.__mul__,
    "//": int.__floordiv__,
}


def _arithmetic(left: Getter, right: Getter, operator: Callable[[int, int], int]) -> Getter:
    """Int arithmetic on two readable ints (as `int` does it, whatever subclass they are)."""

    def get(frame: FrameType) -> Any:
        a, b = left(frame), right(frame)
        if not (c_cost.is_int(a) and c_cost.is_int(b)):
            return UNKNOWN
        a, b = int.__int__(a), int.__int__(b)  # plain ints: an int subclass's own methods never run here
        if abs(a) > c_cost.LARGEST or abs(b) > c_cost.LARGEST:
            return UNKNOWN
        try:
            return operator(a, b)
        except ZeroDivisionError:
            return UNKNOWN

    return get


def _negated(operand: Getter) -> Getter:
    def get(frame: FrameType) -> Any:
        value = operand(frame)
        return -int.__int__(value) if c_cost.is_int(value) else UNKNOWN

    return get


def _item(container: Getter, key: Getter) -> Getter:
    """`container[key]` for a list, tuple or dict and an int or str key (no user code runs)."""

    def get(frame: FrameType) -> Any:
        outer, inner = container(frame), key(frame)
        if type(outer) not in (list, tuple, dict) or type(inner) not in (int, str):
            return UNKNOWN
        try:
            return outer[inner]
        except (IndexError, KeyError):
            return UNKNOWN

    return get


def _slice(parts: list[Getter]) -> Getter:
    def get(frame: FrameType) -> Any:
        values = [part(frame) for part in parts]
        if any(v is UNKNOWN or not (v is None or c_cost.is_int(v)) for v in values):
            return UNKNOWN
        return slice(*(None if v is None else int.__int__(v) for v in values))  # plain ints: no __index__ runs

    return get


def _method(owner: Getter, name: str) -> tuple[str, Getter, str]:
    return ("method", owner, name)  # a method load: which receiver, which name


def _getter(code: list[Instruction], at: int, push: int) -> Any:
    """How to read push number `push` of `code[at]` from the frame, a method-load marker, _NULL, or None."""
    instruction = code[at]
    name, value = instruction.opname, instruction.argval
    if name in _LOCAL_LOADS:
        return _local(value)
    if name == "LOAD_CONST" or name == "LOAD_SMALL_INT":
        return _constant(value)
    if name in ("LOAD_FAST_LOAD_FAST", "LOAD_FAST_BORROW_LOAD_FAST_BORROW"):
        return _local(value[push])
    if name == "STORE_FAST_LOAD_FAST":
        return _local(value[1])
    if name == "PUSH_NULL":
        return _NULL
    if name == "LOAD_NAME":
        return _named(value)
    if name == "LOAD_GLOBAL":
        return _global_push(code, at, push)
    return _derived(code, at, push)


def _global_push(code: list[Instruction], at: int, push: int) -> Any:
    instruction = code[at]
    if not (instruction.arg or 0) & 1:
        return _global(instruction.argval)
    null_first = _OLD_CALLS or sys.version_info < (3, 13)  # 3.13 pushes the NULL after the global
    return _NULL if (push == 0) == null_first else _global(instruction.argval)


def _derived(code: list[Instruction], at: int, push: int) -> Any:
    """A value computed by an instruction from operands it popped (attribute, arithmetic, subscript, slice)."""
    instruction = code[at]
    name, arg = instruction.opname, instruction.arg or 0
    if name == "BUILD_SLICE":
        parts = [_operand(code, at, depth) for depth in range(arg - 1, -1, -1)]
        return None if None in parts else _slice(parts)
    operands = {"LOAD_ATTR": 1, "LOAD_METHOD": 1, "BINARY_OP": 2, "UNARY_NEGATIVE": 1, "BINARY_SUBSCR": 2}
    count = operands.get(name)
    if count is None:
        return None
    getters = [_operand(code, at, depth) for depth in range(count - 1, -1, -1)]
    if None in getters or any(isinstance(g, tuple) or g is _NULL for g in getters):
        return None
    if name == "LOAD_METHOD" or (name == "LOAD_ATTR" and arg & 1 and not _OLD_CALLS):
        return _method(getters[0], instruction.argval)
    if name == "LOAD_ATTR":
        return _attribute(getters[0], instruction.argval)
    if name == "UNARY_NEGATIVE":
        return _negated(getters[0])
    if name == "BINARY_SUBSCR":
        return _item(getters[0], getters[1])
    operator = _ARITHMETIC.get(instruction.argrepr)
    return None if operator is None else _arithmetic(getters[0], getters[1], operator)


def _readable(getter: Any) -> bool:
    """A getter of a value (not a method-load marker, the NULL, or nothing)."""
    return getter is not None and getter is not _NULL and not isinstance(getter, tuple)


def _contains(code: list[Instruction], index: int, consts: tuple) -> Charge | None:
    found = _producer(code, index, 0)
    if found is None:
        return None
    loaded_by = code[found[0]]
    if loaded_by.opname in _LOCAL_LOADS:  # the usual case, and a hot one: read directly
        name, price = loaded_by.argval, c_cost.contains_cost
        return lambda frame: price(_lookup(frame.f_locals, name))
    container = _getter(code, *found)
    if not _readable(container):
        return None
    return lambda frame: c_cost.contains_cost(container(frame))


def _subscript(code: list[Instruction], index: int, consts: tuple) -> Charge | None:
    """`a[i:j]` (3.11: BUILD_SLICE then BINARY_SUBSCR); plain indexing is left alone, it is O(1)."""
    key_from = _producer(code, index, 0)
    if key_from is None:
        return None
    maker = code[key_from[0]]
    if maker.opname != "BUILD_SLICE" and not (maker.opname == "LOAD_CONST" and type(maker.argval) is slice):
        return None
    container, key = _operand(code, index, 1), _getter(code, *key_from)
    if not (_readable(container) and _readable(key)):
        return None
    return lambda frame: c_cost.slice_cost(container(frame), key(frame))


def _binary_slice(code: list[Instruction], index: int, consts: tuple) -> Charge | None:
    """`a[i:j]` on 3.12+."""
    container, start, stop = (_operand(code, index, depth) for depth in (2, 1, 0))
    if not (_readable(container) and _readable(start) and _readable(stop)):
        return None
    key = _slice([start, stop])
    return lambda frame: c_cost.slice_cost(container(frame), key(frame))


def _delete(code: list[Instruction], index: int, consts: tuple) -> Charge | None:
    container, key = _operand(code, index, 1), _operand(code, index, 0)
    if not (_readable(container) and _readable(key)):
        return None
    return lambda frame: c_cost.delete_cost(container(frame), key(frame))


_SIZED_OPERATORS = frozenset(("+", "+=", "*", "*=", "|", "&", "-", "^", "|=", "&=", "-=", "^="))
_STORES = ("STORE_FAST", "STORE_FAST_LOAD_FAST", "STORE_FAST_STORE_FAST")


def _local_name(code: list[Instruction], found: tuple[int, int] | None) -> str | None:
    if found is None:
        return None
    instruction = code[found[0]]
    if instruction.opname in ("LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_FAST_BORROW"):
        return instruction.argval
    if instruction.opname.startswith("LOAD_FAST_"):  # LOAD_FAST_LOAD_FAST: two names
        return instruction.argval[found[1]]
    return None


def _stored_name(instruction: Instruction) -> str | None:
    if instruction.opname not in _STORES:
        return None
    return instruction.argval if instruction.opname == "STORE_FAST" else instruction.argval[0]


def _binary(code: list[Instruction], index: int, consts: tuple) -> Charge | None:
    operator = code[index].argrepr
    if operator not in _SIZED_OPERATORS:
        return None
    left_from = _producer(code, index, 1)
    left: Any = None if left_from is None else _getter(code, *left_from)
    right = _operand(code, index, 0)
    if not _readable(left):
        return None
    # CPython appends to a str in place when the result goes back into the local it came from.
    name = _local_name(code, left_from)
    in_place = name is not None and index + 1 < len(code) and _stored_name(code[index + 1]) == name
    read_right = right if _readable(right) else _constant(UNKNOWN)
    return lambda frame: c_cost.binary_cost(operator, left(frame), read_right(frame), in_place)


def _keywords(code: list[Instruction], index: int, consts: tuple) -> tuple[int, int] | None:
    """(keyword arguments, extra stack slots above the arguments) of the call at `index`."""
    instruction = code[index]
    if instruction.opname == "CALL_KW":  # 3.13+: the names' tuple is on the stack
        found = _producer(code, index, 0)
        names = code[found[0]].argval if found is not None and code[found[0]].opname == "LOAD_CONST" else None
        return None if type(names) is not tuple else (len(names), 1)
    before = code[index - 1] if index else None
    if before is not None and before.opname == "KW_NAMES":
        return len(consts[before.arg or 0]), 0
    return 0, 0


def _call(code: list[Instruction], index: int, consts: tuple) -> Charge | None:
    shape = _keywords(code, index, consts)
    if shape is None:
        return None
    keywords, extra = shape
    count = code[index].arg or 0
    arguments = [_operand(code, index, extra + count - 1 - position) for position in range(count - keywords)]
    read = [g if _readable(g) else _constant(UNKNOWN) for g in arguments]
    below, under = _producer(code, index, extra + count), _producer(code, index, extra + count + 1)
    if below is None or under is None:
        return None
    callee = [(code[at], _getter(code, at, push)) for at, push in (below, under)]
    method = next((g for _, g in callee if isinstance(g, tuple)), None)
    if method is not None:
        return _method_call(method, read)
    if not any(_readable(g) for g in arguments):
        return None  # a built-in function is priced by its arguments' sizes: none can be read here
    return _function_call([(loaded_by, g) for loaded_by, g in callee if g is not _NULL], read)


def _method_call(method: tuple[str, Getter, str], read: list[Getter]) -> Charge | None:
    _, owner, name = method
    if name not in c_cost.PRICED_METHODS or (name == "pop" and not read):
        return None  # `append`, `get`, `pop()`...: nothing sized
    return _priced(lambda frame: c_cost.method_pricer(owner(frame), name), read)


def _function_call(callee: list[tuple[Instruction, Any]], read: list[Getter]) -> Charge | None:
    if len(callee) != 1 or not _readable(callee[0][1]):
        return None
    loaded_by, function = callee[0]
    by_name = loaded_by.opname in ("LOAD_GLOBAL", "LOAD_NAME", "LOAD_ATTR")
    if by_name and loaded_by.argval not in c_cost.PRICED_FUNCTIONS:
        return None  # by its name, not a built-in with a price (an alias in a local is looked at when called)
    return _priced(lambda frame: c_cost.function_pricer(function(frame)), read)


def _priced(pricer: Callable[[FrameType], Any], arguments: list[Getter]) -> Charge:
    """The charge of a call: the arguments are only read when the callee has a price."""

    def charge(frame: FrameType) -> int:
        price = pricer(frame)
        return 0 if price is None else price([read(frame) for read in arguments])

    return charge


_CONSUMERS: dict[str, Callable[[list[Instruction], int, tuple], Charge | None]] = {
    "CONTAINS_OP": _contains,
    "BINARY_SUBSCR": _subscript,
    "BINARY_SLICE": _binary_slice,
    "DELETE_SUBSCR": _delete,
    "BINARY_OP": _binary,
}
if _OLD_CALLS:
    _CONSUMERS["PRECALL"] = _call  # before it runs, the stack still holds the callable and its arguments
else:
    _CONSUMERS["CALL"] = _CONSUMERS["CALL_KW"] = _call


def plan_for(code: CodeType) -> dict[int, Charge]:
    """Offset -> charge for every instruction of `code` that may do sized work in C."""
    import dis  # noqa: PLC0415  (only when counting: the worker's start-up stays lean)

    instructions = list(dis.get_instructions(code))
    plan: dict[int, Charge] = {}
    for index, instruction in enumerate(instructions):
        make = _CONSUMERS.get(instruction.opname)
        charge = None if make is None else make(instructions, index, code.co_consts)
        if charge is not None:
            plan[instruction.offset] = charge
    return plan
