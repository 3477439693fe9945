"""The FastAPI application: routes only; the work is in ``sayso.web.backend`` and the library.

``create_app(settings)`` builds an independent app (tests build many, each with its own
database); ``app_from_env()`` is the factory uvicorn imports in every worker process when
``sayso serve --workers N`` runs several, with the settings passed through the environment.
"""

from __future__ import annotations

import hmac
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Mapping, MutableMapping
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Annotated, Any, Literal

from fastapi import Body, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool

import sayso
from sayso.errors import AuthenticationError, InvalidRequestError, SaysoError, TooLargeError
from sayso.model import PAIR_RELATIONS, Article, Comparison, QuoteKind, Relation
from sayso.settings import DEFAULT_MIN_CONFIDENCE
from sayso.store import SearchQuery
from sayso.store.queries import HIT_FIELDS
from sayso.web import errors
from sayso.web.backend import Backend
from sayso.web.display import row_display, rows_with_display, with_article_display, with_comparison_display
from sayso.web.downloads import csv_response, filename, json_download, svg_response
from sayso.web.schemas import ArticleIn
from sayso.web.settings import DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, WebSettings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Limits on list endpoints, so one request cannot ask the server for the whole database.
MAX_ARTICLES_PER_REQUEST = 50

#: Pages deeper than this are refused: nobody reads them, and OFFSET costs a walk over the skipped rows.
MAX_OFFSET = 10_000_000
#: Most rows one download (``all=true``) writes.
MAX_DOWNLOAD_ROWS = 100_000
#: The page routes: each serves the one page, whose script shows the view the URL names.
PAGE_PATHS = (
    "/",
    "/search",
    "/articles/{doc:path}",
    "/stories",
    "/stories/{story_id}",
    "/speakers",
    "/speakers/{entity}",
)
#: Columns of the CSV downloads.
SPEAKER_QUOTE_FIELDS = (*HIT_FIELDS, "title")
#: The columns of a CSV of quotes: the hit's fields and its ``display``, as ``sayso search -f csv``.
HIT_COLUMNS = (*HIT_FIELDS, "display")


