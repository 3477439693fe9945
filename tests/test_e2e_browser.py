"""The web page in a real headless Chromium: compare two articles, and prove injected markup stays text.

Needs Debian's ``chromium`` (``apt-get install chromium``; ``.ci/run`` installs it) and the
Playwright Python package, whose bundled driver talks to that browser; no browser is downloaded.
Set ``SAYSO_SCREENSHOTS=DIR`` to keep the screenshots for a look.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import CHROMIUM, chromium, local_page, serving


def expect(locator: Any) -> Any:
    """Playwright's auto-waiting assertions (imported late: the package is optional)."""
    from playwright.sync_api import expect as pw_expect

    return pw_expect(locator)


pytestmark = [
    pytest.mark.browser,
    pytest.mark.model,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing (apt-get install chromium)"
    ),
]

# Two invented outlets reporting one invented council meeting.
HARBOUR_NEWS = (
    "The city council approved the harbour bridge repairs on Monday after a long debate.\n\n"
    "\u201cWe will reopen the bridge before the summer festival,\u201d Mayor Lena Okafor said "
    "after the vote. "
    "\u201cEvery family in the east district depends on it.\u201d\n\n"
    "Councillor Piet Varga was not convinced. \u201cThe budget is a fantasy,\u201d he told reporters."
)
COAST_HERALD = (
    "Harbour bridge repairs won approval at Monday's council meeting.\n\n"
    "Mayor Lena Okafor promised that the city would "
    "\u201creopen the bridge before the summer festival.\u201d\n\n"
    "\u201cThe budget is pure fantasy,\u201d said Councillor Piet Varga, who voted against the plan."
)
ATTACK = '<script>window.__pwned = 1; alert(1)</script><img src=x onerror="window.__pwned = 2; alert(2)">'


