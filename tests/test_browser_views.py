"""Every view of the web page in headless Chromium, at desktop (1280 px) and phone (390 px) width.

For each view (search, article, story, speaker, stories list): loading its URL directly shows it;
paging reaches the last result, and a page past the last says so and links to it; charts render
(an SVG with data marks); markup injected in any article field stays text and never runs; a mixed
quote's narration is never shown inside quotation marks; nothing scrolls sideways on a phone. The database is
built from invented articles by hand (``tests/web_helpers.py``), so no model is loaded: one server
and one browser serve the whole module.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from browser_helpers import CHROMIUM, chromium, local_page, serving
from web_helpers import ATTACK, MIXED_CONTENT, MIXED_QUOTED, MIXED_SPEAKER, build_db

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing (apt-get install chromium)"
    ),
]

WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from sayso.web.app import create_app
    from sayso.web.settings import WebSettings

    db = build_db(tmp_path_factory.mktemp("views") / "views.db")
    with serving(create_app(WebSettings(db=str(db)))) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def api(server: str) -> Any:
    import httpx

    def get(path: str, **params: Any) -> Any:
        r = httpx.get(server + path, params=params, timeout=30)
        assert r.status_code == 200, r.text
        return r.json()

    return get


@pytest.fixture(params=list(WIDTHS))
def page(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[Any]:
    with local_page(browser, server, WIDTHS[request.param]) as pg:
        yield pg


def _open(page: Any, path: str, ready: str) -> None:
    page.goto(page.base + path)
    page.wait_for_selector(ready, timeout=20_000)
    # Charts arrive after the view; a click while they load could land on what they push down.
    page.wait_for_function("() => Array.from(document.images).every((i) => i.complete)", timeout=20_000)


def _fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport, f"the page scrolls sideways: {width}px in a {viewport}px window"


def _safe(page: Any) -> None:
    page.wait_for_timeout(200)  # give an injected handler (img onerror) time to fire
    assert page.evaluate("window.__pwned") is None
    assert page.dialogs == []
    assert page.locator("main script").count() == 0
    # The only images are charts from this server's chart endpoints.
    for src in page.locator("main img").evaluate_all("imgs => imgs.map(i => i.getAttribute('src'))"):
        assert src.startswith("/api/charts/"), src


def _chart_renders(page: Any, scope: str = "main") -> None:
    img = page.locator(f"{scope} figure.chart img").first
    img.wait_for(timeout=20_000)
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=img.element_handle(), timeout=20_000
    )
    svg = page.evaluate("src => fetch(src).then(r => r.text())", img.get_attribute("src"))
    assert svg.startswith("<svg") and 'id="bar-' in svg and "<path" in svg
    box = img.bounding_box()
    assert box and 0 < box["width"] <= page.evaluate("window.innerWidth")


def _story_of(api: Any, doc: str) -> str:
    return str(api(f"/api/articles/{doc}")["story"])


def test_search_view_from_its_url_pages_to_the_last_result(page: Any, api: Any) -> None:
    total = api("/api/quotes", q="plan", limit=1)["total"]
    assert total > 5
    _open(page, "/search?q=plan&limit=5", "#hits li")
    assert page.locator("#search-form input[name=q]").input_value() == "plan"
    assert page.locator(".tab.active").get_attribute("data-tab") == "search"
    assert f"of {total}" in (page.locator("#search-pager .range").text_content() or "")
    _fits(page)
    page.reload()
    page.wait_for_selector("#hits li")
    assert page.locator("#hits li").count() == 5
    seen = 0
    while True:
        seen += page.locator("#hits li").count()
        nxt = page.locator("#search-pager a.next")
        if not nxt.count():
            break
        before = page.url
        nxt.click()
        page.wait_for_function("u => location.href !== u", arg=before)
        page.wait_for_selector("#hits li")
    assert seen == total
    assert (page.locator("#search-pager .range").text_content() or "").endswith(f"{total} of {total}")
    assert "page=" in page.url
    _safe(page)


def test_filters_are_in_the_url_and_back_and_forward_work(page: Any, api: Any) -> None:
    _open(page, "/search", "#search-form")
    page.fill("#search-form input[name=q]", "child")
    page.select_option("#search-form select[name=relation]", "partial")
    page.check("#search-form input[name=multi]")
    page.click("#search-form button[type=submit]")
    page.wait_for_selector("#hits li")
    assert "q=child" in page.url and "relation=partial" in page.url and "multi=1" in page.url
    want = api("/api/quotes", q="child", relation="partial", multi=1)["total"]
    assert want > 0
    assert page.locator("#hits li").count() == want
    for rel in page.locator("#hits .rel").all_text_contents():
        assert rel.strip().lower() == "partial"
    search_url = page.url
    page.locator("#hits a.article-link").first.click()
    page.wait_for_selector("#view article mark.q.selected")
    assert "/articles/" in page.url
    page.go_back()
    page.wait_for_selector("#tab-search:not([hidden]) #hits li")
    assert page.url == search_url
    assert page.locator("#search-form select[name=relation]").input_value() == "partial"
    page.go_forward()
    page.wait_for_selector("#tab-view:not([hidden]) #view article")
    _fits(page)


def test_article_view_from_its_url(page: Any) -> None:
    _open(page, "/articles/coast-1?quote=q1", "#view article mark.q.selected")
    assert "Coast Herald" in (page.locator("#view article h2").text_content() or "")
    assert page.locator("#search-detail").count() == 0
    assert page.locator("#view a", has_text="story").count() == 1
    _fits(page)
    page.reload()
    page.wait_for_selector("#view article mark.q.selected")
    _safe(page)


def test_story_view_from_its_url_is_shown_at_the_top_with_its_chart(page: Any, api: Any) -> None:
    story = _story_of(api, "harbour-1")
    _open(page, f"/stories/{quote(story)}", "#view .columns article")
    assert page.locator("#tab-stories").is_hidden(), "the story is its own view, not drawn below the list"
    assert page.locator(".tab.active").get_attribute("data-tab") == "stories"
    title = page.locator("#view h2.view-title")
    assert (title.bounding_box() or {"y": 1e9})["y"] < 400
    _chart_renders(page, "#view")
    facts = page.locator("#view .facts")
    if facts.count():  # differences listed, shared facts folded away
        assert facts.locator("h3").text_content().startswith("Facts that differ")
        assert facts.locator("details.facts-rest[open]").count() == 0
    assert page.locator("#view a.download", has_text="CSV").count() == 1
    _fits(page)
    _safe(page)


def test_stories_list_pages_to_the_last_story_and_opens_one(page: Any, api: Any) -> None:
    total = api("/api/stories", limit=1)["total"]
    assert total > 3
    _open(page, "/stories?limit=3", "#story-list li")
    _chart_renders(page, "#tab-stories")
    assert f"of {total}" in (page.locator("#stories-pager .range").text_content() or "")
    page.locator("#stories-pager a.last").click()
    page.wait_for_function("() => location.search.includes('page=')")
    page.wait_for_selector("#story-list li")
    last = total - 3 * ((total - 1) // 3)
    assert page.locator("#story-list li").count() == last
    assert (page.locator("#stories-pager .range").text_content() or "").endswith(f"{total} of {total}")
    assert page.locator("#stories-pager a.next").count() == 0
    _fits(page)
    list_url = page.url
    page.locator("#story-list a.story-link").first.click()
    page.wait_for_selector("#view .columns article")
    assert "/stories/st-" in page.url
    page.go_back()
    page.wait_for_selector("#tab-stories:not([hidden]) #story-list li")
    assert page.url == list_url
    _safe(page)


def test_speakers_list_pages_to_the_last_speaker(page: Any, api: Any) -> None:
    total = api("/api/speakers", limit=1, named="true")["total"]
    assert total > 3
    _open(page, "/speakers?limit=3", "#speaker-list li")
    assert page.locator(".tab.active").get_attribute("data-tab") == "speakers"
    page.locator("#speakers-pager a.last").click()
    page.wait_for_function("() => location.search.includes('page=')")
    page.wait_for_selector("#speaker-list li")
    assert (page.locator("#speakers-pager .range").text_content() or "").endswith(f"{total} of {total}")
    page.locator("#speaker-list a.speaker-link").first.click()
    page.wait_for_selector("#view h2.view-title")
    assert "/speakers/" in page.url
    _fits(page)
    _safe(page)


def test_speaker_view_from_its_url(page: Any, api: Any) -> None:
    rows = api("/api/speakers")["speakers"]
    entity = next((r.get("id") for r in rows if r.get("name", r.get("speaker")) == "Lena Okafor"), None)
    if not entity:
        pytest.skip("the store has no speaker entities yet (sayso.store.entities)")
    profile = api(f"/api/speakers/{quote(entity)}", limit=2)
    _open(page, f"/speakers/{quote(entity)}?limit=2", "#view ol.hits li")
    assert page.locator("#view h2.view-title").text_content() == "Lena Okafor"
    assert page.locator(".tab.active").get_attribute("data-tab") == "speakers"
    _chart_renders(page, "#view")
    page.locator("#view .pager a.last").click()
    page.wait_for_function("() => location.search.includes('page=')")
    page.wait_for_selector("#view ol.hits li")
    assert (page.locator("#view .pager .range").text_content() or "").endswith(
        f"{profile['total']} of {profile['total']}"
    )
    _fits(page)
    page.reload()
    page.wait_for_selector("#view ol.hits li")
    _safe(page)


def test_the_speaker_pager_holds_still_while_its_charts_load(page: Any, api: Any) -> None:
    """Charts come after the view; if the page below them jumped when they arrived, a click on
    "Last" aimed while they load would land on whatever moved under the pointer."""
    if not any(r.get("id") == "lena-okafor" for r in api("/api/speakers")["speakers"]):
        pytest.skip("the store has no speaker entities yet (sayso.store.entities)")
    held: list[Any] = []
    page.route("**/api/charts/**", lambda route: held.append(route))
    page.goto(page.base + "/speakers/lena-okafor?limit=2")
    page.wait_for_selector("#view ol.hits li")
    page.wait_for_function("() => document.querySelectorAll('#view figure.chart img').length === 2")
    before = page.locator("#view .pager").bounding_box()
    while len(held) < 2:  # both chart requests reach the route before they are let through
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('#view figure.chart img'))"
        ".every((i) => i.complete && i.naturalWidth > 0)"
    )
    after = page.locator("#view .pager").bounding_box()
    assert before and after and abs(after["y"] - before["y"]) < 40, (before, after)


def test_markup_in_every_field_is_text_in_every_view(page: Any, api: Any) -> None:
    _open(page, "/search?q=loudly", "#hits li")
    hit = page.locator("#hits li").first
    assert ATTACK in (hit.text_content() or "")
    _safe(page)
    _open(page, "/articles/evil-1", "#view article")
    assert ATTACK in (page.locator("#view article h2").text_content() or "")
    assert ATTACK in (page.locator("#view article .byline").text_content() or "")
    assert ATTACK in (page.locator("#view article .body").text_content() or "")
    _safe(page)
    _open(page, f"/stories/{quote(_story_of(api, 'evil-1'))}", "#view .columns article")
    _chart_renders(page, "#view")
    assert ATTACK in (page.locator("#view").text_content() or "")
    _safe(page)
    _open(page, "/stories?limit=50", "#story-list li")
    assert ATTACK in (page.locator("#story-list").text_content() or "")
    _chart_renders(page, "#tab-stories")
    _safe(page)
    # The speaker's page, reached from the quote (article-local speakers are not in the list).
    _open(page, "/search?q=loudly", "#hits li a.speaker-link")
    page.locator("#hits li a.speaker-link").first.click()
    page.wait_for_function(
        "() => location.pathname.startsWith('/speakers/') || location.search.includes('speaker=')"
    )
    if "/speakers/" in page.url:
        page.wait_for_selector("#view h2.view-title")
        assert ATTACK in (page.locator("#view h2.view-title").text_content() or "")
        _chart_renders(page, "#view")
    else:
        page.wait_for_selector("#hits li")
        assert ATTACK in (page.locator("#search-form input[name=speaker]").input_value() or "")
    _fits(page)
    _safe(page)


OPEN, CLOSE = "\u201c", "\u201d"
#: The direct quote of the mixed quote's words, as the other outlet printed them.
DIRECT = OPEN + "The fare plan " + MIXED_QUOTED.rstrip(",") + CLOSE


def _narration_outside(text: str) -> None:
    """The mixed quote reads as the article has it: the narration before the quoted words has no
    mark in front of it (wrapping the content in marks again put one there), the quoted words
    are in one balanced pair of marks, and the narration after them is outside."""
    assert text == MIXED_CONTENT, text
    assert text.split(OPEN)[0] == "that the fare plan ", "no mark before the narration"
    assert text.count(OPEN) == text.count(CLOSE) == 1
    assert text.rsplit(CLOSE, 1)[1] == " meaning the port authority should drop it"


def test_a_mixed_quote_keeps_its_narration_outside_quotation_marks_in_every_view(page: Any, api: Any) -> None:
    # Search: the mixed hit as it is, its kind said beside it; the direct one in marks.
    _open(page, "/search?speaker=" + quote(MIXED_SPEAKER), "#hits li")
    hits = page.locator("#hits li")
    assert hits.count() == 2
    mixed = hits.filter(has_text="\u00b7 mixed")
    direct = hits.filter(has_text="\u00b7 direct")
    _narration_outside(mixed.locator(".hit-quote").text_content() or "")
    assert direct.locator(".hit-quote").text_content() == DIRECT
    # The speaker's page shows the same hits.
    rows = api("/api/speakers", named="true", limit=1000)["speakers"]
    entity = next(r["id"] for r in rows if r.get("name") == MIXED_SPEAKER)
    _open(page, f"/speakers/{quote(entity)}", "#view ol.hits li")
    hits = page.locator("#view ol.hits li")
    _narration_outside(hits.filter(has_text="\u00b7 mixed").locator(".hit-quote").text_content() or "")
    assert hits.filter(has_text="\u00b7 direct").locator(".hit-quote").text_content() == DIRECT
    # The story: a rendering is what the outlet quoted, so the mixed one is its quoted words in
    # marks (no narration at all), labelled mixed.
    story = _story_of(api, "harbour-ferry")
    _open(page, f"/stories/{quote(story)}", "#view .groups .occ")
    occs = page.locator("#view .groups .occ")
    assert occs.count() == 2
    mixed_occ = occs.filter(has=page.locator(".who", has_text="\u00b7 mixed"))
    assert mixed_occ.locator("div").nth(1).text_content() == OPEN + MIXED_QUOTED + CLOSE
    direct_occ = occs.filter(has=page.locator(".who", has_text="\u00b7 direct"))
    assert direct_occ.locator("div").nth(1).text_content() == DIRECT
    # The article, with the quote selected: the details show it as it is, with its kind.
    _open(page, "/articles/harbour-ferry?quote=q1", "#detail dl")
    detail = page.locator("#detail dd").first
    _narration_outside(detail.text_content() or "")
    assert "mixed" in (page.locator("#detail").text_content() or "")
    _open(page, "/articles/coast-ferry?quote=q1", "#detail dl")
    assert page.locator("#detail dd").first.text_content() == DIRECT
    _safe(page)


#: (URL without page, API to count, the pager, the list's items, the list's noun, page size).
PAGED = {
    "search": (
        "/search?q=plan&limit=5",
        "/api/quotes",
        {"q": "plan"},
        "#search-pager",
        "#hits li",
        "quotes",
        5,
    ),
    "stories": ("/stories?limit=3", "/api/stories", {}, "#stories-pager", "#story-list li", "stories", 3),
    "speakers": (
        "/speakers?limit=3",
        "/api/speakers",
        {"named": "true"},
        "#speakers-pager",
        "#speaker-list li",
        "speakers",
        3,
    ),
    "speaker": (
        "/speakers/lena-okafor?limit=2",
        "/api/speakers/lena-okafor",
        {},
        "#view .pager",
        "#view ol.hits li",
        "quotes",
        2,
    ),
}


@pytest.mark.parametrize("asked", [99, 1_000_000_000])
@pytest.mark.parametrize("view", list(PAGED))
def test_a_page_past_the_last_says_so_and_links_to_the_last_page(
    page: Any, api: Any, view: str, asked: int
) -> None:
    """Never "Quotes 49,901–1,145 of 1,145 … page 999 of 23": the page the URL asks for is kept,
    the pager says it has nothing and how many pages there are, and links to the last one. A
    page deeper than the API's largest offset reads the same, not as an error."""
    url, endpoint, params, pager, items, noun, limit = PAGED[view]
    if view == "speaker" and not any(r.get("id") == "lena-okafor" for r in api("/api/speakers")["speakers"]):
        pytest.skip("the store has no speaker entities yet (sayso.store.entities)")
    total = int(api(endpoint, limit=1, **params)["total"])
    pages = math.ceil(total / limit)
    assert pages > 1, "the test needs more than one page"
    _open(page, f"{url}&page={asked}", f"{pager} .range")
    said = page.locator(f"{pager} .range").text_content() or ""
    assert said == f"No {noun} on page {asked:,}; there are {pages} pages ({total:,} {noun}).", said
    assert "\u2013" not in said and page.locator(items).count() == 0
    assert page.locator(f"{pager} a.next").count() == 0 and page.locator(f"{pager} a.prev").count() == 0
    assert f"page={asked}" in page.url, "the URL keeps the page asked for"
    page.locator(f"{pager} a.last").click()
    page.wait_for_function("n => new URLSearchParams(location.search).get('page') === String(n)", arg=pages)
    page.wait_for_selector(items)
    assert page.locator(items).count() == total - limit * (pages - 1)
    assert (page.locator(f"{pager} .range").text_content() or "").endswith(f"{total} of {total}")
    _fits(page)