def _displayed(rows: Iterable[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """Rows with their ``display``, one at a time: a download streams its rows."""
    return ({**row, "display": row_display(row)} for row in rows)


SPEAKER_FIELDS = ("id", "name", "kind", "local", "quotes", "articles", "outlets", "aliases")
STORY_FIELDS = ("story", "docs", "outlets", "title", "first_published", "last_published")

Download = Annotated[
    Literal["json", "csv"] | None, Query(description="Download this view as a file (Content-Disposition).")
]
AllRows = Annotated[bool, Query(alias="all", description="With format: every match, not one page.")]

#: A JSON list of articles as the whole request body (module level: FastAPI resolves the
#: annotations of endpoint functions by name, and ``from __future__ import annotations`` makes
#: names local to ``create_app`` invisible to it).
Articles = Annotated[list[ArticleIn], Body(min_length=1, max_length=MAX_ARTICLES_PER_REQUEST)]
#: The one confidence filter of every endpoint that shows quotes (default: ``sayso.settings``).
MinConfidence = Annotated[
    float, Query(ge=0.0, le=1.0, description="Only quotes at least this likely to be someone's words.")
]
OneOrMoreArticles = Annotated[
    dict[str, Any] | list[Any],
    Body(description="One article object (as for /api/extract) or a list of them."),
]


class BodyLimit:
    """Refuse request bodies over ``max_body`` bytes with a 413, before any handler runs.

    The ``Content-Length`` header is checked first (cheap, no reading), but a client can omit it
    (chunked transfer) or lie, so the body is also counted as it streams in and the request is
    refused as soon as the count passes the limit. The body is buffered here (at most
    ``max_body`` bytes) and replayed to the app, so a handler never sees a truncated body.
    """

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in {"GET", "HEAD", "OPTIONS"}:
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = 0
                if declared > self.max_body:
                    await self._refuse(scope, receive, send)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_body:
                await self._refuse(scope, receive, send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        exc = TooLargeError(f"request body is over the limit of {self.max_body:,} bytes")
        await errors.error_response(exc)(scope, receive, send)


#: The HTML report is self-contained (inline CSS and JS) and escapes article text itself; this
#: policy is defence in depth: it runs sandboxed in its own origin and cannot reach the network.
REPORT_CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
    "sandbox allow-scripts allow-downloads"
)

#: The policy of the web page and the API reference, sent as a response header: a ``<meta>`` tag
#: only applies from where the parser meets it and cannot forbid framing. The same directives as
#: the tag in ``templates/base.html`` (kept for saved copies of the page), plus
#: ``frame-ancestors 'none'``, which only a header can carry (like ``X-Frame-Options: DENY``).
PAGE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

#: Endpoints that change the database: with ``SAYSO_TOKEN`` set they need the bearer token.
#: Extraction and comparison change nothing and stay open (see docs/http.md).
WRITE_ENDPOINTS: frozenset[tuple[str, str]] = frozenset({("POST", "/api/articles")})


class TokenGuard:
    """Require ``Authorization: Bearer <token>`` on write endpoints, before anything else happens.

    A middleware rather than a FastAPI dependency because FastAPI reads and parses the body before
    it runs dependencies: an unauthenticated client would otherwise learn about validation (422)
    and make the server read a large body. Compared in constant time.
    """

    def __init__(self, app: ASGIApp, token: str, protected: frozenset[tuple[str, str]]) -> None:
        self.app = app
        self.token = token.encode("utf-8")
        self.protected = protected

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and (scope["method"], scope["path"].rstrip("/")) in self.protected:
            header = next((v for k, v in scope.get("headers", []) if k == b"authorization"), b"")
            scheme, _, given = header.partition(b" ")
            if scheme.lower() != b"bearer" or not hmac.compare_digest(given.strip(), self.token):
                exc = AuthenticationError(
                    "this endpoint needs 'Authorization: Bearer <token>' (the server has SAYSO_TOKEN)"
                )
                response = errors.error_response(exc)
                response.headers["www-authenticate"] = "Bearer"
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


class SecurityHeaders:
    """Headers that keep browsers from guessing: JSON with ``<script>`` in it stays JSON (``nosniff``),
    and no other site can frame the page or learn which article URL a user came from."""

    HEADERS: tuple[tuple[bytes, bytes], ...] = (
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
    )

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


def _resource(name: str) -> str:
    return str(files("sayso.web").joinpath(name))


def create_app(settings: WebSettings | None = None, *, nlp: Any = None) -> FastAPI:
    """A new app. ``nlp`` lets tests share one loaded pipeline; by default it loads on first use
    (or at start-up when ``settings.preload``, so the first request is not the slow one)."""
    settings = settings or WebSettings.from_env()
    backend = Backend(settings, nlp=nlp)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.preload:
            try:
                await run_in_threadpool(backend.nlp)
            except SaysoError as exc:
                # Keep serving: search and the page work without the model, and extraction
                # answers with this same error as JSON (503) instead of the server not starting.
                errors.log.error("cannot load the model: %s", exc)
        yield
        backend.close()

    app = FastAPI(
        title="sayso",
        version=sayso.__version__,
        description="Who said what, and who reported it how. Errors are JSON: "
        '`{"error": {"code": "E…", "message": "…"}}`.',
        lifespan=lifespan,
        # The stock Swagger UI loads its scripts from a CDN; /docs is served by sayso instead.
        docs_url=None,
        redoc_url=None,
    )
    app.state.backend = backend
    app.state.settings = settings
    errors.install(app)
    app.add_middleware(BodyLimit, max_body=settings.max_body)
    if settings.token:
        app.add_middleware(TokenGuard, token=settings.token, protected=WRITE_ENDPOINTS)
    app.add_middleware(SecurityHeaders)  # outermost: also on 413s from BodyLimit
    app.mount("/static", StaticFiles(directory=_resource("static")), name="static")
    templates = Jinja2Templates(directory=_resource("templates"))  # autoescape is on for .html

    def page(request: Request) -> HTMLResponse:
        """The one page: its script reads the URL and shows the view it names, so every view
        (a search, an article, a story, a speaker) can be bookmarked and reloaded."""
        return templates.TemplateResponse(
            request,
            "index.html",
            {
                "token_required": bool(settings.token),
                "max_body": settings.max_body,
                "root": request.scope.get("root_path", ""),
                "relations": PAIR_RELATIONS,
                "min_confidence": DEFAULT_MIN_CONFIDENCE,
            },
            headers={"content-security-policy": PAGE_CSP},
        )

    for path in PAGE_PATHS:
        app.add_api_route(path, page, methods=["GET"], response_class=HTMLResponse, include_in_schema=False)

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    def api_docs(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(
            request,
            "docs.html",
            {"root": request.scope.get("root_path", "")},
            headers={"content-security-policy": PAGE_CSP},
        )

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        return {"status": "ok", "model_loaded": backend.model_loaded}

    @app.post("/api/extract")
    def extract(article: ArticleIn, min_confidence: MinConfidence = DEFAULT_MIN_CONFIDENCE) -> dict[str, Any]:
        """One article → its quotes and speakers (with the text the offsets refer to)."""
        (result,) = backend.extract([article], min_confidence)
        return with_article_display(result.to_dict(with_text=True))

    @app.post("/api/compare", response_model=None)
    def compare(
        articles: Articles,
        format: Literal["json", "html"] = "json",
        with_articles: bool = Query(False, description="Give each article in full, with text and quotes."),
        min_confidence: MinConfidence = DEFAULT_MIN_CONFIDENCE,
    ) -> dict[str, Any] | HTMLResponse:
        """Two or more articles of one story → quote groups, relations, diffs and facts."""
        extracted, comparison = backend.compare(articles, min_confidence)
        if format == "html":
            return HTMLResponse(
                backend.report_html(comparison), headers={"content-security-policy": REPORT_CSP}
            )
        return _comparison_json(comparison, extracted if with_articles else None)

    @app.post("/api/articles")
    def index_articles(payload: OneOrMoreArticles) -> dict[str, Any]:
        """Extract and store one article or a list of them (idempotent per doc id and text).

        When the server has ``SAYSO_TOKEN``, send ``Authorization: Bearer <token>``.
        """
        return backend.index(_article_list(payload))

    @app.get("/api/articles/{doc:path}")
    def get_article(doc: str, min_confidence: MinConfidence = DEFAULT_MIN_CONFIDENCE) -> dict[str, Any]:
        return with_article_display(backend.article(doc, min_confidence))

    @app.get("/api/quotes", response_model=None)
    def search_quotes(
        q: Annotated[str | None, Query(max_length=500, description="Words of the quote (full-text).")] = None,
        speaker: Annotated[str | None, Query(max_length=200)] = None,
        outlet: Annotated[str | None, Query(max_length=200)] = None,
        since: Annotated[str | None, Query(max_length=40, description="ISO date, inclusive.")] = None,
        until: Annotated[str | None, Query(max_length=40, description="ISO date, inclusive.")] = None,
        story: Annotated[str | None, Query(max_length=200)] = None,
        kind: Annotated[QuoteKind | None, Query(description="direct, mixed or indirect.")] = None,
        relation: Annotated[
            Relation | None,
            Query(description="The quote against the story's fullest rendering (verbatim … single_source)."),
        ] = None,
        multi: Annotated[bool, Query(description="Only quotes reported by 2+ outlets.")] = False,
        limit: Annotated[int, Query(ge=1, le=MAX_SEARCH_LIMIT)] = DEFAULT_SEARCH_LIMIT,
        offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
        min_confidence: MinConfidence = DEFAULT_MIN_CONFIDENCE,
        format: Download = None,
        everything: AllRows = False,
    ) -> dict[str, Any] | Response:
        """Matching quotes, one page: ``total`` (all matches), ``offset``, ``limit``, ``items``.

        ``format=csv|json`` downloads the page as a file; with ``all=true`` every match (up to
        ``MAX_DOWNLOAD_ROWS``) instead of one page.
        """
        query = SearchQuery(
            text=q or None,
            speaker=speaker or None,
            outlet=outlet or None,
            since=since or None,
            until=until or None,
            story=story or None,
            kind=kind,
            relation=relation,
            multi=multi,
            limit=MAX_DOWNLOAD_ROWS if everything else limit,
            offset=0 if everything else offset,
            min_confidence=min_confidence,
        )
        if format == "csv":
            return csv_response(
                _displayed(backend.search_rows(query)), HIT_COLUMNS, filename("quotes", ext="csv")
            )
        if format == "json" and everything:
            items = rows_with_display(backend.search_rows(query))
            return json_download({"items": items}, filename("quotes", ext="json"))
        data = backend.search(query).to_dict()
        data["items"] = rows_with_display(data["items"])
        return json_download(data, filename("quotes", ext="json")) if format == "json" else data

    @app.get("/api/speakers", response_model=None)
    def speakers(
        limit: Annotated[int, Query(ge=1, le=MAX_SEARCH_LIMIT)] = 200,
        offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
        named: Annotated[
            bool, Query(description="Leave out article-local speakers ('a spokesman').")
        ] = False,
        min_confidence: MinConfidence = DEFAULT_MIN_CONFIDENCE,
        format: Download = None,
    ) -> dict[str, Any] | Response:
        """Speaker entities, most quoted first, one page: ``total``, ``offset``, ``limit``, ``speakers``."""
        data = backend.speakers(limit, min_confidence, offset=offset, named_only=named)
        if format == "csv":
            return csv_response(data["speakers"], SPEAKER_FIELDS, filename("speakers", ext="csv"))
        return json_download(data, filename("speakers", ext="json")) if format == "json" else data

    @app.get("/api/speakers/{entity}", response_model=None)
    def speaker(
        entity: str,
        limit: Annotated[int, Query(ge=1, le=MAX_SEARCH_LIMIT)] = DEFAULT_SEARCH_LIMIT,
        offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
        min_confidence: MinConfidence = DEFAULT_MIN_CONFIDENCE,
        format: Download = None,
    ) -> dict[str, Any] | Response:
        """One speaker entity: aliases, quotes across outlets (paged), per-outlet counts and
        relations, timeline. ``format=csv`` downloads this page of quotes, ``json`` all of it."""
        profile = backend.speaker(entity, min_confidence=min_confidence, limit=limit, offset=offset)
        profile["quotes"] = rows_with_display(profile["quotes"])
        if format == "csv":
            return csv_response(
                profile["quotes"], SPEAKER_QUOTE_FIELDS, filename("speaker", entity, ext="csv")
            )
        if format == "json":
            return json_download(profile, filename("speaker", entity, ext="json"))
        return profile

    @app.get("/api/stories", response_model=None)
    def stories(
        limit: Annotated[int, Query(ge=1, le=MAX_SEARCH_LIMIT)] = DEFAULT_SEARCH_LIMIT,
        offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
        format: Download = None,
    ) -> dict[str, Any] | Response:
        """Stories, largest first, one page: ``total``, ``offset``, ``limit``, ``items``."""
        data = backend.stories(limit, offset).to_dict()
        if format == "csv":
            return csv_response(data["items"], STORY_FIELDS, filename("stories", ext="csv"))
        return json_download(data, filename("stories", ext="json")) if format == "json" else data

    @app.get("/api/stories/{story_id}", response_model=None)
    def story(
        story_id: str,
        with_articles: bool = Query(False, description="Give each article in full, with text and quotes."),
        min_confidence: MinConfidence = DEFAULT_MIN_CONFIDENCE,
        format: Download = None,
    ) -> dict[str, Any] | Response:
        """The story's comparison, in the same shape as ``POST /api/compare``; ``format=csv``
        downloads the story's quotes (one row each, with their relations), ``json`` this answer."""
        if format == "csv":
            backend.require_story(story_id)
            query = SearchQuery(story=story_id, limit=MAX_DOWNLOAD_ROWS, min_confidence=min_confidence)
            return csv_response(
                rows_with_display(backend.search_rows(query)),
                HIT_COLUMNS,
                filename("story", story_id, ext="csv"),
            )
        articles, comparison = backend.story(story_id, min_confidence)
        data = _comparison_json(comparison, articles if with_articles else None)
        return json_download(data, filename("story", story_id, ext="json")) if format == "json" else data

    @app.get("/api/charts/outlets.svg", response_class=Response)
    def outlets_chart(
        story: Annotated[
            str | None, Query(max_length=200, description="One story; else the whole database.")
        ] = None,
        speaker: Annotated[str | None, Query(max_length=300, description="One speaker entity id.")] = None,
        min_confidence: MinConfidence = DEFAULT_MIN_CONFIDENCE,
    ) -> Response:
        """Quotes per outlet per relation (stacked bars, SVG drawn by matplotlib)."""
        if speaker:
            return svg_response(
                backend.speaker_charts(speaker, min_confidence=min_confidence, chart="outlets")
            )
        return svg_response(backend.outlet_chart(story=story or None, min_confidence=min_confidence))

    @app.get("/api/charts/timeline.svg", response_class=Response)
    def timeline_chart(
        speaker: Annotated[str, Query(max_length=300, description="A speaker entity id.")],
        min_confidence: MinConfidence = DEFAULT_MIN_CONFIDENCE,
    ) -> Response:
        """A speaker's quotes per month (per day when they all fall within two months), SVG."""
        return svg_response(backend.speaker_charts(speaker, min_confidence=min_confidence, chart="timeline"))

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        return Response(status_code=204)

    return app


def _comparison_json(comparison: Comparison, articles: list[Article] | None) -> dict[str, Any]:
    """The compare JSON of issue 3; with ``articles`` each entry of ``"articles"`` is the full
    extract JSON (a superset of ``doc``/``outlet``/``title``), which the web page needs to draw
    the articles side by side without a second request. Every quote and rendering carries
    ``display`` (``sayso.web.display``), so the page never places quotation marks itself."""
    out = with_comparison_display(comparison.to_dict(), comparison)
    if articles is not None:
        out["articles"] = [with_article_display(a.to_dict(with_text=True)) for a in articles]
    return out


def _article_list(payload: dict[str, Any] | list[Any]) -> list[ArticleIn]:
    """Validate "one article or a list" by hand: a pydantic union would report every failed
    alternative, and the client needs one message naming the bad field (``1.text``)."""
    from pydantic import ValidationError

    items = payload if isinstance(payload, list) else [payload]
    if not 1 <= len(items) <= MAX_ARTICLES_PER_REQUEST:
        raise InvalidRequestError(f"send between 1 and {MAX_ARTICLES_PER_REQUEST} articles per request")
    out: list[ArticleIn] = []
    for i, item in enumerate(items):
        try:
            out.append(ArticleIn.model_validate(item))
        except ValidationError as exc:
            prefix: tuple[Any, ...] = ("body", i) if isinstance(payload, list) else ("body",)
            raise RequestValidationError(
                [{**e, "loc": (*prefix, *e["loc"])} for e in exc.errors(include_url=False)]
            ) from exc
    return out


def app_from_env() -> FastAPI:
    """The factory uvicorn calls in each worker process (``sayso.web.app:app_from_env``)."""
    return create_app(WebSettings.from_env())
