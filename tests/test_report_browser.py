"""The HTML report in headless Chromium: the page runs, shows hostile text as text, and the
detail panel lists a quote's counterparts and diff. Skipped when Chromium is not installed."""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from compare_helpers import make_article

from sayso.compare.api import compare
from sayso.compare.report import render_html

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="headless test needs /usr/bin/chromium (apt-get install chromium)"
    ),
]

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"


class _Dom(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.detail_text: list[str] = []
        self._depth = 0  # >0 while inside #detail

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append((tag, a))
        if self._depth or a.get("id") == "detail":
            self._depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self._depth:
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._depth:
            self.detail_text.append(data)


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    profile = tmp_path / "profile"
    cmd = [
        str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}", *args,
    ]  # fmt: skip
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=90, check=True)
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def _report(tmp_path: Path) -> Path:
    a = make_article(
        "a",
        f'Intro {SCRIPT} here. "We will {IMG} fix the bridge by spring," Mayor Elena Marsh said.',
        [(f"We will {IMG} fix the bridge by spring,", "Elena Marsh")],
        outlet="Gazette",
    )
    b = make_article(
        "b",
        '"We will fix the old bridge by spring," Marsh said. "Taxes stay low." Marsh added.',
        [("We will fix the old bridge by spring,", "Marsh"), ("Taxes stay low.", "Marsh")],
        outlet="Ledger",
    )
    path = tmp_path / "report.html"
    path.write_text(render_html(compare([a, b])), "utf-8")
    return path


def test_dom_shows_hostile_text_as_text_and_opens_the_group(tmp_path: Path) -> None:
    page = _report(tmp_path)
    dom_html = _chromium(tmp_path, "--dump-dom", page.as_uri() + "#G1").stdout
    dom = _Dom()
    dom.feed(dom_html)
    assert "img" not in [t for t, _ in dom.tags], "no injected image element"
    assert len([t for t, _ in dom.tags if t == "script"]) == 2, "only the report's own scripts"
    assert SCRIPT.replace("<", "&lt;").replace(">", "&gt;") in dom_html
    marks = [a for t, a in dom.tags if t == "mark"]
    assert {m["data-group"] for m in marks} == {"G1", "G2"}
    assert any("active" in (m.get("class") or "") for m in marks if m["data-group"] == "G1")
    detail = "".join(dom.detail_text)
    # The script filled the panel: both outlets' renderings and the diff, still as plain text.
    assert "Gazette" in detail and "Ledger" in detail
    assert "altered" in detail and "old" in detail
    assert IMG in detail


def test_screenshot_renders(tmp_path: Path) -> None:
    page = _report(tmp_path)
    shot = tmp_path / "report.png"
    _chromium(tmp_path, "--window-size=1280,900", f"--screenshot={shot}", page.as_uri())
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


def test_report_fits_a_phone_and_shows_its_chart(tmp_path: Path) -> None:
    """At 390 px nothing scrolls sideways, and the inline chart is drawn within the width."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    from browser_helpers import CHROMIUM_ARGS

    page_file = _report(tmp_path)
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(page_file.as_uri())
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            chart = page.locator("#chart svg")
            box = chart.bounding_box()
            assert box is not None and 0 < box["width"] <= 390
            assert chart.locator("[id^=bar-] path").count() >= 2
            assert "Gazette" in (chart.text_content() or "")
        finally:
            browser.close()
