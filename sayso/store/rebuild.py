"""Rebuilding the speaker entities of a database: resolution written back to SQLite, manual overrides.

``rebuild_entities`` loads every speaker of every article, lets ``sayso.store.resolve`` group them
(deterministic, each join with its evidence), applies the manual merges and splits of
``entity_overrides`` on top (``sayso.store.edits``), and writes ``entities``, ``entity_aliases``
(with its word index ``alias_words``, ``sayso.store.aliases``), ``speaker_entity`` and
``quote_entity`` in one transaction. Overrides are keyed by names (normalised), never by row ids,
so they survive re-indexing an article and rebuilding the database from the same sources.

Entity ids are slugs of the canonical name ("donald-trump"); a rebuilt entity keeps the id most
of its speakers had before, so links to a speaker page stay valid when its preferred name shifts.
Article-local entities (descriptions, anonymous sources, ambiguous bare names) are
``"<slug>@<doc>"``. Kept apart from the reading side (``sayso.store.entities``), which a search
imports: resolving is only loaded by the commands that index or edit (never spaCy, even here).
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from sayso.errors import UsageError
from sayso.names import name_tokens
from sayso.rows import normalise_name
from sayso.store.aliases import alias_word_rows
from sayso.store.db import db_errors, transaction
from sayso.store.edits import Editable
from sayso.store.entities import find_entity
from sayso.store.resolve import Unit, canonical_tokens, classify, resolve, slug, word_count

#: The entity of a quote's speaker row (correlated on ``quotes``).
_ROW = "SELECT 1 FROM speakers s WHERE s.article_id = quotes.article_id AND s.speaker_id = quotes.speaker_id"


@dataclass(frozen=True, slots=True)
class RebuildStats:
    """What one rebuild did, for benchmarks and the CLI."""

    units: int
    entities: int
    named: int
    seconds: float


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# --- loading ---------------------------------------------------------------------------------
def _load_units(
    conn: sqlite3.Connection,
) -> tuple[list[Unit], dict[int, str | None], dict[int, tuple[int, str]]]:
    """Every speaker row and every quote speaker without a row, as units.

    Returns the units, the entity each unit had before (for stable ids) and, for quote-only units,
    their ``(article_id, speaker name)``. Row units have key = ``speakers.id``; quote-only units
    get negative keys.
    """
    cur = conn.cursor()
    cur.row_factory = None  # plain tuples: sqlite3.Row costs a second per 100,000 rows here
    counts = {
        (r[0], r[1]): r[2]
        for r in cur.execute(
            "SELECT article_id, speaker_id, COUNT(*) FROM quotes WHERE speaker_id IS NOT NULL GROUP BY 1, 2"
        )
    }
    units: list[Unit] = []
    old: dict[int, str | None] = {}
    article_of: dict[int, int] = {}
    for row in cur.execute(
        "SELECT s.id, s.article_id, s.speaker_id, s.name, s.norm, s.kind, se.entity, a.doc "
        "FROM speakers s JOIN articles a ON a.id = s.article_id "
        "LEFT JOIN speaker_entity se ON se.speaker_row = s.id"
    ):
        units.append(Unit(row[0], row[7], row[3], row[4], row[5], counts.get((row[1], row[2]), 0)))
        old[row[0]] = row[6]
        article_of[row[0]] = row[1]
    orphans: dict[int, tuple[int, str]] = {}
    for n, row in enumerate(
        cur.execute(
            "SELECT q.article_id, q.speaker, COUNT(*), "
            "CASE WHEN COUNT(qe.entity) = COUNT(*) THEN MAX(qe.entity) END, a.doc FROM quotes q "
            "JOIN articles a ON a.id = q.article_id LEFT JOIN quote_entity qe ON qe.quote_row = q.id "
            "WHERE q.speaker IS NOT NULL AND NOT EXISTS "
            "(SELECT 1 FROM speakers s WHERE s.article_id = q.article_id AND s.speaker_id = q.speaker_id) "
            "GROUP BY q.article_id, q.speaker"
        ),
        1,
    ):
        key = -n
        units.append(Unit(key, row[4], row[1], normalise_name(row[1]), "person", row[2]))
        old[key] = row[3]
        orphans[key] = (row[0], row[1])
        article_of[key] = row[0]
    return _with_context(conn, units, article_of), old, orphans


def _with_context(conn: sqlite3.Connection, units: list[Unit], article_of: dict[int, int]) -> list[Unit]:
    """Give each bare person name its article's full names: speakers' names and PERSON entities."""
    bare = [u for u in units if classify(u) == "person" and word_count(u.name) == 1]
    if not bare:
        return units
    wanted = {article_of[u.key] for u in bare}
    names: dict[int, set[str]] = defaultdict(set)
    for u in units:
        if article_of[u.key] in wanted and word_count(u.name) >= 2 and classify(u) == "person":
            names[article_of[u.key]].add(u.name)
    ids = sorted(wanted)
    for i in range(0, len(ids), 500):
        chunk = ids[i : i + 500]
        marks = ",".join("?" * len(chunk))
        for article_id, text, ents in conn.execute(
            f"SELECT article_id, text, entities FROM article_texts WHERE article_id IN ({marks}) "
            "AND entities IS NOT NULL",
            chunk,
        ):
            for start, end, label in json.loads(ents):
                if label == "PERSON":
                    names[article_id].add(text[start:end])
    bare_keys = {u.key for u in bare}
    return [
        Unit(u.key, u.doc, u.name, u.norm, u.kind, u.quotes, tuple(sorted(names[article_of[u.key]])))
        if u.key in bare_keys
        else u
        for u in units
    ]


def _overrides(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute("SELECT action, alias, target FROM entity_overrides ORDER BY id").fetchall()


# --- rebuilding ------------------------------------------------------------------------------
def _assign_ids(ed: Editable, old: dict[int, str | None]) -> dict[int, str]:
    """Entity index -> id: the id most of its speakers had before when still free, else a slug."""
    ids: dict[int, str] = {}
    taken: set[str] = set()
    order = sorted((i for i, keys in ed.members.items() if keys), key=lambda i: (-ed.clusters[i].quotes, i))
    for index in order:
        c, keys = ed.clusters[index], ed.members[index]
        if len(keys) == 1:
            previous = [old[keys[0]]] if old.get(keys[0]) else []
        else:
            previous = [pid for pid, _ in Counter(old[k] for k in keys if old.get(k)).most_common()]
        choice = next((pid for pid in previous if pid and pid not in taken), None)
        if choice is None or (c.local != ("@" in choice)):
            base = slug(c.name())
            if c.local:
                base += "@" + ed.units[keys[0]].doc
            choice, n = base, 1
            while choice in taken:
                n += 1
                choice = f"{base}-{n}" if not c.local else base.replace("@", f"-{n}@", 1)
        taken.add(choice)
        ids[index] = choice
    return ids


def _alias_rows(ed: Editable, ids: dict[int, str]) -> Iterator[tuple[str, str, str, str, int, int, str]]:
    """One row per (entity, alias norm): display form, canonical words, articles, quotes, evidence."""
    for index, keys in ed.members.items():
        if not keys:
            continue
        person = ed.clusters[index].kind == "person"
        if len(keys) == 1:
            u = ed.units[keys[0]]
            yield _alias_row(ids[index], u.norm, u.name, person, 1, u.quotes, [ed.out[keys[0]].evidence])
            continue
        by_norm: dict[str, list[int]] = defaultdict(list)
        for k in keys:
            by_norm[ed.units[k].norm].append(k)
        for norm, ks in by_norm.items():
            name = Counter(ed.units[k].name for k in ks).most_common(1)[0][0]
            evidence = Counter(ed.out[k].evidence for k in ks)
            notes = [f"{ev} ({n} articles)" if len(evidence) > 1 else ev for ev, n in evidence.most_common()]
            articles = len({ed.units[k].doc for k in ks})
            quotes = sum(ed.units[k].quotes for k in ks)
            yield _alias_row(ids[index], norm, name, person, articles, quotes, notes)


def _alias_row(
    entity: str, norm: str, name: str, person: bool, articles: int, quotes: int, notes: list[str]
) -> tuple[str, str, str, str, int, int, str]:
    toks = _words(name)
    if person and toks and " ".join(toks) != norm:
        notes = ["titles dropped", *notes]
    return (
        entity,
        norm,
        name,
        " " + " ".join(canonical_tokens(toks)) + " ",
        articles,
        quotes,
        "; ".join(notes),
    )


@lru_cache(maxsize=65536)
def _words(name: str) -> tuple[str, ...]:
    return tuple(normalise_name(" ".join(name_tokens(name))).split())


def rebuild_entities(conn: sqlite3.Connection) -> RebuildStats:
    """Resolve every speaker of the database into entities again and write them, in one transaction."""
    import time

    t0 = time.perf_counter()
    with transaction(conn):
        units, old, orphans = _load_units(conn)
        ed = Editable(units, resolve(units))
        for action, alias, target in _overrides(conn):
            if action == "merge":
                ed.merge(alias, target)
            else:
                ed.split(alias, target)
        ids = _assign_ids(ed, old)
        now = _now()
        _sync(
            conn,
            "entities",
            ("id",),
            ("name", "kind", "local"),
            {(ids[i],): (ed.clusters[i].name(), ed.clusters[i].kind, int(ed.clusters[i].local)) for i in ids},
            extra={"updated_at": now},
        )
        aliases = {row[:2]: row[2:] for row in _alias_rows(ed, ids)}
        _sync(
            conn,
            "entity_aliases",
            ("entity", "alias"),
            ("name", "canon", "articles", "quotes", "evidence"),
            aliases,
        )
        words = alias_word_rows((entity, alias, v[1]) for (entity, alias), v in aliases.items())
        _sync(conn, "alias_words", ("kind", "word", "entity", "alias"), (), {w: () for w in words})
        new = {k: ids[r.entity] for k, r in ed.out.items()}
        changed = [(e, k) for k, e in new.items() if k > 0 and old.get(k) != e]
        conn.executemany(
            "INSERT OR REPLACE INTO speaker_entity (speaker_row, entity) VALUES (?, ?)",
            [(k, e) for e, k in changed],
        )
        # The quotes follow their speaker rows in one statement (a lookup per row would be ~1 s).
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS sayso_changed (speaker_row INTEGER PRIMARY KEY)")
        conn.execute("DELETE FROM sayso_changed")
        conn.executemany("INSERT INTO sayso_changed (speaker_row) VALUES (?)", [(k,) for _e, k in changed])
        conn.execute(
            "INSERT OR REPLACE INTO quote_entity (quote_row, entity) "
            "SELECT q.id, se.entity FROM sayso_changed c JOIN speakers s ON s.id = c.speaker_row "
            "JOIN speaker_entity se ON se.speaker_row = s.id "
            "JOIN quotes q ON q.article_id = s.article_id AND q.speaker_id = s.speaker_id"
        )
        conn.execute("DELETE FROM sayso_changed")
        conn.executemany(
            "INSERT OR REPLACE INTO quote_entity (quote_row, entity) SELECT id, ? FROM quotes "
            f"WHERE article_id = ? AND speaker = ? AND NOT EXISTS ({_ROW})",
            [(new[k], a, name) for k, (a, name) in orphans.items() if old.get(k) != new[k]],
        )
    named = sum(1 for i in ids if not ed.clusters[i].local)
    return RebuildStats(len(units), len(ids), named, time.perf_counter() - t0)


def _sync(
    conn: sqlite3.Connection,
    table: str,
    keys: tuple[str, ...],
    values: tuple[str, ...],
    rows: dict[tuple[Any, ...], tuple[Any, ...]],
    *,
    extra: dict[str, Any] | None = None,
) -> None:
    """Make ``table`` hold exactly ``rows`` (key columns -> value columns), writing only the
    difference: a rebuild that changes nothing writes nothing."""
    cols = (*keys, *values)
    cur = conn.cursor()
    cur.row_factory = None  # plain tuples: thousands of rows compared, not read by name
    n = len(keys)
    current = {r[:n]: r[n:] for r in cur.execute(f"SELECT {', '.join(cols)} FROM {table}")}
    gone = [k for k in current if k not in rows]
    where = " AND ".join(f"{k} = ?" for k in keys)
    conn.executemany(f"DELETE FROM {table} WHERE {where}", gone)
    extra = extra or {}
    names = (*cols, *extra)
    changed = [(*k, *v, *extra.values()) for k, v in rows.items() if current.get(k) != v]
    conn.executemany(
        f"INSERT OR REPLACE INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})", changed
    )


def entities_stale(conn: sqlite3.Connection) -> bool:
    """Whether some speaker or quoted name has no entity yet (new or re-indexed articles)."""
    row = conn.execute(
        "SELECT EXISTS (SELECT 1 FROM speakers s WHERE NOT EXISTS "
        "(SELECT 1 FROM speaker_entity x WHERE x.speaker_row = s.id)) "
        "OR EXISTS (SELECT 1 FROM quotes q WHERE q.speaker IS NOT NULL AND NOT EXISTS "
        "(SELECT 1 FROM quote_entity x WHERE x.quote_row = q.id))"
    ).fetchone()
    return bool(row[0])


def refresh_entities(conn: sqlite3.Connection) -> RebuildStats | None:
    """Rebuild the entities when articles were added or replaced since the last build; else nothing."""
    if not entities_stale(conn):
        return None
    return rebuild_entities(conn)


# --- manual merges and splits ----------------------------------------------------------------
def _ref(row: sqlite3.Row) -> str:
    """How an override names an entity: its canonical name, with its article when local."""
    norm = normalise_name(row["name"])
    if row["local"]:
        return f"{norm}@{str(row['id']).rsplit('@', 1)[1]}"
    return norm


def merge_entities(conn: sqlite3.Connection, into: str, absorbed: str) -> RebuildStats:
    """Merge entity ``absorbed`` into ``into`` (ids or names) for good: recorded, then rebuilt."""
    a, b = find_entity(conn, into), find_entity(conn, absorbed)
    if a["id"] == b["id"]:
        raise UsageError(f"{into!r} and {absorbed!r} are the same entity ({a['id']})")
    with db_errors(conn, "recording the merge"), transaction(conn):
        conn.execute(
            "INSERT INTO entity_overrides (action, alias, target, created_at) VALUES ('merge', ?, ?, ?)",
            (_ref(b), _ref(a), _now()),
        )
    return rebuild_entities(conn)


def split_entity(conn: sqlite3.Connection, entity: str, alias: str) -> RebuildStats:
    """Make ``alias`` (a name the entity is known by) its own entity for good: recorded, then rebuilt."""
    row = find_entity(conn, entity)
    norm = normalise_name(alias)
    known = {r[0] for r in conn.execute("SELECT alias FROM entity_aliases WHERE entity = ?", (row["id"],))}
    if norm not in known:
        shown = ", ".join(sorted(known)[:10])
        raise UsageError(f"{row['id']} has no alias {alias!r}; its aliases: {shown}")
    if len(known) == 1:
        raise UsageError(f"{alias!r} is the only alias of {row['id']}: nothing to split")
    with db_errors(conn, "recording the split"), transaction(conn):
        conn.execute(
            "INSERT INTO entity_overrides (action, alias, target, created_at) VALUES ('split', ?, ?, ?)",
            (norm, _ref(row), _now()),
        )
    return rebuild_entities(conn)


def list_overrides(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every manual merge and split, in the order they are applied."""
    return [dict(r) for r in conn.execute("SELECT * FROM entity_overrides ORDER BY id")]
