"""Reading the database: full-text search, speakers, stories, one article.

Every function takes an open connection (or, for ``list_stories``, a path) and returns plain
dicts or model objects, so the CLI, the HTTP layer and the comparison command share them.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from sayso.errors import NotFoundError, UsageError
from sayso.model import Article
from sayso.rows import normalise_name
from sayso.settings import DEFAULT_MIN_CONFIDENCE
from sayso.store.db import db_errors, open_db
from sayso.store.records import article_from_rows

#: The fields of one search hit / export row, in output order (JSON Lines and CSV).
HIT_FIELDS: tuple[str, ...] = (
    "doc",
    "quote_id",
    "kind",
    "content",
    "speaker",
    "confidence",
    "outlet",
    "published",
    "story",
    "relation",
    "other_outlets",
)

#: A text search ranks at most this many matching quotes (the most recently indexed ones that
#: pass the filters); rarer words are ranked over all their matches. See ``search``.
RANK_WINDOW = 5000

#: Below this similarity (0–100) a misspelt speaker name matches nobody rather than a stranger.
FUZZY_CUTOFF = 80.0

_HIT_SELECT = (
    "a.doc AS doc, q.quote_id AS quote_id, q.kind AS kind, q.content AS content, q.speaker AS speaker, "
    "q.confidence AS confidence, "
    "a.outlet AS outlet, a.published AS published, a.story AS story, q.relation AS relation, "
    "q.other_outlets AS other_outlets"
)


@dataclass(frozen=True, slots=True)
class SearchQuery:
    """What ``sayso search`` asks; every field optional, all given filters must hold."""

    text: str | None = None
    speaker: str | None = None
    outlet: str | None = None
    since: str | None = None
    until: str | None = None
    story: str | None = None
    limit: int = 20
    min_confidence: float = DEFAULT_MIN_CONFIDENCE


_TERM = re.compile(r'"([^"]*)"|(\S+)')
_WORD = re.compile(r"\w+")


def fts_query(text: str) -> str | None:
    """Turn what a user types into a safe FTS5 query: every word must occur (AND).

    Quoted parts stay phrases (``"tax cuts"``) and a trailing ``*`` asks for a prefix (``econom*``);
    everything else FTS5 would treat as syntax (``-``, ``:``, ``NEAR``, ``OR``) is taken as words,
    so no input can make the query fail.
    """
    parts: list[str] = []
    for match in _TERM.finditer(text):
        phrase, word = match.groups()
        if phrase is not None:
            words = _WORD.findall(phrase)
            if words:
                parts.append('"' + " ".join(words) + '"')
            continue
        words = _WORD.findall(word)
        for i, w in enumerate(words):
            prefix = word.endswith("*") and i == len(words) - 1
            parts.append(f'"{w}"' + ("*" if prefix else ""))
    return " ".join(parts) or None


def contains_pattern(value: str) -> str:
    """A ``LIKE ? ESCAPE '\\'`` pattern for "contains ``value``", taking ``value`` literally.

    ``%`` and ``_`` are LIKE wildcards: unescaped, ``--outlet %`` or ``--speaker _`` would match
    every row instead of the outlets or names that contain that character.
    """
    escaped = value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _parse_day(value: str, option: str) -> tuple[str, bool]:
    """An ISO date or date-time from the command line; ``(value, is_date_only)``."""
    try:
        if len(value) == 10:
            return date.fromisoformat(value).isoformat(), True
        datetime.fromisoformat(value)
    except ValueError as exc:
        raise UsageError(f"{option} expects a date like 2024-05-31, got {value!r}") from exc
    return value, False


def speaker_norms(conn: sqlite3.Connection, name: str) -> list[str]:
    """The stored speaker names (normalised) a user's ``--speaker`` means.

    Every word of the query must occur in the name, in any case and without accents
    (``"warren"`` finds ``Elizabeth Warren``); when nothing matches that way, a fuzzy match catches
    misspellings (``"Elizabet Waren"``).
    """
    words = normalise_name(name).split()
    if not words:
        return []
    like = " AND ".join("norm LIKE ? ESCAPE '\\'" for _ in words)
    found = [
        r[0]
        for r in conn.execute(
            f"SELECT norm FROM speaker_names WHERE {like}", [contains_pattern(w) for w in words]
        )
    ]
    if found:
        return found
    from rapidfuzz import fuzz, process

    choices = [r[0] for r in conn.execute("SELECT norm FROM speaker_names")]
    hits = process.extract(" ".join(words), choices, scorer=fuzz.WRatio, score_cutoff=FUZZY_CUTOFF, limit=50)
    return [choice for choice, _score, _i in hits]


def search(conn: sqlite3.Connection, query: SearchQuery) -> list[dict[str, Any]]:
    """Quotes matching ``query``: best bm25 match first with text, newest article first without.

    A word or phrase with more than ``RANK_WINDOW`` matching quotes (after the filters) is
    ranked among the ``RANK_WINDOW`` most recently indexed ones, which keeps every search in
    milliseconds on millions of quotes; narrow such a search with more words or a filter.
    """
    if query.limit < 1:
        raise UsageError(f"--limit must be at least 1, got {query.limit}")
    where: list[str] = []
    params: list[Any] = []
    match = fts_query(query.text) if query.text else None
    if query.speaker:
        norms = speaker_norms(conn, query.speaker)
        if not norms:
            return []
        where.append(f"q.speaker_norm IN ({','.join('?' * len(norms))})")
        params.extend(norms)
    if query.outlet:
        where.append("a.outlet LIKE ? ESCAPE '\\'")
        params.append(contains_pattern(query.outlet.strip()))
    if query.since:
        since, _ = _parse_day(query.since, "--since")
        where.append("a.published >= ?")
        params.append(since)
    if query.until:
        until, day = _parse_day(query.until, "--until")
        if day:
            where.append("a.published < ?")
            params.append((date.fromisoformat(until) + timedelta(days=1)).isoformat())
        else:
            where.append("a.published <= ?")
            params.append(until)
    if query.story:
        where.append("a.story = ?")
        params.append(query.story)
    if query.min_confidence > 0:
        where.append("q.confidence >= ?")
        params.append(query.min_confidence)
    if match:
        # Rank (bm25) only the newest RANK_WINDOW matches that pass the filters: bm25 costs a
        # lookup per matching row, which for a word found in half of a million quotes takes
        # seconds, while walking the matches newest-first and filtering them is cheap.
        sql = (
            "SELECT c.score AS score, "
            + _HIT_SELECT
            + " FROM (SELECT f.rowid AS id, bm25(quotes_fts) AS score FROM quotes_fts f "
            # Join only what the filters need: each join is a lookup per matching row.
            + ("JOIN quotes q ON q.id = f.rowid " if where else "")
            + ("JOIN articles a ON a.id = q.article_id " if any("a." in w for w in where) else "")
            + "WHERE quotes_fts MATCH ?"
            + "".join(f" AND {w}" for w in where)
            + " ORDER BY f.rowid DESC LIMIT ?) c "
            "JOIN quotes q ON q.id = c.id JOIN articles a ON a.id = q.article_id "
            "ORDER BY c.score, q.id DESC LIMIT ?"
        )
        params = [match, *params, RANK_WINDOW, query.limit]
    else:
        sql = (
            f"SELECT {_HIT_SELECT} FROM quotes q JOIN articles a ON a.id = q.article_id"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY a.published DESC, a.id, q.id LIMIT ?"
        )
        params.append(query.limit)
    with db_errors(conn, "searching"):
        return [{k: row[k] for k in HIT_FIELDS} for row in conn.execute(sql, params)]


def read_article(conn: sqlite3.Connection, doc: str) -> Article | None:
    """The stored article ``doc`` exactly as it was indexed, or ``None``."""
    row = conn.execute(
        "SELECT a.*, t.text AS text, t.entities AS entities FROM articles a "
        "JOIN article_texts t ON t.article_id = a.id "
        "WHERE a.doc = ?",
        (doc,),
    ).fetchone()
    if row is None:
        return None
    speakers = conn.execute(
        "SELECT * FROM speakers WHERE article_id = ? ORDER BY id", (row["id"],)
    ).fetchall()
    mentions: dict[int, list[list[int]]] = {}
    for m in conn.execute(
        "SELECT m.speaker_row, m.start, m.end FROM mentions m JOIN speakers s ON s.id = m.speaker_row "
        "WHERE s.article_id = ? ORDER BY m.rowid",
        (row["id"],),
    ):
        mentions.setdefault(m[0], []).append([m[1], m[2]])
    quotes = conn.execute("SELECT * FROM quotes WHERE article_id = ? ORDER BY id", (row["id"],)).fetchall()
    return article_from_rows(row, speakers, mentions, quotes)


def show_article(
    conn: sqlite3.Connection,
    doc: str,
    *,
    with_text: bool = False,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
) -> dict[str, Any]:
    """One article as ``Article.to_dict`` plus its story and, per quote, how other outlets carry
    it; quotes below ``min_confidence`` are left out (and counted in ``hidden_quotes``)."""
    with db_errors(conn, "reading the article"):
        return _show_article(conn, doc, with_text=with_text, min_confidence=min_confidence)


def _unique_prefix(conn: sqlite3.Connection, prefix: str) -> str:
    """The one stored doc id starting with ``prefix`` (ids are long; people type the start)."""
    rows = conn.execute(  # substr, not LIKE: ids are case-sensitive
        "SELECT doc FROM articles WHERE substr(doc, 1, length(?1)) = ?1 ORDER BY doc LIMIT 6", (prefix,)
    ).fetchall()
    if len(rows) == 1:
        return str(rows[0][0])
    if not rows:
        raise NotFoundError(f"no article {prefix!r} in the database (see 'sayso search')", where=prefix)
    shown = ", ".join(repr(r[0]) for r in rows[:5])
    raise NotFoundError(f"{prefix!r} starts {'more than 5' if len(rows) > 5 else len(rows)} doc ids: {shown}")


def _show_article(
    conn: sqlite3.Connection, doc: str, *, with_text: bool, min_confidence: float
) -> dict[str, Any]:
    article = read_article(conn, doc)
    if article is None:
        doc = _unique_prefix(conn, doc)
        article = read_article(conn, doc)
    assert article is not None
    out = article.to_dict(with_text=with_text)
    meta = conn.execute(
        "SELECT story, content_hash, indexed_at FROM articles WHERE doc = ?", (doc,)
    ).fetchone()
    out["story"] = meta["story"]
    out["content_hash"] = meta["content_hash"]
    out["indexed_at"] = meta["indexed_at"]
    extra = {
        r["quote_id"]: r
        for r in conn.execute(
            "SELECT quote_id, relation, group_id, other_outlets FROM quotes "
            "WHERE article_id = (SELECT id FROM articles WHERE doc = ?)",
            (doc,),
        )
    }
    shown = [q for q in out["quotes"] if q["confidence"] >= min_confidence]
    out["hidden_quotes"] = len(out["quotes"]) - len(shown)
    out["quotes"] = shown
    for q in out["quotes"]:
        r = extra.get(q["id"])
        q["relation"] = r["relation"] if r else None
        q["group_id"] = r["group_id"] if r else None
        q["other_outlets"] = r["other_outlets"] if r else None
    return out


def list_speakers(
    conn: sqlite3.Connection,
    *,
    name: str | None = None,
    limit: int | None = 50,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
) -> list[dict[str, Any]]:
    """Speakers across the database (one row per normalised name), most quoted first.

    Only quotes at ``min_confidence`` or above count, and a name with none of them is not a
    speaker: someone is listed because they are quoted, not because they are mentioned.
    """
    params: list[Any] = [min_confidence]
    where = "s.norm != ''"
    if name:
        norms = speaker_norms(conn, name)
        if not norms:
            return []
        where += f" AND s.norm IN ({','.join('?' * len(norms))})"
        params.extend(norms)
    sql = (
        "SELECT s.norm AS norm, MAX(s.name) AS speaker, MAX(s.kind) AS kind, "
        "COUNT(DISTINCT s.article_id) AS articles, COUNT(DISTINCT a.outlet) AS outlets, "
        "(SELECT COUNT(*) FROM quotes q WHERE q.speaker_norm = s.norm AND q.confidence >= ?) AS quotes "
        f"FROM speakers s JOIN articles a ON a.id = s.article_id WHERE {where} "
        "GROUP BY s.norm HAVING quotes > 0 ORDER BY quotes DESC, articles DESC, s.norm"
    )
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    with db_errors(conn, "listing speakers"):
        return [
            {k: row[k] for k in ("speaker", "kind", "quotes", "articles", "outlets")}
            for row in conn.execute(sql, params)
        ]


@contextmanager
def _connection(db: str | Path | sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    if isinstance(db, sqlite3.Connection):
        yield db
        return
    conn = open_db(db, create=False)
    try:
        yield conn
    finally:
        conn.close()


def list_stories(db: str | Path | sqlite3.Connection) -> list[dict[str, Any]]:
    """Every story in the database, largest first: id, number of docs, outlets, title, date range.

    Called by ``sayso stories --db FILE``; accepts a path (opened and closed here) or a connection.
    """
    sql = (
        "SELECT a.story AS story, COUNT(*) AS docs, "
        "json_group_array(DISTINCT a.outlet) AS outlets, "
        "COALESCE(MAX(st.title), MIN(a.title)) AS title, "
        "MIN(a.published) AS first_published, MAX(a.published) AS last_published "
        "FROM articles a LEFT JOIN stories st ON st.id = a.story WHERE a.story IS NOT NULL "
        "GROUP BY a.story ORDER BY docs DESC, first_published, a.story"
    )
    with _connection(db) as conn, db_errors(conn, "listing stories"):
        rows = conn.execute(sql).fetchall()
    return [
        {
            "story": r["story"],
            "docs": r["docs"],
            "outlets": sorted(o for o in json.loads(r["outlets"]) if o),
            "title": r["title"],
            "first_published": r["first_published"],
            "last_published": r["last_published"],
        }
        for r in rows
    ]


def iter_quote_rows(conn: sqlite3.Connection, min_confidence: float = 0.0) -> Iterator[dict[str, Any]]:
    """Every quote with its article's metadata and what the store knows of it: the export rows."""
    sql = (
        f"SELECT {_HIT_SELECT}, a.title AS title, a.url AS url, q.spans AS content_spans, "
        "q.group_id AS group_id, q.speaker_id AS speaker_id, "
        "q.cue_start AS cue_start, q.cue_end AS cue_end, q.source_start AS source_start, "
        "q.source_end AS source_end, "
        "CASE WHEN q.cue_start IS NULL THEN NULL ELSE "
        "substr(t.text, q.cue_start + 1, q.cue_end - q.cue_start) END AS cue, "
        "CASE WHEN q.source_start IS NULL THEN NULL ELSE "
        "substr(t.text, q.source_start + 1, q.source_end - q.source_start) END AS source "
        "FROM quotes q JOIN articles a ON a.id = q.article_id JOIN article_texts t ON t.article_id = a.id "
        "WHERE q.confidence >= ? ORDER BY a.id, q.id"
    )
    with db_errors(conn, "exporting"):
        for row in conn.execute(sql, (min_confidence,)):
            yield dict(row)


def counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Row counts of the main tables, for summaries and benchmarks."""
    out = {}
    for table in ("articles", "quotes", "speakers", "stories"):
        out[table] = int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    return out
