"""``sayso batch --dask local``: wall time with 1 and with 2 workers on the same shards, and the speed-up.

    .venv/bin/python bench/batch.py [--articles N] [--shards S] [--workers 1 2]

Writes the first N articles (default 240) of ``../shared/corpus/news-5k.jsonl.gz`` into S JSONL
shards (default 8) in a temporary folder, then runs ``run_batch(..., dask="local")`` (the code
behind ``sayso batch --dask local``) once per worker count, each into a fresh output directory.
Wall time includes starting the LocalCluster and loading the model in every worker, exactly what
a user waits for; the sum of the per-shard times (from the done markers) is printed too, so the
fixed start-up cost can be told apart from the work.

Needs the corpus (``/work/shared``); says so and stops when it is absent. The machine's other
load changes the figure: run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
import tempfile
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "news-5k.jsonl.gz"


def write_shards(folder: Path, articles: int, shards: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    outs = [(folder / f"shard-{i:03d}.jsonl").open("w", encoding="utf-8") for i in range(shards)]
    with gzip.open(CORPUS, "rt", encoding="utf-8") as src:
        for n, line in enumerate(src):
            if n >= articles:
                break
            outs[n % shards].write(line)
    for fh in outs:
        fh.close()


def main(argv: list[str] | None = None) -> int:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--articles", type=int, default=240)
    parser.add_argument("--shards", type=int, default=8)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args(argv)
    if not CORPUS.exists():
        print(f"corpus not found at {CORPUS}; nothing to measure (the figures need ../shared)")
        return 0
    from sayso.scale.batch import run_batch
    from sayso.shards import done_markers

    print(
        f"{args.articles} articles of {CORPUS.name} in {args.shards} shards; cpus: {os.cpu_count()}, "
        f"load average before: {os.getloadavg()[0]:.1f}"
    )
    walls: dict[int, float] = {}
    with tempfile.TemporaryDirectory(prefix="sayso-bench-batch-") as tmp:
        shards = Path(tmp) / "shards"
        write_shards(shards, args.articles, args.shards)
        for workers in args.workers:
            out = Path(tmp) / f"out-w{workers}"
            started = time.perf_counter()
            report = run_batch([shards], out, dask="local", workers=workers)
            walls[workers] = time.perf_counter() - started
            work = sum(float(m.get("seconds", 0)) for m in done_markers(out).values())
            pids = {m.get("pid") for m in done_markers(out).values()}
            print(
                f"--dask local --workers {workers}: {report.articles} articles, {report.quotes} quotes, "
                f"{report.failed_docs} failed in {walls[workers]:.1f} s wall "
                f"({report.articles / walls[workers]:.2f} articles/s); shard time summed {work:.1f} s "
                f"on {len(pids)} worker processes; load average now {os.getloadavg()[0]:.1f}"
            )
    if 1 in walls and len(walls) > 1:
        for workers, wall in walls.items():
            if workers != 1:
                print(f"speed-up {workers} workers vs 1: {walls[1] / wall:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
