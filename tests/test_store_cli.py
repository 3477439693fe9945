"""The database commands end to end through ``sayso.cli.main`` (exit codes, formats), no model.

Extraction is replaced by a tiny regex extractor so these tests check the commands' plumbing;
the real engine is exercised in ``test_batch.py`` (marked ``model``).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from test_store_helpers import quoted_article, regex_extract

from sayso.cli import main
from sayso.model import Article, ArticleInput, Failure, Quote, Span
from sayso.shards import write_shard


def _regex_extract(inputs: Iterable[ArticleInput | Failure]) -> Iterator[Article | Failure]:
    return regex_extract(inputs, "Ana Ruiz")


@pytest.fixture(autouse=True)
def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    from sayso.pipeline import Extractor

    monkeypatch.setattr(Extractor, "run", lambda self, inputs: _regex_extract(inputs))


def _jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


ROWS = [
    {
        "id": "n1",
        "outlet": "Harbor Gazette",
        "published": "2024-05-02",
        "title": "Ferry strike ends",
        "text": "Union leader Ana Ruiz said: “The ferries sail again on Friday.” Passengers cheered.",
    },
    {
        "id": "n2",
        "outlet": "Valley Times",
        "published": "2024-05-03",
        "title": "Schools reopen",
        "text": "Ana Ruiz, who chairs the board, said: “Every school reopens on Monday.”",
    },
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_index_search_show_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the table's quote text on one line, to be found whole
    db = str(tmp_path / "q.db")
    src = _jsonl(tmp_path / "news.jsonl", ROWS)
    code, out, _ = run(capsys, "index", str(src), "--db", db)
    assert code == 0
    assert "2 new, 0 unchanged, 0 replaced, 0 failed articles; 2 quotes added" in out

    code, out, _ = run(capsys, "index", str(src), "--db", db)
    assert code == 0 and "0 new, 2 unchanged" in out

    code, out, _ = run(capsys, "search", "ferry", "--db", db, "--format", "jsonl")
    (hit,) = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and hit["doc"] == "n1" and hit["content"] == "The ferries sail again on Friday."
    assert list(hit) == [
        "doc",
        "quote_id",
        "kind",
        "content",
        "content_spans",
        "speaker",
        "confidence",
        "outlet",
        "published",
        "story",
        "relation",
        "other_outlets",
        "display",
    ]

    code, out, _ = run(
        capsys, "search", "--speaker", "RUIZ", "--since", "2024-05-03", "--db", db, "-f", "csv"
    )
    assert [r["doc"] for r in csv.DictReader(io.StringIO(out))] == ["n2"]

    code, out, _ = run(capsys, "search", "school", "--db", db)  # the table format
    assert code == 0 and "Every school reopens" in out

    code, out, _ = run(capsys, "show", "n2", "--db", db, "--format", "json")
    assert json.loads(out)["quotes"][0]["content"] == "Every school reopens on Monday."

    code, out, _ = run(capsys, "speakers", "--db", db, "--format", "jsonl")
    # The regex extractor names a speaker in each quote (no speaker rows): one entity all the same.
    assert code == 0 and [json.loads(line)["name"] for line in out.splitlines()] == ["Ana Ruiz"]

    code, out, _ = run(capsys, "export", "--db", db, "--format", "jsonl")
    assert sorted(json.loads(line)["doc"] for line in out.splitlines()) == ["n1", "n2"]
    target = tmp_path / "all.parquet"
    code, _, err = run(capsys, "export", "--db", db, "--format", "parquet", "-o", str(target))
    assert code == 0 and "2 quotes written" in err and target.stat().st_size > 0


def test_changed_article_is_replaced_and_failures_give_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "q.db")
    src = _jsonl(tmp_path / "news.jsonl", ROWS)
    run(capsys, "index", str(src), "--db", db)
    changed = [ROWS[0], {**ROWS[1], "text": "Ana Ruiz said: “Schools stay shut until June.”"}]
    _jsonl(src, changed)
    (tmp_path / "broken.jsonl").write_text('{"id": "x", "text": \n', encoding="utf-8")
    code, out, err = run(capsys, "index", str(src), str(tmp_path / "broken.jsonl"), "--db", db)
    assert code == 1
    assert "0 new, 1 unchanged, 1 replaced, 1 failed" in out
    assert "broken.jsonl" in err and "[E1" in err
    code, out, _ = run(capsys, "search", "shut", "--db", db, "-f", "jsonl")
    assert json.loads(out)["doc"] == "n2"


def test_reader_warnings_are_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("Ana Ruiz said: “We open on Friday.” Caf\xe9 owners cheered.".encode() + b" \xe9t\xe9")
    code, out, err = run(capsys, "index", str(bad), "--db", str(tmp_path / "q.db"))
    assert code == 0 and "1 new" in out
    assert "warning: latin1:" in err


def test_index_loads_a_batch_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_dir = tmp_path / "out"
    articles = [quoted_article(f"b{i}", [("Li Wei", f"Fares fall by {i} percent.")]) for i in range(3)]
    write_shard(out_dir, "s1", [*articles, Failure("bad", "E104", "broken line", "x.jsonl:4")], {})
    (out_dir / "manifest.json").write_text("{}", encoding="utf-8")
    db = str(tmp_path / "q.db")
    code, out, err = run(capsys, "index", str(out_dir), "--db", db)
    # The document the batch failed on is reported again, not lost (QA, nineteenth session).
    assert code == 1 and "3 new" in out and "x.jsonl:4" in err and "broken line" in err
    code, out, _ = run(capsys, "show", "b2", "--db", db, "-f", "json")
    assert json.loads(out)["quotes"][0]["content"] == "Fares fall by 2 percent."


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["search", "x", "--format", "xml"], 2, "E200"),
        (["search", "x", "--since", "yesterday"], 2, "since expects a date"),
        (["export", "--format", "parquet"], 2, "-o FILE"),
        (["show", "missing-doc"], 1, "E106"),
        (["index"], 2, "no input"),
    ],
)
def test_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], code: int, message: str
) -> None:
    db = tmp_path / "q.db"
    run(capsys, "index", str(_jsonl(tmp_path / "n.jsonl", ROWS)), "--db", str(db))
    got, _, err = run(capsys, *argv, "--db", str(db))
    assert got == code and message in err
    assert "Traceback" not in err


def test_indexing_nothing_that_exists_creates_no_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seventeenth session: a typo in the input ("sayso index nonexist.jsonl --db new.db") left
    an empty new.db behind."""
    code, _, err = run(capsys, "index", str(tmp_path / "nonexist.jsonl"), "--db", str(tmp_path / "new.db"))
    assert code == 1 and "[E106]" in err and "nonexist.jsonl" in err
    assert not (tmp_path / "new.db").exists()


