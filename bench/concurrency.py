"""Bounded concurrency run on one database: a server, its writers, CLI readers and a CLI indexer.

Starts ``sayso serve`` on 127.0.0.1 (a free port, a fresh database in a temporary folder), then,
all at once: ``--writers`` clients each ``POST /api/articles`` one invented article, ``--readers``
processes each run ``sayso search`` ``--reader-runs`` times, and one ``sayso index`` process
indexes ``--index-articles`` more. When everything has finished the server is stopped and the
database is checked from outside: ``PRAGMA integrity_check`` must say ``ok``, every write the
server acknowledged (HTTP 200 listing the doc in ``stored``) must be there, and so must every
article of the indexer. Nothing leaves the machine; every loop is bounded in count and time.

    .venv/bin/python bench/concurrency.py                      # 40 writers, 4 readers, 20 indexed
    .venv/bin/python bench/concurrency.py --writers 80 --readers 8

Prints the figures and exits 1 when the database is damaged, a write was lost, or any request,
reader or the indexer failed. ``tests/test_db_concurrency.py`` runs the same ``run`` function.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import ROOT, free_port, invented_article, start_server, wait_ready

#: No request, reader or indexer may take longer than this (the run is bounded in time).
TIMEOUT_S = 300.0


@dataclass
class Report:
    """What happened, and the three properties that must hold."""

    statuses: Counter[int] = field(default_factory=Counter)
    write_latencies: list[float] = field(default_factory=list)
    acknowledged: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    reader_codes: list[int] = field(default_factory=list)
    indexer_code: int | None = None
    indexer_missing: list[str] = field(default_factory=list)
    wal_kept: bool = False
    integrity: str = ""
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return (
            self.integrity == "ok"
            and not self.missing
            and not self.indexer_missing
            and set(self.statuses) == {200}
            and all(rc == 0 for rc in self.reader_codes)
            and self.indexer_code == 0
            and self.wal_kept
        )

    def summary(self) -> str:
        lat = sorted(self.write_latencies)
        p50 = statistics.median(lat) if lat else float("nan")
        p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))] if lat else float("nan")
        lines = [
            f"writes: {sum(self.statuses.values())} requests, "
            f"statuses {dict(sorted(self.statuses.items()))}, latency p50 {p50:.2f} s, p95 {p95:.2f} s",
            f"acknowledged {len(self.acknowledged)}, missing after the run {len(self.missing)}",
            f"readers: {len(self.reader_codes)} 'sayso search' runs, "
            f"exit codes {dict(Counter(self.reader_codes))}",
            f"indexer: exit code {self.indexer_code}, articles missing {len(self.indexer_missing)}",
            f"WAL still in place after the CLI processes closed: {self.wal_kept}",
            f"PRAGMA integrity_check: {self.integrity}",
            f"wall time {self.seconds:.1f} s; {'OK' if self.ok else 'FAILED'}",
        ]
        lines += [f"  error: {e}" for e in self.errors[:10]]
        return "\n".join(lines)


def _cli(*args: str) -> list[str]:
    sayso = ROOT / ".venv" / "bin" / "sayso"
    return [str(sayso) if sayso.exists() else "sayso", *args]


def run(
    *, writers: int = 40, readers: int = 4, reader_runs: int = 3, index_articles: int = 20, seed: int = 11
) -> Report:
    """One bounded run in a fresh temporary folder; see the module docstring."""
    rng = random.Random(seed)
    posted = [invented_article(rng, n) | {"doc": f"post-{n}"} for n in range(writers)]
    indexed = [invented_article(rng, 1000 + n) | {"id": f"index-{n}"} for n in range(index_articles)]
    for item in indexed:
        item.pop("doc")
    report = Report()
    with tempfile.TemporaryDirectory(prefix="sayso-concurrency-") as tmp:
        folder = Path(tmp)
        db = folder / "shared.db"
        (folder / "more.jsonl").write_text("".join(json.dumps(a) + "\n" for a in indexed), encoding="utf-8")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        log = folder / "server.log"
        server = start_server(db, port, 1, log)
        try:
            wait_ready(base, server, log)
            start = threading.Barrier(writers + readers + 1)
            t0 = time.perf_counter()
            with ThreadPoolExecutor(max_workers=writers + readers + 1) as pool:
                writes = [pool.submit(_write, base, body, start) for body in posted]
                reads = [pool.submit(_read, db, reader_runs, start) for _ in range(readers)]
                indexing = pool.submit(_index, db, folder / "more.jsonl", start)
                for future in writes:
                    status, seconds, stored, error = future.result()
                    report.statuses[status] += 1
                    report.write_latencies.append(seconds)
                    report.acknowledged += stored
                    if error:
                        report.errors.append(error)
                for r in reads:
                    report.reader_codes += r.result()
                report.indexer_code, error = indexing.result()
                if error:
                    report.errors.append(error)
            report.seconds = time.perf_counter() - t0
            # The server still holds its connections: SQLite must not have removed its WAL.
            report.wal_kept = Path(f"{db}-wal").exists()
        finally:
            server.terminate()
            server.wait(timeout=30)
        conn = sqlite3.connect(db)
        try:
            report.integrity = "; ".join(r[0] for r in conn.execute("PRAGMA integrity_check"))
            stored = {r[0] for r in conn.execute("SELECT doc FROM articles")}
        finally:
            conn.close()
        report.missing = sorted(set(report.acknowledged) - stored)
        if report.indexer_code == 0:
            report.indexer_missing = sorted({a["id"] for a in indexed} - stored)
    return report


def _write(base: str, body: dict[str, Any], start: threading.Barrier) -> tuple[int, float, list[str], str]:
    start.wait()
    t0 = time.perf_counter()
    try:
        r = httpx.post(base + "/api/articles", json=body, timeout=TIMEOUT_S)
    except httpx.HTTPError as exc:
        return -1, time.perf_counter() - t0, [], f"{body['doc']}: {type(exc).__name__}: {exc}"
    seconds = time.perf_counter() - t0
    if r.status_code != 200:
        return r.status_code, seconds, [], f"{body['doc']}: HTTP {r.status_code}: {r.text[:200]}"
    return 200, seconds, list(r.json().get("stored", [])), ""


def _read(db: Path, runs: int, start: threading.Barrier) -> list[int]:
    start.wait()
    codes = []
    for word in ("council", "families", "numbers")[:runs] + ("city",) * max(0, runs - 3):
        cmd = _cli("search", word, "--db", str(db), "--format", "jsonl", "--limit", "5")
        codes.append(subprocess.run(cmd, capture_output=True, timeout=TIMEOUT_S).returncode)
    return codes


def _index(db: Path, source: Path, start: threading.Barrier) -> tuple[int, str]:
    start.wait()
    done = subprocess.run(
        _cli("index", str(source), "--db", str(db)), capture_output=True, text=True, timeout=TIMEOUT_S
    )
    return done.returncode, "" if done.returncode == 0 else f"indexer: {done.stderr.strip()[-300:]}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--writers", type=int, default=40, help="concurrent POST /api/articles (default 40)")
    ap.add_argument("--readers", type=int, default=4, help="concurrent 'sayso search' processes (default 4)")
    ap.add_argument("--reader-runs", type=int, default=3, help="searches per reader (default 3)")
    ap.add_argument("--index-articles", type=int, default=20, help="articles for 'sayso index' (default 20)")
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    report = run(
        writers=args.writers,
        readers=args.readers,
        reader_runs=args.reader_runs,
        index_articles=args.index_articles,
        seed=args.seed,
    )
    print(report.summary())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
