"""Pairwise precision / recall / F1 of story grouping on real multi-outlet coverage (AllSides).

``../shared/stories-allsides/`` holds 1,479 real article *leads* (median ~570 characters) in 505
stories, each reported by 2-3 outlets of different leanings, with the gold grouping in
``stories.tsv``. It is the hard case for grouping: different wording, different titles, short
texts. The corpus is not part of the repository (the texts belong to their publishers); when it
is absent this script says so and exits 0.

Calibration is honest: the stories are split by story id (a fixed seed) into a *tuning* half
and a *held-out* half. Thresholds in ``sayso/compare/stories.py`` were chosen looking at the
tuning half only; the held-out half measures them. Each half is grouped on its own (its articles
only), as ``sayso stories`` would group a pile of that size, and so is the whole set.

AllSides gives every article of a story the story's date, which makes the date an unrealistically
clean signal; ``--jitter-days N`` moves each article's date by a random -N..N days (seeded) to see
how much of the score rests on it, and ``--no-dates`` drops the dates altogether.

The whole set is twice as dense (articles per day) as either half, and density is what costs
precision: ``--fold-days 2`` folds every two days of the calendar into one (day ``d`` becomes
``d0 + (d - d0) // 2``), so the *tuning* half alone gets the density of the whole set without a
look at the held-out stories. Parameters were chosen on ``tune`` and on ``tune`` folded.
``--term-local-full N`` turns on local term weighting (``TERM_LOCAL_FULL``, off by default).

Usage:
  .venv/bin/python bench/stories_allsides.py
  .venv/bin/python bench/stories_allsides.py --jitter-days 1
  .venv/bin/python bench/stories_allsides.py --fold-days 2 --half tune
  .venv/bin/python bench/stories_allsides.py --errors 10     # missed and wrong pairs (ids, titles,
                                                             # days apart, shared names)
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import hashlib
import random
import time
from collections.abc import Iterable, Sequence
from datetime import date, timedelta
from pathlib import Path

from sayso.compare.stories import TERM_LOCAL_FULL, features, group_stories
from sayso.ingest import read_paths
from sayso.model import ArticleInput

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "stories-allsides"
#: The split is by story id, hashed with this salt: the same halves on every machine and run.
SPLIT_SALT = "sayso-stories-allsides-v1"


def half_of(story: str) -> str:
    """``tune`` or ``held-out`` for a story id, by a salted hash (stable, no RNG state)."""
    digest = hashlib.sha1(f"{SPLIT_SALT}:{story}".encode()).digest()
    return "tune" if digest[0] % 2 == 0 else "held-out"


def read_gold(path: Path) -> dict[str, str]:
    with path.open(encoding="utf-8", newline="") as fh:
        return {row["id"]: row["story"] for row in csv.DictReader(fh, delimiter="\t")}


def pairs(groups: Iterable[Sequence[str]]) -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for g in groups:
        docs = sorted(g)
        out.update((a, b) for i, a in enumerate(docs) for b in docs[i + 1 :])
    return out


def prf(predicted: set[tuple[str, str]], gold: set[tuple[str, str]]) -> tuple[float, float, float]:
    tp = len(predicted & gold)
    p = tp / len(predicted) if predicted else 0.0
    r = tp / len(gold) if gold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def shift_dates(
    items: list[ArticleInput], days: int, seed: int, drop: bool, fold: int = 1
) -> list[ArticleInput]:
    rng = random.Random(seed)
    dated = [date.fromisoformat(a.published[:10]) for a in items if a.published]
    first = min(dated) if dated else None
    out = []
    for a in items:
        if fold > 1 and first is not None and a.published:
            day = date.fromisoformat(a.published[:10])
            a = dataclasses.replace(
                a, published=(first + timedelta(days=(day - first).days // fold)).isoformat()
            )
        if drop:
            out.append(dataclasses.replace(a, published=None))
        elif days and a.published:
            moved = date.fromisoformat(a.published[:10]) + timedelta(days=rng.randint(-days, days))
            out.append(dataclasses.replace(a, published=moved.isoformat()))
        else:
            out.append(a)
    return out


def evaluate(
    name: str,
    items: list[ArticleInput],
    gold: dict[str, str],
    errors: int,
    titles: dict[str, str],
    term_local_full: float = TERM_LOCAL_FULL,
) -> float:
    t0 = time.perf_counter()
    stories = group_stories(items, term_local_full=term_local_full)
    seconds = time.perf_counter() - t0
    by_story: dict[str, list[str]] = {}
    for a in items:
        by_story.setdefault(gold[a.doc], []).append(a.doc)
    predicted = pairs(s.docs for s in stories)
    truth = pairs(by_story.values())
    p, r, f1 = prf(predicted, truth)
    print(
        f"{name:9} {len(items):5} articles {len(by_story):4} stories  "
        f"P {p:.3f}  R {r:.3f}  F1 {f1:.3f}   ({len(predicted)} linked pairs, {seconds:.1f} s)"
    )
    if errors:
        for label, some in (("wrong", predicted - truth), ("missed", truth - predicted)):
            for a, b in sorted(some)[:errors]:
                print(f"    {label}: {a} | {titles[a]}\n            {b} | {titles[b]}")
                print(f"            {_shared(a, b, items)}")
    return f1


def _shared(a: str, b: str, items: Sequence[ArticleInput]) -> str:
    """What two articles have in common: the days between them and the names they share (the
    false links of the whole set were mostly a day apart, sharing a saga's names)."""
    fa, fb = (features(next(x for x in items if x.doc == d)) for d in (a, b))
    days = abs((fa.published - fb.published).days) if fa.published and fb.published else None
    return f"days apart: {days}; shared names: {', '.join(sorted(fa.names & fb.names)) or '-'}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--jitter-days", type=int, default=0, help="move each date by up to N days")
    parser.add_argument("--no-dates", action="store_true", help="drop every article's date")
    parser.add_argument("--seed", type=int, default=0, help="seed of the date jitter")
    parser.add_argument("--fold-days", type=int, default=1, help="fold every N days into one (density)")
    parser.add_argument("--term-local-full", type=float, default=TERM_LOCAL_FULL, help="local term weighting")
    parser.add_argument("--errors", type=int, default=0, help="print up to N wrong and N missed pairs")
    parser.add_argument("--half", choices=("tune", "held-out", "all"), default=None, help="only this one")
    args = parser.parse_args(argv)

    articles, labels = args.data / "articles.jsonl.gz", args.data / "stories.tsv"
    if not (articles.exists() and labels.exists()):
        print(f"stories_allsides: {args.data} not found (articles.jsonl.gz, stories.tsv); nothing to measure")
        return 0
    gold = read_gold(labels)
    items = [a for a in read_paths([articles]) if isinstance(a, ArticleInput) and a.doc in gold]
    items = shift_dates(items, args.jitter_days, args.seed, args.no_dates, args.fold_days)
    titles = {a.doc: a.title or "" for a in items}
    dates = "dates as given"
    if args.no_dates:
        dates = "no dates"
    elif args.jitter_days:
        dates = f"dates moved by up to {args.jitter_days} days, seed {args.seed}"
    if args.fold_days > 1:
        dates += f", every {args.fold_days} days folded into one"
    if args.term_local_full:
        dates += f", local term weighting {args.term_local_full:g}"
    print(f"stories-allsides: {len(items)} articles, pairwise figures ({dates})")
    for half in ("tune", "held-out", "all"):
        if args.half not in (None, half):
            continue
        subset = [a for a in items if half == "all" or half_of(gold[a.doc]) == half]
        evaluate(half, subset, gold, args.errors, titles, args.term_local_full)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