def test_unusable_database_files_exit_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "search", "x", "--db", str(tmp_path / "none.db"))
    assert code == 3 and "[E302]" in err and "no database" in err
    junk = tmp_path / "junk.db"
    junk.write_text("hello, I am a text file\n" * 10)
    for argv in (["search", "x"], ["index", str(tmp_path)], ["export"]):
        code, _, err = run(capsys, *argv, "--db", str(junk))
        assert code == 3 and "[E302]" in err and "Traceback" not in err


def test_default_db_comes_from_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SAYSO_DB", str(tmp_path / "env.db"))
    run(capsys, "index", str(_jsonl(tmp_path / "n.jsonl", ROWS)))
    assert (tmp_path / "env.db").exists()
    code, out, _ = run(capsys, "search", "ferries", "-f", "jsonl")
    assert code == 0 and json.loads(out)["doc"] == "n1"


@pytest.mark.parametrize(
    ("command", "doc"),
    [
        ("index", "docs/database.md"),
        ("search", "docs/database.md"),
        ("speakers", "docs/database.md"),
        ("show", "docs/database.md"),
        ("export", "docs/database.md"),
        ("batch", "docs/scale.md"),
    ],
)
def test_every_option_is_documented(root: Path, command: str, doc: str) -> None:
    import typer.main

    from sayso.cli import app

    text = (root / doc).read_text(encoding="utf-8")
    click_command = typer.main.get_command(app).commands[command]  # type: ignore[attr-defined]
    assert f"sayso {command}" in text
    for param in click_command.params:
        for option in param.opts:
            if option.startswith("--") and option != "--help":
                assert option in text, f"{option} of 'sayso {command}' is not in {doc}"


def test_outlet_wildcards_match_literally(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "q.db")
    run(capsys, "index", str(_jsonl(tmp_path / "n.jsonl", ROWS)), "--db", db)
    code, out, _ = run(capsys, "search", "--db", db, "-f", "jsonl")
    assert code == 0 and len(out.splitlines()) == 2  # two outlets stored
    for wildcard in ("%", "_", "%_%"):
        code, out, err = run(capsys, "search", "--outlet", wildcard, "--db", db, "-f", "jsonl")
        assert code == 0 and out == "", (wildcard, err)
    code, out, _ = run(capsys, "search", "--speaker", "_", "--db", db, "-f", "jsonl")
    assert code == 0 and out == ""


# --- an output that cannot be written -----------------------------------------------------------

ENOSPC_MESSAGE = "No space left on device"


