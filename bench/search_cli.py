"""`sayso search` from the shell: wall time per call, process start included, and in-process p95.

    .venv/bin/python bench/search_cli.py [--db /work/dbs/news5k.db] [--runs 15] [--format table]

Target (issue 12): median <= 150 ms per call on the 5,000-article news-5k database, and p95 of
``sayso.store.queries.search`` in-process <= 50 ms. Each call is a fresh ``sayso search``
process (the console script of this virtualenv), as a user or a shell script would run it; the
queries are typical ones: a word, a phrase, a speaker, an outlet, and a word with a speaker.
The speaker and outlet are the database's most quoted speaker and largest outlet, found with a
read-only query, so no names are written here. Output goes to a pipe (``--format table``, the
default, still lays out and draws the table, as for a user, with ``sayso.cli.table``).

``sayso search`` runs without Typer (``sayso.cli.fast``); for comparison in the same conditions
(a shared machine is noisy) the same word query is also timed through the Typer command, as
every search ran before. Also prints where the start-up time goes (``python -X importtime``, the
largest imports). Needs a database: says so and stops when it is absent (build one with
``sayso index``).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path

DEFAULT_DB = Path("/work/dbs/news5k.db")
WORDS = ("tax", "economy", "police", "climate", "election", "health")


def _sayso() -> str:
    script = Path(sys.executable).with_name("sayso")
    return str(script) if script.exists() else "sayso"


def _children_cpu() -> float:
    """User + system seconds of finished child processes: wall time on a shared machine also
    counts the other jobs' turns, CPU time does not."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _top(db: Path) -> tuple[str, str]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        top = "SELECT {0} FROM {1} WHERE {0} IS NOT NULL GROUP BY {0} ORDER BY COUNT(*) DESC LIMIT 1"
        speaker = conn.execute(top.format("speaker", "quotes")).fetchone()[0]
        outlet = conn.execute(top.format("outlet", "articles")).fetchone()[0]
    finally:
        conn.close()
    return speaker.split()[-1], outlet


def shell_figures(db: Path, runs: int, fmt: str) -> None:
    speaker, outlet = _top(db)
    queries = {
        "word": ["tax"],
        "phrase": ['"health care"'],
        "speaker": ["--speaker", speaker],
        "outlet": ["--outlet", outlet],
        "word+speaker": ["economy", "--speaker", speaker],
    }
    # As a user's shell runs it: bytecode is cached after the first call (a development
    # environment that sets PYTHONDONTWRITEBYTECODE would recompile every module on every call).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"COLUMNS": "120"}
    cmd = [_sayso(), "search", "--db", str(db), "--format", fmt]
    subprocess.run([*cmd, "warm"], capture_output=True, env=env, check=False)  # page cache, .pyc
    everything: list[float] = []
    cpu_all: list[float] = []
    print(f"sayso search, {runs} runs per query, --format {fmt}, db {db}")
    for label, args in queries.items():
        times, cpu = [], []
        for _ in range(runs):
            before = _children_cpu()
            start = time.perf_counter()
            done = subprocess.run([*cmd, *args], capture_output=True, env=env, check=False)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((_children_cpu() - before) * 1000)
            if done.returncode != 0:
                raise SystemExit(f"{label}: exit {done.returncode}: {done.stderr.decode()[-300:]}")
        everything += times
        cpu_all += cpu
        print(
            f"  {label:13} median {statistics.median(times):6.1f} ms   p95 {_pct(times, 0.95):6.1f} ms"
            f"   (CPU median {statistics.median(cpu):5.1f} ms)"
        )
    print(
        f"  {'all':13} median {statistics.median(everything):6.1f} ms   p95 {_pct(everything, 0.95):6.1f} ms"
        f"   (CPU median {statistics.median(cpu_all):5.1f} ms)"
    )
    typer_cmd = [
        sys.executable,
        "-c",
        "import sys; from sayso.cli.group import app; sys.exit(app(sys.argv[1:], standalone_mode=False))",
        *cmd[1:],
        *queries["word"],
    ]
    fast, slow = [], []
    for _ in range(runs):  # interleaved, so both see the same load
        for times, command in ((fast, [*cmd, *queries["word"]]), (slow, typer_cmd)):
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, env=env, check=True)
            times.append((time.perf_counter() - start) * 1000)
    print(
        f"  {'word, Typer':13} median {statistics.median(slow):6.1f} ms   (the fast path in the same rounds: "
        f"{statistics.median(fast):.1f} ms)"
    )
    print(f"  load average while measuring: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    base, base_cpu = [], []
    for _ in range(runs):
        before = _children_cpu()
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        base.append((time.perf_counter() - start) * 1000)
        base_cpu.append((_children_cpu() - before) * 1000)
    print(
        f"  (bare 'python -c pass' on this machine: median {statistics.median(base):.1f} ms, "
        f"CPU {statistics.median(base_cpu):.1f} ms: the search costs "
        f"{statistics.median(cpu_all) / max(statistics.median(base_cpu), 0.1):.1f}x an empty interpreter)"
    )


def in_process_figures(db: Path, n: int) -> None:
    from sayso.store.db import open_db
    from sayso.store.queries import SearchQuery, search

    speaker, outlet = _top(db)
    rng = random.Random(12)
    conn = open_db(db, create=False)
    try:
        times = []
        for i in range(n):
            kind = i % 4
            word = rng.choice(WORDS)
            query = (
                SearchQuery(text=word),
                SearchQuery(speaker=speaker),
                SearchQuery(outlet=outlet),
                SearchQuery(text=word, speaker=speaker),
            )[kind]
            start = time.perf_counter()
            search(conn, query)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        conn.close()
    print(
        f"search() in-process, {n} queries: median {statistics.median(times):.1f} ms, "
        f"p95 {_pct(times, 0.95):.1f} ms"
    )


def import_figures(db: Path, fmt: str) -> None:
    """The slowest imports of one call, from ``-X importtime`` (cumulative microseconds)."""
    done = subprocess.run(
        [
            sys.executable,
            "-X",
            "importtime",
            "-m",
            "sayso",
            "search",
            "tax",
            "--db",
            str(db),
            "--format",
            fmt,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    rows = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    top_level = [(us, name) for us, name in rows if not name.startswith("  ")]
    print(f"largest top-level imports of 'python -m sayso search tax --format {fmt}' (cumulative):")
    for us, name in sorted(top_level, reverse=True)[:8]:
        print(f"  {us / 1000:6.1f} ms  {name.strip()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--format", default="table", choices=("table", "jsonl", "json", "csv"))
    parser.add_argument("--queries", type=int, default=400, help="in-process search() calls")
    args = parser.parse_args()
    if not args.db.is_file():
        print(f"no database at {args.db}: build one with 'sayso index ... --db {args.db}'")
        return
    shell_figures(args.db, args.runs, args.format)
    in_process_figures(args.db, args.queries)
    import_figures(args.db, args.format)


if __name__ == "__main__":
    main()
