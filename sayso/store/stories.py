"""Stories in the database: which story each article belongs to, and how each quote is carried.

Two uses of the comparison engine (``sayso.compare``), imported when first needed so that
``import sayso.store`` stays light:

* ``StoryAssigner`` asks the incremental ``StoryIndex`` for the story of each new article, seeded
  with the stored articles so story ids stay stable from one ``sayso index`` run to the next.
* ``refresh_dirty_stories`` re-runs ``compare`` on every story whose articles changed and writes
  back, per quote, the ``relation`` of its utterance group and how many *other* outlets carry it.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from typing import Any

from sayso.model import Article
from sayso.rows import normalise_name
from sayso.store.db import transaction

#: Stories larger than this are not given to ``compare`` (quadratic), see ``refresh_story``.
MAX_COMPARE_ARTICLES = 40


def _story_index_factory() -> Any:
    from sayso.compare.stories import StoryIndex

    return StoryIndex


def _compare_function() -> Any:
    from sayso.compare.api import compare

    return compare


class StoryAssigner:
    """Assigns a story id to each article as it is indexed, one article at a time.

    Must be called inside the write transaction of the article (``write_batch`` does), because a
    new article can reveal that two stored stories are one: the index then reports a merge and
    the absorbed story's articles are moved to the surviving id in the same transaction.
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self._index: Any = None
        self._ready = False
        self._merges_done = 0

    def _prepare(self) -> None:
        self._ready = True
        factory = _story_index_factory()
        # Taken out of the cache, not shared: if this run fails half-way, the index holds
        # articles the database rolled back, so it must not be reused; ``remember`` returns it.
        cached = _SEEDED.pop(_db_file(self._conn), None)
        if cached is not None and cached[0] == _state(self._conn):
            self._index = cached[1]
        else:
            # Seed with what is stored, in the order it was stored, so a new article can join a
            # story indexed in an earlier run and ids stay those already written.
            self._index = factory()
            for article in _grouping_views(self._conn):
                self._index.add(article)
        self._merges_done = len(self._index.merges)

    def remember(self) -> None:
        """Keep the seeded index for the next run in this process (the HTTP server indexes
        request after request), valid as long as nobody else writes to the database meanwhile."""
        path = _db_file(self._conn)
        if self._index is not None and path:
            _SEEDED.clear()  # one database per process is the common case; bound the memory
            _SEEDED[path] = (_state(self._conn), self._index)

    def assign(self, article: Article) -> str | None:
        if not self._ready:
            self._prepare()
        if self._index is None:
            return None
        story = str(self._index.add(article))
        for gone, keep in self._index.merges[self._merges_done :]:
            self._conn.execute("UPDATE articles SET story = ? WHERE story = ?", (keep, gone))
            self._conn.execute("DELETE FROM stories WHERE id = ?", (gone,))
            self._conn.execute("UPDATE stories SET dirty = 1 WHERE id = ?", (keep,))
        self._merges_done = len(self._index.merges)
        return story


#: Seeding costs milliseconds per stored article; kept per database file between runs.
_SEEDED: dict[str, tuple[tuple[Any, ...], Any]] = {}


def _db_file(conn: sqlite3.Connection) -> str:
    row = conn.execute("PRAGMA database_list").fetchone()
    return str(row[2] or "") if row else ""


def _state(conn: sqlite3.Connection) -> tuple[Any, ...]:
    """Changes whenever an article is added, replaced or removed (by anyone)."""
    return tuple(conn.execute("SELECT COUNT(*), MAX(id), MAX(indexed_at) FROM articles").fetchone())


def _grouping_views(conn: sqlite3.Connection) -> Iterator[Article]:
    """Stored articles reduced to what story grouping reads (metadata, lead, quote contents)."""
    from sayso.model import Quote

    lead = 10_000
    quotes: dict[int, list[Quote]] = {}
    for r in conn.execute(
        "SELECT q.article_id, q.quote_id, q.kind, q.content FROM quotes q "
        "JOIN articles a ON a.id = q.article_id WHERE a.story IS NOT NULL ORDER BY q.id"
    ):
        quotes.setdefault(r[0], []).append(Quote(id=r[1], kind=r[2], content=r[3], content_spans=()))
    rows = conn.execute(
        "SELECT a.id, a.doc, substr(t.text, 1, ?), a.title, a.outlet, a.published FROM articles a "
        "JOIN article_texts t ON t.article_id = a.id WHERE a.story IS NOT NULL ORDER BY a.id",
        (lead,),
    )
    for r in rows:
        yield Article(
            doc=r[1],
            text=r[2],
            title=r[3],
            outlet=r[4],
            published=r[5],
            quotes=tuple(quotes.get(r[0], ())),
        )


