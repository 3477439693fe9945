"""Speaker entities across the database, as a reader sees them: lookups, lists, a speaker's page.

An entity is one person, group or organisation across all articles, with its aliases and the
evidence for each merge; they are built and rebuilt by ``sayso.store.rebuild`` (resolution and
manual overrides), which this module imports only when a database has no entities yet, so a
search or a page never loads the resolver. Only ``sqlite3`` and ``sayso.names`` are imported:
never spaCy.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from datetime import date
from typing import Any

from sayso.errors import NotFoundError, UsageError
from sayso.rows import normalise_name
from sayso.settings import DEFAULT_MIN_CONFIDENCE
from sayso.store.aliases import matching_entities
from sayso.store.db import db_errors

#: A speaker's timeline counts per day when all its dated quotes fall within this many days.
TIMELINE_DAYS = 62


def ensure_entities(conn: sqlite3.Connection) -> None:
    """Build the entities of a database migrated from before they existed, on its first read.

    Only when there are none at all: a reader never rebuilds what an indexer is about to refresh,
    and a read-only file is read as it is.
    """
    if conn.execute("SELECT EXISTS (SELECT 1 FROM entities)").fetchone()[0]:
        return
    from sayso.store.rebuild import entities_stale, rebuild_entities

    if not entities_stale(conn):
        return
    try:
        rebuild_entities(conn)
    except Exception as exc:  # a read-only file or a busy writer: read what is there
        if "readonly" not in str(exc) and "locked" not in str(exc):
            raise


def find_entity(conn: sqlite3.Connection, ref: str) -> sqlite3.Row:
    """The entity ``ref`` means: an id, else a name or alias (the most quoted entity with it)."""
    ensure_entities(conn)
    row = conn.execute("SELECT * FROM entities WHERE id = ?", (ref,)).fetchone()
    if row is not None:
        return row
    norm = normalise_name(ref)
    row = conn.execute(
        "SELECT e.* FROM entities e JOIN entity_aliases x ON x.entity = e.id WHERE x.alias = ? "
        "ORDER BY (lower(e.name) = lower(?)) DESC, e.local, x.quotes DESC, e.id LIMIT 1",
        (norm, ref),
    ).fetchone()
    if row is None:
        raise NotFoundError(f"no speaker entity {ref!r} (see 'sayso speakers')", where=ref)
    return row


# --- reading ---------------------------------------------------------------------------------
#: The fields of one entity list row, in output order.
ENTITY_FIELDS: tuple[str, ...] = ("id", "name", "kind", "quotes", "articles", "outlets", "aliases", "local")


def speaker_entities(conn: sqlite3.Connection, name: str) -> list[str]:
    """The entity ids a ``--speaker NAME`` means: any alias, by whole words or their beginnings,
    else by any part (``sayso.store.aliases``, an index lookup instead of a scan of every alias)."""
    ensure_entities(conn)
    with db_errors(conn, "finding the speaker"):
        return matching_entities(conn, name)[0]


def list_entities(
    conn: sqlite3.Connection,
    *,
    name: str | None = None,
    limit: int | None = 50,
    offset: int = 0,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
    named_only: bool = False,
    authors: bool = False,
) -> list[dict[str, Any]]:
    """Entities with at least one quote at ``min_confidence``, most quoted first (see ENTITY_FIELDS).

    An article's own narrator (kind ``author``) is no one the article quotes: left out unless
    ``authors`` (then only they are listed), so a list of speakers is a list of people quoted."""
    ensure_entities(conn)
    where: list[str] = ["q.confidence >= ?", "e.kind = 'author'" if authors else "e.kind != 'author'"]
    params: list[Any] = [min_confidence]
    if name:
        ids = speaker_entities(conn, name)
        if not ids:
            return []
        where.append(f"qe.entity IN ({','.join('?' * len(ids))})")
        params.extend(ids)
    if named_only:
        where.append("e.local = 0")
    sql = (
        "SELECT e.id AS id, e.name AS name, e.kind AS kind, e.local AS local, COUNT(*) AS quotes, "
        "COUNT(DISTINCT q.article_id) AS articles, COUNT(DISTINCT a.outlet) AS outlets, "
        "(SELECT COUNT(*) FROM entity_aliases x WHERE x.entity = e.id) AS aliases "
        "FROM quote_entity qe JOIN quotes q ON q.id = qe.quote_row JOIN entities e ON e.id = qe.entity "
        "JOIN articles a ON a.id = q.article_id "
        f"WHERE {' AND '.join(where)} GROUP BY e.id ORDER BY quotes DESC, articles DESC, e.id"
    )
    if limit is not None:
        sql += " LIMIT ? OFFSET ?"
        params += [limit, offset]
    with db_errors(conn, "listing speakers"):
        rows = conn.execute(sql, params).fetchall()
    return [
        {**{k: r[k] for k in ENTITY_FIELDS}, "local": bool(r["local"]), "speaker": r["name"]} for r in rows
    ]


def count_entities(
    conn: sqlite3.Connection,
    *,
    name: str | None = None,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
    named_only: bool = False,
    authors: bool = False,
) -> int:
    """How many entities ``list_entities`` would list without a limit."""
    rows = list_entities(
        conn, name=name, limit=None, min_confidence=min_confidence, named_only=named_only, authors=authors
    )
    return len(rows)


def entity_aliases(conn: sqlite3.Connection, entity_id: str) -> list[dict[str, Any]]:
    """An entity's aliases with the evidence that joined each, most quoted first."""
    return [
        dict(r)
        for r in conn.execute(
            "SELECT alias, name, articles, quotes, evidence FROM entity_aliases WHERE entity = ? "
            "ORDER BY quotes DESC, articles DESC, alias",
            (entity_id,),
        )
    ]


