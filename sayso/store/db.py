"""Opening the quote database: one SQLite file, WAL mode, migrated on open.

Why these settings:

* WAL lets readers (``sayso search``, the HTTP server) run while ``sayso index`` writes, and
  ``busy_timeout`` makes a writer wait for another writer's short transaction instead of failing.
* Connections run in autocommit mode and every write goes through ``transaction``, which uses
  ``BEGIN IMMEDIATE`` so a batch takes the write lock up front and either commits whole or not at
  all (a ``kill -9`` loses at most the batch in flight).
* Every ``sqlite3`` error that reaches a caller becomes a ``DatabaseError`` (E302) naming the file,
  so a corrupt file or a full disk is one clear line, never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sayso.errors import DatabaseError
from sayso.store.schema import LATEST, MIGRATIONS

#: SQLite files start with these 16 bytes; checked before connecting so that a foreign file is
#: refused without SQLite touching it (SQLite would otherwise happily start a WAL next to it).
_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 10_000
CACHE_KIB = 64 * 1024
MMAP_BYTES = 256 * 1024 * 1024


def default_db_path() -> Path:
    """``$SAYSO_DB`` when set, else ``sayso.db`` in the working directory."""
    return Path(os.environ.get("SAYSO_DB") or "sayso.db")


def _explain(exc: sqlite3.Error) -> str:
    text = str(exc)
    if "disk is full" in text or "disk I/O error" in text:
        return f"{text}; the transaction was rolled back and the database is unchanged"
    if "not a database" in text or "malformed" in text:
        return f"{text}; the file is corrupt or not a sayso database"
    if "locked" in text or "busy" in text:
        return f"{text}; another process held the write lock for more than {BUSY_TIMEOUT_MS // 1000} s"
    return text


@contextmanager
def db_errors(where: str | Path) -> Iterator[None]:
    """Turn any ``sqlite3`` error raised inside the block into a ``DatabaseError`` about ``where``."""
    try:
        yield
    except sqlite3.Error as exc:
        raise DatabaseError(_explain(exc), where=str(where)) from exc


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction: commit on success, roll back on any error (then re-raise it mapped).

    Inside an open transaction it becomes a savepoint, so functions that write (``write_batch``)
    compose: the outer caller decides when everything commits.
    """
    where = _db_name(conn)
    nested = conn.in_transaction
    with db_errors(where):
        conn.execute("SAVEPOINT sayso_nested" if nested else "BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException as exc:
        with contextlib.suppress(sqlite3.Error):  # a failed rollback must not hide the original error
            if nested:
                conn.execute("ROLLBACK TO sayso_nested")
                conn.execute("RELEASE sayso_nested")
            else:
                conn.rollback()
        if isinstance(exc, sqlite3.Error):
            raise DatabaseError(_explain(exc), where=where) from exc
        raise
    with db_errors(where):
        if nested:
            conn.execute("RELEASE sayso_nested")
            return
        try:
            conn.commit()
        except sqlite3.Error:
            conn.rollback()
            raise


def _db_name(conn: sqlite3.Connection) -> str:
    row = conn.execute("PRAGMA database_list").fetchone()
    return str(row[2] or ":memory:") if row else ":memory:"


def _check_file(path: Path) -> None:
    if not path.exists():
        return
    if path.is_dir():
        raise DatabaseError("is a directory, not a database file", where=str(path))
    with path.open("rb") as fh:
        head = fh.read(len(_MAGIC))
    if head and head != _MAGIC:
        raise DatabaseError(
            "not a SQLite database (wrong file header); refusing to touch it", where=str(path)
        )


def open_db(path: str | Path, *, create: bool = True) -> sqlite3.Connection:
    """Open (and if needed create and migrate) the database at ``path``; ``:memory:`` works too.

    With ``create=False`` a missing file is an error instead of a new empty database, which is
    what read-only commands want: a typo in ``--db`` should not silently search nothing.
    """
    memory = str(path) == ":memory:"
    p = Path(path)
    if not memory:
        if not create and not p.exists():
            raise DatabaseError(
                "no database here; create one with 'sayso index PATH --db FILE'", where=str(p)
            )
        _check_file(p)
        if create:
            p.parent.mkdir(parents=True, exist_ok=True)
    with db_errors(p):
        conn = sqlite3.connect(str(p), isolation_level=None, check_same_thread=False)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA foreign_keys = ON")
            if not memory:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = NORMAL")
                # Ranking a common word reads the index pages of every matching quote: a page
                # cache larger than the 2 MB default, and reads through mmap, keep that in memory.
                conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
                conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
            migrate(conn, where=str(p))
        except BaseException:
            conn.close()
            raise
    return conn


def schema_version(conn: sqlite3.Connection) -> int | None:
    """The schema version, 0 for an empty file, ``None`` when the file holds someone else's tables."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "schema_version" in tables:
        row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
        return int(row[0] or 0)
    return 0 if not tables else None


def migrate(conn: sqlite3.Connection, *, where: str = "database") -> int:
    """Apply every migration the database lacks, each in its own transaction; return the version."""
    version = schema_version(conn)
    if version is None:
        raise DatabaseError("a SQLite file, but not a sayso database (no schema_version table)", where=where)
    if version > LATEST:
        raise DatabaseError(
            f"schema version {version} is newer than this sayso understands ({LATEST}); upgrade sayso",
            where=where,
        )
    while version < LATEST:
        with transaction(conn):
            # Re-read under the write lock: another process may have migrated meanwhile.
            current = schema_version(conn) or 0
            if current != version:
                version = current
                continue
            if version == 0:
                conn.execute(
                    "CREATE TABLE schema_version (version INTEGER NOT NULL, applied_at TEXT NOT NULL)"
                )
            if version == 1:
                _early_layout(conn)
            for statement in _statements(MIGRATIONS[version]):
                conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_version (version, applied_at) VALUES (?, datetime('now'))", (version + 1,)
            )
            version += 1
    return version


def _early_layout(conn: sqlite3.Connection) -> None:
    """Bring a version-1 database of the first development days (text inside ``articles``) to
    the released version-1 layout (text in ``article_texts``), inside the migration transaction."""
    columns = {r[1] for r in conn.execute("PRAGMA table_info(articles)")}
    if "text" not in columns:
        return
    conn.execute(
        "CREATE TABLE IF NOT EXISTS article_texts (article_id INTEGER PRIMARY KEY "
        "REFERENCES articles(id) ON DELETE CASCADE, text TEXT NOT NULL)"
    )
    conn.execute("INSERT OR REPLACE INTO article_texts (article_id, text) SELECT id, text FROM articles")
    conn.execute("ALTER TABLE articles DROP COLUMN text")


def _statements(script: str) -> Iterator[str]:
    """Split a migration into statements (``executescript`` would commit our transaction)."""
    buf: list[str] = []
    for line in script.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("--"):
            continue
        buf.append(line)
        joined = "\n".join(buf)
        if stripped.endswith(";") and sqlite3.complete_statement(joined):
            yield joined
            buf = []
    if buf:
        yield "\n".join(buf)