def _full_disk_part_file(target: Path) -> Path:
    """Make ``target``'s ``.part`` a symlink to ``/dev/full``, so writing it fails with ENOSPC.

    A real full disk without root or a tiny file system; unlinking the ``.part`` afterwards
    removes the link, never the device.
    """
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    part = target.with_name(target.name + ".part")
    part.symlink_to("/dev/full")
    return part


def test_export_to_a_full_disk_is_one_line_and_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "q.db")
    run(capsys, "index", str(_jsonl(tmp_path / "n.jsonl", ROWS)), "--db", db)
    target = tmp_path / "quotes.jsonl"
    part = _full_disk_part_file(target)
    code, out, err = run(capsys, "export", "--db", db, "-f", "jsonl", "-o", str(target))
    assert code == 3 and out == "", err
    assert err.count("\n") == 1 and err.startswith("error: [E300] ") and ENOSPC_MESSAGE in err
    assert str(target) in err and "Traceback" not in err
    assert not part.exists() and not part.is_symlink() and not target.exists()
    assert Path("/dev/full").exists()


def test_parquet_export_to_a_full_disk_is_one_line_and_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "q.db")
    run(capsys, "index", str(_jsonl(tmp_path / "n.jsonl", ROWS)), "--db", db)
    target = tmp_path / "quotes.parquet"
    part = _full_disk_part_file(target)
    code, _, err = run(capsys, "export", "--db", db, "-f", "parquet", "-o", str(target))
    assert code == 3, err
    assert err.count("\n") == 1 and err.startswith("error: [E300] ") and str(target) in err
    assert "Traceback" not in err
    assert not part.is_symlink() and not target.exists() and Path("/dev/full").exists()


def test_open_output_removes_the_part_file_on_any_error(tmp_path: Path) -> None:
    from sayso.cli.common import open_output
    from sayso.errors import UsageError

    target = tmp_path / "out" / "quotes.jsonl"
    part = target.with_name("quotes.jsonl.part")
    with pytest.raises(UsageError), open_output(target) as fh:  # the command fails mid-way
        fh.write("half a line")
        assert part.exists()
        raise UsageError("stopped")
    assert not part.exists() and not target.exists()

    with open_output(target) as fh:  # a clean run still writes the file
        fh.write('{"ok": true}\n')
    assert target.read_text() == '{"ok": true}\n' and not part.exists()


def test_open_output_turns_a_failed_write_or_close_into_one_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import io

    from sayso.cli.common import open_output
    from sayso.errors import EnvironmentProblem

    class FullDisk(io.StringIO):
        """A file whose writes land in a buffer and whose flush finds the disk full."""

        def __init__(self, path: Path) -> None:
            super().__init__()
            open(path, "w").close()  # the .part exists on disk, as a real open would leave it
            self.failures = 0

        def flush(self) -> None:
            self.failures += 1
            raise OSError(errno.ENOSPC, ENOSPC_MESSAGE)

        def close(self) -> None:
            self.flush()

    opened: list[FullDisk] = []

    def fake_open(self: Path, *args: object, **kwargs: object) -> FullDisk:
        opened.append(FullDisk(self))
        return opened[-1]

    monkeypatch.setattr(Path, "open", fake_open)
    target = tmp_path / "report.json"
    # The error shows only when the last buffer is written, on close.
    with pytest.raises(EnvironmentProblem) as info, open_output(target) as fh:
        fh.write("{}")
    assert ENOSPC_MESSAGE in str(info.value) and info.value.where == str(target)
    assert info.value.__cause__ is None and info.value.__suppress_context__  # one error, not a chain
    assert not (tmp_path / "report.json.part").exists() and not target.exists()
    # ... or on an explicit flush, inside the command.
    with pytest.raises(EnvironmentProblem), open_output(target) as fh:
        fh.write("{}")
        fh.flush()
    assert not (tmp_path / "report.json.part").exists()


def test_open_output_reports_an_unopenable_path(tmp_path: Path) -> None:
    from sayso.cli.common import open_output
    from sayso.errors import EnvironmentProblem

    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(EnvironmentProblem, match="cannot open the output"), open_output(blocker / "x.jsonl"):
        pass


def test_open_output_writes_a_fifo_in_place(tmp_path: Path) -> None:
    """A FIFO (like /dev/null or /dev/stdout, not a regular file) is written, not replaced."""
    import os
    import stat
    import threading

    from sayso.cli.common import open_output

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    # Opened before open_output runs (non-blocking, so this thread does not wait for a writer).
    read_fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)

    def read_all() -> None:
        os.set_blocking(read_fd, True)
        with os.fdopen(read_fd, encoding="utf-8") as fh:
            got.append(fh.read())

    try:
        with open_output(fifo) as fh:
            fh.write("one line\n")
        assert stat.S_ISFIFO(fifo.stat().st_mode) and not (tmp_path / "pipe.part").exists()
    finally:
        reader = threading.Thread(target=read_all, daemon=True)
        reader.start()
        reader.join(timeout=10)
    assert got == ["one line\n"]


