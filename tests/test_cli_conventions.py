"""One convention for every command (issue 12): the same -o/--output and --format spellings,
--version, help everywhere, full ids in tables at any width, progress totals, cheap start-up.

No model: the database is filled with invented articles through the store's own writer.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
from pathlib import Path

import pytest
import typer.main
from test_store_helpers import quoted_article

from sayso.cli import COMMANDS, app, main
from sayso.cli.common import ROW_FORMATS
from sayso.store import index_inputs, open_db

#: Commands that write rows, and the formats each must take (export adds parquet).
ROW_COMMANDS = ("search", "show", "export", "stories", "extract")
#: Commands that write anything to a file or stdout.
OUTPUT_COMMANDS = (*ROW_COMMANDS, "compare", "evaluate", "batch")
LONG_IDS = (
    "harbour-bridge-reopening-after-two-years-of-repairs-morning-edition",
    "harbour-bridge-reopening-after-two-years-of-repairs-evening-edition",
)


def _command(name: str) -> typer.main.TyperCommand:
    return typer.main.get_command(app).commands[name]  # type: ignore[attr-defined,no-any-return]


def _options(name: str) -> dict[str, set[str]]:
    return {p.name or "": set(p.opts) for p in _command(name).params}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = tmp_path / "q.db"
    conn = open_db(path)
    index_inputs(
        conn,
        [
            quoted_article(LONG_IDS[0], [("Ana Ruiz", "The ferries sail again on Friday.")]),
            quoted_article(
                LONG_IDS[1], [("Ana Ruiz", "Every ferry carries bicycles.")], outlet="Valley Times"
            ),
        ],
    )
    conn.close()
    return str(path)


@pytest.mark.parametrize("name", OUTPUT_COMMANDS)
def test_every_command_that_writes_takes_dash_o_and_output(name: str) -> None:
    assert any({"-o", "--output"} <= opts for opts in _options(name).values()), name


@pytest.mark.parametrize("name", ROW_COMMANDS)
def test_every_row_writer_takes_the_same_formats(name: str) -> None:
    (fmt,) = [p for p in _command(name).params if "--format" in p.opts]
    assert "-f" in fmt.opts
    for value in ROW_FORMATS:
        assert value in (fmt.help or ""), f"sayso {name} --format does not offer {value}"


def test_old_spellings_stay_hidden_aliases(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    batch = _command("batch")
    (alias,) = [p for p in batch.params if "--out" in p.opts]
    assert alias.hidden  # type: ignore[attr-defined]
    code, out, _ = run(capsys, "batch", "--help")
    assert code == 0 and "--output" in out and "--out " not in out
    code, _, err = run(capsys, "batch", "--out", str(tmp_path / "o"))
    assert code == 2 and "no input" in err  # accepted: the complaint is about the missing INPUT


def test_version_and_help_of_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    import sayso

    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"sayso {sayso.__version__}"
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for name in COMMANDS:
        assert name in out
        for flag in ("--help", "-h"):
            code, text, err = run(capsys, name, flag)
            assert code == 0 and f"sayso {name}" in text, (name, flag, err)


def test_tables_wrap_full_ids_at_a_narrow_width(
    db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    code, out, _ = run(capsys, "search", "--db", db)
    lines = [line for line in out.splitlines() if line.startswith("│")]
    assert lines and max(len(line) for line in out.splitlines()) <= 60, out
    doc_column = "".join(line.split("│")[1].strip() for line in lines)
    assert code == 0 and "…" not in doc_column
    for doc in LONG_IDS:
        assert doc in doc_column, out  # wrapped over lines, never cut ...
        code, shown, _ = run(capsys, "show", doc, "--db", db, "--format", "json")
        assert code == 0 and json.loads(shown)["doc"] == doc  # ... so it pastes back into 'show'
    code, out, _ = run(capsys, "show", LONG_IDS[0], "--db", db)
    assert code == 0 and LONG_IDS[0] in out.replace("\n", "")
    code, out, _ = run(capsys, "stories", "--db", db, "--format", "table")
    stories = json.loads(run(capsys, "stories", "--db", db, "--format", "json")[1])
    story_column = "".join(line.split("│")[1].strip() for line in out.splitlines() if line.startswith("│"))
    assert all(s["story"] in story_column for s in stories), out


def test_the_four_formats_carry_the_same_rows(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    jsonl = [
        json.loads(line) for line in run(capsys, "search", "ferry", "--db", db, "-f", "jsonl")[1].splitlines()
    ]
    array = json.loads(run(capsys, "search", "ferry", "--db", db, "-f", "json")[1])
    table = list(csv.DictReader(io.StringIO(run(capsys, "search", "ferry", "--db", db, "-f", "csv")[1])))
    assert len(jsonl) == 2 and jsonl == array
    assert [r["doc"] for r in table] == [r["doc"] for r in jsonl]
    assert [r["content"] for r in table] == [r["content"] for r in jsonl]
    code, out, _ = run(capsys, "search", "ferry", "--db", db, "--limit", "1")
    assert code == 0 and "1-1 of 2 quotes" in out  # a table says how many match, not the limit
    direct = run(capsys, "search", "ferry", "--db", db, "--kind", "direct", "-f", "json")[1]
    assert len(json.loads(direct)) == 2  # the web page's filters, from the shell too
    for extra in (["--kind", "indirect"], ["--multi"]):
        assert json.loads(run(capsys, "search", "ferry", "--db", db, *extra, "-f", "json")[1]) == []
    rows = [
        json.loads(x) for x in run(capsys, "show", LONG_IDS[1], "--db", db, "-f", "jsonl")[1].splitlines()
    ]
    assert [(r["doc"], r["content"]) for r in rows] == [(LONG_IDS[1], "Every ferry carries bicycles.")]
    export = json.loads(run(capsys, "export", "--db", db, "-f", "json")[1])
    assert sorted(r["doc"] for r in export) == sorted(LONG_IDS)


def test_output_files_get_the_same_bytes_as_stdout(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (["search", "ferry"], ["show", LONG_IDS[0]], ["stories"], ["export"]):
        for fmt in ("jsonl", "json", "csv"):
            target = tmp_path / f"{argv[0]}.{fmt}"
            stdout = run(capsys, *argv, "--db", db, "-f", fmt)[1]
            code, _, _ = run(capsys, *argv, "--db", db, "-f", fmt, "-o", str(target))
            assert code == 0 and target.read_text(encoding="utf-8") == stdout, (argv, fmt)


def test_serve_refuses_a_missing_database_unless_asked_to_create(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    typo = tmp_path / "typo.db"
    code, _, err = run(capsys, "serve", "--db", str(typo))
    assert code == 3 and "E302" in err and not typo.exists()


def test_article_counts_for_progress_totals(tmp_path: Path) -> None:
    from sayso.cli.progress import count_articles

    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    for name in ("a.txt", "b.html", "sub/c.txt", "README", ".hidden.txt"):
        (folder / name).write_text("Some words.", encoding="utf-8")
    lines = "".join(json.dumps({"id": f"n{i}", "text": "x"}) + "\n" for i in range(7))
    (folder / "news.jsonl").write_text(lines, encoding="utf-8")
    with gzip.open(tmp_path / "more.jsonl.gz", "wt", encoding="utf-8") as fh:
        fh.write(lines + '{"id": "last", "text": "no newline at the end"}')
    assert count_articles([folder]) == 3 + 7
    assert count_articles([folder, tmp_path / "more.jsonl.gz"]) == 3 + 7 + 8
    (tmp_path / "crawl.warc.gz").write_bytes(b"")
    assert count_articles([tmp_path / "crawl.warc.gz"]) is None  # not countable without parsing
    assert count_articles(["-"]) is None


def test_the_progress_bar_shows_done_of_total_and_time_left() -> None:
    from rich.console import Console

    from sayso.cli.console import counted_progress

    progress = counted_progress("indexing")
    task = progress.add_task("index", total=40, detail="3 failed")
    progress.update(task, completed=10)
    screen = Console(file=io.StringIO(), width=120, force_terminal=False)
    screen.print(progress.make_tasks_table(progress.tasks))
    text = screen.file.getvalue()  # type: ignore[attr-defined]
    assert "10/40" in text and "3 failed" in text and "left" in text


def test_batch_fills_metadata_per_input_like_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--outlet/--date/--title-from-first-line reach every shard of their INPUT (issue 11)."""
    from test_store_helpers import regex_extract

    from sayso.pipeline import Extractor
    from sayso.shards import read_batch_dir

    monkeypatch.setattr(Extractor, "run", lambda self, inputs: regex_extract(inputs, "Ana Ruiz"))
    text = "Ferries return to the harbour\n\nAna Ruiz said: “The ferries sail again on Friday.”"
    for folder, docs in (("gazette", ("g1", "g2")), ("ledger", ("l1",))):
        (tmp_path / folder).mkdir()
        lines = [json.dumps({"id": d, "text": text}) for d in docs]
        (tmp_path / folder / f"{folder}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "ledger" / "dated.jsonl").write_text(
        json.dumps({"id": "l2", "text": text, "outlet": "Own Outlet", "published": "2030-01-01"}) + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    argv = ["batch", str(tmp_path / "gazette"), str(tmp_path / "ledger"), "-o", str(out)]
    meta = ["--outlet", "Gazette", "--outlet", "Ledger", "--date", "2031-03-04", "--title-from-first-line"]
    code, _, err = run(capsys, *argv, *meta)
    assert code == 0, err
    got = {a.doc: (a.outlet, a.published, a.title) for a in read_batch_dir(out)}
    assert got == {
        "g1": ("Gazette", "2031-03-04", "Ferries return to the harbour"),
        "g2": ("Gazette", "2031-03-04", "Ferries return to the harbour"),
        "l1": ("Ledger", "2031-03-04", "Ferries return to the harbour"),
        "l2": ("Own Outlet", "2030-01-01", "Ferries return to the harbour"),  # never overwritten
    }
    code, _, err = run(capsys, *argv, "--outlet", "A", "--outlet", "B", "--outlet", "C")
    assert code == 2 and "--outlet given 3 times for 2 PATHs" in err


@pytest.mark.parametrize("width", [40, 60, 100])
def test_a_table_never_cuts_ids_or_numbers(width: int) -> None:
    from sayso.cli.table import print_table

    rows = [
        {
            "id": "an-entity-id-far-longer-than-any-column",
            "name": "A [b] name",
            "quotes": 1234567,
            "day": "2024-03-05",
        },
        {"id": "q7", "name": "Short", "quotes": 3, "day": "2024-11-30"},
    ]
    out = io.StringIO()
    print_table(
        rows,
        ("id", "name", "quotes", "day"),
        file=out,
        id_columns=("id",),
        wide_columns=("name",),
        width=width,
    )
    lines = [line for line in out.getvalue().splitlines() if line.startswith("│")]
    cells = [[c.strip() for c in line.split("│")[1:-1]] for line in lines]
    assert all(len(line) <= width for line in out.getvalue().splitlines())
    assert "an-entity-id-far-longer-than-any-column" in "".join(c[0] for c in cells)
    assert "1234567" in {c[2] for c in cells} and "A [b] name" in " ".join(c[1] for c in cells)
    assert {"2024-03-05", "2024-11-30"} <= {c[3] for c in cells}  # dates whole, never "202…"


def test_an_output_never_replaces_an_input_or_a_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: str
) -> None:
    """Seventeenth session: the output is renamed over its path at the end, so "-o" naming an
    input replaced the articles with their quotes, and "export --db q.db -o q.db" left JSON
    Lines where the database was, both with exit code 0. Both are usage errors now."""
    articles = tmp_path / "a.jsonl"
    articles.write_text(json.dumps({"id": "a", "text": "“We sail on Friday,” Ana Ruiz said."}) + "\n")
    before = articles.read_bytes()
    code, _, err = run(capsys, "extract", str(articles), "-o", str(articles))
    assert code == 2 and "E200" in err and "also an input" in err
    assert articles.read_bytes() == before
    code, _, err = run(capsys, "export", "--db", db, "-o", db)
    assert code == 2 and "SQLite database" in err
    conn = open_db(Path(db), create=False)
    assert conn.execute("SELECT count(*) FROM quotes").fetchone()[0] == 2
    conn.close()


