"""The HTTP API through FastAPI's TestClient: shapes, status codes, error bodies, limits, token, escaping.

Tests without the ``model`` mark never load spaCy: validation, limits and the token are checked
before any work starts, and the database endpoints are fed articles built by hand.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sayso.model import Article, Quote, Span, Speaker
from sayso.web.app import create_app
from sayso.web.settings import WebSettings

TOKEN = "t0ken-for-tests"
ATTACK = '<script>alert(1)</script><img src=x onerror="alert(2)">'
STATIC = Path(__file__).resolve().parent.parent / "sayso" / "web"


def make_client(tmp_path: Path, **kw: Any) -> TestClient:
    kw.setdefault("db", str(tmp_path / "api.db"))
    nlp = kw.pop("nlp", None)
    return TestClient(create_app(WebSettings(**kw), nlp=nlp), raise_server_exceptions=False)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def assert_error(response: Any, status: int, code: str, field: str | None = None) -> dict[str, Any]:
    """Every error: the status, JSON ``{"error": {"code", "message"}}``, and no Python traceback."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"}
    err = body["error"]
    assert err["code"] == code
    assert isinstance(err["message"], str) and err["message"]
    assert "Traceback" not in response.text and 'File "' not in response.text
    if field is not None:
        assert err["field"] == field
        assert field.split(".")[-1] in err["message"]
    return dict(err)


# --- articles built by hand, for the database endpoints ------------------------------------------


def hand_article(doc: str, outlet: str, published: str, said: str, speaker: str, title: str = "") -> Article:
    text = f"\u201c{said}\u201d {speaker} said on Monday. The council met for three hours."
    start = 1
    end = start + len(said)
    cue_start = text.index(" said") + 1
    src_start = end + 2
    return Article(
        doc=doc,
        text=text,
        title=title or f"{outlet} report",
        outlet=outlet,
        published=published,
        quotes=(
            Quote(
                id="q1",
                kind="direct",
                content=said,
                content_spans=(Span.of(text, start, end),),
                cue=Span.of(text, cue_start, cue_start + 4),
                source=Span.of(text, src_start, src_start + len(speaker)),
                speaker=speaker,
                speaker_id="s1",
                confidence=0.9,
            ),
        ),
        speakers=(Speaker("s1", speaker, "person", (Span.of(text, src_start, src_start + len(speaker)),)),),
    )


@pytest.fixture
def filled(tmp_path: Path) -> Iterator[TestClient]:
    """A client over a database holding three articles (one with markup in every field)."""
    from sayso.store import index_inputs, open_db

    db = tmp_path / "filled.db"
    conn = open_db(db)
    index_inputs(
        conn,
        [
            hand_article(
                "bugle-1", "Daily Bugle", "2026-03-02", "We will reopen the bridge by June", "Lena Okafor"
            ),
            hand_article("star-1", "Evening Star", "2026-03-05", "The budget is a fantasy", "Piet Varga"),
            hand_article(
                "evil-1", f"Outlet {ATTACK}", "2026-03-07", f"Said {ATTACK}", "Mara Quist", title=ATTACK
            ),
        ],
    )
    conn.close()
    with make_client(tmp_path, db=str(db)) as c:
        yield c


# --- basics ------------------------------------------------------------------


