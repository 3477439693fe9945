"""Evaluate story grouping on a real corpus; prints figures, asserts nothing.

Without labels it prints what a person needs to judge the grouping by hand: a random sample of
linked pairs (titles, outlets, dates, the terms and names they share, the start of each text),
near misses that were *not* linked (very similar titles, or several shared distinctive names
within the date window) for recall, and cluster-size statistics with the run time.

With ``--labels FILE`` (TSV: ``doc_a<TAB>doc_b<TAB>same|different``, ``#`` comments) it scores
the grouping on the judged pairs: pairwise precision over the judged linked pairs, recall over
the judged ``same`` pairs, and F1. Judged pairs are a sample, so these figures estimate the
pairwise figures; ``bench/stories_judged.tsv`` holds the judgements made for issue 3 (doc ids
and labels only: the article texts belong to their publishers and stay out of the repository).

The corpus (``../shared/corpus/news-5k.jsonl.gz``) is not part of the repository; when it is
absent the script says so and stops.

Usage:
  .venv/bin/python bench/stories_eval.py                         # stats + 30 linked pairs
  .venv/bin/python bench/stories_eval.py --sample 60 --seed 1 --near-misses 20
  .venv/bin/python bench/stories_eval.py --labels bench/stories_judged.tsv
  .venv/bin/python bench/stories_eval.py --labels bench/stories_judged.tsv --sample 30 --unjudged
  .venv/bin/python bench/stories_eval.py --labels bench/stories_judged.tsv --term-local-full 4
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import re
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path

from sayso.compare.stories import TERM_LOCAL_FULL, StoryFeatures, features, group_stories
from sayso.ingest import read_paths
from sayso.model import ArticleInput, Story

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "news-5k.jsonl.gz"
LABELS = ("same", "different")


@dataclass(frozen=True, slots=True)
class Judged:
    a: str
    b: str
    same: bool
    source: str = ""  # which sample the pair came from (4th column)


def read_corpus(path: Path, limit: int | None) -> list[ArticleInput]:
    """The articles of ``path``, read as ``sayso stories`` reads them (unreadable ones skipped)."""
    items = (a for a in read_paths([path]) if isinstance(a, ArticleInput))
    return list(itertools.islice(items, limit))


def read_labels(path: Path) -> list[Judged]:
    judged: list[Judged] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) < 3 or parts[2].strip() not in LABELS:
            raise SystemExit(f"{path}:{n}: expected doc_a<TAB>doc_b<TAB>same|different")
        source = parts[3].strip() if len(parts) > 3 else ""
        judged.append(Judged(parts[0].strip(), parts[1].strip(), parts[2].strip() == "same", source))
    return judged


def pair_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def linked_pairs(stories: Sequence[Story]) -> Iterator[tuple[str, str]]:
    for s in stories:
        docs = sorted(s.docs)
        for i, a in enumerate(docs):
            for b in docs[i + 1 :]:
                yield a, b


def cluster_stats(stories: Sequence[Story], seconds: float, n_articles: int) -> None:
    sizes = Counter(len(s.docs) for s in stories)
    multi = [s for s in stories if len(s.docs) > 1]
    pairs = sum(len(s.docs) * (len(s.docs) - 1) // 2 for s in stories)
    print(f"grouping: {n_articles:,} articles in {seconds:.1f} s")
    print(
        f"  {len(stories):,} stories, {len(multi)} with 2+ articles "
        f"({sum(len(s.docs) for s in multi)} articles), {pairs} linked pairs"
    )
    print("  size histogram: " + ", ".join(f"{k}: {sizes[k]}" for k in sorted(sizes)))


def score_labels(judged: Sequence[Judged], story_of: dict[str, str]) -> None:
    known = [j for j in judged if j.a in story_of and j.b in story_of]
    tp = sum(1 for j in known if j.same and story_of[j.a] == story_of[j.b])
    fp = sum(1 for j in known if not j.same and story_of[j.a] == story_of[j.b])
    fn = sum(1 for j in known if j.same and story_of[j.a] != story_of[j.b])
    p = tp / (tp + fp) if tp + fp else math.nan
    r = tp / (tp + fn) if tp + fn else math.nan
    f1 = 2 * p * r / (p + r) if tp else 0.0
    print(f"judged pairs: {len(known)} of {len(judged)} in this corpus ({sum(j.same for j in known)} same)")
    print(f"  linked: {tp + fp}  true positives {tp}, false positives {fp}, missed {fn}")
    print(f"  precision {p:.3f}  recall (of judged same pairs) {r:.3f}  F1 {f1:.3f}")
    print("  by sample (a random sample of one grouping's links estimates that grouping's precision):")
    by_source: dict[str, list[Judged]] = defaultdict(list)
    for j in known:
        by_source[j.source or "-"].append(j)
    for source, js in sorted(by_source.items()):
        linked = [j for j in js if story_of[j.a] == story_of[j.b]]
        hits = sum(j.same for j in linked)
        print(f"    {source:28} {len(js):3} judged, {len(linked):3} linked now, {hits:3} of them same")


def _idf(feats: Sequence[StoryFeatures]) -> dict[str, float]:
    df: Counter[str] = Counter()
    for f in feats:
        df.update(f.terms.keys())
    n = len(feats)
    return {t: math.log((n + 1) / (c + 1)) + 1.0 for t, c in df.items()}


def describe_pair(a: StoryFeatures, b: StoryFeatures, idf: dict[str, float], texts: dict[str, str]) -> str:
    shared = sorted(set(a.terms) & set(b.terms), key=lambda t: -idf.get(t, 0.0))[:12]
    names = sorted(a.names & b.names)[:8]
    lines = [f"{a.doc}\t{b.doc}"]
    for f in (a, b):
        lines.append(f"  [{f.outlet} | {f.published}] {f.title}")
        lines.append("    " + re.sub(r"\s+", " ", texts[f.doc][:240]))
    lines.append(f"  shared terms: {', '.join(shared)}")
    lines.append(f"  shared names: {', '.join(names) or '-'}")
    return "\n".join(lines)


def near_misses(
    feats: Sequence[StoryFeatures], story_of: dict[str, str], window_days: int, idf: dict[str, float]
) -> list[tuple[float, StoryFeatures, StoryFeatures]]:
    """Unlinked pairs that look like one story: similar titles or several rare shared names."""
    by_name: dict[str, list[int]] = defaultdict(list)
    for i, f in enumerate(feats):
        for name in f.names:
            by_name[name].append(i)
    counts: Counter[tuple[int, int]] = Counter()
    for posting in by_name.values():
        if 2 <= len(posting) <= 30:
            for x, i in enumerate(posting):
                for j in posting[x + 1 :]:
                    counts[(i, j)] += 1
    found = []
    for (i, j), c in counts.items():
        a, b = feats[i], feats[j]
        if story_of[a.doc] == story_of[b.doc]:
            continue
        if a.published and b.published and abs((a.published - b.published).days) > window_days:
            continue
        title = SequenceMatcher(None, (a.title or "").lower(), (b.title or "").lower()).ratio()
        if c >= 3 or title >= 0.6:
            found.append((c + title, a, b))
    found.sort(key=lambda x: -x[0])
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--limit", type=int, default=None, help="read only the first N articles")
    parser.add_argument("--labels", type=Path, default=None, help="TSV of judged pairs")
    parser.add_argument("--sample", type=int, default=None, help="linked pairs to print (30 without labels)")
    parser.add_argument("--unjudged", action="store_true", help="sample only pairs not in --labels")
    parser.add_argument("--near-misses", type=int, default=0, help="unlinked look-alike pairs to print")
    parser.add_argument("--largest", type=int, default=0, help="print the titles of the N largest stories")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--window-days", type=int, default=4)
    parser.add_argument("--term-local-full", type=float, default=TERM_LOCAL_FULL, help="local term weighting")
    parser.add_argument("--out", type=Path, default=None, help="write doc<TAB>story for every article")
    args = parser.parse_args(argv)

    if not args.corpus.exists():
        print(f"stories_eval: {args.corpus} not found, nothing to evaluate")
        return
    items = read_corpus(args.corpus, args.limit)
    texts = {a.doc: a.text for a in items}
    t0, c0 = time.perf_counter(), time.process_time()
    feats = [features(a) for a in items]
    t1 = time.perf_counter()
    stories = group_stories(feats, window_days=args.window_days, term_local_full=args.term_local_full)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"features {t1 - t0:.1f} s, grouping {seconds - (t1 - t0):.1f} s (wall); {cpu:.1f} s CPU in all")
    story_of = {d: s.id for s in stories for d in s.docs}
    cluster_stats(stories, seconds, len(items))
    if args.out:
        args.out.write_text("".join(f"{d}\t{s}\n" for d, s in story_of.items()), encoding="utf-8")

    by_doc = {f.doc: f for f in feats}
    for s in sorted(stories, key=lambda s: -len(s.docs))[: args.largest]:
        print(f"\n{s.id} ({len(s.docs)} articles)")
        for d in s.docs:
            print(f"  {by_doc[d].published} | {by_doc[d].outlet} | {by_doc[d].title}")

    judged = read_labels(args.labels) if args.labels else []
    if judged:
        score_labels(judged, story_of)
    n_sample = args.sample if args.sample is not None else (0 if judged else 30)
    idf = _idf(feats)
    if n_sample:
        seen = {pair_key(j.a, j.b) for j in judged} if args.unjudged else set()
        pool = [p for p in linked_pairs(stories) if p not in seen]
        rng = random.Random(args.seed)
        picked = rng.sample(pool, min(n_sample, len(pool)))
        print(f"\n{len(picked)} random linked pairs (of {len(pool)}), seed {args.seed}:\n")
        for a, b in picked:
            print(describe_pair(by_doc[a], by_doc[b], idf, texts) + "\n")
    if args.near_misses:
        misses = near_misses(feats, story_of, args.window_days, idf)
        print(f"\n{min(args.near_misses, len(misses))} of {len(misses)} unlinked look-alike pairs:\n")
        for _, fa, fb in misses[: args.near_misses]:
            print(describe_pair(fa, fb, idf, texts) + "\n")


if __name__ == "__main__":
    main()
