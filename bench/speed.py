"""Throughput of sayso extraction beside plain spaCy, worker scaling and worker memory.

Usage::

    .venv/bin/python bench/speed.py [--articles 1000] [--workers-articles 400] [--no-workers]

Prints, for PolNeAR dev (``../shared/polnear/dev/text``) and for the first N articles of the
news corpus (``../shared/corpus/news-5k.jsonl.gz``), each skipped with a note when absent:

* characters per second of plain ``nlp.pipe`` with the model sayso uses, and of
  ``sayso.extract_many`` with the same model plus sayso's components, measured in the same
  run on the same texts, alternating chunk by chunk so a change in machine load hits both
  alike; by wall time and by CPU time of this process (steadier on a shared machine); and
  their ratio (target: sayso <= 1.3x plain);
* wall time and throughput of ``sayso extract --workers 1`` and ``--workers 2`` as a user runs
  it (subprocess, model loading included), and the speed-up (target >= 1.7x); with the CPU
  seconds each run used, and the speed-up two idle cores would allow at most;
* the peak resident memory of one worker process (target <= 1 GB).

The machine's load average is printed before and after: on a shared machine the figures are
only as good as the idle CPU they had.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
POLNEAR = SHARED / "polnear" / "dev" / "text"
CORPUS = SHARED / "corpus" / "news-5k.jsonl.gz"
SAYSO = ROOT / ".venv" / "bin" / "sayso"


def load_polnear(directory: Path) -> list[tuple[str, str]]:
    return [(p.stem, p.read_bytes().decode("utf-8")) for p in sorted(directory.glob("*.txt"))]


def load_corpus(path: Path, n: int) -> list[tuple[str, str]]:
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row.get("text", "").strip():
                out.append((str(row["id"]), row["text"]))
            if len(out) >= n:
                break
    return out


def chunks(items: list[Any], size: int) -> Iterator[list[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def compare_plain_and_sayso(
    name: str, docs: list[tuple[str, str]], plain: Any, full: Any, chunk: int
) -> None:
    """Alternate plain and sayso over the same chunks; print chars/s of each and the ratio."""
    from sayso.model import ArticleInput, Failure
    from sayso.pipeline import extract_many

    chars = sum(len(t) for _, t in docs)
    wall = {"plain": 0.0, "sayso": 0.0}
    cpu = {"plain": 0.0, "sayso": 0.0}
    quotes = failures = 0
    for part in chunks(docs, chunk):
        w, c = time.perf_counter(), time.process_time()
        for _doc in plain.pipe((t for _, t in part), batch_size=32):
            pass
        wall["plain"] += time.perf_counter() - w
        cpu["plain"] += time.process_time() - c
        w, c = time.perf_counter(), time.process_time()
        for result in extract_many((ArticleInput(doc=d, text=t) for d, t in part), nlp=full, batch_size=32):
            if isinstance(result, Failure):
                failures += 1
            else:
                quotes += len(result.quotes)
        wall["sayso"] += time.perf_counter() - w
        cpu["sayso"] += time.process_time() - c
    print(f"\n## {name}: {len(docs)} articles, {chars:,} characters")
    for what, label in (("plain", "plain nlp.pipe"), ("sayso", "sayso extract ")):
        print(
            f"  {label}   {chars / wall[what]:>9,.0f} chars/s wall ({wall[what]:.1f} s)"
            f"  {chars / cpu[what]:>9,.0f} chars/s of CPU ({cpu[what]:.1f} s)"
        )
    print(f"  sayso found {quotes} quotes, {failures} failures")
    ratio_wall, ratio_cpu = wall["sayso"] / wall["plain"], cpu["sayso"] / cpu["plain"]
    print(f"  overhead ratio   {ratio_wall:.2f}x wall, {ratio_cpu:.2f}x CPU  (target <= 1.3x)")


def run_extract(jsonl: Path, workers: int) -> tuple[float, float, int]:
    """Wall time and CPU seconds of ``sayso extract --workers N``, and the peak RSS (KB) so far.

    CPU seconds come from the children's rusage (workers included once they are reaped), so a
    run on a busy machine still shows how much work each configuration did.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        [str(SAYSO), "extract", str(jsonl), "--workers", str(workers), "-o", os.devnull],
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        tail = proc.stderr[-500:]
        raise RuntimeError(f"sayso extract --workers {workers} failed ({proc.returncode}): {tail}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return elapsed, cpu, after.ru_maxrss


def workers_available() -> bool:
    if not SAYSO.exists():
        return False
    help_text = subprocess.run([str(SAYSO), "extract", "--help"], capture_output=True, text=True, check=False)
    return "--workers" in help_text.stdout


def compare_workers(docs: list[tuple[str, str]]) -> None:
    chars = sum(len(t) for _, t in docs)
    print(f"\n## sayso extract --workers 1 vs 2: {len(docs)} news articles, {chars:,} characters")
    if not workers_available():
        print("  not available: this sayso has no `extract --workers` yet")
        return
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "sample.jsonl"
        with jsonl.open("w", encoding="utf-8") as fh:
            for doc, text in docs:
                fh.write(json.dumps({"id": doc, "text": text}) + "\n")
        one, cpu_one, rss_one = run_extract(jsonl, 1)
        print(f"  --workers 1      {chars / one:>9,.0f} chars/s  ({one:.1f} s wall, {cpu_one:.1f} CPU-s)")
        print(f"  peak RSS, one worker process: {rss_one / 1024:,.0f} MB  (target <= 1024 MB)")
        two, cpu_two, rss_any = run_extract(jsonl, 2)
        print(f"  --workers 2      {chars / two:>9,.0f} chars/s  ({two:.1f} s wall, {cpu_two:.1f} CPU-s)")
        print(f"  speed-up         {one / two:>9.2f}x measured, wall time (target >= 1.7x)")
        # With two idle cores the two workers' CPU time runs side by side: an upper bound, not
        # a measurement, for when the machine is too busy for the wall-time figure to mean much.
        ceiling = 2 * cpu_one / cpu_two
        print(f"  speed-up ceiling {ceiling:>9.2f}x with 2 idle cores (2 x CPU-s ratio, an estimate)")
        print(f"  peak RSS of any single process in either run: {rss_any / 1024:,.0f} MB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--polnear", type=Path, default=POLNEAR, help="folder of .txt articles")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="JSON Lines (.gz) news corpus")
    parser.add_argument("--articles", type=int, default=1000, help="corpus articles for the pipe comparison")
    parser.add_argument("--workers-articles", type=int, default=400, help="corpus articles for --workers")
    parser.add_argument("--chunk", type=int, default=50, help="articles per alternation of plain/sayso")
    parser.add_argument("--no-workers", action="store_true", help="skip the --workers comparison")
    args = parser.parse_args(argv)

    print(f"# sayso speed  (load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs)")
    sample = load_corpus(args.corpus, args.articles) if args.corpus.is_file() else None
    if sample is None:
        print(f"\n## news corpus: {args.corpus} not present, skipped (also the --workers comparison)")
    elif not args.no_workers:
        # First, while this process is small: a child forked from a process holding two
        # pipelines would start with (and report) their memory as its own peak RSS.
        compare_workers(sample[: args.workers_articles])

    import spacy

    from sayso.nlp.loader import load_nlp, model_name

    model = model_name()
    plain = spacy.load(model)
    plain.max_length = 10_000_000
    full = load_nlp(model)
    added = full.pipe_names[len(plain.pipe_names) :]
    print(f"\nmodel {model}; plain pipes {plain.pipe_names}; sayso adds {added}")
    warm = "The mayor said the budget was balanced. “We kept our promises,” she told reporters."
    list(plain.pipe([warm] * 4))
    list(full.pipe([warm] * 4))

    if args.polnear.is_dir():
        compare_plain_and_sayso("PolNeAR dev", load_polnear(args.polnear), plain, full, args.chunk)
    else:
        print(f"\n## PolNeAR dev: {args.polnear} not present, skipped")
    if sample is not None:
        compare_plain_and_sayso(f"news corpus (first {len(sample)})", sample, plain, full, args.chunk)
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nthis benchmark process (two pipelines loaded): peak RSS {own:,.0f} MB")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
