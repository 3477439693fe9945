"""How fast the web API's pages answer on a real database: ``/api/quotes`` with its real total,
paging and filters, the stories list, the chart endpoints.

In-process (FastAPI's TestClient, no network), on a copy of the database (opening it may migrate
it). Prints p50/p95 per kind of query, over all calls, and over the first call of each query
(whose total is counted; later pages of the same query reuse it until the database changes);
the target is p95 <= 50 ms for typical ``/api/quotes`` queries.

    .venv/bin/python bench/web_pages.py --db /work/dbs/news5k.db [--rounds 20]

Needs a database built by ``sayso index`` (the lead's news-5k database: all 5,000 articles of
../shared/corpus/news-5k.jsonl.gz); says so and exits when it is missing.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

WORDS = ("president", "economy", "people", "we will", "health care", "police", "vote", "war*")


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="/work/dbs/news5k.db")
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    src = Path(args.db)
    if not src.exists():
        print(f"{src} is missing: build it with 'sayso index' first", file=sys.stderr)
        return 2
    from fastapi.testclient import TestClient

    from sayso.web.app import create_app
    from sayso.web.settings import WebSettings

    tmp = Path(tempfile.mkdtemp()) / "bench.db"
    for suffix in ("", "-wal"):
        if Path(str(src) + suffix).exists():
            shutil.copy(str(src) + suffix, str(tmp) + suffix)
    # As a context manager: one event loop and threadpool for every call, as under uvicorn
    # (otherwise each call runs in a new thread with a new database connection).
    with TestClient(create_app(WebSettings(db=str(tmp)))) as client:
        _run(client, src, args.rounds)
    shutil.rmtree(tmp.parent, ignore_errors=True)
    return 0


def _run(client: Any, src: Path, rounds: int) -> None:
    first = client.get("/api/quotes", params={"limit": 1, "min_confidence": 0}).json()
    speakers = [
        s.get("name") or s["speaker"]
        for s in client.get("/api/speakers", params={"limit": 5}).json()["speakers"]
    ]
    outlets = sorted(
        {
            h["outlet"]
            for h in client.get("/api/quotes", params={"limit": 1000}).json()["items"]
            if h["outlet"]
        }
    )[:4]
    print(f"database: {src} ({first['total']:,} quotes at min_confidence 0)")

    queries: dict[str, list[dict[str, Any]]] = {
        "no filter": [{}],
        "text": [{"q": w} for w in WORDS],
        "speaker": [{"speaker": s} for s in speakers],
        "outlet": [{"outlet": o} for o in outlets],
        "kind/relation/multi": [
            {"kind": "indirect"},
            {"relation": "verbatim"},
            {"multi": "true"},
            {"min_confidence": 0.8},
        ],
        "combined": [
            {"q": "said", "multi": "true"},
            {"speaker": speakers[0], "relation": "single_source"},
            {"q": WORDS[0], "kind": "direct", "outlet": outlets[0]},
        ],
        "page 20": [{"offset": 950}, {"q": WORDS[2], "offset": 950}],
    }
    everything: list[float] = []
    cold: list[float] = []
    for name, group in queries.items():
        times: list[float] = []
        totals: list[int] = []
        for round_ in range(rounds):
            for params in group:
                t = time.perf_counter()
                r = client.get("/api/quotes", params={"limit": 50, **params})
                times.append((time.perf_counter() - t) * 1000)
                if round_ == 0:
                    cold.append(times[-1])  # first time this query is asked: its total is counted
                assert r.status_code == 200, r.text
                totals.append(r.json()["total"])
        everything.extend(times)
        p50, p95 = statistics.median(times), _pct(times, 0.95)
        span = f"totals {min(totals):,}–{max(totals):,}"
        print(f"  /api/quotes {name:<20} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  ({span})")
    p50, p95 = statistics.median(everything), _pct(everything, 0.95)
    print(f"  /api/quotes ALL {len(everything)} calls     p50 {p50:6.1f} ms  p95 {p95:6.1f} ms")
    p50, p95 = statistics.median(cold), _pct(cold, 0.95)
    print(
        f"  /api/quotes first calls ({len(cold)})     p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  (totals counted)"
    )
    for path, params in (
        ("/api/stories", {"limit": 50}),
        ("/api/stories", {"limit": 50, "offset": 400}),
        ("/api/charts/outlets.svg", {}),
    ):
        times = []
        for _ in range(max(3, rounds // 4)):
            t = time.perf_counter()
            r = client.get(path, params=params)
            times.append((time.perf_counter() - t) * 1000)
            assert r.status_code == 200, r.text
        print(f"  {path} {params}  p50 {statistics.median(times):6.1f} ms  max {max(times):6.1f} ms")


if __name__ == "__main__":
    raise SystemExit(main())
