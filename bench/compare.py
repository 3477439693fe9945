"""Benchmark ``sayso compare`` and ``sayso stories``; prints figures, asserts nothing.

1. Compare 10 articles of one story: the three outlets of ``examples/story`` plus seven variants
   made from them (words swapped, sentences dropped, quotes retyped with curly marks), timed
   as extraction + comparison (one model pass) and as the comparison alone.
2. ``group_stories`` on ``../shared/corpus/news-5k.jsonl.gz`` (5,000 real articles), when that
   file exists: reading, features, grouping, and the size of the stories found.

Usage: .venv/bin/python bench/compare.py [--corpus PATH] [--skip-stories]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import time
from pathlib import Path

from sayso.model import ArticleInput

ROOT = Path(__file__).resolve().parent.parent
STORY = ROOT / "examples" / "story" / "harbor-bridge.jsonl"
CORPUS = ROOT.parent / "shared" / "corpus" / "news-5k.jsonl.gz"


def story_variants(n: int = 10, seed: int = 7) -> list[ArticleInput]:
    rows = [json.loads(line) for line in STORY.read_text("utf-8").splitlines()]
    rng = random.Random(seed)
    out = [ArticleInput(doc=r["id"], text=r["text"], title=r["title"], outlet=r["outlet"]) for r in rows]
    swaps = [("bridge", "span"), ("main", "central"), ("closed", "shut"), ("every", "each"), ("city", "town")]
    while len(out) < n:
        base = rng.choice(rows)
        paras = base["text"].split("\n\n")
        keep = [p for p in paras if rng.random() > 0.2] or paras
        text = "\n\n".join(keep)
        for a, b in rng.sample(swaps, 2):
            text = text.replace(f" {a} ", f" {b} ", 1)
        if rng.random() < 0.5:
            text = text.replace('"', "\u201c", 1)
        out.append(ArticleInput(doc=f"variant-{len(out)}", text=text, outlet=f"Outlet {len(out)}"))
    return out


def bench_compare() -> None:
    from sayso.compare.api import compare
    from sayso.model import Article
    from sayso.pipeline import Extractor

    t0 = time.perf_counter()
    extractor = Extractor(batch_size=16)
    extractor.pipeline()
    t1 = time.perf_counter()
    inputs = story_variants()
    articles = [r for r in extractor.run(inputs) if isinstance(r, Article)]
    t2 = time.perf_counter()
    runs = 5
    for _ in range(runs):
        cmp = compare(articles)
    t3 = time.perf_counter()
    quotes = sum(len(a.quotes) for a in articles)
    chars = sum(len(a.text) for a in articles)
    print(f"compare: {len(articles)} articles, {chars:,} chars, {quotes} quotes -> {len(cmp.groups)} groups")
    print(f"  model load            {t1 - t0:7.2f} s (once per process)")
    print(f"  extract (one pass)    {t2 - t1:7.2f} s")
    print(f"  compare alone         {(t3 - t2) / runs * 1000:7.1f} ms (mean of {runs})")
    print(f"  extract + compare     {t2 - t1 + (t3 - t2) / runs:7.2f} s")


def bench_stories(corpus: Path) -> None:
    from sayso.compare.stories import features, group_stories

    if not corpus.exists():
        print(f"stories: {corpus} not found, skipped")
        return
    t0 = time.perf_counter()
    items = []
    with gzip.open(corpus, "rt", encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            items.append(
                ArticleInput(
                    doc=d["id"],
                    text=d["text"],
                    title=d["title"],
                    outlet=d["outlet"],
                    published=d["published"],
                )
            )
    t1 = time.perf_counter()
    feats = [features(a) for a in items]
    t2 = time.perf_counter()
    stories = group_stories(feats)
    t3 = time.perf_counter()
    multi = [s for s in stories if len(s.docs) > 1]
    sizes = sorted((len(s.docs) for s in multi), reverse=True)
    print(f"stories: {len(items):,} articles from {corpus.name}")
    print(f"  read                  {t1 - t0:7.2f} s")
    print(f"  features              {t2 - t1:7.2f} s")
    print(f"  grouping              {t3 - t2:7.2f} s")
    print(f"  total                 {t3 - t0:7.2f} s")
    print(
        f"  {len(stories):,} stories, {len(multi)} with 2+ articles "
        f"({sum(sizes)} articles); largest: {sizes[:8]}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--skip-stories", action="store_true")
    args = parser.parse_args()
    bench_compare()
    if not args.skip_stories:
        bench_stories(args.corpus)


if __name__ == "__main__":
    main()
