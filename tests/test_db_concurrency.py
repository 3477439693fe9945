"""The database under concurrent processes: no lock is ever dropped, no write is ever lost.

The first tests need no model and run in a second or two; the last one runs the bounded
server + CLI run of ``bench/concurrency.py`` with real processes.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from repo_scripts import load_script
from test_store_helpers import quoted_article

from sayso.errors import DatabaseError
from sayso.store import index_inputs, open_db
from sayso.store.db import transaction

ROOT = Path(__file__).resolve().parent.parent


def _other_process(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


def test_opening_again_keeps_the_locks_of_open_connections(tmp_path: Path) -> None:
    """Regression: the header check used to open and close the file with Python, which on POSIX
    drops every fcntl lock the process holds on it. Another process closing its connection then
    believed it was alone, checkpointed and deleted the WAL under the first one's feet."""
    path = tmp_path / "held.db"
    first = open_db(path)
    index_inputs(first, [quoted_article("a-1", [("Mara Quist", "The ferry will run all winter.")])])
    second = open_db(path)  # what every new server thread does
    done = _other_process(
        f"import sqlite3; c = sqlite3.connect({str(path)!r}); c.execute('SELECT 1 FROM articles'); c.close()"
    )
    assert done.returncode == 0, done.stderr
    assert Path(f"{path}-wal").exists(), "another process removed the WAL of open connections"
    first.execute("SELECT COUNT(*) FROM articles").fetchone()
    second.close()
    first.close()


def test_two_processes_writing_lose_nothing(tmp_path: Path) -> None:
    """Two writer processes on one file, the first reopening the database between its writes (as
    the server does per thread): every row of both is there and the file is intact."""
    path = tmp_path / "both.db"
    open_db(path).close()
    n = 150
    child = (
        f"import sys; sys.path.insert(0, {str(ROOT)!r})\n"
        "from sayso.store.db import open_db, transaction\n"
        f"c = open_db({str(path)!r})\n"
        f"for i in range({n}):\n"
        "    with transaction(c):\n"
        "        c.execute(\"INSERT INTO stories (id, dirty, updated_at) VALUES (?, 0, 'x')\",\n"
        "                  (f'child-{i}',))\n"
        "c.close()\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", child], stderr=subprocess.PIPE, text=True)
    conns = []
    for i in range(n):
        conn = open_db(path)
        conns.append(conn)
        with transaction(conn):
            conn.execute("INSERT INTO stories (id, dirty, updated_at) VALUES (?, 0, 'x')", (f"parent-{i}",))
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    for conn in conns:
        conn.close()
    check = sqlite3.connect(path)
    assert [r[0] for r in check.execute("PRAGMA integrity_check")] == ["ok"]
    assert check.execute("SELECT COUNT(*) FROM stories").fetchone()[0] == 2 * n
    check.close()


def test_threads_of_one_process_each_with_a_connection(tmp_path: Path) -> None:
    """The server's layout: one connection per thread, all writing at once; nothing is lost."""
    path = tmp_path / "threads.db"
    open_db(path).close()
    errors: list[BaseException] = []

    def write(t: int) -> None:
        try:
            conn = open_db(path)
            for i in range(20):
                article = quoted_article(f"t{t}-{i}", [("Ines Haddad", f"Stop number {i} opens in May.")])
                index_inputs(conn, [article])
            conn.close()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(t,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors
    conn = open_db(path, create=False)
    assert conn.execute("SELECT COUNT(*) FROM articles").fetchone()[0] == 8 * 20
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def test_zero_byte_file_is_not_a_database_for_readers(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    with pytest.raises(DatabaseError) as info:
        open_db(path, create=False)
    assert "empty file" in info.value.message and info.value.where == str(path)
    assert path.stat().st_size == 0 and not Path(f"{path}-wal").exists()
    open_db(path).close()  # 'sayso index' may start a database in it: nothing to lose


def test_fifo_is_never_opened_as_a_database(tmp_path: Path) -> None:
    import os

    path = tmp_path / "pipe.db"
    os.mkfifo(path)
    with pytest.raises(DatabaseError) as info:
        open_db(path)  # would block forever if it were opened
    assert "not a regular file" in info.value.message


@pytest.mark.model
@pytest.mark.slow
def test_server_writers_cli_readers_and_indexer_on_one_database() -> None:
    """40 concurrent writers to a real ``sayso serve``, 'sayso search' processes and a 'sayso
    index' process at once: integrity ok, every acknowledged write stored, no 503."""
    report = load_script("bench/concurrency.py").run(writers=40, readers=3, reader_runs=3, index_articles=12)
    assert report.integrity == "ok", report.summary()
    assert report.statuses == {200: 40}, report.summary()
    assert len(report.acknowledged) == 40 and not report.missing, report.summary()
    assert report.indexer_code == 0 and not report.indexer_missing, report.summary()
    assert report.reader_codes and set(report.reader_codes) == {0}, report.summary()
    assert report.wal_kept, report.summary()
