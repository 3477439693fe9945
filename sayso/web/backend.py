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
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from sayso.compare.api import compare as compare_articles
from sayso.compare.report import render_html
from sayso.errors import (
    DatabaseError,
    InvalidRequestError,
    NotEnoughArticlesError,
    NotFoundError,
)
from sayso.model import Article, ArticleInput, Comparison, Failure
from sayso.pipeline import Extractor
from sayso.pipeline.extractor import confident
from sayso.settings import DEFAULT_MIN_CONFIDENCE
from sayso.store import (
    SearchQuery,
    default_db_path,
    index_inputs,
    list_speakers,
    list_stories,
    open_db,
    search,
)
from sayso.store.queries import show_article
from sayso.store.stories import iter_articles, refresh_dirty_stories
from sayso.web.schemas import ArticleIn, to_input
from sayso.web.settings import WebSettings

log = logging.getLogger("sayso.web")

#: How long a server write waits for another process's write transaction before it gives up
#: with a 503 (the CLI waits ``sayso.store.db.BUSY_TIMEOUT_MS``).
SERVER_BUSY_TIMEOUT_MS = 60_000


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
        seen: set[str] = set()
        out: list[ArticleInput] = []
        for i, item in enumerate(items, start=1):
            inp = to_input(item, default_doc=f"article-{i}", max_chars=self.settings.max_chars)
            if inp.doc in seen:
                raise InvalidRequestError(f"two articles have the same doc id {inp.doc!r}")
            seen.add(inp.doc)
            out.append(inp)
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
        articles = self._extract_all(self.inputs(items), min_confidence)
        return articles, compare_articles(articles)

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
        inputs = self.inputs(items)
        conn = self.conn()
        with self._write_lock:
            stats = index_inputs(conn, inputs, extractor=self._run, refresh_stories=False)
            pending = False
            try:
                stats.stories_refreshed += refresh_dirty_stories(conn)
            except DatabaseError as exc:
                log.warning("articles stored, story relations left for later: %s", exc)
                pending = True
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

    def search(self, **query: Any) -> list[dict[str, Any]]:
        return [dict(hit) for hit in search(self.conn(), SearchQuery(**query))]

    def speakers(self, limit: int, min_confidence: float = DEFAULT_MIN_CONFIDENCE) -> list[dict[str, Any]]:
        return [dict(s) for s in list_speakers(self.conn(), limit=limit, min_confidence=min_confidence)]

    def stories(self, limit: int) -> list[dict[str, Any]]:
        return [dict(s) for s in list_stories(self.conn())[:limit]]

    def story(
        self, story_id: str, min_confidence: float = DEFAULT_MIN_CONFIDENCE
    ) -> tuple[list[Article], Comparison]:
        """The story's stored articles and their comparison (a one-article story has no pairs),
        over the quotes at ``min_confidence`` or above, as ``sayso compare`` shows them."""
        stored = iter_articles(self.conn(), where="story = ?", params=(story_id,))
        articles = [confident(a, min_confidence) for a in stored]
        if not articles:
            raise NotFoundError(f"no story with id {story_id!r} in the database")
        if len(articles) < 2:
            return articles, Comparison(articles=tuple(articles), speakers=(), groups=())
        return articles, compare_articles(articles)

    def close(self) -> None:
        for conn in self._conns:
            with contextlib.suppress(sqlite3.Error):
                conn.close()
        self._conns.clear()


__all__ = ["Backend"]