def _timeline(days: list[tuple[str, int]]) -> tuple[str, list[dict[str, Any]]]:
    """Counts per day when every date falls within ``TIMELINE_DAYS``, else per month."""
    if not days:
        return "month", []
    first, last = date.fromisoformat(days[0][0]), date.fromisoformat(days[-1][0])
    if (last - first).days <= TIMELINE_DAYS:
        return "day", [{"period": d, "quotes": n} for d, n in days]
    months: Counter[str] = Counter()
    for d, n in days:
        months[d[:7]] += n
    return "month", [{"period": m, "quotes": n} for m, n in sorted(months.items())]


def speaker_profile(
    conn: sqlite3.Connection,
    entity_id: str,
    *,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
    limit: int = 50,
    offset: int = 0,
) -> dict[str, Any]:
    """Everything the speaker page shows: the entity and its aliases, its quotes (newest first,
    paged), per-outlet counts, per-outlet counts by relation and a timeline of ``published``."""
    if limit < 0 or offset < 0:
        raise UsageError("limit and offset must not be negative")
    ensure_entities(conn)
    with db_errors(conn, "reading the speaker"):
        row = conn.execute("SELECT * FROM entities WHERE id = ?", (entity_id,)).fetchone()
        if row is None:
            raise NotFoundError(f"no speaker entity {entity_id!r} (see 'sayso speakers')", where=entity_id)
        base = (
            "FROM quote_entity qe JOIN quotes q ON q.id = qe.quote_row "
            "JOIN articles a ON a.id = q.article_id WHERE qe.entity = ? AND q.confidence >= ?"
        )
        args = (entity_id, min_confidence)
        total = conn.execute(f"SELECT COUNT(*) {base}", args).fetchone()[0]
        quotes = [
            {**dict(r), "content_spans": json.loads(r["content_spans"] or "[]")}
            for r in conn.execute(
                "SELECT q.id AS id, a.doc AS doc, q.quote_id AS quote_id, q.kind AS kind, "
                "q.content AS content, q.spans AS content_spans, q.speaker AS speaker, "
                "q.confidence AS confidence, a.title AS title, "
                "a.outlet AS outlet, "
                "a.published AS published, a.story AS story, q.relation AS relation, "
                f"q.other_outlets AS other_outlets {base} "
                "ORDER BY a.published IS NULL, a.published DESC, a.id DESC, q.id LIMIT ? OFFSET ?",
                (*args, limit, offset),
            )
        ]
        outlets = [
            {"outlet": r[0], "quotes": r[1]}
            for r in conn.execute(
                f"SELECT a.outlet, COUNT(*) AS n {base} GROUP BY a.outlet ORDER BY n DESC, a.outlet", args
            )
        ]
        relations = [
            {"outlet": r[0], "relation": r[1], "quotes": r[2]}
            for r in conn.execute(
                f"SELECT a.outlet, COALESCE(q.relation, 'none') AS rel, COUNT(*) AS n {base} "
                "GROUP BY a.outlet, rel ORDER BY a.outlet, n DESC, rel",
                args,
            )
        ]
        days = [
            (r[0], r[1])
            for r in conn.execute(
                f"SELECT substr(a.published, 1, 10) AS day, COUNT(*) {base} AND a.published IS NOT NULL "
                "GROUP BY day ORDER BY day",
                args,
            )
            if _is_day(r[0])
        ]
    unit, timeline = _timeline(days)
    return {
        "entity": {
            "id": row["id"],
            "name": row["name"],
            "kind": row["kind"],
            "local": bool(row["local"]),
            "aliases": entity_aliases(conn, entity_id),
        },
        "total": total,
        "limit": limit,
        "offset": offset,
        "quotes": quotes,
        "outlets": outlets,
        "relations": relations,
        "timeline_unit": unit,
        "timeline": timeline,
        "undated": total - sum(n for _, n in days),
    }


def _is_day(value: str | None) -> bool:
    try:
        date.fromisoformat(value or "")
    except ValueError:
        return False
    return True
