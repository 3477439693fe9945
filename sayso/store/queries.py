"""Reading the database: full-text search, speakers, stories, one article.

Every function takes an open connection (or, for ``list_stories``, a path) and returns plain
dicts or model objects, so the CLI, the HTTP layer and the comparison command share them.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from sayso.errors import NotFoundError, UsageError
from sayso.rows import normalise_name
from sayso.settings import DEFAULT_MIN_CONFIDENCE
from sayso.store.db import db_errors, open_db
from sayso.store.entities import ensure_entities, speaker_entities
from sayso.store.records import article_from_rows

if TYPE_CHECKING:
    from sayso.model import Article

#: The fields of one search hit / export row, in output order (JSON Lines and CSV).
HIT_FIELDS: tuple[str, ...] = (
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
)


def hit_row(row: Mapping[str, Any] | sqlite3.Row) -> dict[str, Any]:
    """A search hit as the callers get it: ``HIT_FIELDS``, the spans as ``[[start, end], ...]``."""
    hit = {k: row[k] for k in HIT_FIELDS}
    hit["content_spans"] = json.loads(hit["content_spans"] or "[]")
    return hit


#: A text search ranks at most this many matching quotes (the most recently indexed ones that
#: pass the filters); rarer words are ranked over all their matches. See ``search``.
RANK_WINDOW = 5000

#: Up to this many entity ids are given to a speaker filter as values; more are selected in SQL.
INLINE_ENTITIES = 500

#: Below this similarity (0–100) a misspelt speaker name matches nobody rather than a stranger.
FUZZY_CUTOFF = 80.0

_HIT_SELECT = (
    "a.doc AS doc, q.quote_id AS quote_id, q.kind AS kind, q.content AS content, q.spans AS content_spans, "
    "q.speaker AS speaker, "
    "q.confidence AS confidence, "
    "a.outlet AS outlet, a.published AS published, a.story AS story, q.relation AS relation, "
    "q.other_outlets AS other_outlets"
)


class SearchQuery(NamedTuple):
    """What ``sayso search`` and ``GET /api/quotes`` ask; every field optional, all given filters
    must hold. ``offset`` pages through the matches (``count_quotes`` gives their number);
    ``kind`` is a quote kind, ``relation`` a stored cross-outlet relation, and ``multi`` keeps
    only quotes at least one other outlet also carries (``other_outlets >= 1``).

    Frozen and typed, but a ``NamedTuple`` rather than a dataclass, as every record that
    ``sayso search`` loads: importing ``dataclasses`` (which imports ``inspect``) costs ~20 ms of
    the 150 ms a search may take from the shell. Change a field with ``query._replace(limit=5)``.
    """

    text: str | None = None
    speaker: str | None = None
    outlet: str | None = None
    since: str | None = None
    until: str | None = None
    story: str | None = None
    limit: int = 20
    min_confidence: float = DEFAULT_MIN_CONFIDENCE
    offset: int = 0
    kind: str | None = None
    relation: str | None = None
    multi: bool = False


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


def _parse_day(value: str, option: str) -> str:
    """The day (``YYYY-MM-DD``) of an ISO date or date-time given as a filter.

    Filters compare days: a stored ``published`` may be a date or a date-time, and a date has
    no time to compare with, so a date-time filter counts by its own day (in its own zone)."""
    try:
        return datetime.fromisoformat(value.strip()).date().isoformat()
    except ValueError as exc:
        raise UsageError(
            f"{option} expects a date like 2024-05-31 (or an ISO date-time), got {value!r}"
        ) from exc


def speaker_norms(conn: sqlite3.Connection, name: str) -> list[str]:
    """The stored speaker names (normalised) a user's ``--speaker`` means.

    Every word of the query must occur in the name, in any case and without accents
    (``"warren"`` finds ``Elizabeth Warren``); when nothing matches that way, a fuzzy match catches
    misspellings (``"Elizabet Waren"``). Every alias of every named speaker entity the name means
    is added (``sayso.store.entities``: "Mike Bloomberg" also brings "michael bloomberg").
    """
    found = _name_norms(conn, name)
    aliases = _entity_alias_norms(conn, speaker_entities(conn, name))
    return found + sorted(set(aliases) - set(found))


def _name_norms(conn: sqlite3.Connection, name: str, *, matched: bool | None = None) -> list[str]:
    """The normalised speaker names that contain every word of ``name``, else the fuzzy matches
    (not when an entity alias matches, ``matched``: "Mike Bloomberg" for "michael bloomberg")."""
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
    if found or (matched if matched is not None else bool(speaker_entities(conn, name))):
        return found
    from rapidfuzz import fuzz, process

    choices = [r[0] for r in conn.execute("SELECT norm FROM speaker_names")]
    hits = process.extract(" ".join(words), choices, scorer=fuzz.WRatio, score_cutoff=FUZZY_CUTOFF, limit=50)
    return [choice for choice, _score, _i in hits]


def _entity_alias_norms(conn: sqlite3.Connection, ids: list[str]) -> list[str]:
    """Every alias of the named entities among ``ids`` (article-local ones stay out: "a spokesman"
    is a different person in every article)."""
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    return [
        r[0]
        for r in conn.execute(
            f"SELECT DISTINCT x.alias FROM entity_aliases x JOIN entities e ON e.id = x.entity "
            f"WHERE x.entity IN ({marks}) AND e.local = 0",
            ids,
        )
    ]


class SpeakerFilter(NamedTuple):
    """What ``--speaker NAME`` resolved to: the entities (an SQL list, values or a select) and,
    for quotes not yet given an entity, the normalised names. ``condition`` writes it in the
    form the plan needs: the quotes of the entities (``q.id IN ...``: the plan starts from them)
    or a check per visited quote (``EXISTS``: for a walk over articles newest first, which stops
    after one page when the speaker is quoted often)."""

    entities: str  # the body of ``entity IN (...)``: "?,?,..." or a SELECT; "" for none
    entity_params: tuple[Any, ...]
    norms: tuple[str, ...]  # matched against quotes without an entity; empty when none are

    def condition(self, *, walk: bool = False) -> tuple[str, list[Any]]:
        parts: list[str] = []
        params: list[Any] = []
        if self.entities:
            if walk:
                parts.append(
                    "EXISTS (SELECT 1 FROM quote_entity x WHERE x.quote_row = q.id "
                    f"AND x.entity IN ({self.entities}))"
                )
            else:
                parts.append(
                    f"q.id IN (SELECT quote_row FROM quote_entity WHERE entity IN ({self.entities}))"
                )
            params += self.entity_params
        if self.norms:
            parts.append(
                "(NOT EXISTS (SELECT 1 FROM quote_entity x WHERE x.quote_row = q.id) "
                f"AND q.speaker_norm IN ({','.join('?' * len(self.norms))}))"
            )
            params += self.norms
        return "(" + " OR ".join(parts) + ")", params

    def quotes(self, conn: sqlite3.Connection) -> int:
        """How many quotes the entities have (all confidences; one index range): whether a walk
        over articles newest first meets a page of them soon."""
        if not self.entities:
            return 0
        sql = f"SELECT COUNT(*) FROM quote_entity WHERE entity IN ({self.entities})"
        return int(conn.execute(sql, self.entity_params).fetchone()[0])


def speaker_filter(conn: sqlite3.Connection, name: str) -> SpeakerFilter | None:
    """``--speaker NAME`` resolved (see ``speaker_condition``), or ``None`` when nobody is called so."""
    from sayso.store.aliases import matching_entities

    ensure_entities(conn)
    ids, select = matching_entities(conn, name)
    if select is None:
        return None
    unresolved = _unresolved_rows(conn)
    norms = _name_norms(conn, name, matched=bool(ids)) if unresolved or not ids else []
    if not ids and norms:
        marks = ",".join("?" * len(norms))
        ids = [
            r[0]
            for r in conn.execute(
                f"SELECT DISTINCT entity FROM entity_aliases WHERE alias IN ({marks})", norms
            )
        ]
        select = None  # these ids are not what the alias select finds
    if not ids and not (norms and unresolved):
        return None
    if len(ids) > INLINE_ENTITIES and select is not None:
        # "a spokesman": thousands of article-local entities, selected inside SQL instead
        entities, params = select[0], tuple(select[1])
    else:
        entities, params = ",".join("?" * len(ids)), tuple(ids)
    return SpeakerFilter(entities, params, tuple(norms) if unresolved else ())


def speaker_condition(conn: sqlite3.Connection, name: str) -> tuple[str, list[Any]] | None:
    """The SQL condition on quotes ``q`` for ``--speaker NAME``, or ``None`` when nobody is called so.

    A quote matches when its speaker entity has an alias ``name`` means (any alias: "Mike
    Bloomberg" finds quotes stored under "Michael Bloomberg"; a misspelt name through the aliases
    its fuzzy matches are), or, for a quote not yet given an entity (indexed, not yet refreshed),
    when its speaker's normalised name matches as ``speaker_norms`` always did. The aliases are
    found through their word index (``sayso.store.aliases``); more than ``INLINE_ENTITIES``
    entities are selected inside SQL, so a description found in thousands of articles costs no
    parameters. The speaker names are read only when they can change the answer: when no entity
    matches, or when some rows have no entity yet.
    """
    found = speaker_filter(conn, name)
    return None if found is None else found.condition()


def _unresolved_rows(conn: sqlite3.Connection) -> bool:
    """Whether rows may exist that no entity refresh has seen: rows are only ever appended (a
    replaced article gets new ones), so newer rows than the newest mapped ones; two index lookups."""
    row = conn.execute(
        "SELECT (SELECT MAX(id) FROM speakers) > COALESCE((SELECT MAX(speaker_row) FROM speaker_entity), 0) "
        "OR (SELECT MAX(id) FROM quotes WHERE speaker IS NOT NULL) > "
        "COALESCE((SELECT MAX(quote_row) FROM quote_entity), 0)"
    ).fetchone()
    return bool(row[0])


def search(conn: sqlite3.Connection, query: SearchQuery) -> list[dict[str, Any]]:
    """Quotes matching ``query``: best bm25 match first with text, newest article first without.

    A word or phrase with more than ``RANK_WINDOW`` matching quotes (after the filters) is
    ranked among the ``RANK_WINDOW`` most recently indexed ones, which keeps every search in
    milliseconds on millions of quotes; the older matches follow, newest first, so paging with
    ``offset`` reaches every one of the ``count_quotes`` matches exactly once. (The SQL is in
    ``sayso.store.finding``.)
    """
    from sayso.store.finding import search_with_total

    return search_with_total(conn, query, count=False)[0]


def count_quotes(conn: sqlite3.Connection, query: SearchQuery) -> int:
    """How many quotes match ``query`` (all of them, whatever its ``limit`` and ``offset``)."""
    from sayso.store.finding import count_matches

    return count_matches(conn, query)


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
    if not prefix.strip():
        raise UsageError("give a doc id (or its first characters); 'sayso search' lists them")
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
    offset: int = 0,
    named_only: bool = False,
    authors: bool = False,
) -> list[dict[str, Any]]:
    """Speaker entities across the database (one row per person, group or organisation), most
    quoted first: ``sayso.store.entities.list_entities``, whose rows also carry ``speaker`` (the
    entity's name) for callers of the time before entities.

    Only quotes at ``min_confidence`` or above count, and an entity with none of them is not a
    speaker: someone is listed because they are quoted, not because they are mentioned.
    """
    from sayso.store.entities import list_entities

    return list_entities(
        conn,
        name=name,
        limit=limit,
        offset=offset,
        min_confidence=min_confidence,
        named_only=named_only,
        authors=authors,
    )


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


def list_stories(
    db: str | Path | sqlite3.Connection, *, limit: int | None = None, offset: int = 0
) -> list[dict[str, Any]]:
    """Stories in the database, largest first: id, number of docs, outlets, title, date range.

    Called by ``sayso stories --db FILE``; accepts a path (opened and closed here) or a connection.
    ``limit``/``offset`` page through them (``count_stories`` gives how many there are).
    """
    sql = (
        "SELECT a.story AS story, COUNT(*) AS docs, "
        "json_group_array(DISTINCT a.outlet) AS outlets, "
        "COALESCE(MAX(st.title), MIN(a.title)) AS title, "
        "MIN(a.published) AS first_published, MAX(a.published) AS last_published "
        "FROM articles a LEFT JOIN stories st ON st.id = a.story WHERE a.story IS NOT NULL "
        "GROUP BY a.story ORDER BY docs DESC, first_published, a.story LIMIT ? OFFSET ?"
    )
    with _connection(db) as conn, db_errors(conn, "listing stories"):
        rows = conn.execute(sql, (-1 if limit is None else limit, offset)).fetchall()
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


def count_stories(conn: sqlite3.Connection) -> int:
    """How many stories ``list_stories`` lists without a limit."""
    with db_errors(conn, "counting stories"):
        return int(conn.execute("SELECT COUNT(DISTINCT story) FROM articles").fetchone()[0])


def iter_quote_rows(conn: sqlite3.Connection, min_confidence: float = 0.0) -> Iterator[dict[str, Any]]:
    """Every quote with its article's metadata and what the store knows of it: the export rows."""
    sql = (
        f"SELECT {_HIT_SELECT}, a.title AS title, a.url AS url, "
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
