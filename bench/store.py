"""Database figures: index throughput (1 and 2 workers), size per 1,000 articles, search latency.

    .venv/bin/python bench/store.py [--sample N] [--copies K] [--queries Q] [--skip-index]

1. Indexes the first N articles (default 1000; 0 = all 5,000) of ``../shared/corpus/news-5k.jsonl.gz``
   into fresh databases with ``--workers 1`` and ``--workers 2`` (the same code path as
   ``sayso index``: reading, extraction, story grouping, comparison, writes) and prints
   articles/s for each, wall-clock including the model load.
2. Prints the database size per 1,000 articles (after a WAL checkpoint), and the throughput of
   the storage layer alone (the extracted articles indexed again into a new database, which is
   what ``sayso index DIR`` does with ``sayso batch`` output).
3. Grows the 1-worker database with synthetic copies of every article and its quotes under new
   doc ids (plain SQL inserts; the FTS triggers index them) until it holds at least 200,000
   quotes, then times ``search`` in-process over a mix of realistic queries and prints p50/p95.

Needs the corpus (``/work/shared``); says so and stops when it is absent.
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "news-5k.jsonl.gz"


def _sample(dst: Path, n: int) -> int:
    count = 0
    with gzip.open(CORPUS, "rt", encoding="utf-8") as src, dst.open("w", encoding="utf-8") as out:
        for line in src:
            if n and count >= n:
                break
            out.write(line)
            count += 1
    return count


def _db_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*") if p.is_file())


def index_figures(work: Path, n: int, workers_list: list[int]) -> Path:
    from sayso.jobs import index_paths
    from sayso.pipeline import Extractor
    from sayso.store import open_db

    sample = work / "sample.jsonl"
    total = _sample(sample, n)
    print(f"corpus sample: {total} articles from {CORPUS.name}")
    first_db = None
    for workers in workers_list:
        db = work / f"index-w{workers}.db"
        conn = open_db(db)
        started = time.perf_counter()
        stats = index_paths(conn, [sample], extractor=Extractor(max_chars=2_000_000, workers=workers))
        elapsed = time.perf_counter() - started
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        quotes = conn.execute("SELECT COUNT(*) FROM quotes").fetchone()[0]
        stories = conn.execute("SELECT COUNT(DISTINCT story) FROM articles").fetchone()[0]
        conn.close()
        size = _db_bytes(db)
        print(
            f"index --workers {workers}: {stats.new} articles ({stats.failed} failed), {quotes} quotes, "
            f"{stories} stories in {elapsed:.1f} s = {stats.new / elapsed:.1f} articles/s"
        )
        for failure in stats.failures[:5]:
            print(f"  failed: [{failure.code}] {failure.doc}: {failure.message[:160]}")
        per_1000 = size / max(stats.new, 1) * 1000 / 1e6
        print(f"  db size: {size / 1e6:.1f} MB = {per_1000:.2f} MB per 1,000 articles")
        first_db = first_db or db
    assert first_db is not None
    store_only(first_db, work / "store-only.db")
    return first_db


def store_only(src: Path, dst: Path) -> None:
    """The storage layer alone: re-index the extracted articles (as ``sayso index DIR`` does)."""
    from sayso.store import index_inputs, open_db
    from sayso.store.stories import iter_articles

    conn = open_db(src, create=False)
    articles = list(iter_articles(conn))
    conn.close()
    out = open_db(dst)
    started = time.perf_counter()
    stats = index_inputs(out, articles)
    elapsed = time.perf_counter() - started
    out.close()
    print(
        f"store only (pre-extracted articles, stories + comparison included): {stats.new} articles, "
        f"{stats.quotes_added} quotes in {elapsed:.1f} s = {stats.new / elapsed:.0f} articles/s"
    )


def grow(db: Path, target_quotes: int) -> None:
    """Copy every article with its quotes under new doc ids until the db holds ``target_quotes``."""
    from sayso.store import open_db, transaction

    conn = open_db(db)
    base_quotes = conn.execute("SELECT COUNT(*) FROM quotes").fetchone()[0]
    base_max = conn.execute("SELECT MAX(id) FROM articles").fetchone()[0]
    if base_quotes == 0:
        raise SystemExit("the indexed sample has no quotes; nothing to grow")
    copy = 0
    started = time.perf_counter()
    while conn.execute("SELECT COUNT(*) FROM quotes").fetchone()[0] < target_quotes:
        copy += 1
        with transaction(conn):
            conn.execute(
                "INSERT INTO articles (doc, title, outlet, published, url, content_hash, warnings, "
                "story, indexed_at) SELECT doc || '#' || ?, title, outlet, "
                "CASE WHEN published IS NULL THEN NULL "
                "ELSE date(substr(published, 1, 10), ? || ' days') END, "
                "url, content_hash || ?, warnings, story || '#' || ?, indexed_at "
                "FROM articles WHERE id <= ?",
                (copy, f"+{copy * 7}", copy, copy, base_max),
            )
            conn.execute(
                "INSERT INTO article_texts (article_id, text) SELECT c.id, t.text FROM article_texts t "
                "JOIN articles a ON a.id = t.article_id JOIN articles c ON c.doc = a.doc || '#' || ? "
                "WHERE a.id <= ?",
                (copy, base_max),
            )
            conn.execute(
                "INSERT INTO quotes (article_id, quote_id, kind, content, spans, cue_start, cue_end, "
                "source_start, source_end, speaker, speaker_norm, speaker_id, confidence, relation, "
                "group_id, other_outlets) SELECT c.id, q.quote_id, q.kind, q.content, q.spans, q.cue_start, "
                "q.cue_end, q.source_start, q.source_end, q.speaker, q.speaker_norm, q.speaker_id, "
                "q.confidence, q.relation, q.group_id, q.other_outlets FROM quotes q "
                "JOIN articles a ON a.id = q.article_id JOIN articles c ON c.doc = a.doc || '#' || ? "
                "WHERE a.id <= ?",
                (copy, base_max),
            )
    conn.execute("PRAGMA optimize")
    quotes = conn.execute("SELECT COUNT(*) FROM quotes").fetchone()[0]
    articles = conn.execute("SELECT COUNT(*) FROM articles").fetchone()[0]
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    print(
        f"grown db: {articles:,} articles, {quotes:,} quotes ({copy} synthetic copies, "
        f"{time.perf_counter() - started:.0f} s), {_db_bytes(db) / 1e6:.0f} MB"
    )


def latency(db: Path, n_queries: int, seed: int = 7) -> None:
    from sayso.store import SearchQuery, open_db, search

    conn = open_db(db, create=False)
    rng = random.Random(seed)
    contents = [r[0] for r in conn.execute("SELECT content FROM quotes WHERE article_id < 2000 LIMIT 5000")]
    speakers = [
        r[0] for r in conn.execute("SELECT DISTINCT speaker FROM quotes WHERE speaker IS NOT NULL LIMIT 2000")
    ]
    outlets = [r[0] for r in conn.execute("SELECT DISTINCT outlet FROM articles WHERE outlet IS NOT NULL")]
    words = [w for c in contents for w in c.split() if w.isalpha() and len(w) > 3]

    def make() -> tuple[str, SearchQuery]:
        kind = rng.choice(
            ["word", "two words", "phrase", "speaker", "word+speaker", "word+outlet", "word+dates"]
        )
        word = rng.choice(words)
        if kind == "word":
            return kind, SearchQuery(text=word)
        if kind == "two words":
            return kind, SearchQuery(text=f"{word} {rng.choice(words)}")
        if kind == "phrase":
            c = rng.choice(contents).split()
            i = rng.randrange(max(1, len(c) - 2))
            return kind, SearchQuery(text='"' + " ".join(c[i : i + 3]) + '"')
        name = rng.choice(speakers) if speakers else "smith"
        partial = rng.choice(name.split()).lower()
        if kind == "speaker":
            return kind, SearchQuery(speaker=partial)
        if kind == "word+speaker":
            return kind, SearchQuery(text=word, speaker=partial)
        if kind == "word+outlet":
            return kind, SearchQuery(text=word, outlet=rng.choice(outlets)[:8] if outlets else None)
        return kind, SearchQuery(text=word, since="2019-01-01", until="2020-12-31")

    search(conn, SearchQuery(text="warm up"))
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    load_before = os.getloadavg()[0]
    for _ in range(n_queries):
        kind, query = make()
        started, started_cpu = time.perf_counter(), time.process_time()
        search(conn, query)
        wall.setdefault(kind, []).append((time.perf_counter() - started) * 1000)
        cpu.setdefault(kind, []).append((time.process_time() - started_cpu) * 1000)
    conn.close()

    def pct(xs: list[float], p: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]

    def line(label: str, w: list[float], c: list[float]) -> str:
        return (
            f"  {label:<13} wall p50 {statistics.median(w):6.1f} ms  p95 {pct(w, 95):6.1f} ms"
            f"   | cpu p50 {statistics.median(c):6.1f} ms  p95 {pct(c, 95):6.1f} ms   (n={len(w)})"
        )

    every_w = [t for ts in wall.values() for t in ts]
    every_c = [t for ts in cpu.values() for t in ts]
    print(
        f"search latency, {len(every_w)} queries, limit 20, in-process; load average "
        f"{load_before:.1f} -> {os.getloadavg()[0]:.1f} on {os.cpu_count()} cpus "
        "(cpu = time this process ran, what an idle machine would show):"
    )
    print(line("all", every_w, every_c))
    for kind in sorted(wall):
        print(line(kind, wall[kind], cpu[kind]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sample", type=int, default=1000, help="articles of news-5k to index (0 = all)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument(
        "--quotes", type=int, default=200_000, help="grow the db to at least this many quotes"
    )
    parser.add_argument("--queries", type=int, default=400)
    parser.add_argument("--db", type=Path, help="reuse this indexed db for the latency part (skips indexing)")
    parser.add_argument("--keep", type=Path, help="work in this directory and keep the databases")
    args = parser.parse_args(argv)
    if args.db is None and not CORPUS.exists():
        print(f"corpus not found at {CORPUS}; nothing to measure (the figures need ../shared)")
        return 0
    with tempfile.TemporaryDirectory(prefix="sayso-bench-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        db = args.db or index_figures(work, args.sample, args.workers)
        if args.quotes:
            grown = work / "grown.db"
            if grown != db:
                import shutil

                shutil.copy(db, grown)
            grow(grown, args.quotes)
            latency(grown, args.queries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
