"""A damaged or unlikely database file is one clear E302 line naming the file, never a traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from test_store_helpers import quoted_article

from sayso.cli import main
from sayso.store import index_inputs, open_db


def _damaged_db(tmp_path: Path) -> Path:
    """A database whose header and schema are fine but whose article pages are garbage."""
    path = tmp_path / "damaged.db"
    conn = open_db(path)
    long_words = " ".join(f"The pier number {i} will be painted green in June." for i in range(400))
    index_inputs(conn, [quoted_article("pier-1", [("Oren Novak", long_words)])])
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(path.read_bytes())
    page = 4096
    for start in range(8 * page, len(data) - page, page):  # keep the first pages: schema and header
        data[start : start + page] = b"\xa5" * page
    path.write_bytes(bytes(data))
    return path


def test_show_on_a_damaged_database_is_e302_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _damaged_db(tmp_path)
    rc = main(["show", "pier-1", "--db", str(path)])
    err = capsys.readouterr().err
    assert rc == 3, err
    assert "[E302]" in err and str(path) in err
    assert "Traceback" not in err


def test_search_errors_name_the_file_not_the_operation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _damaged_db(tmp_path)
    rc = main(["search", "painted", "--db", str(path)])
    err = capsys.readouterr().err
    assert rc == 3, err
    assert f"[E302] {path}: " in err and "[E302] search" not in err


def test_read_commands_refuse_a_zero_byte_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "touched.db"
    path.touch()
    for command in (["search", "x"], ["speakers"], ["show", "d"], ["export"]):
        assert main([*command, "--db", str(path)]) == 3
        assert "empty file (0 bytes)" in capsys.readouterr().err
    assert path.stat().st_size == 0


def test_a_raw_sqlite_error_reaching_the_cli_is_still_one_e302_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The safety net in ``sayso.cli.main``: a library path that forgot ``db_errors``."""
    import sayso.store.queries as queries

    def broken(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database disk image is malformed")

    monkeypatch.setattr(queries, "list_speakers", broken)
    db = tmp_path / "ok.db"
    open_db(db).close()
    assert main(["speakers", "--db", str(db)]) == 3
    err = capsys.readouterr().err
    assert "[E302]" in err and "malformed" in err and "Traceback" not in err
