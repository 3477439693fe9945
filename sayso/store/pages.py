"""Pages of results with their real totals, and the aggregate counts the charts draw.

A web page or an API client that shows "50 of 1,234" needs both the rows and the number of all
matches; these functions pair ``sayso.store.queries`` searches with their counts in one frozen
``Page``, so every caller (HTTP, tests, benchmarks) pages the same way.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass
from typing import Any

from sayso.settings import DEFAULT_MIN_CONFIDENCE
from sayso.store.db import db_errors
from sayso.store.finding import search_with_total
from sayso.store.queries import SearchQuery, count_stories, list_stories, search

#: The bucket of quotes the comparison gave no relation (articles of one-outlet stories).
NO_RELATION = "none"


@dataclass(frozen=True, slots=True)
class Page:
    """Rows ``offset .. offset + len(items)`` of ``total`` matches."""

    total: int
    offset: int
    limit: int
    items: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"total": self.total, "offset": self.offset, "limit": self.limit, "items": list(self.items)}


def search_page(
    conn: sqlite3.Connection, query: SearchQuery, counts: MutableMapping[Any, Any] | None = None
) -> Page:
    """One page of ``search`` with the count of every match (``counts``: see ``search_with_total``)."""
    items, total = search_with_total(conn, query, counts=counts)
    return Page(total=total or 0, offset=query.offset, limit=query.limit, items=tuple(items))


def with_entities(conn: sqlite3.Connection, items: tuple[dict[str, Any], ...]) -> tuple[dict[str, Any], ...]:
    """The hits with ``entity``: the speaker entity of each quote (``sayso.store.entities``), so a
    page can link a quote to its speaker's page; ``None`` where the quote has none (yet)."""
    docs = sorted({h["doc"] for h in items})
    if not docs:
        return items
    sql = (
        "SELECT a.doc AS doc, q.quote_id AS quote_id, qe.entity AS entity FROM articles a "
        "JOIN quotes q ON q.article_id = a.id JOIN quote_entity qe ON qe.quote_row = q.id "
        f"WHERE a.doc IN ({','.join('?' * len(docs))})"
    )
    with db_errors(conn, "reading speaker entities"):
        found = {(r["doc"], r["quote_id"]): r["entity"] for r in conn.execute(sql, docs)}
    return tuple({**h, "entity": found.get((h["doc"], h["quote_id"]))} for h in items)


def iter_search(
    conn: sqlite3.Connection, query: SearchQuery, *, chunk: int = 1000
) -> Iterator[dict[str, Any]]:
    """Every match of ``query`` from its ``offset`` on (at most ``query.limit``), fetched a chunk
    at a time, so a download of many rows never holds them all in memory."""
    offset, left = query.offset, query.limit
    while left > 0:
        rows = search(conn, query._replace(offset=offset, limit=min(chunk, left)))
        yield from rows
        if len(rows) < min(chunk, left):
            return
        offset += len(rows)
        left -= len(rows)


def stories_page(conn: sqlite3.Connection, *, limit: int, offset: int = 0) -> Page:
    """One page of ``list_stories`` (largest stories first) with the number of all stories."""
    items = list_stories(conn, limit=limit, offset=offset)
    return Page(total=count_stories(conn), offset=offset, limit=limit, items=tuple(items))


def outlet_relations(
    conn: sqlite3.Connection,
    *,
    story: str | None = None,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
) -> dict[str, dict[str, int]]:
    """``outlet -> relation -> number of quotes`` over the whole database or one story.

    The relation is the stored cross-outlet one of each quote (``verbatim`` … ``single_source``),
    ``NO_RELATION`` when the comparison gave it none. Outlets are ordered by their number of
    quotes, most first; an article without an outlet counts under ``""``.
    """
    sql = (
        "SELECT COALESCE(a.outlet, '') AS outlet, COALESCE(q.relation, ?) AS relation, COUNT(*) AS n "
        "FROM quotes q JOIN articles a ON a.id = q.article_id WHERE q.confidence >= ?"
        + (" AND a.story = ?" if story is not None else "")
        + " GROUP BY 1, 2"
    )
    params: list[Any] = [NO_RELATION, min_confidence]
    if story is not None:
        params.append(story)
    out: dict[str, dict[str, int]] = {}
    with db_errors(conn, "counting quotes per outlet"):
        for row in conn.execute(sql, params):
            out.setdefault(row["outlet"], {})[row["relation"]] = int(row["n"])
    return dict(sorted(out.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])))


__all__ = [
    "NO_RELATION",
    "Page",
    "iter_search",
    "outlet_relations",
    "search_page",
    "stories_page",
    "with_entities",
]