def test_healthz(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200
    assert r.json() == {"status": "ok", "model_loaded": False}


@pytest.mark.parametrize(
    "path", ["/", "/docs", "/search?q=x", "/articles/a/b", "/stories", "/stories/s1", "/speakers/x"]
)
def test_pages_and_assets_are_served_locally(client: TestClient, path: str) -> None:
    page = client.get(path)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "Content-Security-Policy" in page.text
    assets = re.findall(r'(?:src|href)="([^"#]+)"', page.text)
    assert any(a.endswith(".js") for a in assets)
    for asset in assets:
        # No CDN, no web fonts: everything the page loads comes from this server.
        assert not re.match(r"(https?:)?//", asset), asset
        if asset.startswith("/static/"):
            r = client.get(asset)
            assert r.status_code == 200, asset
            assert not re.search(r"(src|href|url)\s*[=(]\s*[\"']?(https?:)?//", r.text), asset


@pytest.mark.parametrize("script", ["app.js", "views.js", "docs.js"])
def test_page_scripts_never_write_html_from_strings(script: str) -> None:
    """The pages build every node with textContent; these sinks would parse article text as HTML."""
    js = (STATIC / "static" / script).read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in js, sink


def test_openapi_lists_every_endpoint(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/healthz",
        "/api/extract",
        "/api/compare",
        "/api/articles",
        "/api/articles/{doc}",
        "/api/quotes",
        "/api/speakers",
        "/api/speakers/{entity}",
        "/api/stories",
        "/api/stories/{story_id}",
        "/api/charts/outlets.svg",
        "/api/charts/timeline.svg",
    ):
        assert path in paths, path
    # The page routes serve the page; they are not API endpoints.
    assert not {"/search", "/stories", "/articles/{doc}"} & set(paths)


def test_cpu_bound_endpoints_run_in_the_threadpool(client: TestClient) -> None:
    """Plain ``def`` endpoints are run by FastAPI in its threadpool, so the event loop stays free."""
    routes = {getattr(r, "path", ""): r for r in client.app.routes}  # type: ignore[attr-defined]
    for path in ("/api/extract", "/api/compare", "/api/articles", "/api/quotes"):
        assert not inspect.iscoroutinefunction(routes[path].endpoint), path


def test_extraction_does_not_block_other_requests(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While one extraction is running, the server still answers: it runs outside the event loop."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from sayso.errors import InvalidRequestError

    backend = client.app.state.backend  # type: ignore[attr-defined]
    started, release = threading.Event(), threading.Event()

    def slow_extract(items: Any, *args: Any) -> Any:
        started.set()
        assert release.wait(30)
        raise InvalidRequestError("released")

    monkeypatch.setattr(backend, "extract", slow_extract)
    with ThreadPoolExecutor(1) as pool:
        pending = pool.submit(client.post, "/api/extract", json={"text": "x"})
        try:
            assert started.wait(30)
            assert client.get("/healthz").status_code == 200  # would hang with a blocked loop
            assert client.get("/api/speakers").status_code == 200
            assert not pending.done()
        finally:
            release.set()
        assert pending.result(timeout=30).status_code == 422


# --- 422: which field ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "text"),
        ({"title": "no text"}, "text"),
        ({"text": 5}, "text"),
        ({"text": "ok", "title": ["not", "a", "string"]}, "title"),
        ({"text": "ok", "txt": "typo"}, "txt"),
        ({"text": "ok", "html": "<p>both</p>"}, "html"),
        ({"text": "ok", "doc": ""}, "doc"),
    ],
)
def test_extract_422_names_the_field(client: TestClient, body: dict[str, Any], field: str) -> None:
    assert_error(client.post("/api/extract", json=body), 422, "E210", field)


def test_malformed_json_is_422(client: TestClient) -> None:
    r = client.post(
        "/api/extract", content=b'{"text": "unterminated', headers={"content-type": "application/json"}
    )
    err = assert_error(r, 422, "E210", "body")
    assert "JSON" in err["message"]


def test_compare_422_names_the_article_and_field(client: TestClient) -> None:
    r = client.post("/api/compare", json=[{"text": "one"}, {"title": "two"}])
    assert_error(r, 422, "E210", "1.text")
    assert_error(client.post("/api/compare", json={"text": "not a list"}), 422, "E210")
    assert_error(client.post("/api/compare", json=[]), 422, "E210")


def test_compare_needs_two_articles(client: TestClient) -> None:
    err = assert_error(client.post("/api/compare", json=[{"text": "alone"}]), 422, "E201")
    assert "two" in err["message"]


def test_compare_refuses_duplicate_doc_ids(client: TestClient) -> None:
    r = client.post("/api/compare", json=[{"doc": "a", "text": "x"}, {"doc": "a", "text": "y"}])
    assert "'a'" in assert_error(r, 422, "E210")["message"]


