"""What the endpoints call: extraction, comparison and the database, one small function each.

The HTTP layer stays thin: these functions only adapt request data to the library functions of
``sayso.quotes``, ``sayso.compare`` and ``sayso.store`` and return plain dicts. They are all
synchronous and CPU- or disk-bound, so the endpoints that call them are plain ``def`` functions,
which FastAPI runs in its threadpool, leaving the event loop free for other requests.

The database has one connection policy (``open_db``: WAL, a busy timeout) and one connection per
thread, since a SQLite connection must not be used by two threads at once. Reads run in parallel;
writes are serialised in-process by ``_write_lock``, so concurrent ``POST /api/articles`` requests
queue behind each other instead of racing for SQLite's write lock and failing with "database is
locked". The busy timeout then only ever waits for *other* processes (a ``sayso index`` run, a
second server worker), and is longer than the CLI's, because an HTTP client would rather wait
than retry.

The spaCy pipeline is loaded once per process (``sayso.nlp.load_nlp`` caches it) and used under a
lock: one pipeline object is not documented as safe for concurrent ``pipe`` calls, and extraction
is CPU-bound under the GIL anyway, so serialising it costs no throughput within one worker; more
throughput comes from more worker processes (``sayso serve --workers N``).
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from sayso.compare.api import compare as compare_articles
from sayso.compare.report import render_html
from sayso.errors import (
    DatabaseError,
    EmptyInputError,
    InputError,
    InvalidRequestError,
    NotEnoughArticlesError,
    NotFoundError,
)
from sayso.ingest.common import failure
from sayso.model import Article, ArticleInput, Comparison, Failure
from sayso.pipeline import Extractor
from sayso.pipeline.extractor import confident
from sayso.settings import DEFAULT_MIN_CONFIDENCE
from sayso.store import (
    SearchQuery,
    default_db_path,
    index_inputs,
    open_db,
    search,
)
from sayso.store.pages import Page, iter_search, outlet_relations, search_page, stories_page, with_entities
from sayso.store.queries import show_article
from sayso.store.rebuild import refresh_entities
from sayso.store.stories import iter_articles, refresh_dirty_stories
from sayso.web.schemas import ArticleIn, to_input
from sayso.web.settings import WebSettings

log = logging.getLogger("sayso.web")

#: How long a server write waits for another process's write transaction before it gives up
#: with a 503 (the CLI waits ``sayso.store.db.BUSY_TIMEOUT_MS``).
SERVER_BUSY_TIMEOUT_MS = 60_000
#: Rows a download reads per query (each next chunk skips the rows before it: bigger is cheaper).
DOWNLOAD_CHUNK = 5000


class Backend:
    """Per-process state of the server: settings, the pipeline and one database connection per thread."""

    def __init__(self, settings: WebSettings, nlp: Any = None) -> None:
        self.settings = settings
        self._nlp = nlp
        self._nlp_lock = threading.Lock()
        self._local = threading.local()
        self._conns: list[sqlite3.Connection] = []
        self._conns_lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._entities_lock = threading.Lock()
        self._entities_wanted = False
        self._entities_thread: threading.Thread | None = None

    # --- the model ----------------------------------------------------------------------------
    @property
    def model_loaded(self) -> bool:
        return self._nlp is not None

    def nlp(self) -> Any:
        if self._nlp is None:
            self._nlp = Extractor(model=self.settings.model).pipeline()
        return self._nlp

    def _run(
        self, inputs: Iterable[ArticleInput | Failure], min_confidence: float = 0.0
    ) -> Iterator[Article | Failure]:
        """The one door (``Extractor``) with this server's model and limit, under the pipeline lock.

        Stored articles keep every quote (``min_confidence`` 0): a reader filters when reading.
        """
        extractor = Extractor(
            model=self.settings.model,
            max_chars=self.settings.max_chars,
            min_confidence=min_confidence,
            nlp=self.nlp(),
        )
        with self._nlp_lock:
            yield from extractor.run(inputs)

    def _extract_all(self, inputs: Sequence[ArticleInput], min_confidence: float) -> list[Article]:
        """Every article, or the typed error of the first one that failed: a request is one unit
        for the client, so unlike a batch run a failed article fails the request (naming it)."""
        articles: list[Article] = []
        for result in list(self._run(inputs, min_confidence)):
            if isinstance(result, Failure):
                raise result.error()
            articles.append(result)
        return articles

    # --- extraction ---------------------------------------------------------------------------
    def inputs(self, items: Sequence[ArticleIn]) -> list[ArticleInput]:
        """Request articles → library inputs, with generated ids unique within the request."""
        return [i for i in self._inputs(items, keep_going=False) if isinstance(i, ArticleInput)]

    def _inputs(self, items: Sequence[ArticleIn], *, keep_going: bool) -> list[ArticleInput | Failure]:
        """With ``keep_going``, a page that yields no text (E104) is a ``Failure`` in its place
        and the rest go on, as ``sayso index`` goes on past a bad file; an empty ``text`` or
        ``html`` (E102) still refuses the whole request, before the model runs."""
        seen: set[str] = set()
        out: list[ArticleInput | Failure] = []
        for i, item in enumerate(items, start=1):
            doc = item.doc or f"article-{i}"
            if doc in seen:
                raise InvalidRequestError(f"two articles have the same doc id {doc!r}")
            seen.add(doc)
            try:
                out.append(to_input(item, default_doc=doc, max_chars=self.settings.max_chars))
            except InputError as err:
                if not keep_going or isinstance(err, EmptyInputError):
                    raise
                out.append(failure(err, doc))
        return out

    def extract(
        self, items: Sequence[ArticleIn], min_confidence: float = DEFAULT_MIN_CONFIDENCE
    ) -> list[Article]:
        """Extract every article or fail the request naming the first article that failed."""
        return self._extract_all(self.inputs(items), min_confidence)

    def compare(
        self, items: Sequence[ArticleIn], min_confidence: float = DEFAULT_MIN_CONFIDENCE
    ) -> tuple[list[Article], Comparison]:
        """Extract and compare: the frozen articles carry everything the comparison needs."""
        if len(items) < 2:
            raise NotEnoughArticlesError(f"a comparison needs at least two articles, got {len(items)}")
        # Every quote reaches the comparison, which shows those at ``min_confidence`` and the
        # ones under it that another outlet's quote corroborates (``compare._corroborated``).
        articles = self._extract_all(self.inputs(items), 0.0)
        comparison = compare_articles(articles, min_confidence)
        return [confident(a, min_confidence) for a in articles], comparison

    @staticmethod
    def report_html(comparison: Comparison) -> str:
        return str(render_html(comparison))

    # --- the database -------------------------------------------------------------------------
    def conn(self) -> sqlite3.Connection:
        """This thread's connection (SQLite connections must not be used by two threads at once)."""
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = open_db(self.settings.db or default_db_path(), busy_timeout_ms=SERVER_BUSY_TIMEOUT_MS)
            self._local.conn = conn
            with self._conns_lock:
                self._conns.append(conn)
        return conn

    def index(self, items: Sequence[ArticleIn]) -> dict[str, Any]:
        """Store articles; unchanged ones are skipped before the model runs (the store's rule).

        The answer says exactly what was committed: ``stored`` lists every doc that is in the
        database once this returns (new, replaced or unchanged), ``failures`` every doc that is
        not. A database error before the commit fails the whole request (nothing was stored);
        story relations are refreshed after the commit, and if that fails the articles are still
        stored, the request still succeeds, and ``stories_pending`` says the refresh was left for
        the next write (stories stay marked dirty in the database).

        Failed articles are listed in the answer; only when every article failed does the request
        fail, with the first article's error, so a client sending one bad article gets a 4xx.
        """
        inputs = self._inputs(items, keep_going=True)
        conn = self.conn()
        with self._write_lock:
            stats = index_inputs(conn, inputs, extractor=self._run, refresh_stories=False)
            pending = False
            try:
                stats.stories_refreshed += refresh_dirty_stories(conn)
            except DatabaseError as exc:
                log.warning("articles stored, story relations left for later: %s", exc)
                pending = True
        if stats.new or stats.replaced:
            self._refresh_entities_later()
        failures = list(stats.failures)
        if failures and len(failures) == len(inputs):
            first = failures[0]
            raise first.error()
        failed = {f.doc for f in failures}
        out: dict[str, Any] = {"docs": [i.doc for i in inputs], **stats.to_dict()}
        out["stored"] = [i.doc for i in inputs if i.doc not in failed]
        out["failures"] = [f.to_dict() for f in failures]
        out["stories_pending"] = pending
        return out

    def article(self, doc: str, min_confidence: float = DEFAULT_MIN_CONFIDENCE) -> dict[str, Any]:
        """The stored article (text, quotes, speakers) plus its story and each quote's relation."""
        return dict(show_article(self.conn(), doc, with_text=True, min_confidence=min_confidence))

    def search(self, query: SearchQuery) -> Page:
        """One page of matches with the real count of all of them, each with its speaker entity."""
        page = search_page(self.conn(), query, counts=self._counts())
        return replace(page, items=with_entities(self.conn(), page.items))

    def _counts(self) -> dict[Any, Any]:
        """This thread's remembered totals and lists (they belong with its connection, see ``conn``)."""
        counts: dict[Any, Any] | None = getattr(self._local, "counts", None)
        if counts is None:
            counts = self._local.counts = {}
        return counts

    def search_rows(self, query: SearchQuery) -> Iterator[dict[str, Any]]:
        """Every match from ``query.offset`` on, at most ``query.limit``, read a chunk at a time
        for a download. The first chunk is read here, so a bad query fails before the response
        starts; the rest is read on a connection of the download's own, because the response
        is streamed from other threads while this thread's connection serves other requests."""
        first = search(self.conn(), query._replace(limit=min(query.limit, DOWNLOAD_CHUNK)))

        def rows() -> Iterator[dict[str, Any]]:
            yield from first
            if len(first) < min(query.limit, DOWNLOAD_CHUNK):
                return
            conn = open_db(self.settings.db or default_db_path(), busy_timeout_ms=SERVER_BUSY_TIMEOUT_MS)
            try:
                rest = query._replace(offset=query.offset + len(first), limit=query.limit - len(first))
                yield from iter_search(conn, rest, chunk=DOWNLOAD_CHUNK)
            finally:
                conn.close()

        return rows()

    def speakers(
        self,
        limit: int,
        min_confidence: float = DEFAULT_MIN_CONFIDENCE,
        *,
        offset: int = 0,
        named_only: bool = False,
    ) -> dict[str, Any]:
        """One page of speaker entities, most quoted first, with the number of all of them."""
        from sayso.store.entities import count_entities, list_entities

        conn = self.conn()
        rows = self._cached(
            ("speakers", limit, offset, min_confidence, named_only),
            lambda: list_entities(
                conn, limit=limit, offset=offset, min_confidence=min_confidence, named_only=named_only
            ),
        )
        total = self._cached(
            ("speakers-total", min_confidence, named_only),
            lambda: count_entities(conn, min_confidence=min_confidence, named_only=named_only),
        )
        return {"total": total, "offset": offset, "limit": limit, "speakers": [dict(r) for r in rows]}

    def stories(self, limit: int, offset: int = 0) -> Page:
        return self._cached(
            ("stories", limit, offset), lambda: stories_page(self.conn(), limit=limit, offset=offset)
        )

    def _cached(self, key: Any, compute: Callable[[], Any]) -> Any:
        """``compute()``, remembered by this thread until the database changes: the stories list
        and the whole-database chart read every article or quote, and a reader pages through them."""
        conn = self.conn()
        version = (conn.execute("PRAGMA data_version").fetchone()[0], conn.total_changes)
        cache = self._counts()
        if (key, version) not in cache:
            if len(cache) >= 512:
                cache.clear()
            cache[(key, version)] = compute()
        return cache[(key, version)]

    def speaker(
        self, entity: str, *, min_confidence: float = DEFAULT_MIN_CONFIDENCE, limit: int = 50, offset: int = 0
    ) -> dict[str, Any]:
        """One speaker entity across the database (``sayso.store.entities.speaker_profile``)."""
        from sayso.store.entities import speaker_profile

        return dict(
            speaker_profile(self.conn(), entity, min_confidence=min_confidence, limit=limit, offset=offset)
        )

    def outlet_chart(self, *, story: str | None, min_confidence: float) -> str:
        """Quotes per outlet per relation, of one story or the whole database, as SVG."""
        from sayso.charts import outlet_relations_svg

        if story is not None:
            self.require_story(story)

        def draw() -> str:
            counts = outlet_relations(self.conn(), story=story, min_confidence=min_confidence)
            return outlet_relations_svg(counts, title="Quotes per outlet, by relation")

        return str(self._cached(("outlets.svg", story, min_confidence), draw))

    def speaker_charts(self, entity: str, *, min_confidence: float, chart: str) -> str:
        """The speaker's timeline or per-outlet relations chart, as SVG."""
        from sayso.charts import outlet_relations_svg, timeline_svg

        profile = self.speaker(entity, min_confidence=min_confidence, limit=1)
        name = str(profile["entity"]["name"])
        if chart == "timeline":
            unit = "day" if profile.get("timeline_unit") == "day" else "month"
            points = [(str(p["period"]), int(p["quotes"])) for p in profile["timeline"]]
            return timeline_svg(points, title=f"Quotes of {name} per {unit}")
        counts: dict[str, dict[str, int]] = {}
        for row in profile["relations"]:
            counts.setdefault(row["outlet"] or "", {})[str(row["relation"])] = int(row["quotes"])
        ordered = dict(sorted(counts.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])))
        return outlet_relations_svg(ordered, title=f"Quotes of {name} per outlet, by relation")

    def require_story(self, story_id: str) -> None:
        row = self.conn().execute("SELECT 1 FROM articles WHERE story = ? LIMIT 1", (story_id,)).fetchone()
        if row is None:
            raise NotFoundError(f"no story with id {story_id!r} in the database")

    def story(
        self, story_id: str, min_confidence: float = DEFAULT_MIN_CONFIDENCE
    ) -> tuple[list[Article], Comparison]:
        """The story's stored articles and their comparison (a one-article story has no pairs),
        over the quotes at ``min_confidence`` or above, as ``sayso compare`` shows them."""
        stored = list(iter_articles(self.conn(), where="story = ?", params=(story_id,)))
        articles = [confident(a, min_confidence) for a in stored]
        if not articles:
            raise NotFoundError(f"no story with id {story_id!r} in the database")
        if len(articles) < 2:
            return articles, Comparison(articles=tuple(articles), speakers=(), groups=())
        return articles, compare_articles(stored, min_confidence)

    # --- speaker entities -------------------------------------------------------------------------
    def _refresh_entities_later(self) -> None:
        """Speaker entities are resolved over the whole database (seconds on thousands of
        articles), so a write does not wait for them: one background thread rebuilds after
        writes, and writes that arrive meanwhile are taken in its next pass."""
        with self._entities_lock:
            self._entities_wanted = True
            if self._entities_thread is not None:
                return
            self._entities_thread = threading.Thread(
                target=self._entities_loop, name="sayso-entities", daemon=True
            )
            self._entities_thread.start()

    def _entities_loop(self) -> None:
        while True:
            with self._entities_lock:
                if not self._entities_wanted:
                    self._entities_thread = None
                    return
                self._entities_wanted = False
            try:
                with self._write_lock:
                    refresh_entities(self.conn())
            except (DatabaseError, sqlite3.Error) as exc:
                log.warning("speaker entities left for the next write: %s", exc)

    def wait_for_entities(self, timeout: float | None = None) -> None:
        """Return once the entities reflect every write so far (tests, shutdown)."""
        with self._entities_lock:
            thread = self._entities_thread
        if thread is not None:
            thread.join(timeout)

    def close(self) -> None:
        self.wait_for_entities(timeout=60)
        for conn in self._conns:
            with contextlib.suppress(sqlite3.Error):
                conn.close()
        self._conns.clear()


__all__ = ["Backend"]
