"""The HTTP API's pages: real totals, paging, filters, CSV/JSON downloads, charts, the speaker page.

Over a database of invented articles built by hand (``tests/web_helpers.py``): no model needed.
Expected answers are computed independently from the full, unfiltered list of rows.
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import ATTACK, FORMULA, MIXED_CONTENT, MIXED_QUOTED, MIXED_SPEAKER, build_db

from sayso.web.app import create_app
from sayso.web.settings import WebSettings

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = build_db(tmp_path_factory.mktemp("paging") / "paging.db")
    with TestClient(create_app(WebSettings(db=str(db))), raise_server_exceptions=False) as c:
        yield c


def get(client: TestClient, path: str, **params: Any) -> Any:
    r = client.get(path, params=params)
    assert r.status_code == 200, r.text
    return r.json()


def every(client: TestClient, **params: Any) -> list[dict[str, Any]]:
    """All quotes at ``min_confidence`` 0 in one request (the database is small)."""
    return list(get(client, "/api/quotes", limit=1000, min_confidence=0, **params)["items"])


def test_total_is_the_number_of_matches_not_the_limit(client: TestClient) -> None:
    everything = every(client)
    assert len(everything) > 30
    page = get(client, "/api/quotes", limit=5, min_confidence=0)
    assert page["total"] == len(everything) and len(page["items"]) == 5
    assert (page["offset"], page["limit"]) == (0, 5)
    text = get(client, "/api/quotes", q="plan", limit=2)
    assert text["total"] == sum("plan" in h["content"] for h in everything) > 2


@pytest.mark.parametrize("params", [{}, {"q": "plan"}, {"outlet": "valley"}, {"q": "the", "multi": "true"}])
def test_paging_reaches_every_match_exactly_once(client: TestClient, params: dict[str, Any]) -> None:
    total = get(client, "/api/quotes", limit=1, min_confidence=0, **params)["total"]
    seen: list[tuple[str, str]] = []
    offset = 0
    while offset < total:
        page = get(client, "/api/quotes", limit=4, offset=offset, min_confidence=0, **params)
        assert page["total"] == total and page["offset"] == offset
        seen.extend((h["doc"], h["quote_id"]) for h in page["items"])
        offset += 4
    assert len(seen) == total == len(set(seen))
    assert get(client, "/api/quotes", limit=4, offset=offset, min_confidence=0, **params)["items"] == []


def test_filters_kind_relation_confidence_and_multi(client: TestClient) -> None:
    rows = every(client)
    kinds = {h["kind"] for h in rows}
    assert {"direct", "indirect"} <= kinds
    for kind in ("direct", "indirect", "mixed"):
        got = every(client, kind=kind)
        assert sorted(h["quote_id"] + h["doc"] for h in got) == sorted(
            h["quote_id"] + h["doc"] for h in rows if h["kind"] == kind
        )
    relations = {h["relation"] for h in rows if h["relation"]}
    assert len(relations) >= 2
    for relation in relations:
        got = every(client, relation=relation)
        assert len(got) == sum(h["relation"] == relation for h in rows) and all(
            h["relation"] == relation for h in got
        )
    multi = every(client, multi="true")
    assert multi and len(multi) == sum((h["other_outlets"] or 0) >= 1 for h in rows) < len(rows)
    sure = get(client, "/api/quotes", limit=1000, min_confidence=0.8)["items"]
    assert sure and len(sure) == sum(h["confidence"] >= 0.8 for h in rows) < len(rows)
    assert client.get("/api/quotes", params={"relation": "invented"}).status_code == 422


def test_csv_download_of_the_current_view_and_of_all_matches(client: TestClient) -> None:
    r = client.get("/api/quotes", params={"limit": 3, "format": "csv", "min_confidence": 0})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert r.headers["content-disposition"] == 'attachment; filename="sayso-quotes.csv"'
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert len(rows) == 3 and {"doc", "quote_id", "content", "relation", "other_outlets"} <= set(rows[0])
    # As 'sayso search -f csv' (QA, nineteenth session): the quote as printed, and its offsets.
    assert {"display", "content_spans"} <= set(rows[0]) and all(row["display"] for row in rows)
    everything = every(client)
    r = client.get("/api/quotes", params={"all": "true", "format": "csv", "min_confidence": 0, "limit": 2})
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert len(rows) == len(everything)
    contents = {row["content"] for row in rows}
    assert any(ATTACK in c for c in contents), "markup is data in a CSV, kept as it is"
    assert "'" + FORMULA in contents and FORMULA not in contents, "a formula is defused"


def test_json_download_is_the_view_as_a_file(client: TestClient) -> None:
    view = get(client, "/api/quotes", q="plan", limit=3)
    r = client.get("/api/quotes", params={"q": "plan", "limit": 3, "format": "json"})
    assert r.headers["content-disposition"] == 'attachment; filename="sayso-quotes.json"'
    assert r.json() == view
    assert "content-disposition" not in client.get("/api/quotes", params={"q": "plan"}).headers


def test_stories_page_with_total_and_downloads(client: TestClient) -> None:
    total = get(client, "/api/stories", limit=1)["total"]
    assert total >= 4
    seen = [
        s["story"]
        for off in range(0, total, 3)
        for s in get(client, "/api/stories", limit=3, offset=off)["items"]
    ]
    assert len(seen) == total == len(set(seen))
    r = client.get("/api/stories", params={"format": "csv", "limit": 1000})
    assert r.headers["content-disposition"].startswith("attachment;")
    assert [row["story"] for row in csv.DictReader(io.StringIO(r.text))] == seen
    story = seen[0]
    r = client.get(f"/api/stories/{story}", params={"format": "csv", "min_confidence": 0})
    assert r.status_code == 200 and f'filename="sayso-story-{story}.csv"' in r.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert rows and {row["story"] for row in rows} == {story}
    assert len(rows) == len(every(client, story=story))
    assert client.get("/api/stories/nope", params={"format": "csv"}).status_code == 404
    data = client.get(f"/api/stories/{story}", params={"format": "json"})
    assert data.headers["content-disposition"].startswith("attachment;")
    assert all(f["differs"] == (f["status"] != "shared") for f in data.json()["facts"])


def _svg(client: TestClient, path: str, **params: Any) -> ET.Element:
    r = client.get(path, params=params)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert "script-src" not in r.headers["content-security-policy"]
    root = ET.fromstring(r.text)
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    for node in root.iter():
        assert node.tag.removeprefix(SVG) not in {"script", "foreignObject", "image", "a", "iframe"}
        assert not any(k.lower().startswith("on") for k in node.attrib)
    return root


def _texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def test_outlet_chart_of_the_database_and_of_a_story(client: TestClient) -> None:
    rows = get(client, "/api/quotes", limit=1000, min_confidence=0.3)["items"]
    root = _svg(client, "/api/charts/outlets.svg")
    bars = [g for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("bar-")]
    relation_of = {h["relation"] or "none" for h in rows}
    assert {b.get("id", "").split("-")[1] for b in bars} == relation_of
    assert any(t.startswith("Outlet <script>") for t in _texts(root)), "the outlet's name is text"
    story = get(client, "/api/articles/harbour-1")["story"]
    one = _svg(client, "/api/charts/outlets.svg", story=story)
    outlets = {h["outlet"] for h in rows if h["story"] == story}
    assert outlets <= set(_texts(one))
    assert client.get("/api/charts/outlets.svg", params={"story": "nope"}).status_code == 404


def _entity(client: TestClient, name: str) -> str:
    rows = get(client, "/api/speakers")["speakers"]
    entity = next((r.get("id") for r in rows if name in (r.get("name") or r.get("speaker") or "")), None)
    if not entity:
        pytest.skip("the store has no speaker entities yet (sayso.store.entities)")
    return str(entity)


def test_speaker_endpoint_pages_and_downloads(client: TestClient) -> None:
    entity = _entity(client, "Lena Okafor")
    mine = get(client, "/api/quotes", limit=1000, speaker="Lena Okafor")["items"]
    first = get(client, f"/api/speakers/{entity}", limit=2)
    assert first["entity"]["id"] == entity and first["total"] == len(mine)
    seen = [q["doc"] + q["quote_id"] for off in range(0, first["total"], 2)
            for q in get(client, f"/api/speakers/{entity}", limit=2, offset=off)["quotes"]]  # fmt: skip
    assert sorted(seen) == sorted(h["doc"] + h["quote_id"] for h in mine)
    assert sum(o["quotes"] for o in first["outlets"]) == len(mine)
    r = client.get(f"/api/speakers/{entity}", params={"format": "csv", "limit": 1000})
    assert r.headers["content-disposition"].startswith("attachment;")
    assert len(list(csv.DictReader(io.StringIO(r.text)))) == len(mine)
    timeline = _svg(client, "/api/charts/timeline.svg", speaker=entity)
    bars = [g for g in timeline.iter(f"{SVG}g") if (g.get("id") or "").startswith("bar-time-")]
    assert len(bars) == len(first["timeline"]) > 1
    per_outlet = _svg(client, "/api/charts/outlets.svg", speaker=entity)
    assert {o["outlet"] for o in first["outlets"]} <= set(_texts(per_outlet))
    assert client.get("/api/speakers/nobody-at-all").status_code == 404
    assert client.get("/api/charts/timeline.svg", params={"speaker": "nobody-at-all"}).status_code == 404


def test_speaker_with_markup_in_the_name_is_text_in_its_charts(client: TestClient) -> None:
    entity = _entity(client, "Quist")
    profile = get(client, f"/api/speakers/{entity}")
    assert ATTACK in profile["entity"]["name"]
    root = _svg(client, "/api/charts/outlets.svg", speaker=entity)
    assert any("<script>" in t for t in _texts(root)), "the name is the title's text, escaped in the file"


def test_download_names_are_safe_whatever_the_id(client: TestClient) -> None:
    from sayso.web.downloads import filename

    name = filename("story", 'a"b\r\nSet-Cookie: x=1/../<script>', ext="csv")
    assert set(name) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    assert name.startswith("sayso-story-") and name.endswith(".csv")


def test_text_pages_straddling_the_rank_window_cover_every_match_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sayso.store.queries as queries
    from sayso.store import SearchQuery, open_db, search
    from sayso.store.pages import search_page

    conn = open_db(build_db(tmp_path / "window.db"))
    monkeypatch.setattr(queries, "RANK_WINDOW", 5)
    query = SearchQuery(text="plan", min_confidence=0)
    total = search_page(conn, query).total
    assert total > 10
    expected = [
        (h["doc"], h["quote_id"])
        for h in search(conn, SearchQuery(text="plan", min_confidence=0, limit=1000))
    ]
    for size in (3, 4, 7):
        seen = [
            (h["doc"], h["quote_id"])
            for off in range(0, total, size)
            for h in search(conn, SearchQuery(text="plan", min_confidence=0, limit=size, offset=off))
        ]
        assert seen == expected and len(set(seen)) == total, size
        # The same pages with the ranking and the total remembered (as the server does).
        memo: dict[object, object] = {}
        pages = [
            search_page(conn, SearchQuery(text="plan", min_confidence=0, limit=size, offset=off), counts=memo)
            for off in range(0, total, size)
        ]
        assert [(h["doc"], h["quote_id"]) for p in pages for h in p.items] == expected
        assert {p.total for p in pages} == {total}
    conn.close()


def test_speakers_list_pages_with_its_total(client: TestClient) -> None:
    first = get(client, "/api/speakers", limit=2, named="true")
    total = first["total"]
    assert total >= 5 and len(first["speakers"]) == 2
    ids = [
        s["id"]
        for off in range(0, total, 2)
        for s in get(client, "/api/speakers", limit=2, offset=off, named="true")["speakers"]
    ]
    assert len(ids) == total == len(set(ids))
    assert not any(s["local"] for s in get(client, "/api/speakers", limit=1000, named="true")["speakers"])
    r = client.get("/api/speakers", params={"format": "csv", "limit": 1000, "named": "true"})
    assert r.headers["content-disposition"].startswith("attachment;")
    assert [row["id"] for row in csv.DictReader(io.StringIO(r.text))] == ids


def test_a_download_of_many_chunks_has_every_match_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sayso.web.backend as backend

    monkeypatch.setattr(backend, "DOWNLOAD_CHUNK", 3)
    for params in ({}, {"q": "plan"}):
        want = every(client, **params)
        r = client.get("/api/quotes", params={"all": "true", "format": "csv", "min_confidence": 0, **params})
        got = [(row["doc"], row["quote_id"]) for row in csv.DictReader(io.StringIO(r.text))]
        assert got == [(h["doc"], h["quote_id"]) for h in want]
    bad = client.get("/api/quotes", params={"all": "true", "format": "csv", "since": "yesterday"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "E200", "refused before streaming"


def test_every_quote_carries_the_text_a_reader_sees_with_marks_only_around_quoted_words(
    client: TestClient,
) -> None:
    """``display`` is what the pages show (sayso/web/display.py, the CLI table's rule): a mixed
    quote as it is, its own marks around the quoted words and the narration outside them; a
    direct quote in marks; indirect speech never in marks; in every answer that carries quotes."""
    direct = "\u201cThe fare plan " + MIXED_QUOTED.rstrip(",") + "\u201d"
    hits = {h["kind"]: h for h in every(client, speaker=MIXED_SPEAKER)}
    assert hits["mixed"]["display"] == MIXED_CONTENT
    assert not hits["mixed"]["display"].startswith("\u201c"), "no mark before the narration"
    assert hits["direct"]["display"] == direct
    for h in every(client, kind="indirect"):
        assert h["display"] == h["content"] and not set(h["display"]) & set('\u201c\u201d"')
    entity = _entity(client, MIXED_SPEAKER)
    quotes = get(client, f"/api/speakers/{entity}")["quotes"]
    assert {q["kind"]: q["display"] for q in quotes} == {"mixed": MIXED_CONTENT, "direct": direct}
    article = get(client, "/api/articles/harbour-ferry")
    assert [q["display"] for q in article["quotes"]] == [MIXED_CONTENT]
    # In a comparison a rendering is only what the outlet quoted: the mixed one is the words
    # inside its marks, shown in marks, with its kind beside it.
    story = get(client, f"/api/stories/{article['story']}", with_articles="true")
    (group,) = story["groups"]
    shown = {o["kind"]: o["display"] for o in group["occurrences"]}
    assert shown == {"mixed": "\u201c" + MIXED_QUOTED + "\u201d", "direct": direct}
    assert [q["display"] for a in story["articles"] if a["doc"] == "harbour-ferry" for q in a["quotes"]] == [
        MIXED_CONTENT
    ]
    # The JSON download of every match carries it too; the CSV columns stay as they were.
    everything = client.get("/api/quotes", params={"all": "true", "format": "json", "kind": "mixed"}).json()
    assert [h["display"] for h in everything["items"]] == [MIXED_CONTENT]