def test_show_takes_a_unique_id_prefix_and_tables_never_cut_ids(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "q.db")
    rows = [{**r, "id": f"harbour-bridge-reopening-{r['id']}-with-a-long-tail"} for r in ROWS]
    run(capsys, "index", str(_jsonl(tmp_path / "long.jsonl", rows)), "--db", db)
    code, _, err = run(capsys, "show", "harbour-bridge", "--db", db)
    assert code == 1 and "starts 2 doc ids" in err  # ambiguous: both are named
    code, out, err = run(capsys, "show", "harbour-bridge-reopening-n1", "--db", db, "--format", "json")
    assert code == 0 and json.loads(out)["doc"] == rows[0]["id"], err
    assert run(capsys, "show", "HARBOUR-bridge-reopening-n1", "--db", db)[0] == 1  # ids are case-sensitive
    code, out, _ = run(capsys, "search", "--db", db, "--min-confidence", "0")
    doc_column = "".join(line.split("│")[1].strip() for line in out.splitlines() if line.startswith("│"))
    assert code == 0 and all(r["id"] in doc_column for r in rows), out  # wrapped, never cut


def test_reading_the_database_never_imports_spacy(tmp_path: Path) -> None:
    """search, speakers, show and export are quick because they never load the language stack."""
    import subprocess
    import sys

    from sayso.store import index_inputs, open_db

    db = tmp_path / "q.db"
    conn = open_db(db)
    index_inputs(conn, [quoted_article("d1", [("Ana Ruiz", "The ferries sail again on Friday.")])])
    conn.close()
    code = (
        "import sys\n"
        "from sayso.cli import main\n"
        "for args in (['search', 'ferries'], ['speakers'], ['show', 'd1'], ['export']):\n"
        f"    assert main([*args, '--db', {str(db)!r}]) == 0, args\n"
        "print(sorted(m for m in ('spacy', 'thinc', 'sklearn', 'trafilatura') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_parquet_export_to_a_device_writes_through_it_and_leaves_it_in_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Eighteenth session: the finished file was renamed over the target, so `-o /dev/null` run
    # as root replaced the device with a regular file. A link to it stands for the device here:
    # renaming over the link would replace the link, never /dev/null itself.
    db = str(tmp_path / "q.db")
    run(capsys, "index", str(_jsonl(tmp_path / "n.jsonl", ROWS)), "--db", db)
    target = tmp_path / "null.parquet"
    target.symlink_to("/dev/null")
    code, _, err = run(capsys, "export", "--db", db, "-f", "parquet", "-o", str(target))
    assert code == 0, err
    assert target.is_symlink() and target.is_char_device()
    assert not target.with_name("null.parquet.part").exists()


def test_output_through_a_symbolic_link_writes_the_file_it_points_to(tmp_path: Path) -> None:
    # Eighteenth session: the finished file was renamed over the link, so '-o link.jsonl' left
    # the link replaced by a regular file and the file it pointed to unchanged.
    from sayso.cli.common import open_output

    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    with open_output(link) as fh:
        fh.write("new\n")
    assert link.is_symlink() and real.read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.jsonl", "real.jsonl"]


def test_search_and_show_tables_print_each_quote_as_extract_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A split quote reads "“first, … second.”", with its kind beside it (issue 10, point 7)."""
    text = "“We will fix it the long way round,” Ola Brandt said, “and the bridge will be open by spring.”"
    second = text.index("and the")
    pieces = (Span.of(text, 1, text.index("”")), Span.of(text, second, len(text) - 1))
    article = Article(
        doc="split",
        text=text,
        quotes=(
            Quote(id="q1", kind="direct", content=" ".join(p.text for p in pieces), content_spans=pieces),
        ),
    )
    from sayso.pipeline import Extractor

    monkeypatch.setattr(Extractor, "run", lambda self, inputs: iter([article]))
    (tmp_path / "split.txt").write_text(text, encoding="utf-8")
    db = str(tmp_path / "q.db")
    assert run(capsys, "index", str(tmp_path / "split.txt"), "--db", db)[0] == 0
    shown = "“We will fix it the long way round, … and the bridge will be open by spring.”"
    code, out, _ = run(capsys, "search", "bridge", "--db", db, "--format", "json")
    (hit,) = json.loads(out)
    assert (
        code == 0 and hit["display"] == shown and hit["content_spans"] == [[p.start, p.end] for p in pieces]
    )
    for command in (["search", "bridge"], ["show", "split"], ["export", "--format", "table"]):
        code, out, _ = run(capsys, *command, "--db", db)
        assert code == 0 and "direct" in out and "…" in out and "quote" in out
