"""Bounded load test of ``sayso serve`` on loopback: throughput and p50/p95 latency.

Starts ``sayso serve`` on 127.0.0.1 (a free port, a fresh database in a temporary folder), seeds
the database through ``POST /api/articles`` with invented articles, then sends a fixed number of
requests to ``POST /api/extract`` and ``GET /api/quotes`` with 1 and with 20 concurrent clients.
Every response must be a 200; the script exits 1 otherwise. Nothing leaves the machine.

    .venv/bin/python bench/load.py                 # defaults: 1 worker, 60 extracts, 600 searches
    .venv/bin/python bench/load.py --workers 2 --extract-requests 100

The figures depend on the machine and on what else runs on it; print them, don't assert them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent

FIRST = ["Lena", "Piet", "Mara", "Tomas", "Ines", "Kofi", "Ruth", "Emil", "Sana", "Oren"]
LAST = ["Okafor", "Varga", "Quist", "Brandt", "Moreau", "Mensah", "Lindqvist", "Haddad", "Ferreira", "Novak"]
TOPICS = [
    "the harbour bridge",
    "the school budget",
    "the new tram line",
    "the flood barrier",
    "the night market",
]
OUTLETS = ["Harbour News", "Coast Herald", "Evening Star", "Daily Lantern"]


def invented_article(rng: random.Random, n: int) -> dict[str, Any]:
    """A short news article with direct, split and indirect quotes, written from templates."""
    a, b = rng.sample(range(len(LAST)), 2)
    mayor = f"{FIRST[a]} {LAST[a]}"
    critic = f"{FIRST[b]} {LAST[b]}"
    topic = rng.choice(TOPICS)
    money = rng.randint(2, 90)
    paragraphs = [
        f"The city council voted on Tuesday to spend {money} million on {topic}, ending months of debate.",
        f"\u201cThis is the most important decision we will make this year,\u201d Mayor {mayor} "
        "said after the vote. \u201cFamilies have waited long enough.\u201d",
        f"Councillor {critic} disagreed. \u201cThe numbers do not add up,\u201d {LAST[b]} told reporters, "
        f"\u201cand the city will pay for it twice.\u201d",
        f"{LAST[a]} said the work would start in the spring and that the council would publish "
        "every contract.",
        f"According to {critic}, residents were not consulted. "
        f"\u201cNobody asked the people who live there,\u201d {LAST[b]} added.",
        "Work is expected to take two years. The council will meet again next month.",
    ]
    return {
        "doc": f"load-{n}",
        "title": f"Council approves {topic}",
        "outlet": OUTLETS[n % len(OUTLETS)],
        "published": f"2026-0{1 + n % 9}-{10 + n % 18}",
        "text": "\n\n".join(paragraphs),
    }


def search_params(rng: random.Random) -> dict[str, Any]:
    choice = rng.randrange(4)
    if choice == 0:
        return {"q": rng.choice(["families", "numbers", "contract", "people", "decision"])}
    if choice == 1:
        return {"speaker": rng.choice(LAST)}
    if choice == 2:
        return {"q": "city", "outlet": rng.choice(OUTLETS).split()[0]}
    return {"since": "2026-03-01", "until": "2026-06-30", "limit": 20}


@dataclass
class Result:
    endpoint: str
    clients: int
    requests: int
    seconds: float
    latencies: list[float]
    errors: list[str]

    def row(self) -> str:
        lat = sorted(self.latencies)
        p50 = statistics.median(lat) * 1000 if lat else float("nan")
        p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))] * 1000 if lat else float("nan")
        return (
            f"{self.endpoint:<16}{self.clients:>8}{self.requests:>10}{self.requests / self.seconds:>12.1f}"
            f"{p50:>10.1f}{p95:>10.1f}{len(self.errors):>8}"
        )


async def run_load(
    base: str, endpoint: str, clients: int, requests: int, make: Any, timeout: float
) -> Result:
    """``requests`` requests shared by ``clients`` concurrent clients; each latency recorded."""
    latencies: list[float] = []
    errors: list[str] = []
    counter = iter(range(requests))
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=base, timeout=timeout, limits=limits) as client:

        async def worker() -> None:
            for i in counter:
                method, path, kw = make(i)
                t0 = time.perf_counter()
                try:
                    r = await client.request(method, path, **kw)
                    ok = r.status_code == 200
                    detail = f"HTTP {r.status_code}: {r.text[:200]}"
                except httpx.HTTPError as exc:
                    ok, detail = False, f"{type(exc).__name__}: {exc}"
                latencies.append(time.perf_counter() - t0)
                if not ok:
                    errors.append(detail)

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(clients)))
        seconds = time.perf_counter() - start
    return Result(endpoint, clients, requests, seconds, latencies, errors)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int, workers: int, log: Path) -> subprocess.Popen[bytes]:
    sayso = ROOT / ".venv" / "bin" / "sayso"
    cmd = [
        str(sayso) if sayso.exists() else "sayso",
        "serve",
        "--db",
        str(db),
        "--create",
        "--host",
        "127.0.0.1",
    ]
    cmd += ["--port", str(port), "--workers", str(workers), "--log-level", "warning"]
    env = {k: v for k, v in os.environ.items() if k != "SAYSO_TOKEN"}
    with log.open("wb") as out:
        return subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)


def wait_ready(base: str, proc: subprocess.Popen[bytes], log: Path, limit: float = 180.0) -> float:
    """Seconds until ``/healthz`` says the model is loaded (the server preloads it at start-up)."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < limit:
        if proc.poll() is not None:
            sys.exit(f"the server exited with {proc.returncode}:\n{log.read_text(errors='replace')}")
        try:
            if httpx.get(base + "/healthz", timeout=2).json().get("model_loaded"):
                return time.perf_counter() - t0
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.2)
    sys.exit(f"the server was not ready after {limit:.0f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, default=1, help="server worker processes (default 1)")
    ap.add_argument("--extract-requests", type=int, default=60, help="requests per extract run (default 60)")
    ap.add_argument("--search-requests", type=int, default=600, help="requests per search run (default 600)")
    ap.add_argument(
        "--articles", type=int, default=200, help="articles indexed before searching (default 200)"
    )
    ap.add_argument(
        "--clients", type=int, nargs="+", default=[1, 20], help="concurrency levels (default 1 20)"
    )
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)

    rng = random.Random(args.seed)
    articles = [invented_article(rng, n) for n in range(args.articles)]
    extract_bodies = [invented_article(rng, 10_000 + n) for n in range(16)]
    searches = [search_params(rng) for _ in range(64)]

    with tempfile.TemporaryDirectory(prefix="sayso-load-") as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        log = Path(tmp) / "server.log"
        proc = start_server(Path(tmp) / "load.db", port, args.workers, log)
        try:
            ready = wait_ready(base, proc, log)
            # Load every worker's model before timing: with several workers, warm each of them.
            for body in extract_bodies[: 4 * args.workers]:
                httpx.post(base + "/api/extract", json=body, timeout=120).raise_for_status()
            t0 = time.perf_counter()
            for i in range(0, len(articles), 25):
                httpx.post(base + "/api/articles", json=articles[i : i + 25], timeout=600).raise_for_status()
            seeded = time.perf_counter() - t0
            quotes = httpx.get(base + "/api/quotes", params={"limit": 1}, timeout=30).json()["total"]
            chars = sum(len(b["text"]) for b in extract_bodies) / len(extract_bodies)
            print(
                f"sayso serve --workers {args.workers} on 127.0.0.1 (ready in {ready:.1f} s); "
                f"{args.articles} articles indexed through the API in {seeded:.1f} s "
                f"({args.articles / seeded:.1f}/s), {quotes} quotes; "
                f"extract bodies ~{chars:.0f} chars; {os.cpu_count()} CPUs"
            )
            head = (
                ("clients", 8),
                ("requests", 10),
                ("req/s", 12),
                ("p50 ms", 10),
                ("p95 ms", 10),
                ("errors", 8),
            )
            print(f"{'endpoint':<16}" + "".join(f"{name:>{width}}" for name, width in head))
            results: list[Result] = []
            plans = [
                (
                    "/api/extract",
                    args.extract_requests,
                    lambda i: ("POST", "/api/extract", {"json": extract_bodies[i % 16]}),
                ),
                (
                    "/api/quotes",
                    args.search_requests,
                    lambda i: ("GET", "/api/quotes", {"params": searches[i % 64]}),
                ),
            ]
            for endpoint, n, make in plans:
                for clients in args.clients:
                    res = asyncio.run(run_load(base, endpoint, clients, n, make, timeout=300))
                    print(res.row(), flush=True)
                    results.append(res)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    errors = [e for r in results for e in r.errors]
    if errors:
        print(f"{len(errors)} failed requests, first: {errors[0]}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
