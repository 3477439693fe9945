"""How much faster ``--workers 2`` is than one worker, on real news (target: >= 1.7x).

Usage::

    .venv/bin/python bench/workers.py [--articles 500] [--workers 1 2] [--corpus PATH]

Reads the first N articles of ``../shared/corpus/news-5k.jsonl.gz`` (says so and exits if the
corpus is absent), runs ``sayso.pipeline.Extractor(workers=N).run`` once per worker count and prints
wall time (model loading included, as a user of ``sayso extract`` sees it), characters per second,
the speed-up over the first run, CPU seconds, the peak memory of a worker process, and whether the
output is identical to the first run's (it must be, unless the engine code changed in between).
Machine load from other processes distorts the figures: run it on an idle machine and report it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "news-5k.jsonl.gz"


def load(corpus: Path, n: int) -> list:  # type: ignore[type-arg]
    from sayso.model import ArticleInput

    out = []
    with gzip.open(corpus, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row.get("text", "").strip():
                out.append(ArticleInput(doc=str(row["id"]), text=row["text"], outlet=row.get("outlet")))
            if len(out) >= n:
                break
    return out


def _cpu() -> float:
    """User + system CPU seconds of this process and its finished children (the pool's workers).

    Printed beside wall time because on a shared machine wall time measures the neighbours too;
    equal CPU totals for 1 and N workers mean the pool adds no work, only parallelism.
    """
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _peak_rss_mb(workers: int) -> float:
    """Peak resident memory (VmHWM) of the process doing the work: this one, or the largest worker.

    Read from /proc while the workers are alive: ``getrusage(RUSAGE_CHILDREN)`` would report the
    parent's size, which a child inherits for the instant between fork and exec.
    """
    pids = [str(os.getpid())]
    if workers > 1:
        pids = []
        for task in Path("/proc/self/task").glob("*/children"):
            pids += task.read_text().split()
    peak = 0.0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                peak = max(peak, int(line.split()[1]) / 1024)
    return peak


def _spin(n: int = 20_000_000) -> float:
    start = time.perf_counter()
    x = 0
    for i in range(n):
        x += i
    return time.perf_counter() - start


def machine_ceiling(workers: int) -> float:
    """The speed-up ``workers`` pure-Python processes get on this machine with no sayso involved.

    Virtual CPUs are often hyperthreads or shared with other guests, so two "CPUs" may not give
    two CPUs of work; printing this beside the measured speed-up tells sayso's overhead apart
    from the machine's limit.
    """
    import multiprocessing

    alone = _spin()
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        start = time.perf_counter()
        pool.map(_spin, [20_000_000] * workers)
        together = time.perf_counter() - start
    return workers * alone / together


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=500)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args(argv)
    if not args.corpus.exists():
        print(f"corpus not found: {args.corpus} (it is not part of the repository); nothing measured")
        return 0

    from sayso.model import Failure
    from sayso.pipeline import Extractor

    inputs = load(args.corpus, args.articles)
    chars = sum(len(a.text) for a in inputs)
    load_avg = os.getloadavg()[0]
    print(f"{len(inputs)} articles, {chars:,} characters, {os.cpu_count()} CPUs, load average {load_avg:.1f}")
    for workers in args.workers:
        if workers > 1:
            ceiling = machine_ceiling(workers)
            print(f"machine ceiling: {workers} CPU-bound processes run {ceiling:.2f}x as fast as one")
    base = None
    first: list[dict] | None = None  # type: ignore[type-arg]
    for workers in args.workers:
        cpu_before = _cpu()
        start = time.perf_counter()
        results, peak = [], 0.0
        for n, result in enumerate(Extractor(workers=workers).run(inputs)):
            results.append(result)
            if n % 10 == 0:
                peak = max(peak, _peak_rss_mb(workers))
        elapsed = time.perf_counter() - start
        cpu = _cpu() - cpu_before
        dicts = [r.to_dict() for r in results]
        same = "" if first is None else f"  same output as first run: {'yes' if dicts == first else 'NO'}"
        first = first if first is not None else dicts
        assert [r.doc for r in results] == [a.doc for a in inputs], "output order differs from input order"
        failed = sum(isinstance(r, Failure) for r in results)
        quotes = sum(len(r.quotes) for r in results if not isinstance(r, Failure))
        base = base or elapsed
        print(
            f"workers={workers}: {elapsed:7.1f} s  {chars / elapsed:9,.0f} chars/s  "
            f"speed-up {base / elapsed:4.2f}x  quotes {quotes}  failed {failed}  "
            f"peak RSS of a worker {peak:,.0f} MB  CPU {cpu:.1f} s (all processes){same}"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
