"""The SQL of a search: filters, the page of matches and their count (``queries.search`` and
``queries.count_quotes`` call it; ``sayso.store.pages`` pairs a page with its total).

Kept apart from ``queries`` so both stay short. Two choices make pages fast on a large database:
without a text, a page walks articles newest first (``articles_published``) and stops after
``limit`` rows instead of sorting every quote, unless the matches are few; and a count (the one
walk over every quote) can be remembered until the database changes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, MutableMapping
from typing import Any, NamedTuple

from sayso.errors import UsageError
from sayso.store import queries
from sayso.store.db import db_errors
from sayso.store.queries import (
    _HIT_SELECT,
    SearchQuery,
    _parse_day,
    contains_pattern,
    fts_query,
    hit_row,
    speaker_filter,
)
from sayso.vocab import PAIR_RELATIONS, QUOTE_KINDS

#: Join orders of a page without text (see ``_Where.source``).
QUOTES_FIRST = "quotes q JOIN articles a ON a.id = q.article_id"
ARTICLES_FIRST = "articles a CROSS JOIN quotes q ON q.article_id = a.id"


class _Where(NamedTuple):
    """The SQL conditions of every filter but the text, on quotes ``q`` and articles ``a``."""

    conds: tuple[str, ...] = ()
    params: tuple[Any, ...] = ()
    on_articles: bool = False  # some condition is on the article: a join is needed
    by_speaker: bool = False  # a speaker condition: start from the speaker's quotes
    #: For a speaker quoted often (and no other narrowing filter): the same conditions with the
    #: speaker checked per quote, for a walk over articles newest first that stops after a page.
    walk: tuple[str, tuple[Any, ...]] | None = None

    def sql(self, lead: str = " WHERE ") -> str:
        """The conditions joined with AND, after ``lead``; nothing when there are none."""
        return lead + " AND ".join(self.conds) if self.conds else ""

    def source(self) -> str:
        """The tables to read, in the order that is fast: a speaker's quotes through their index;
        otherwise articles newest first (``articles_published``) and each article's quotes, so a
        newest-first page stops after ``limit`` rows instead of sorting every quote."""
        return QUOTES_FIRST if self.by_speaker else ARTICLES_FIRST


def _filters(conn: sqlite3.Connection, query: SearchQuery) -> _Where | None:
    """The conditions of ``query`` but the text, or ``None`` when no quote can match (a speaker
    nobody is called, a text without a word)."""
    conds: list[str] = []
    params: list[Any] = []
    on_articles = False

    def add(cond: str, *values: Any, article: bool = False) -> None:
        nonlocal on_articles
        conds.append(cond)
        params.extend(values)
        on_articles = on_articles or article

    if query.text and query.text.strip() and fts_query(query.text) is None:
        return None  # "🙂", "*", '"': text with no word in it finds nothing, not every quote
    speaker = speaker_filter(conn, query.speaker) if query.speaker else None
    if query.speaker:
        if speaker is None:
            return None
        cond, speaker_values = speaker.condition()
        add(cond, *speaker_values)
    if query.outlet:
        add("a.outlet LIKE ? ESCAPE '\\'", contains_pattern(query.outlet.strip()), article=True)
    if query.since or query.until:
        # Only dates sayso can read count (older databases may hold "12/30/17" or a word, which
        # compare as text and would pass any bound); undated articles are left out.
        add("a.published GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'", article=True)
    if query.since:
        add("a.published >= ?", _parse_day(query.since, "since"), article=True)
    if query.until:
        add("substr(a.published, 1, 10) <= ?", _parse_day(query.until, "until"), article=True)
    if query.story:
        add("a.story = ?", query.story, article=True)
    if query.min_confidence > 0:
        add("q.confidence >= ?", query.min_confidence)
    if query.kind:
        if query.kind not in QUOTE_KINDS:
            raise UsageError(f"--kind must be one of {', '.join(QUOTE_KINDS)}, got {query.kind!r}")
        add("q.kind = ?", query.kind)
    if query.relation:
        if query.relation not in PAIR_RELATIONS:
            raise UsageError(f"--relation must be one of {', '.join(PAIR_RELATIONS)}, got {query.relation!r}")
        add("q.relation = ?", query.relation)
    if query.multi:
        add("q.other_outlets >= 1")
    walk = None
    narrow = len(conds) > 1 + (query.min_confidence > 0)  # more than the speaker and the threshold
    if speaker is not None and not narrow and not query.text and _often(conn, speaker.quotes(conn), query):
        # The speaker is conds[0], its values the first of params.
        cond, values = speaker.condition(walk=True)
        walk = (" WHERE " + " AND ".join([cond, *conds[1:]]), (*values, *params[len(speaker_values) :]))
    return _Where(tuple(conds), tuple(params), on_articles, bool(query.speaker), walk)


def _often(conn: sqlite3.Connection, quotes: int, query: SearchQuery) -> bool:
    """Whether a speaker with ``quotes`` quotes fills a page sooner by walking articles newest
    first than by reading and sorting all their quotes: the walk visits about
    ``(offset + limit) * all / quotes`` quotes, the sort ``quotes`` (a lookup each for both), so
    the walk wins from ``quotes ** 2 > (offset + limit) * all``. On news-5k, "Trump" (8,987
    quotes of 141,399): 3–4 ms instead of 20–30 ms."""
    everything = conn.execute("SELECT MAX(id) FROM quotes").fetchone()[0] or 0
    return quotes * quotes > (query.offset + query.limit) * everything


#: SQLite's largest integer: a larger --limit or --offset was an OverflowError traceback.
MAX_PAGE_VALUE = 2**63 - 1


def _check_page(query: SearchQuery) -> None:
    check_page(query.limit, query.offset)


def check_page(limit: int, offset: int) -> None:
    """The one check of paging values, for search and for the speakers list."""
    if limit < 1:
        raise UsageError(f"--limit must be at least 1, got {limit}")
    if offset < 0:
        raise UsageError(f"--offset must be 0 or more, got {offset}")
    for name, value in (("--limit", limit), ("--offset", offset)):
        if value > MAX_PAGE_VALUE:
            raise UsageError(f"{name} must be at most {MAX_PAGE_VALUE}, got {value}")


def count_matches(conn: sqlite3.Connection, query: SearchQuery) -> int:
    """``queries.count_quotes``: how many quotes match ``query``."""
    found = _filters(conn, query)
    return 0 if found is None else _count(conn, query, found)


def search_with_total(
    conn: sqlite3.Connection,
    query: SearchQuery,
    *,
    count: bool = True,
    counts: MutableMapping[Any, Any] | None = None,
) -> tuple[list[dict[str, Any]], int | None]:
    """One page of ``search`` and, with ``count``, the number of all matches (the filters, such
    as the speaker's aliases, are resolved once for both). ``counts`` remembers totals and
    resolved filters for as long as the database is unchanged, so the next pages of a query (and
    its downloads) count nothing again: a count without a text walks every quote, and resolving
    a speaker's aliases reads the entity tables."""
    _check_page(query)
    memo = _Memo(conn, query, counts)
    found = memo.get("filters", lambda: _filters(conn, query))
    if found is None:
        return [], 0
    match = fts_query(query.text) if query.text else None
    if match:
        with db_errors(conn, "searching"):
            # With a memo, the ranking (bm25 over the window) is done once for all the pages.
            ranked = (
                memo.get("ranked", lambda: _ranked_ids(conn, match, found))
                if memo.counts is not None
                else None
            )
            rows = _text_page(conn, match, found, query.offset, query.limit, ranked)
        hits = [hit_row(row) for row in rows]
        if not count:
            return hits, None
        if query.offset == 0 and len(hits) < query.limit:
            return hits, len(hits)  # the page holds every match
        if ranked is not None and len(ranked) < queries.RANK_WINDOW:
            return hits, len(ranked)  # the window holds every match
        return hits, int(memo.get("total", lambda: _count(conn, query, found)))
    total = int(memo.get("total", lambda: _count(conn, query, found))) if count else None
    source = found.source()
    if total is not None:
        # With the total known, pick by it: few matches are read and sorted (walking articles
        # newest first would visit most of the database to fill the page); many are found by
        # that walk within a few pages of articles, whatever the filter.
        few = total < 4 * (query.offset + query.limit)
        source = QUOTES_FIRST if few else ARTICLES_FIRST
    where, params = found.sql(), found.params
    if found.walk is not None and (total is None or source == ARTICLES_FIRST):
        source, (where, params) = ARTICLES_FIRST, found.walk
    order = " ORDER BY a.published DESC, a.id, q.id LIMIT ? OFFSET ?"
    sql = f"SELECT {_HIT_SELECT} FROM {source}{where}{order}"
    with db_errors(conn, "searching"):
        rows = conn.execute(sql, [*params, query.limit, query.offset]).fetchall()
    return [hit_row(row) for row in rows], total


class _Memo:
    """What a query's pages share, kept in ``counts`` while the database is unchanged:
    ``data_version`` changes when another connection commits, ``total_changes`` when this one
    writes. Without ``counts`` everything is computed every time."""

    def __init__(self, conn: sqlite3.Connection, query: SearchQuery, counts: MutableMapping[Any, Any] | None):
        self.counts = counts
        if counts is not None:
            version = (conn.execute("PRAGMA data_version").fetchone()[0], conn.total_changes)
            self.key = (query._replace(limit=1, offset=0), version)

    def get(self, what: str, compute: Callable[[], Any]) -> Any:
        if self.counts is None:
            return compute()
        key = (what, self.key)
        if key not in self.counts:
            if len(self.counts) >= 512:
                self.counts.clear()
            self.counts[key] = compute()
        return self.counts[key]


def _matches(found: _Where) -> str:
    """The FTS matches that pass the filters; joins only what the filters need (a lookup per match)."""
    return (
        "FROM quotes_fts f "
        + ("JOIN quotes q ON q.id = f.rowid " if found.conds else "")
        + ("JOIN articles a ON a.id = q.article_id " if found.on_articles else "")
        + "WHERE quotes_fts MATCH ?"
        + found.sql(" AND ")
    )


def _ranked_ids(conn: sqlite3.Connection, match: str, found: _Where) -> list[int]:
    """The quote ids of the ranked window, best first (the order of ``_text_page``)."""
    sql = (
        "SELECT c.id FROM (SELECT f.rowid AS id, bm25(quotes_fts) AS score "
        + _matches(found)
        + " ORDER BY f.rowid DESC LIMIT ?) c ORDER BY c.score, c.id DESC"
    )
    return [int(r[0]) for r in conn.execute(sql, [match, *found.params, queries.RANK_WINDOW])]


def _rows_by_id(conn: sqlite3.Connection, ids: list[int]) -> list[sqlite3.Row]:
    """The hit rows of ``ids``, in that order."""
    if not ids:
        return []
    sql = (
        f"SELECT q.id AS rid, {_HIT_SELECT} FROM quotes q JOIN articles a ON a.id = q.article_id "
        f"WHERE q.id IN ({','.join('?' * len(ids))})"
    )
    by_id = {r["rid"]: r for r in conn.execute(sql, ids)}
    return [by_id[i] for i in ids if i in by_id]


def _text_page(
    conn: sqlite3.Connection,
    match: str,
    found: _Where,
    offset: int,
    limit: int,
    ranked: list[int] | None = None,
) -> list[sqlite3.Row]:
    """Positions ``offset .. offset + limit`` of a text search: the newest ``queries.RANK_WINDOW``
    matches by bm25 first (bm25 costs a lookup per row, seconds for a word in half a million
    quotes, while walking matches newest-first and filtering them is cheap), then the older
    ones. ``ranked``: the window's ids in rank order, when already known (``_ranked_ids``)."""
    rows: list[sqlite3.Row] = []
    if offset < queries.RANK_WINDOW and ranked is not None:
        take = min(limit, queries.RANK_WINDOW - offset)
        rows = _rows_by_id(conn, ranked[offset : offset + take])
        if len(ranked) < queries.RANK_WINDOW:
            return rows  # fewer matches than the window: there is no older part
    elif offset < queries.RANK_WINDOW:
        sql = (
            f"SELECT c.score AS score, {_HIT_SELECT} FROM (SELECT f.rowid AS id, bm25(quotes_fts) AS score "
            + _matches(found)
            + " ORDER BY f.rowid DESC LIMIT ?) c "
            "JOIN quotes q ON q.id = c.id JOIN articles a ON a.id = q.article_id "
            "ORDER BY c.score, q.id DESC LIMIT ? OFFSET ?"
        )
        take = min(limit, queries.RANK_WINDOW - offset)
        rows = conn.execute(sql, [match, *found.params, queries.RANK_WINDOW, take, offset]).fetchall()
        if len(rows) < take:
            return rows  # fewer matches than the window: there is no older part
    rest = limit - len(rows)
    if rest <= 0:
        return rows
    sql = (
        f"SELECT {_HIT_SELECT} FROM (SELECT f.rowid AS id "
        + _matches(found)
        + " ORDER BY f.rowid DESC LIMIT ? OFFSET ?) c "
        "JOIN quotes q ON q.id = c.id JOIN articles a ON a.id = q.article_id ORDER BY q.id DESC"
    )
    skip = queries.RANK_WINDOW + max(0, offset - queries.RANK_WINDOW)
    return rows + conn.execute(sql, [match, *found.params, rest, skip]).fetchall()


def _count(conn: sqlite3.Connection, query: SearchQuery, found: _Where) -> int:
    match = fts_query(query.text) if query.text else None
    if match:
        sql, params = "SELECT COUNT(*) " + _matches(found), [match, *found.params]
    elif found.on_articles:
        sql, params = f"SELECT COUNT(*) FROM {found.source()}{found.sql()}", list(found.params)
    else:
        sql, params = "SELECT COUNT(*) FROM quotes q" + found.sql(), list(found.params)
    with db_errors(conn, "counting quotes"):
        return int(conn.execute(sql, params).fetchone()[0])