@pytest.mark.parametrize(
    ("query", "field"),
    [("limit=0", "limit"), ("limit=abc", "limit"), (f"limit={10**6}", "limit"), ("q=" + "x" * 600, "q")],
)
def test_search_422_names_the_parameter(client: TestClient, query: str, field: str) -> None:
    # A bad query value is a usage error, E200, as the CLI's "--limit 0" and "since=last-tuesday"
    # below (QA, nineteenth session: these were E210, the code of a body that does not fit).
    assert_error(client.get("/api/quotes?" + query), 422, "E200", field)


def test_bad_date_is_a_usage_error(client: TestClient) -> None:
    err = assert_error(client.get("/api/quotes?since=last-tuesday"), 422, "E200")
    assert "last-tuesday" in err["message"]


# --- 413: body limit, declared and streamed ---------------------------------------------------------------


def test_413_from_content_length(tmp_path: Path) -> None:
    with make_client(tmp_path, max_body=2_000) as c:
        err = assert_error(c.post("/api/extract", json={"text": "x" * 5_000}), 413, "E105")
        assert "2,000" in err["message"]


def test_413_when_streamed_without_content_length(tmp_path: Path) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        for _ in range(10):
            yield b"x" * 1_000
        yield b'"}'

    with make_client(tmp_path, max_body=4_000) as c:
        r = c.post("/api/extract", content=chunks(), headers={"content-type": "application/json"})
        assert "content-length" not in {k.lower() for k in r.request.headers}
        assert_error(r, 413, "E105")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.integers(min_value=900, max_value=1_100), chunked=st.booleans())
