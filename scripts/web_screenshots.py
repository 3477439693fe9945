"""Screenshots of the web page's views for the docs, from the invented articles of the tests.

    .venv/bin/python scripts/web_screenshots.py [--out docs] [--db quotes.db --path /speakers/x]

Without ``--db`` it builds a database from ``tests/web_helpers.py`` (invented texts only, so the
pictures in the repository hold no article from elsewhere) and shows the speaker page of its
most quoted speaker. Needs Debian's chromium and the playwright package (as the browser tests).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--path", default=None, help="the view to show, e.g. /speakers/lena-okafor")
    args = parser.parse_args()
    import httpx
    import uvicorn
    from playwright.sync_api import sync_playwright

    from sayso.web.app import create_app
    from sayso.web.settings import WebSettings

    db = args.db
    if db is None:
        sys.path.insert(0, str(ROOT / "tests"))
        from web_helpers import build_db

        db = build_db(Path(tempfile.mkdtemp()) / "screens.db")
    server = uvicorn.Server(
        uvicorn.Config(create_app(WebSettings(db=str(db))), port=8799, log_level="warning")
    )
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    base = "http://127.0.0.1:8799"
    path = args.path
    if path is None:
        top = httpx.get(base + "/api/speakers", params={"limit": 1, "named": "true"}).json()["speakers"][0]
        path = "/speakers/" + top["id"]
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"], headless=True
        )
        for name, width in (("speaker-page", 1280), ("speaker-page-phone", 390)):
            page = browser.new_page(viewport={"width": width, "height": 900})
            page.goto(base + path)
            page.wait_for_selector("#view ol.hits li")
            page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
            shot = args.out / f"{name}.png"
            page.screenshot(path=str(shot), full_page=width < 1000)
            print(shot)
            page.close()
        browser.close()
    server.should_exit = True
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