@pytest.mark.parametrize(
    "argv",
    [
        ("search", "ferry", "--offset", str(2**63)),
        ("search", "--limit", str(2**63)),
        ("speakers", "--offset", str(2**63)),
        ("speakers", "list", "--limit", str(2**63)),
    ],
)
def test_paging_past_sqlites_integers_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], db: str, argv: tuple[str, ...]
) -> None:
    """Seventeenth session: an --offset or --limit past 2**63 - 1 was an OverflowError traceback."""
    code, _, err = run(capsys, *argv, "--db", db)
    assert code == 2 and "E200" in err and "Traceback" not in err


@pytest.mark.parametrize("command", [("export",), ("search", "-f", "jsonl", "-n", "5000")])
def test_a_reader_that_goes_away_is_no_error(tmp_path: Path, command: tuple[str, ...]) -> None:
    """Seventeenth session: "sayso export --db q.db | head -1" printed a BrokenPipeError traceback
    and "Exception ignored in: <generator object export_rows>" after it. Now it says nothing."""
    import subprocess
    import sys

    path = tmp_path / "many.db"
    conn = open_db(path)
    words = "The ferries sail again on Friday and every ferry carries bicycles. " * 8
    index_inputs(conn, [quoted_article(f"doc-{i}", [("Ana Ruiz", words)] * 5) for i in range(120)])
    conn.close()
    proc = subprocess.Popen(
        [sys.executable, "-m", "sayso", *command, "--db", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # what "head -1" does after its line
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "Exception ignored" not in err, err


def test_every_db_option_refuses_a_directory_alike() -> None:
    """Seventeenth session: ``--db DIR`` was a usage error for search, show, export and speakers
    but E302 (exit 3) for stories: every ``--db`` takes a file, and says so the same way."""
    for name in COMMANDS:
        command = _command(name)
        for param in getattr(command, "params", []):
            if "--db" in param.opts:
                assert getattr(param.type, "dir_okay", True) is False, name
