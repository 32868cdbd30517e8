"""The capabilities an imported task asks for, read from its code and tests."""

from __future__ import annotations

from codeeval.base.capabilities import Capability
from codeeval.importers.bigcodebench import BigCodeBenchOptions, problem_of
from codeeval.importers.sandbox_needs import capabilities_needed, sandbox_section

PROCESSES, LOOPBACK = Capability.PROCESSES, Capability.LOOPBACK


def test_imports_and_calls_that_start_processes():
    assert capabilities_needed(["import subprocess\n"]) == {PROCESSES}
    assert capabilities_needed(["import os\nos.system('ls')\n"]) == {PROCESSES}
    assert capabilities_needed(["from os import fork\n"]) == {PROCESSES}
    assert capabilities_needed(["import concurrent.futures as cf\ncf.ProcessPoolExecutor()\n"]) == {PROCESSES}
    assert capabilities_needed(["from concurrent.futures import ProcessPoolExecutor\n"]) == {PROCESSES}
    assert capabilities_needed(["import multiprocessing\n"]) == {PROCESSES, LOOPBACK}


def test_sockets_and_nothing_for_pure_code():
    assert capabilities_needed(["import socket\n"]) == {LOOPBACK}
    assert capabilities_needed(["from http.server import HTTPServer\n"]) == {LOOPBACK}
    assert capabilities_needed(["import platform, os\nplatform.system()\nos.path.join('a')\n"]) == frozenset()
    assert capabilities_needed(["def broken(:\n"]) == frozenset()  # the importer reports it; nothing read here
    assert capabilities_needed([], libs=["subprocess", "pandas"]) == {PROCESSES}


def test_a_bigcodebench_record_asks_in_its_problem_file():
    record = {
        "task_id": "BigCodeBench/15",
        "complete_prompt": "import subprocess\ndef task_func(c):\n    '''Run c.'''\n",
        "instruct_prompt": "Run a command.",
        "code_prompt": "import subprocess\ndef task_func(c):\n",
        "canonical_solution": "    return subprocess.run(c).returncode\n",
        "test": "import unittest\nclass TestCases(unittest.TestCase):\n    def test_a(self):\n        pass\n",
        "entry_point": "task_func",
        "libs": "['subprocess']",
    }
    assert problem_of(record, "BigCodeBench/15", BigCodeBenchOptions())["sandbox"] == {"processes": True}
    assert sandbox_section(frozenset({LOOPBACK, PROCESSES})) == {"loopback": True, "processes": True}