def test_limit_is_exact(tmp_path: Path, size: int, chunked: bool) -> None:
    """Over the limit → 413; at or under it the body reaches the handler (here: not JSON → 422)."""
    body = b"x" * size
    with make_client(tmp_path, max_body=1_000) as c:
        content: Any = iter([body[: size // 2], body[size // 2 :]]) if chunked else body
        r = c.post("/api/articles", content=content, headers={"content-type": "application/json"})
        assert r.status_code == (413 if size > 1_000 else 422)


# --- 404 and other HTTP errors ------------------------------------------------------------------------------


def test_unknown_route_and_method(client: TestClient) -> None:
    assert_error(client.get("/api/nothing-here"), 404, "E106")
    assert_error(client.get("/api/extract"), 405, "E405")


def test_unknown_article_and_story_are_404(client: TestClient) -> None:
    err = assert_error(client.get("/api/articles/no-such-doc"), 404, "E106")
    assert "no-such-doc" in err["message"]
    assert_error(client.get("/api/stories/no-such-story"), 404, "E106")


def test_no_endpoint_reads_a_path_from_the_client(filled: TestClient) -> None:
    """Doc ids are looked up in the database, never opened as files."""
    for doc in ("../../etc/passwd", "/etc/passwd", "%2e%2e/%2e%2e/etc/hosts"):
        r = filled.get("/api/articles/" + doc)
        assert r.status_code == 404, doc
        assert "root:" not in r.text
    assert filled.get("/static/../app.py").status_code == 404


def test_unexpected_errors_are_500_without_details(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend = client.app.state.backend  # type: ignore[attr-defined]

    def boom(limit: int) -> list[dict[str, Any]]:
        raise RuntimeError("secret detail /home/someone/private.db")

    monkeypatch.setattr(backend, "speakers", boom)
    err = assert_error(client.get("/api/speakers"), 500, "E500")
    assert "secret" not in err["message"]


# --- token ------------------------------------------------------------------


def test_token_guards_writes(tmp_path: Path) -> None:
    with make_client(tmp_path, token=TOKEN) as c:
        body = {"doc": "a", "text": "x"}
        assert_error(c.post("/api/articles", json=body), 401, "E211")
        assert_error(
            c.post("/api/articles", json=body, headers={"Authorization": "Bearer wrong"}), 401, "E211"
        )
        assert_error(c.post("/api/articles", json=body, headers={"Authorization": TOKEN}), 401, "E211")
        # Checked before the body is read or validated: no hints to a client without the token.
        assert_error(c.post("/api/articles", content=b"{not json"), 401, "E211")
        assert c.post("/api/articles", json=body).headers["www-authenticate"] == "Bearer"
        # With the token the request gets past the check (here to validation of a bad body).
        r = c.post("/api/articles", json={"title": "no text"}, headers={"Authorization": f"Bearer {TOKEN}"})
        assert_error(r, 422, "E210", "text")
        # Reads and stateless computations stay open (documented in docs/http.md).
        assert c.get("/api/speakers").status_code == 200
        assert_error(c.post("/api/extract", json={}), 422, "E210", "text")


def test_without_token_setting_writes_are_open(client: TestClient) -> None:
    assert_error(client.post("/api/articles", json={"title": "no text"}), 422, "E210", "text")


# --- database endpoints on hand-built articles ------------------------------------------------------------


def test_get_article_returns_what_was_stored(filled: TestClient) -> None:
    r = filled.get("/api/articles/bugle-1")
    assert r.status_code == 200
    data = r.json()
    assert data["doc"] == "bugle-1" and data["outlet"] == "Daily Bugle"
    (q,) = data["quotes"]
    (start, end) = q["content_spans"][0]
    assert data["text"][start:end] == q["content"] == "We will reopen the bridge by June"
    assert q["speaker"] == "Lena Okafor"


def test_search_filters(filled: TestClient) -> None:
    def docs(**params: Any) -> list[str]:
        r = filled.get("/api/quotes", params=params)
        assert r.status_code == 200, r.text
        data = r.json()
        assert set(data) == {"total", "offset", "limit", "items"}
        assert data["total"] >= len(data["items"])
        return sorted(h["doc"] for h in data["items"])

    assert docs(q="bridge") == ["bugle-1"]
    assert docs(speaker="varga") == ["star-1"]
    assert docs(outlet="evening") == ["star-1"]
    assert docs(since="2026-03-03") == ["evil-1", "star-1"]
    assert docs(until="2026-03-02") == ["bugle-1"]
    assert docs(since="2026-03-03", until="2026-03-06") == ["star-1"]
    assert len(docs(limit=1)) == 1
    hit = filled.get("/api/quotes", params={"q": "budget"}).json()["items"][0]
    assert {"doc", "quote_id", "content", "speaker", "outlet", "published", "story", "relation"} <= set(hit)


def test_speakers_and_stories_lists(filled: TestClient) -> None:
    speakers = filled.get("/api/speakers").json()["speakers"]
    assert {s["speaker"] for s in speakers} == {"Lena Okafor", "Piet Varga", "Mara Quist"}
    stories = filled.get("/api/stories").json()
    assert stories["total"] == len(stories["items"]) >= 1
    for story in stories["items"]:
        r = filled.get(f"/api/stories/{story['story']}")
        assert r.status_code == 200
        assert {"articles", "speakers", "groups", "facts"} <= set(r.json())


def test_markup_in_articles_comes_back_as_json_data(filled: TestClient) -> None:
    """The API returns markup verbatim but only ever as JSON, which browsers never render as HTML."""
    r = filled.get("/api/articles/evil-1")
    assert r.headers["content-type"].startswith("application/json")
    assert r.headers.get("x-content-type-options") == "nosniff"
    data = r.json()
    assert data["title"] == ATTACK and ATTACK in data["outlet"] and ATTACK in data["text"]
    hits = filled.get("/api/quotes", params={"speaker": "quist"})
    assert hits.headers["content-type"].startswith("application/json")
    assert ATTACK in hits.json()["items"][0]["content"]


# --- the CLI command ---------------------------------------------------------


def test_serve_hands_settings_to_uvicorn(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn

    from sayso.cli import main

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    for key in ("SAYSO_DB", "SAYSO_MAX_BODY", "SAYSO_PRELOAD", "SAYSO_TOKEN"):
        monkeypatch.delenv(key, raising=False)
    db = tmp_path / "served.db"
    args = ["serve", "--db", str(db), "--port", "8123", "--workers", "3", "--max-body", "4096"]
    assert main(args) == 3  # a missing database is refused: a typo must not serve an empty one
    assert not db.exists()
    assert main([*args, "--create"]) == 0
    assert seen["app"] == "sayso.web.app:app_from_env" and seen["factory"] is True
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8123 and seen["workers"] == 3
    assert db.exists(), "the database is created (and checked) before the workers start"
    loaded = WebSettings.from_env()
    assert loaded.db == str(db) and loaded.max_body == 4096 and loaded.preload


def test_serve_refuses_a_bad_db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from sayso.cli import main

    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a database", encoding="utf-8")
    assert main(["serve", "--db", str(foreign)]) == 3
    assert "E302" in capsys.readouterr().err
    assert main(["serve", "--db", str(tmp_path)]) == 2


def test_serve_without_a_model_is_an_environment_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    import sayso.nlp.loader
    from sayso.cli import main
    from sayso.errors import ModelNotInstalledError

    def missing(preferred: str | None = None) -> str:
        raise ModelNotInstalledError("no English spaCy model is installed")

    monkeypatch.setattr(sayso.nlp.loader, "model_name", missing)
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: pytest.fail("uvicorn must not start"))
    assert main(["serve"]) == 3
    assert "E301" in capsys.readouterr().err


def test_serve_warns_when_not_on_loopback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    from sayso.cli import main

    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: None)
    monkeypatch.delenv("SAYSO_TOKEN", raising=False)
    assert main(["serve", "--db", str(tmp_path / "x.db"), "--create", "--host", "0.0.0.0"]) == 0
    err = capsys.readouterr().err
    assert "0.0.0.0" in err and "SAYSO_TOKEN" in err


def test_settings_round_trip_through_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    original = WebSettings(db="x.db", token="tok", max_body=1234, model="m", max_chars=99, preload=True)
    for key in (
        "SAYSO_DB",
        "SAYSO_TOKEN",
        "SAYSO_MAX_BODY",
        "SAYSO_MODEL",
        "SAYSO_MAX_CHARS",
        "SAYSO_PRELOAD",
    ):
        monkeypatch.delenv(key, raising=False)
    for key, value in original.to_env().items():
        monkeypatch.setenv(key, value)
    assert WebSettings.from_env() == original


# --- with the model ------------------------------------------------------------------

ARTICLE = (
    "The harbour bridge will close for repairs next month, the city said on Monday.\n\n"
    "\u201cWe will reopen the bridge before the summer festival,\u201d Mayor Lena Okafor said. "
    "Councillor Piet Varga said the plan was too expensive."
)
EXTRACT_KEYS = {
    "doc",
    "title",
    "outlet",
    "published",
    "url",
    "text",
    "quotes",
    "speakers",
    "warnings",
    "entities",
}
QUOTE_KEYS = {
    "id",
    "kind",
    "content",
    "content_spans",
    "cue",
    "cue_span",
    "source",
    "source_span",
    "speaker",
    "speaker_id",
    "confidence",
}


def check_offsets(article: dict[str, Any]) -> None:
    text = article["text"]
    for q in article["quotes"]:
        assert set(q) >= QUOTE_KEYS
        assert q["kind"] in {"direct", "indirect", "mixed"}
        for start, end in q["content_spans"]:
            assert 0 <= start < end <= len(text)
        if q["cue_span"]:
            assert text[q["cue_span"][0] : q["cue_span"][1]] == q["cue"]
        if q["source_span"]:
            assert text[q["source_span"][0] : q["source_span"][1]] == q["source"]
    for s in article["speakers"]:
        assert {"id", "name", "kind", "mentions"} <= set(s)


@pytest.fixture
def model_client(tmp_path: Path, nlp: Any) -> Iterator[TestClient]:
    with make_client(tmp_path, nlp=nlp, token=TOKEN) as c:
        yield c


@pytest.mark.model
def test_extract_text(model_client: TestClient) -> None:
    r = model_client.post("/api/extract", json={"text": ARTICLE, "title": "Bridge", "outlet": "Harbour News"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert set(data) == EXTRACT_KEYS
    assert data["text"] == ARTICLE and data["outlet"] == "Harbour News"
    check_offsets(data)
    assert any("reopen the bridge" in q["content"] for q in data["quotes"])


@pytest.mark.model
def test_extract_html(model_client: TestClient) -> None:
    paragraphs = "".join(f"<p>{p}</p>" for p in ARTICLE.split("\n\n"))
    filler = "<p>" + "The council has debated the bridge for years, and residents have waited. " * 3 + "</p>"
    html = (
        f"<html><head><title>Bridge</title></head><body><article>{paragraphs}{filler}</article></body></html>"
    )
    r = model_client.post("/api/extract", json={"html": html, "outlet": "Harbour News"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert "<p>" not in data["text"] and "reopen the bridge" in data["text"]
    assert data["outlet"] == "Harbour News"
    check_offsets(data)


@pytest.mark.model
def test_a_page_without_text_fails_alone_when_storing_a_list(model_client: TestClient) -> None:
    """Seventeenth session: one HTML page with no text (E104) refused the whole list, and the
    good article was not stored; docs/http.md says failed articles are listed and the rest go in."""
    body = [{"doc": "good", "text": ARTICLE}, {"doc": "blank-page", "html": "<html><body></body></html>"}]
    r = model_client.post("/api/articles", json=body, headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["stored"] == ["good"]
    assert [(f["doc"], f["code"]) for f in data["failures"]] == [("blank-page", "E104")]
    assert model_client.get("/api/articles/good").status_code == 200


@pytest.mark.model
def test_extract_html_without_text_is_a_clear_error(model_client: TestClient) -> None:
    assert_error(model_client.post("/api/extract", json={"html": "<html><body></body></html>"}), 400, "E104")


@pytest.mark.model
def test_extract_over_max_chars_is_413(tmp_path: Path, nlp: Any) -> None:
    with make_client(tmp_path, nlp=nlp, max_chars=100) as c:
        err = assert_error(c.post("/api/extract", json={"doc": "long-one", "text": ARTICLE}), 413, "E105")
        assert "long-one" in err["message"]


@pytest.mark.model
def test_extract_keeps_markup_as_data(model_client: TestClient) -> None:
    text = f"{ATTACK} \u201cIt is only text,\u201d Mayor Lena Okafor said."
    r = model_client.post("/api/extract", json={"text": text, "title": ATTACK, "outlet": ATTACK})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    data = r.json()
    assert data["text"] == text and data["title"] == ATTACK and data["outlet"] == ATTACK


@pytest.mark.model
def test_compare(model_client: TestClient) -> None:
    other = (
        "Repairs to the harbour bridge start next month.\n\n"
        "Mayor Lena Okafor said: \u201cWe will reopen the bridge before the summer festival.\u201d"
    )
    body = [
        {"doc": "a", "text": ARTICLE, "outlet": "Harbour News"},
        {"doc": "b", "text": other, "outlet": "Star"},
    ]
    r = model_client.post("/api/compare", json=body)
    assert r.status_code == 200, r.text
    data = r.json()
    assert set(data) == {"articles", "speakers", "groups", "facts"}
    assert [a["doc"] for a in data["articles"]] == ["a", "b"]
    assert set(data["articles"][0]) == {"doc", "outlet", "title"}
    for g in data["groups"]:
        assert g["relation"] in {
            "verbatim",
            "punctuation",
            "partial",
            "altered",
            "misattributed",
            "single_source",
        }
        assert {o["doc"] for o in g["occurrences"]} <= {"a", "b"}

    full = model_client.post("/api/compare?with_articles=true", json=body).json()
    assert full["groups"] == data["groups"]
    for article in full["articles"]:
        check_offsets(article)
        for g in full["groups"]:
            for o in g["occurrences"]:
                if o["doc"] == article["doc"]:
                    for start, end in o["content_spans"]:
                        assert 0 <= start < end <= len(article["text"])


@pytest.mark.model
def test_compare_html_report_escapes_articles(model_client: TestClient) -> None:
    pytest.importorskip("sayso.compare.report", reason="the comparison report is not in this checkout")
    evil = f"{ATTACK} \u201cIt is only text,\u201d Mayor Lena Okafor said."
    body = [
        {"doc": "a", "text": ARTICLE, "title": ATTACK, "outlet": ATTACK},
        {"doc": "b", "text": evil, "outlet": "Star"},
    ]
    r = model_client.post("/api/compare?format=html", json=body)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/html")
    assert "sandbox" in r.headers["content-security-policy"]
    assert ATTACK not in r.text and "<img src=x" not in r.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text


@pytest.mark.model
def test_index_then_read_back(model_client: TestClient) -> None:
    auth = {"Authorization": f"Bearer {TOKEN}"}
    body = {"doc": "bridge-1", "text": ARTICLE, "outlet": "Harbour News", "published": "2026-03-02"}
    first = model_client.post("/api/articles", json=body, headers=auth)
    assert first.status_code == 200, first.text
    assert first.json()["new"] == 1 and first.json()["docs"] == ["bridge-1"]
    assert first.json()["stored"] == ["bridge-1"] and first.json()["stories_pending"] is False
    again = model_client.post("/api/articles", json=[body], headers=auth).json()
    assert again["unchanged"] == 1 and again["new"] == 0

    stored = model_client.get("/api/articles/bridge-1").json()
    extracted = model_client.post("/api/extract", json=body).json()
    assert stored["text"] == extracted["text"]
    assert [q["content"] for q in stored["quotes"]] == [q["content"] for q in extracted["quotes"]]
    if extracted["quotes"]:
        word = extracted["quotes"][0]["content"].split()[1]
        hits = model_client.get("/api/quotes", params={"q": word}).json()["items"]
        assert any(h["doc"] == "bridge-1" for h in hits)


@pytest.mark.model
def test_posted_speakers_join_the_entities_in_the_background(model_client: TestClient) -> None:
    auth = {"Authorization": f"Bearer {TOKEN}"}
    backend = model_client.app.state.backend  # type: ignore[attr-defined]

    def names_after(doc: str, text: str) -> set[str]:
        body = {"doc": doc, "text": text, "outlet": "Harbour News", "published": "2026-03-02"}
        assert model_client.post("/api/articles", json=body, headers=auth).status_code == 200
        backend.wait_for_entities(timeout=60)
        return {s["name"] for s in model_client.get("/api/speakers").json()["speakers"]}

    assert "Lena Okafor" in names_after("entity-1", ARTICLE)
    later = "\u201cThe ferry will run every hour until then,\u201d harbour master Rosa Tenberg said."
    assert "Rosa Tenberg" in names_after("entity-2", later), "a later write's speakers join too"


@pytest.mark.model
def test_a_failed_story_refresh_does_not_hide_a_committed_write(
    model_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sayso.web.backend as backend
    from sayso.errors import DatabaseError

    def locked(conn: Any) -> int:
        raise DatabaseError("database is locked", where="test.db")

    monkeypatch.setattr(backend, "refresh_dirty_stories", locked)
    auth = {"Authorization": f"Bearer {TOKEN}"}
    body = {"doc": "pending-1", "text": ARTICLE, "outlet": "Harbour News"}
    r = model_client.post("/api/articles", json=body, headers=auth)
    assert r.status_code == 200, r.text
    assert r.json()["stored"] == ["pending-1"] and r.json()["stories_pending"] is True
    assert model_client.get("/api/articles/pending-1").status_code == 200


@pytest.mark.model
def test_model_loads_once_per_process(tmp_path: Path, nlp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import sayso.nlp

    calls: list[Any] = []

    def fake_load(*args: Any, **kw: Any) -> Any:
        calls.append(args)
        return nlp

    monkeypatch.setattr(sayso.nlp, "load_nlp", fake_load)
    with make_client(tmp_path) as c:
        for _ in range(3):
            assert c.post("/api/extract", json={"text": ARTICLE}).status_code == 200
        assert c.get("/healthz").json()["model_loaded"] is True
    assert len(calls) == 1
