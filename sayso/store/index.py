"""Writing articles into the database: idempotent, one short transaction per batch.

``write_batch`` is the only code that changes articles. For each article it compares the content
hash with the stored one: the same hash changes nothing, a new hash replaces the old version and
all of its quotes and speakers. A batch is one ``BEGIN IMMEDIATE … COMMIT``, so readers keep
reading the last committed state (WAL) and a crash loses at most the batch in flight; the next
run then finds the committed articles unchanged and skips them *before* running the model.

``index_inputs`` is the streaming driver used by ``sayso index`` and the server: skip what is
unchanged, hand the rest to the extractor its caller chose (``sayso.pipeline.Extractor``: the
store never loads or runs the model), write in batches, then refresh the cross-outlet relations
of the stories that changed.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import islice
from typing import Any

from sayso.errors import ConfigError, MalformedInputError
from sayso.model import Article, ArticleInput, Failure
from sayso.rows import content_hash, entities_json, normalise_name
from sayso.store.db import transaction
from sayso.store.rebuild import refresh_entities
from sayso.store.records import QUOTE_COLUMNS, quote_values
from sayso.store.stories import StoryAssigner, refresh_dirty_stories

DEFAULT_BATCH = 64


@dataclass
class IndexStats:
    """What one ``sayso index`` run did, for the summary line."""

    new: int = 0
    unchanged: int = 0
    replaced: int = 0
    failed: int = 0
    quotes_added: int = 0
    stories_refreshed: int = 0
    failures: list[Failure] = field(default_factory=list)

    @property
    def seen(self) -> int:
        return self.new + self.unchanged + self.replaced + self.failed

    def to_dict(self) -> dict[str, int]:
        return {
            "new": self.new,
            "unchanged": self.unchanged,
            "replaced": self.replaced,
            "failed": self.failed,
            "quotes_added": self.quotes_added,
            "stories_refreshed": self.stories_refreshed,
        }


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def stored_hashes(conn: sqlite3.Connection, docs: Sequence[str]) -> dict[str, str]:
    """``doc -> hash`` for those of ``docs`` already stored (in chunks, under SQLite's variable limit)."""
    out: dict[str, str] = {}
    for i in range(0, len(docs), 500):
        chunk = docs[i : i + 500]
        marks = ",".join("?" * len(chunk))
        for row in conn.execute(f"SELECT doc, content_hash FROM articles WHERE doc IN ({marks})", chunk):
            out[row[0]] = row[1]
    return out


def _delete_children(conn: sqlite3.Connection, article_id: int) -> None:
    conn.execute("DELETE FROM quotes WHERE article_id = ?", (article_id,))
    conn.execute(
        "DELETE FROM mentions WHERE speaker_row IN (SELECT id FROM speakers WHERE article_id = ?)",
        (article_id,),
    )
    conn.execute("DELETE FROM speakers WHERE article_id = ?", (article_id,))


def _insert_children(conn: sqlite3.Connection, article_id: int, article: Article) -> None:
    for sp in article.speakers:
        cur = conn.execute(
            "INSERT INTO speakers (article_id, speaker_id, name, norm, kind) VALUES (?, ?, ?, ?, ?)",
            (article_id, sp.id, sp.name, normalise_name(sp.name), sp.kind),
        )
        row = cur.lastrowid
        conn.executemany(
            "INSERT INTO mentions (speaker_row, start, end) VALUES (?, ?, ?)",
            [(row, m.start, m.end) for m in sp.mentions],
        )
    conn.executemany(
        f"INSERT INTO quotes ({QUOTE_COLUMNS}) VALUES ({','.join('?' * 13)})",
        [quote_values(article_id, q) for q in article.quotes],
    )


def write_batch(
    conn: sqlite3.Connection,
    articles: Sequence[Article],
    stats: IndexStats,
    *,
    stories: StoryAssigner | None = None,
) -> None:
    """Store a batch of articles in one transaction (all or nothing) and count what happened."""
    if not articles:
        return
    delta = IndexStats()
    with transaction(conn):
        known = stored_hashes(conn, [a.doc for a in articles])
        for article in articles:
            digest = content_hash(article)
            if known.get(article.doc) == digest:
                delta.unchanged += 1
                continue
            story = stories.assign(article) if stories else None
            meta = (
                article.title,
                article.outlet,
                article.published,
                article.url,
                digest,
                json.dumps(list(article.warnings), ensure_ascii=False),
                story,
                _now(),
            )
            if article.doc in known:
                (article_id, old_story) = conn.execute(
                    "SELECT id, story FROM articles WHERE doc = ?", (article.doc,)
                ).fetchone()
                _delete_children(conn, article_id)
                conn.execute(
                    "UPDATE articles SET title=?, outlet=?, published=?, url=?, content_hash=?, "
                    "warnings=?, story=?, indexed_at=? WHERE id=?",
                    (*meta, article_id),
                )
                conn.execute(
                    "UPDATE article_texts SET text = ?, entities = ? WHERE article_id = ?",
                    (article.text, entities_json(article.entities), article_id),
                )
                _mark_dirty(conn, old_story)
                delta.replaced += 1
            else:
                cur = conn.execute(
                    "INSERT INTO articles (doc, title, outlet, published, url, content_hash, warnings, "
                    "story, indexed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (article.doc, *meta),
                )
                article_id = int(cur.lastrowid or 0)
                conn.execute(
                    "INSERT INTO article_texts (article_id, text, entities) VALUES (?, ?, ?)",
                    (article_id, article.text, entities_json(article.entities)),
                )
                delta.new += 1
            _insert_children(conn, article_id, article)
            _mark_dirty(conn, story, title=article.title)
            known[article.doc] = digest
            delta.quotes_added += len(article.quotes)
    # Counted only once the batch is committed, so the summary never claims lost work.
    stats.new += delta.new
    stats.unchanged += delta.unchanged
    stats.replaced += delta.replaced
    stats.quotes_added += delta.quotes_added


def _mark_dirty(conn: sqlite3.Connection, story: str | None, *, title: str | None = None) -> None:
    if story is None:
        return
    conn.execute(
        "INSERT INTO stories (id, title, dirty, updated_at) VALUES (?, ?, 1, ?) "
        "ON CONFLICT(id) DO UPDATE SET dirty = 1, updated_at = excluded.updated_at, "
        "title = COALESCE(stories.title, excluded.title)",
        (story, title, _now()),
    )


def _batches(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


#: Anything that turns inputs into articles, in order: in practice ``sayso.pipeline.Extractor``
#: (its ``run``, or the extractor itself). The store is handed one; it never runs the model itself.
Extract = Callable[[Iterable[ArticleInput | Failure]], Iterable[Article | Failure]]


def _skip_unchanged(conn: sqlite3.Connection, items: Iterable[Any], stats: IndexStats) -> Iterator[Any]:
    """Drop items whose doc is stored with the same content hash (counted as unchanged).

    A doc id met again in the same run is the same article if its content is the same (counted
    unchanged); with other content it is a failure that names the id, and the first is kept:
    two lines of one file sharing an id silently replaced each other, and every re-run
    reported "1 replaced" and redid the story's comparisons."""
    seen: dict[str, str] = {}
    for chunk in _batches(items, 256):
        known = stored_hashes(conn, [x.doc for x in chunk if not isinstance(x, Failure)])
        for item in chunk:
            if isinstance(item, Failure):
                yield item
                continue
            digest = content_hash(item)
            first = seen.setdefault(item.doc, digest)
            if first != digest:
                message = f"doc id {item.doc!r} is given again with other content; the first was kept"
                yield Failure(
                    item.doc, MalformedInputError.code, message, getattr(item, "where", None) or item.doc
                )
            elif known.get(item.doc) == digest:
                stats.unchanged += 1
            else:
                known[item.doc] = digest  # a second copy in this run is unchanged
                yield item


def _write_stream(
    conn: sqlite3.Connection,
    results: Iterable[Article | Failure],
    stats: IndexStats,
    *,
    batch_size: int,
    assigner: StoryAssigner,
    on_failure: Callable[[Failure], None] | None,
    on_progress: Callable[[IndexStats], None] | None,
    on_warning: Callable[[str, str], None] | None = None,
) -> None:
    pending: list[Article] = []
    for result in results:
        if isinstance(result, Failure):
            stats.failed += 1
            stats.failures.append(result)
            if on_failure:
                on_failure(result)
        else:
            pending.append(result)
            if on_warning:
                for warning in result.warnings:
                    on_warning(result.doc, warning)
        if len(pending) >= batch_size:
            write_batch(conn, pending, stats, stories=assigner)
            pending = []
        if on_progress:
            on_progress(stats)
    write_batch(conn, pending, stats, stories=assigner)
    if on_progress:
        on_progress(stats)


def index_inputs(
    conn: sqlite3.Connection,
    inputs: Iterable[ArticleInput | Article | Failure],
    *,
    extractor: Extract | None = None,
    batch_size: int = DEFAULT_BATCH,
    on_failure: Callable[[Failure], None] | None = None,
    on_progress: Callable[[IndexStats], None] | None = None,
    stories: StoryAssigner | None = None,
    stats: IndexStats | None = None,
    on_warning: Callable[[str, str], None] | None = None,
    refresh_stories: bool = True,
) -> IndexStats:
    """Index a stream of inputs; already-extracted ``Article``s (from ``sayso batch``) skip the model.

    Unchanged inputs are dropped before extraction by comparing content hashes with the database,
    so the model only ever sees new or changed text (and is not even loaded when there is none).
    Each failure goes to ``on_failure`` and the run goes on; ``on_progress`` is called as results
    arrive; ``on_warning(doc, message)`` hears what readers recovered from (e.g. bad UTF-8).
    Pass the same ``stats`` to several calls to add up one summary. With ``refresh_stories=False``
    the changed stories are only marked dirty; the caller runs ``refresh_dirty_stories`` itself
    (the server does, so that a failed refresh cannot hide that the articles were committed), and
    likewise ``sayso.store.rebuild.refresh_entities``, which otherwise runs here after the
    stories: new and replaced speakers join the speaker entities of the database.
    """
    stats = stats if stats is not None else IndexStats()
    assigner = stories if stories is not None else StoryAssigner(conn)
    todo = _skip_unchanged(conn, inputs, stats)
    failures: list[Failure] = []  # those before the first item, which says if extraction is needed
    first = next(todo, None)
    while isinstance(first, Failure):
        failures.append(first)
        first = next(todo, None)
    if first is None and failures:
        _write_stream(
            conn,
            failures,
            stats,
            batch_size=batch_size,
            assigner=assigner,
            on_failure=on_failure,
            on_progress=on_progress,
        )
    if first is not None:
        stream = _chain(first, todo, failures)
        if isinstance(first, Article):
            results: Iterable[Article | Failure] = stream
        elif extractor is None:
            raise ConfigError("index_inputs: articles that still need extraction need an extractor")
        else:
            results = extractor(stream)
        _write_stream(
            conn,
            results,
            stats,
            batch_size=batch_size,
            assigner=assigner,
            on_failure=on_failure,
            on_progress=on_progress,
            on_warning=on_warning,
        )
    if refresh_stories:
        stats.stories_refreshed += refresh_dirty_stories(conn)
        refresh_entities(conn)
    if stories is None:
        assigner.remember()
    return stats


def _chain(first: Any, rest: Iterator[Any], before: Sequence[Failure] = ()) -> Iterator[Any]:
    yield from before
    yield first
    yield from rest
