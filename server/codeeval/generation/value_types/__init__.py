"""The type model generation works on: one small class per kind of value.

Each type knows four things about its values:
- `boundary(ctx)`: the combinatorial boundary suite (empty, single, two equal,
  all duplicates, sorted, reversed, zero, negative, extremes, unicode and
  whitespace strings, very long inputs, deep nesting, NaN and infinities);
- `mutate(value, ctx)`: one type-aware mutation of a value (EvalPlus style:
  ints +-1, strings insert/delete/replace a character, lists drop/duplicate/
  mutate an element...), so a mutated example keeps its type and shape;
- `strategy()`: a Hypothesis strategy for exploration;
- `shrink(value)`: simpler candidates, simplest first, for minimal counterexamples.

A type may carry `seen`: values observed at its position in the problem's
examples. They are soft knowledge (the examples' alphabet, ranges and sizes)
that biases generation towards inputs like the examples; hard limits
(`lo`/`hi`, `alphabet`, sizes) come from hints and strategy expressions.

The model is split by kind: `base` (the class `ValueType`, the context, helpers),
`scalars`, `strings`, `containers`, `composite` (records, unions, choices) and
`inference` (types from example values, and `AnyT`, handled as each value's own type).
"""

from .base import GenContext, ValueType, dedupe
from .composite import RecordT, SampledT, UnionT, UnsupportedT
from .containers import DictT, ListT, SetT, TupleT
from .inference import AnyT, infer_type, refine
from .scalars import BoolT, ComplexT, FloatT, IntT, NoneT
from .strings import BytesT, RegexT, StrT

__all__ = [
    "AnyT",
    "BoolT",
    "BytesT",
    "ComplexT",
    "DictT",
    "FloatT",
    "GenContext",
    "IntT",
    "ListT",
    "NoneT",
    "RecordT",
    "RegexT",
    "SampledT",
    "SetT",
    "StrT",
    "TupleT",
    "UnionT",
    "UnsupportedT",
    "ValueType",
    "dedupe",
    "infer_type",
    "refine",
]