@pytest.fixture(scope="module")
def server(nlp: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from sayso.web.app import create_app
    from sayso.web.settings import WebSettings

    db = tmp_path_factory.mktemp("web") / "browser.db"
    with serving(create_app(WebSettings(db=str(db)), nlp=nlp)) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    with local_page(browser, server) as pg:
        pg.goto(server + "/")
        yield pg


def _shot(page: Any, name: str, tmp_path: Path) -> Path:
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    keep = os.environ.get("SAYSO_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / path.name)
    return path


def _fill(page: Any, n: int, *, text: str, title: str, outlet: str) -> None:
    draft = page.locator("#drafts .draft").nth(n)
    draft.locator(".f-title").fill(title)
    draft.locator(".f-outlet").fill(outlet)
    draft.locator(".f-text").fill(text)


def test_compare_two_articles_shows_groups_and_highlights(page: Any, tmp_path: Path) -> None:
    _fill(page, 0, text=HARBOUR_NEWS, title="Bridge repairs approved", outlet="Harbour News")
    _fill(page, 1, text=COAST_HERALD, title="Council backs bridge fix", outlet="Coast Herald")
    page.click("#run")
    page.wait_for_selector(".group", timeout=60_000)

    assert page.locator(".columns article").count() == 2
    marks = page.locator("mark.q")
    assert marks.count() >= 2
    # Every highlight is a piece of its article's text, and hovering tells who, the cue and how sure.
    first = marks.first
    assert first.text_content() and first.text_content() in HARBOUR_NEWS + COAST_HERALD
    hover = first.get_attribute("title") or ""
    assert "Speaker:" in hover and "Cue:" in hover and "Confidence:" in hover
    relations = {t.strip().lower() for t in page.locator(".groups .rel").all_text_contents()}
    assert relations and relations <= {
        "verbatim",
        "punctuation",
        "partial",
        "altered",
        "misattributed",
        "single source",
    }
    # A quote both outlets carry forms one group with two occurrences.
    assert page.locator(".group").filter(has=page.locator(".occ >> nth=1")).count() >= 1
    _marks_only_around_quoted_words(page)

    shown = page.locator("#results").text_content() or ""
    assert "undefined" not in shown and "null" not in shown and "[object" not in shown

    first.click()
    detail = page.locator("#detail")
    assert detail.is_visible()
    assert "Speaker" in (detail.text_content() or "")
    _shot(page, "compare-desktop", tmp_path)

    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"the page scrolls sideways on a phone ({width}px wide)"
    _shot(page, "compare-phone", tmp_path)
    assert page.dialogs == []


def _marks_only_around_quoted_words(page: Any) -> None:
    """Quotation marks go around quoted words only (the CLI table's rule, sayso/render.py): a
    rendering in a group is what its outlet quoted, so a direct or mixed one is in one pair of
    marks and indirect speech in none; a mixed quote's details show its narration outside its
    own marks ("that the city would “reopen …”"), never a mark before the narration."""
    for occ in page.locator(".groups .occ").all():
        kind = (occ.get_attribute("class") or "").split("kind-")[-1]
        text = occ.locator("div").nth(1).text_content() or ""
        if kind == "indirect":
            assert "\u201c" not in text and "\u201d" not in text, text
        else:
            assert text.startswith("\u201c") and text.endswith("\u201d"), (kind, text)
    mixed = page.locator("mark.q[title$='(mixed)']")
    for n in range(mixed.count()):
        mixed.nth(n).click()
        text = page.locator("#detail dd").first.text_content() or ""
        assert not text.startswith("\u201c") and text.count("\u201c") == text.count("\u201d") >= 1, text
        assert "mixed" in (page.locator("#detail").text_content() or "")
        page.locator("#detail button", has_text="Close").click()


def test_injected_markup_is_shown_as_text_and_never_runs(page: Any, tmp_path: Path) -> None:
    evil = f"Breaking: {ATTACK} \u201cThis is only text,\u201d said Mayor Lena Okafor. {ATTACK}"
    _fill(page, 0, text=evil, title=f"Title {ATTACK}", outlet=f"Outlet {ATTACK}")
    _fill(page, 1, text=HARBOUR_NEWS, title="Plain", outlet="Harbour News")
    page.click("#run")
    page.wait_for_selector(".columns article", timeout=60_000)
    page.wait_for_timeout(300)  # give any injected handler (img onerror) time to fire

    assert page.evaluate("window.__pwned") is None
    assert page.dialogs == []
    assert page.locator("#results script").count() == 0
    assert page.locator("#results img").count() == 0
    first = page.locator(".columns article").first
    assert ATTACK in (first.locator("h2").text_content() or "")
    assert ATTACK in (first.locator(".byline").text_content() or "")
    assert ATTACK in (first.locator(".body").text_content() or "")
    _shot(page, "injection", tmp_path)


def test_upload_text_and_html_files_then_save(page: Any, tmp_path: Path) -> None:
    txt = tmp_path / "harbour.txt"
    txt.write_text(HARBOUR_NEWS, encoding="utf-8")
    paragraphs = "".join(f"<p>{p}</p>" for p in COAST_HERALD.split("\n\n"))
    filler = "<p>" + "Residents have waited years for the repairs to begin in earnest. " * 3 + "</p>"
    html = tmp_path / "coast.html"
    html.write_text(
        f"<html><head><title>Council backs bridge fix</title></head><body><article>{paragraphs}{filler}"
        "</article></body></html>",
        encoding="utf-8",
    )
    page.set_input_files("#upload", [str(txt), str(html)])
    page.wait_for_selector("#drafts .draft:nth-child(2)[data-kind=html]")
    assert page.locator("#drafts .draft .f-text").first.input_value() == HARBOUR_NEWS
    assert "(HTML)" in (page.locator("#drafts .draft legend").nth(1).text_content() or "")

    page.click("#run")
    page.wait_for_selector(".group", timeout=60_000)
    bodies = page.locator(".columns article .body").all_text_contents()
    assert bodies[0] == HARBOUR_NEWS
    assert "<p>" not in bodies[1] and "reopen the bridge" in bodies[1]

    page.click("button.save")
    expect(page.locator("#status")).to_have_text(re.compile("^Saved"), timeout=60_000)
    assert "2 new" in (page.locator("#status").text_content() or "")


def test_search_the_database_and_open_the_article(page: Any, server: str, tmp_path: Path) -> None:
    import httpx

    articles = [
        {"doc": "harbour-1", "text": HARBOUR_NEWS, "outlet": "Harbour News", "published": "2026-03-02"},
        {"doc": "coast-1", "text": COAST_HERALD, "outlet": "Coast Herald", "published": "2026-03-03"},
    ]
    r = httpx.post(server + "/api/articles", json=articles, timeout=60)
    assert r.status_code == 200, r.text

    page.click(".tab[data-tab=search]")
    page.fill("#search-form input[name=q]", "reopen")
    page.fill("#search-form input[name=outlet]", "harbour")
    page.click("#search-form button[type=submit]")
    page.wait_for_selector("#hits li", timeout=30_000)
    hits = page.locator("#hits li")
    assert hits.count() >= 1
    for text in hits.all_text_contents():
        assert "reopen" in text and "Harbour News" in text
    hits.first.locator("a.article-link").click()
    page.wait_for_selector("#view mark.q.selected", timeout=30_000)
    assert page.locator("#view article h2").count() == 1
    assert "/articles/" in page.url
    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"the search tab scrolls sideways on a phone ({width}px wide)"
    page.set_viewport_size({"width": 1280, "height": 900})

    page.click(".tab[data-tab=stories]")
    expect(page.locator("#stories-status")).to_have_text(re.compile(r"^(?!Loading)."), timeout=30_000)
    assert not page.locator("#stories-status.error").count()
    stories = page.locator("#story-list .story-link")
    if stories.count():  # story grouping is the comparison engine's call; when it made one, open it
        stories.first.click()
        page.wait_for_selector("#view .columns article", timeout=30_000)
        assert not page.locator("#view-status.error").count()
        shown = page.locator("#view").text_content() or ""
        assert "undefined" not in shown and "null" not in shown and "[object" not in shown
    _shot(page, "stories", tmp_path)
    assert page.dialogs == []


def test_api_reference_page_is_built_locally(page: Any, server: str) -> None:
    page.goto(server + "/docs")
    page.wait_for_selector("#endpoints section", timeout=10_000)
    text = page.locator("#endpoints").text_content() or ""
    for path in ("/api/extract", "/api/compare", "/api/quotes", "/api/stories/{story_id}"):
        assert path in text


def test_a_search_answered_late_never_joins_a_newer_ones_list(page: Any, server: str) -> None:
    # The tab's own unfiltered search is held back until the user's filtered one has been
    # shown; its late answer had been appended to the filtered list (CI, thirty-third session).
    import httpx

    articles = [
        {"doc": "harbour-2", "text": HARBOUR_NEWS, "outlet": "Harbour News", "published": "2026-03-02"},
        {"doc": "coast-2", "text": COAST_HERALD, "outlet": "Coast Herald", "published": "2026-03-03"},
    ]
    assert httpx.post(server + "/api/articles", json=articles, timeout=60).status_code == 200
    held: list[Any] = []

    def hold_unfiltered(route: Any) -> None:
        if "outlet=" in route.request.url:
            route.continue_()
        else:
            held.append(route)

    page.route(re.compile(r".*/api/quotes\?.*"), hold_unfiltered)
    page.click(".tab[data-tab=search]")
    page.wait_for_timeout(300)
    assert held, "the tab's own search was not sent"
    page.fill("#search-form input[name=outlet]", "harbour")
    page.click("#search-form button[type=submit]")
    page.wait_for_selector("#hits li", timeout=30_000)
    for route in held:
        route.continue_()
    page.wait_for_timeout(1_000)
    texts = page.locator("#hits li").all_text_contents()
    assert texts and all("Harbour News" in t for t in texts), texts