def iter_articles(
    conn: sqlite3.Connection, *, where: str = "1", params: tuple[Any, ...] = ()
) -> Iterator[Article]:
    """Stored articles (with quotes and speakers), in insertion order."""
    from sayso.store.queries import read_article

    docs = [r[0] for r in conn.execute(f"SELECT doc FROM articles WHERE {where} ORDER BY id", params)]
    for doc in docs:
        article = read_article(conn, doc)
        if article is not None:
            yield article


def refresh_dirty_stories(conn: sqlite3.Connection) -> int:
    """Recompute relations for every story marked dirty; returns how many were refreshed."""
    compare = _compare_function()
    dirty = [r[0] for r in conn.execute("SELECT id FROM stories WHERE dirty = 1 ORDER BY id")]
    for story in dirty:
        refresh_story(conn, story, compare)
    return len(dirty)


def _same_words_groups(articles: list[Article]) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """``(group id, [(doc, quote id, relation)])`` for quotes with the same words, case and
    punctuation aside: the cheap stand-in for ``compare`` on stories too large for it."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for a in articles:
        for q in a.quotes:
            key = " ".join(normalise_name(q.content).split())
            groups.setdefault(key, []).append((a.doc, q.id))
    return [
        ("w-" + hashlib.sha1(key.encode()).hexdigest()[:12], [(doc, qid, "verbatim") for doc, qid in members])
        for key, members in groups.items()
        if len(members) > 1
    ]


def refresh_story(conn: sqlite3.Connection, story: str, compare: Any) -> None:
    """Write the comparison of one story back onto its quotes (one short transaction).

    ``compare`` aligns every pair of quotes, so its cost grows with the square of the story's
    size; a story over ``MAX_COMPARE_ARTICLES`` (usually a grouping accident, or a running
    topic rather than one event) only gets exact same-words matching.
    """
    articles = list(iter_articles(conn, where="story = ?", params=(story,)))
    outlet_of = {a.doc: (a.outlet or a.doc) for a in articles}
    groups: list[tuple[str, list[tuple[str, str, str]]]] = []
    if len({outlet_of[a.doc] for a in articles}) > 1:
        if len(articles) <= MAX_COMPARE_ARTICLES:
            comparison = compare(articles)
            # Each quote keeps its own relation to the group's reference (the outlet that
            # misattributed is `misattributed`, the one it contradicts `verbatim`; reported speech
            # `paraphrase`), as the report counts them; the group's own is its most severe.
            groups = [
                (g.id, [(o.doc, o.quote_id, o.relation or g.relation) for o in g.occurrences])
                for g in comparison.groups
            ]
        else:
            groups = _same_words_groups(articles)
    updates: list[tuple[Any, ...]] = []
    for group_id, members in groups:
        outlets = {outlet_of.get(doc, doc) for doc, _, _ in members}
        for doc, quote_id, relation in members:
            others = len(outlets - {outlet_of.get(doc, doc)})
            updates.append((relation, group_id, others, doc, quote_id))
    with transaction(conn):
        conn.execute(
            "UPDATE quotes SET relation = 'single_source', group_id = NULL, other_outlets = 0 "
            "WHERE article_id IN (SELECT id FROM articles WHERE story = ?)",
            (story,),
        )
        conn.executemany(
            "UPDATE quotes SET relation = ?, group_id = ?, other_outlets = ? "
            "WHERE article_id = (SELECT id FROM articles WHERE doc = ?) AND quote_id = ?",
            updates,
        )
        conn.execute("UPDATE stories SET dirty = 0 WHERE id = ?", (story,))
