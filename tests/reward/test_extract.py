"""Code out of a model's answer."""

from codeeval.reward import extract_code
from tests.support import ANSWER


def test_the_block_that_defines_the_entry_point_wins_over_a_later_example_block():
    assert extract_code(ANSWER, "add") == "def add(a: int, b: int) -> int:\n    return a + b\n"


def test_without_the_entry_point_the_last_python_block_is_taken():
    assert extract_code(ANSWER) == "print(add(1, 2))\n"


def test_blocks_in_other_languages_are_ignored():
    answer = "```bash\npip install x\n```\n```py\ndef f():\n    return 1\n```\n```json\n{}\n```"
    assert extract_code(answer, "f") == "def f():\n    return 1\n"


def test_an_answer_that_is_plain_code_is_taken_whole_and_prose_is_not():
    assert extract_code("def f():\n    return 1\n", "f") == "def f():\n    return 1\n"
    assert extract_code("I cannot solve this problem, sorry.", "f") is None
    assert extract_code("   ", "f") is None


def test_tilde_fences_and_longer_backtick_fences():
    assert extract_code("~~~python\nx = 1\n~~~") == "x = 1\n"
    assert extract_code("````python\ns = '```'\n````") == "s = '```'\n"


def test_broken_code_without_fences_is_still_code_so_its_syntax_error_is_reported():
    broken = "def f(x)\n    return x\n"
    assert extract_code(broken, "f") == broken
    assert extract_code("The answer is that you should return early.", "f") is None
