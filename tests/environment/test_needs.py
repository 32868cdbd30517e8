"""What a problem set needs, read from its sources, and the locks and plans made of it (no pip here)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from codeeval.environment.distributions import distribution_of
from codeeval.environment.imports import imported_modules, third_party
from codeeval.environment.install_plan import make_plan
from codeeval.environment.lock import LockError, parse_lock, project_lock
from codeeval.environment.needs import is_bigcodebench_file, read_needs
from codeeval.environment.nltk_data import nltk_data_needed

from .conftest import LIBRARY_PROBLEM, write

RECORD = {
    "task_id": "BigCodeBench/1",
    "code_prompt": "import pandas as pd\nfrom nltk.corpus import stopwords\ndef task_func(text):\n",
    "canonical_solution": "    return [w for w in text.split() if w not in stopwords.words('english')]\n",
    "test": "import unittest\nfrom faker import Faker\nclass T(unittest.TestCase):\n    pass\n",
    "libs": "['pandas', 'nltk', 're']",
}


def test_a_bigcodebench_file_gives_each_tasks_libraries_and_nltk_data(tmp_path: Path) -> None:
    path = tmp_path / "bcb.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as stream:
        stream.write(json.dumps(RECORD) + "\n{not json\n")
    needs = read_needs([str(path)])
    assert needs.bigcodebench and is_bigcodebench_file(path)
    (task,) = needs.tasks
    assert task.imports == {"pandas", "nltk", "faker"}  # `re` is the standard library's
    assert task.nltk_data == {"stopwords"}
    assert needs.warnings and f"{path}:2: not a benchmark record" in needs.warnings[0]


def test_problem_files_give_the_imports_of_their_code(tmp_path: Path) -> None:
    write(tmp_path, "table.yaml", LIBRARY_PROBLEM)
    write(tmp_path, "broken.yaml", "name: [\n")
    needs = read_needs([str(tmp_path)])
    assert [(task.task, set(task.imports)) for task in needs.tasks] == [("table_width", {"texttable"})]
    assert not needs.bigcodebench and "broken.yaml" in needs.warnings[0]


def test_imports_and_their_distributions() -> None:
    code = "import os, numpy.linalg\nfrom sklearn import svm\nfrom . import mine\nfrom solution import f\nimport cv2"
    assert third_party(imported_modules(code)) == {"numpy", "sklearn", "cv2"}
    assert third_party(imported_modules("import yaml\ndef broken(:\n")) == {"yaml"}  # read by its lines
    assert [distribution_of(name) for name in ("sklearn", "cv2", "PIL", "mpl_toolkits", "texttable")] == [
        "scikit-learn",
        "opencv-python-headless",
        "Pillow",
        "matplotlib",
        "texttable",
    ]


def test_nltk_data_from_code() -> None:
    assert nltk_data_needed("import nltk\nnltk.pos_tag(nltk.word_tokenize(s))") == {
        "punkt",
        "averaged_perceptron_tagger",
    }
    assert nltk_data_needed("import nltk\nnltk.download('vader_lexicon')\n") == {"vader_lexicon"}
    assert nltk_data_needed("from nltk.corpus import stopwords, wordnet") == {"stopwords", "wordnet"}
    assert nltk_data_needed("import re\nre.split(' ', s)") == frozenset()
    assert nltk_data_needed("from textblob import TextBlob\nTextBlob(s).words") == {"punkt"}
    assert nltk_data_needed("from textblob import TextBlob\nTextBlob(s).sentiment.polarity") == frozenset()
    assert nltk_data_needed(
        "from textblob import TextBlob\nfrom nltk.corpus import stopwords\nstopwords.words('x')"
    ) == {"stopwords"}


def test_a_malformed_lock_line_names_its_file_and_line() -> None:
    with pytest.raises(LockError) as caught:
        parse_lock("six==1.16.0\n# fine\nsix>=1\n", "my.lock")
    assert caught.value.location_message().startswith("my.lock:3: not a `name==version` line")
    with pytest.raises(LockError, match="pinned twice"):
        parse_lock("six==1.16.0\nSix==1.17.0\n", "my.lock")


def test_the_bigcodebench_lock_pins_every_library_of_its_tasks() -> None:
    lock = project_lock("bigcodebench")
    assert all(pin.version for pin in lock.pins)
    pins = lock.by_key()
    assert pins["numpy"].version == "1.23.5" and pins["pandas"].version == "2.0.3"
    libraries = RECORD_LIBRARIES
    assert [name for name in libraries if distribution_of(name).lower() not in set(pins)] == []


RECORD_LIBRARIES = ("pandas", "numpy", "sklearn", "cv2", "PIL", "bs4", "docx", "Crypto", "skimage", "yaml", "dateutil")


def test_a_plan_pins_from_the_users_lock_then_codeevals_and_leaves_the_rest_unpinned(tmp_path: Path) -> None:
    write(tmp_path, "p.yaml", LIBRARY_PROBLEM.replace("import texttable", "import texttable, numpy, tabulate"))
    lock = write(tmp_path, "my.lock", "texttable==1.6.7\n")
    plan = make_plan(read_needs([str(tmp_path / "p.yaml")]), lock)
    assert [pin.requirement for pin in plan.requirements] == ["numpy==1.23.5", "tabulate", "texttable==1.6.7"]
    assert plan.unpinned == ["tabulate"]
    assert "texttable" not in {pin.key for pin in plan.constraints}  # the user's pin is not contradicted
    assert plan.key("3.11.2") != plan.key("3.12.0")
