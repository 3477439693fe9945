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
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sayso.errors import DatabaseError
from sayso.store.schema import LATEST, MIGRATIONS, READABLE_FROM

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
    if "not a database" in text:
        return f"not a SQLite database, or a damaged one ({text}); nothing was written to it"
    if "malformed" in text:
        return f"the database file is damaged ({text}); restore it from a copy or re-index into a new file"
    if "locked" in text or "busy" in text:
        return f"{text}; another process held the write lock for longer than this one would wait"
    return text


@contextmanager
def db_errors(where: str | Path | sqlite3.Connection, doing: str | None = None) -> Iterator[None]:
    """Turn any ``sqlite3`` error raised inside the block into a ``DatabaseError`` naming the file.

    Given a connection, the error names its database file (what the user can act on), and
    ``doing`` ("searching") says which operation failed.
    """
    try:
        yield
    except sqlite3.Error as exc:
        name = _db_name(where) if isinstance(where, sqlite3.Connection) else str(where)
        message = _explain(exc) if doing is None else f"{doing}: {_explain(exc)}"
        raise DatabaseError(message, where=name) from exc


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
    try:
        row = conn.execute("PRAGMA database_list").fetchone()
    except sqlite3.Error:  # a closed or broken connection: still report something
        return "database"
    return str(row[2] or ":memory:") if row else ":memory:"


def _preflight(path: Path, *, create: bool) -> None:
    """Refuse what is plainly not a database file, from ``stat`` alone.

    The file itself is never opened here: on POSIX, closing *any* descriptor of a file drops
    every fcntl lock the process holds on it, so a header check with ``open()`` in a process
    that already has SQLite connections to the file (the server opens one per thread) silently
    releases their locks, and another process then checkpoints, deletes the WAL or writes as if
    it were alone: a corrupt database (SQLite's "How To Corrupt", section 2.2). Whether the bytes
    are SQLite is asked of SQLite itself, in ``open_db``.
    """
    try:
        st = path.stat()
    except FileNotFoundError:
        if not create:
            raise DatabaseError(
                "no database here; create one with 'sayso index PATH --db FILE'", where=str(path)
            ) from None
        return
    except OSError as exc:
        raise DatabaseError(f"cannot read the file: {exc.strerror or exc}", where=str(path)) from exc
    if stat.S_ISDIR(st.st_mode):
        raise DatabaseError("is a directory, not a database file", where=str(path))
    if not stat.S_ISREG(st.st_mode):
        raise DatabaseError("not a regular file (a FIFO, socket or device), not a database", where=str(path))
    if st.st_size == 0 and not create and not Path(f"{path}-wal").exists():
        raise DatabaseError(
            "empty file (0 bytes), not a sayso database; create one with 'sayso index PATH --db FILE'",
            where=str(path),
        )


def open_db(
    path: str | Path, *, create: bool = True, busy_timeout_ms: int = BUSY_TIMEOUT_MS
) -> sqlite3.Connection:
    """Open (and if needed create and migrate) the database at ``path``; ``:memory:`` works too.

    With ``create=False`` a missing or empty file is an error instead of a new empty database,
    which is what read-only commands want: a typo in ``--db`` should not silently search nothing.
    A file that is not SQLite is refused before anything is written next to it: the first
    statement only reads the header, and WAL mode (which creates ``-wal``/``-shm``) is switched
    on after it. ``busy_timeout_ms`` is how long a write waits for another process's write
    transaction before failing with "database is locked".
    """
    memory = str(path) == ":memory:"
    p = Path(path)
    if not memory:
        _preflight(p, create=create)
        if create:
            p.parent.mkdir(parents=True, exist_ok=True)
    if not memory and not create and not _writable(p):
        return _open_read_only(p, busy_timeout_ms)
    with db_errors(p):
        conn = sqlite3.connect(str(p), isolation_level=None, check_same_thread=False)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            # Reads the header: "file is not a database" here, before WAL files are created.
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
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


def _writable(p: Path) -> bool:
    """Whether this process may write the file and create its ``-wal``/``-shm`` beside it."""
    return os.access(p, os.W_OK) and os.access(p.parent, os.W_OK | os.X_OK)


def _open_read_only(p: Path, busy_timeout_ms: int) -> sqlite3.Connection:
    """A database this process can only read (a colleague's file, a read-only mount), for the
    commands that only read: opened read-only, no WAL switch, no migration. A WAL database wants
    its ``-shm`` file, which read-only opening cannot create: when no process has the database
    open (so there is none), it is read as immutable, since nobody is writing it then."""
    from urllib.parse import quote

    base = f"file:{quote(str(p.resolve()))}?mode=ro"
    with db_errors(p):
        conn = sqlite3.connect(base, uri=True, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError:
            conn.close()
            conn = sqlite3.connect(
                base + "&immutable=1", uri=True, isolation_level=None, check_same_thread=False
            )
        try:
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            version = schema_version(conn)
            if version is None:
                raise DatabaseError(
                    "a SQLite file, but not a sayso database (no schema_version table)", where=str(p)
                )
            if not READABLE_FROM <= version <= LATEST:
                raise DatabaseError(
                    f"schema version {version}, this sayso reads {READABLE_FROM} to {LATEST}; it is "
                    "read-only here, so it cannot be upgraded: open it once with write access "
                    "(any 'sayso index')",
                    where=str(p),
                )
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
