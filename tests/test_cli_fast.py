"""``sayso search`` without Typer (``sayso.cli.fast``): the same options, the same values, the same
output and the same errors as the Typer command built from the same description.

No model: the database is filled with invented articles through the store's own writer.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main
from test_store_helpers import quoted_article

from sayso.cli import main
from sayso.cli.fast import SEARCH_OPTIONS, parse
from sayso.store import index_inputs, open_db


def _typer_search() -> Any:
    from sayso.cli import app

    return typer.main.get_command(app).commands["search"]  # type: ignore[attr-defined]


def _typer_values(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What the Typer command hands to ``run_search`` for ``sayso search ARGV``."""
    import sayso.cli.store
    from sayso.cli import app

    seen: dict[str, Any] = {}
    monkeypatch.setattr(sayso.cli.store, "run_search", lambda **values: seen.update(values) or 0)
    assert app(args=["search", *argv], standalone_mode=False) == 0
    return seen


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = tmp_path / "q.db"
    conn = open_db(path)
    index_inputs(
        conn,
        [
            quoted_article("gazette-1", [("Ana Ruiz", "The ferries sail again on Friday.")]),
            quoted_article(
                "times-1",
                [("Ana Ruiz", "Every ferry carries bicycles."), ("Li Wei", "Fares stay the same.")],
                outlet="Valley Times",
                published="2024-03-07",
            ),
        ],
    )
    conn.close()
    return str(path)


def test_the_typer_command_has_exactly_the_described_options() -> None:
    params = {p.name: p for p in _typer_search().params}
    assert list(params) == [o.dest for o in SEARCH_OPTIONS]
    for opt in SEARCH_OPTIONS:
        param = params[opt.dest]
        if opt.flags:
            assert set(param.opts) | set(param.secondary_opts) == set(opt.flags), opt.dest
            assert param.help == opt.help
        assert param.default == opt.default, opt.dest


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["tax cuts"],
        ["tax", "--speaker", "Ana Ruiz", "--outlet", "valley", "-n", "5", "--offset", "2"],
        ["-sRuiz", "-n5", "-fjsonl", "--db=q.db", "--min-confidence=0"],
        ["--since", "2024-01-01", "--until", "2024-12-31", "--story", "st-1", "--kind", "direct"],
        ["--relation", "altered", "--multi", "--format", "csv", "-o", "out.csv", "ferry"],
        ["--limit", "-3", "--offset", "-1", "--min-confidence", "-0.5"],
        ["--speaker", "", "--", "-not-an-option"],
        ["-", "--limit", "1_000"],
        ["-s=Ruiz", "--speaker", "Li", "--multi", "--multi"],
    ],
)
def test_both_parsers_read_a_command_line_alike(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    values = parse(argv)
    assert values is not None, argv
    assert values == _typer_values(argv, monkeypatch)


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["tax", "-h"],
        ["--bogus"],
        ["--spea", "Ruiz"],  # no abbreviations, as click takes none
        ["a", "b"],
        ["--limit"],
        ["--limit", "many"],
        ["--multi=yes"],
        ["--speaker", "--outlet"],
        ["-5"],
        ["--db", "."],
        ["-o", "/"],
    ],
)
def test_what_the_fast_parser_does_not_read_goes_to_typer(argv: list[str]) -> None:
    assert parse(argv) is None


@pytest.mark.parametrize("fmt", ["table", "jsonl", "json", "csv"])
@pytest.mark.parametrize(
    "args",
    [
        [],
        ["ferry"],
        ["--speaker", "ruiz"],
        ["--outlet", "valley", "-n", "1"],
        ["--offset", "1", "--limit", "1"],
    ],
)
def test_the_fast_path_writes_what_the_typer_command_writes(
    db: str, fmt: str, args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    argv = ["search", *args, "--db", db, "--format", fmt]
    assert main(argv) == 0
    fast = capsys.readouterr()
    from sayso.cli import app

    assert app(args=argv, standalone_mode=False) == 0
    slow = capsys.readouterr()
    assert fast.out == slow.out and fast.out.strip()
    assert fast.err == slow.err


def test_errors_are_the_same_with_or_without_typer(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["search", "--db", str(tmp_path / "typo.db")]) == 3
    assert "E302" in capsys.readouterr().err
    assert main(["search", "--limit", "0", "--db", db]) == 2
    assert "--limit must be at least 1" in capsys.readouterr().err
    assert main(["search", "--format", "xml", "--db", db]) == 2
    assert "unknown --format 'xml'" in capsys.readouterr().err
    # Usage errors come from Typer, in its words.
    assert main(["search", "--bogus", "--db", db]) == 2
    assert "[E200] No such option: --bogus" in capsys.readouterr().err  # with sayso's code (QA, 19th)
    assert main(["search", "--db", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    assert main(["search", "--help"]) == 0
    assert "--speaker" in capsys.readouterr().out


def test_a_search_imports_neither_typer_nor_rich(db: str) -> None:
    """What keeps 'sayso search' under 150 ms from the shell (bench/search_cli.py): no Typer, no
    Rich even for the default table, no dataclasses module, not even the model or the resolver."""
    code = (
        "import sys\n"
        "from sayso.cli import main\n"
        f"assert main(['search', 'ferry', '--speaker', 'ruiz', '--db', {db!r}, '-f', 'jsonl']) == 0\n"
        f"assert main(['search', 'ferry', '--db', {db!r}]) == 0\n"
        "heavy = ('typer', 'click', 'rich', 'argparse', 'sayso.cli.group', 'sayso.cli.store', 'spacy',\n"
        "         'sayso.model', 'hashlib', 'pydantic', 'sayso.cli.compare', 'sayso.cli.evaluate',\n"
        "         'sayso.cli.serve', 'sayso.store.index', 'sayso.compare', 'pyarrow', 'rapidfuzz',\n"
        "         'dataclasses', 'sayso.store.rebuild', 'sayso.store.resolve')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
