"""Are the items sayso shows someone's words? A hand-checked sample on real news (issue 10).

The issue's complaint is that on real articles a good part of what ``sayso extract`` shows is
not speech: a topic noun phrase ("before answering the question"), an action, a caption, a
feeling. ``bench/speakers_check.py`` checks the *speakers*; this script checks the *items*.

It draws the same 300 articles of ``../shared/corpus/news-5k.jsonl.gz`` as speakers_check.py
(its ``sample_articles``, same seed), extracts them and keeps the quotes at the default
confidence (what ``sayso extract`` shows), and samples 100 of them by a seeded hash of document
id and the offsets of the first content span, so a small change of extraction changes only a
few picks. Each item is identified by document id and those offsets, never by text, so
``bench/items_judged.tsv`` holds ids, offsets, verdicts and a few words of note only.

Verdicts for the **content**: ``speech`` (someone's words, writing or stated belief, and the
shown content is what they said), ``not_speech`` (a topic phrase, an action, narration, a
caption, a feeling, a scare-quoted phrase...), ``bad_span`` (speech, but the content is cut or
runs on so that it misleads). For the **speaker**: ``right``, ``wrong`` (a real speaker, not the
one who said it), ``none`` (no speaker shown), ``junk`` (not a speaker); an item that is not
speech was said by nobody, so its speaker is never ``right``. A note starts with an error
category and a colon ("topic object: ...") so the categories can be counted; ``borderline:``
marks a speech verdict a second judge might not share.

The extraction changes as sayso improves, so a new run may sample items nobody judged yet: they
are counted as ``unjudged`` and listed with ``--show`` (context printed to the terminal for a
person to judge; never written to the repository). Judge them, add lines to the TSV, run again.
Each verdict also keeps a short hash of the speaker the item showed (``--record-speakers``
writes it once the sample is judged): an item that now shows someone else is stale and counted
as unjudged until it is judged again.

Extracting 300 articles takes about two minutes on two cores: ``--cache FILE`` (under /tmp)
keeps every extracted quote, whatever its confidence, and later runs read it instead. A cache
is only valid for the sayso it was made with: ``--refresh`` re-extracts, and the script warns
when the package's sources are newer than the cache.

Usage: .venv/bin/python bench/items_check.py [--labels bench/items_judged.tsv] [--show N]
       [--bad] [--cache /tmp/items_check.jsonl.gz [--refresh]]
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import json
import math
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sayso.model import Article, Quote

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speakers_check import CORPUS, ROOT, record_speakers, sample_articles, speaker_key

LABELS = ROOT / "bench" / "items_judged.tsv"
CONTENT_VERDICTS = ("speech", "not_speech", "bad_span")
SPEAKER_VERDICTS = ("right", "wrong", "none", "junk")
FIELDS = ("doc", "start", "end", "content_verdict", "speaker_verdict", "note", "speaker")

Key = tuple[str, int, int]


@dataclass(frozen=True, slots=True)
class Item:
    """One shown quote, keyed by document and the offsets of its first content span."""

    doc: str
    start: int
    end: int
    quote: Quote

    @property
    def key(self) -> Key:
        return (self.doc, self.start, self.end)


@dataclass(frozen=True, slots=True)
class Judgement:
    """A person's verdicts on one item (see the module docstring for their meaning)."""

    content: str
    speaker: str
    note: str
    #: The hash of the speaker shown when this was judged (empty on old rows): see ``stale``.
    judged_speaker: str = ""

    @property
    def category(self) -> str:
        """The error category: the note's words before its first colon."""
        head, sep, _ = self.note.partition(":")
        return head.strip() if sep else (self.note.strip() or "(no note)")


def shown_items(article: Article) -> list[Item]:
    """The article's shown quotes as items; two quotes with the same first content span (two
    cues over one content) are one item, the first in text order."""
    out: dict[Key, Item] = {}
    for q in sorted(article.quotes, key=lambda q: (q.start, q.id)):
        if not q.content_spans:
            continue
        first = q.content_spans[0]
        item = Item(article.doc, first.start, first.end, q)
        out.setdefault(item.key, item)
    return list(out.values())


def _rank(key: Key, seed: int) -> str:
    """A fixed pseudo-random order of items: the sample is the first ``--sample`` of them, so a
    change of extraction that adds or drops a few items changes only a few picks."""
    doc, start, end = key
    return hashlib.sha1(f"{seed}:{doc}:{start}:{end}".encode()).hexdigest()


def _sources_mtime() -> float:
    """The newest modification time of the package's files (code and shipped weights; not the
    bytecode, which Python rewrites whenever it imports a changed module)."""
    files = (p for p in (ROOT / "sayso").rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return max((p.stat().st_mtime for p in files), default=0.0)


def extracted(args: argparse.Namespace) -> list[Article]:
    """Every drawn article with all its quotes (no threshold), from the cache when there is one."""
    cache: Path | None = args.cache
    params = {"corpus": str(args.corpus), "articles": args.articles, "seed": args.seed}
    if cache is not None and cache.exists() and not args.refresh:
        with gzip.open(cache, "rt", encoding="utf-8") as fh:
            header = json.loads(fh.readline())
            if header == params:
                if cache.stat().st_mtime < _sources_mtime():
                    print(f"items_check: warning: {cache} is older than sayso's sources (--refresh)")
                return [Article.from_dict(json.loads(line)) for line in fh if line.strip()]
        print(f"items_check: {cache} was made with other parameters; extracting again")
    from sayso.pipeline import extract_many

    inputs = sample_articles(args.corpus, args.articles, args.seed)
    articles = [a for a in extract_many(inputs, batch_size=16) if isinstance(a, Article)]
    if cache is not None:
        with gzip.open(cache, "wt", encoding="utf-8") as fh:
            fh.write(json.dumps(params) + "\n")
            for a in articles:
                fh.write(json.dumps(a.to_dict(with_text=True)) + "\n")
    return articles


def read_labels(path: Path) -> dict[Key, Judgement]:
    if not path.exists():
        return {}
    with path.open(encoding="utf-8", newline="") as fh:
        return {
            (r["doc"], int(r["start"]), int(r["end"])): Judgement(
                r["content_verdict"], r["speaker_verdict"], r.get("note") or "", r.get("speaker") or ""
            )
            for r in csv.DictReader(fh, delimiter="\t")
        }


def _share(n: int, total: int) -> str:
    return f"{n} ({n / max(1, total):.3f})"


def wilson(n: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share: 100 items measure a share to about ±9 points, which
    is what a change must beat before its effect on this figure means anything."""
    if total == 0:
        return (0.0, 1.0)
    p = n / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return (max(0.0, centre - half), min(1.0, centre + half))


def cue_word(item: Item) -> str:
    """The cue as a lower-cased word (no spaCy here: the word as written, not its lemma)."""
    return item.quote.cue.text.lower() if item.quote.cue else "(no cue)"


def report(picked: Sequence[Item], labels: dict[Key, Judgement], *, bad: bool) -> None:
    """Shares of speech and of right speakers, and the error categories with their cues."""
    judged = [(it, labels[it.key]) for it in picked if it.key in labels]
    content = Counter(j.content for _, j in judged)
    speaker = Counter(j.speaker for _, j in judged)
    n = len(judged)
    lo, hi = wilson(content["speech"], n)
    print(
        f"judged {n}, unjudged {len(picked) - n}: content speech {_share(content['speech'], n)} "
        f"[95% {lo:.2f}-{hi:.2f}], not_speech {content['not_speech']}, bad_span {content['bad_span']}"
    )
    print(
        f"speaker right {_share(speaker['right'], n)}, wrong {speaker['wrong']}, "
        f"none {speaker['none']}, junk {speaker['junk']}"
    )
    both = sum(1 for _, j in judged if j.content == "speech" and j.speaker == "right")
    print(f"speech with the right speaker: {_share(both, n)}")
    for kind in ("direct", "mixed", "indirect"):
        of_kind = [j for it, j in judged if it.quote.kind == kind]
        speech = sum(1 for j in of_kind if j.content == "speech")
        print(f"  {kind:8} {len(of_kind):3} items, speech {_share(speech, len(of_kind))}")
    bare = [(it, j) for it, j in judged if it.quote.speaker_id is None]
    bare_nd = [j for it, j in bare if it.quote.kind != "direct"]
    print(
        f"  no speaker shown: {len(bare)} items, speech {sum(j.content == 'speech' for _, j in bare)}; "
        f"of them not direct: {len(bare_nd)}, speech {sum(j.content == 'speech' for j in bare_nd)}"
    )
    for t in (0.5, 0.7, 0.9):
        above = [j for it, j in judged if it.quote.confidence >= t]
        speech = sum(1 for j in above if j.content == "speech")
        print(f"  at confidence >= {t:g}: {len(above):3} judged items, speech {_share(speech, len(above))}")
    errors = [(it, j) for it, j in judged if j.content != "speech"]
    if errors:
        print("content errors by category (count; cue words):")
        by_cat: dict[str, list[Item]] = {}
        for it, j in errors:
            by_cat.setdefault(j.category, []).append(it)
        for cat, items in sorted(by_cat.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            cues = Counter(cue_word(it) for it in items)
            print(f"  {len(items):3}  {cat}: {', '.join(f'{c} {k}' for c, k in cues.most_common())}")
    wrong_sp = [(it, j) for it, j in judged if j.content == "speech" and j.speaker != "right"]
    if wrong_sp:
        print("speaker errors on speech items by category (count):")
        for cat, k in Counter(f"{j.speaker}: {j.category}" for _, j in wrong_sp).most_common():
            print(f"  {k:3}  {cat}")
    if bad:
        for it, j in judged:
            if j.content != "speech" or j.speaker != "right":
                print(f"  {j.content}/{j.speaker}\t{it.doc}\t{it.start}\t{it.end}\t{it.quote.kind}\t{j.note}")


def _clip(text: str, width: int = 160) -> str:
    """``text`` whole, or its head and tail: a judge must see where a long content ends."""
    return text if len(text) <= 2 * width else f"{text[:width]} … {text[-width:]}"


def show(picked: Iterable[Item], articles: dict[str, Article], labels: dict[Key, Judgement], n: int) -> None:
    """Print the context of up to ``n`` unjudged items, for a person to judge (terminal only)."""
    shown = 0
    for it in picked:
        if it.key in labels or shown >= n:
            continue
        shown += 1
        a, q = articles[it.doc], it.quote
        text = a.text
        lo = min([it.start] + [s.start for s in (q.cue, q.source) if s is not None])
        hi = max([q.content_spans[-1].end] + [s.end for s in (q.cue, q.source) if s is not None])
        print(f"\n{it.doc}\t{it.start}\t{it.end}\t[{q.kind} {q.confidence:.2f}]")
        print(f"  cue {q.cue.text if q.cue else None!r}  source {q.source.text if q.source else None!r}")
        print(f"  speaker {q.speaker!r} ({getattr(a.speaker(q.speaker_id), 'kind', None)})")
        print(f"  content {_clip(q.content)!r}")
        for span in q.content_spans:
            print(f"    span {span.start}-{span.end}: {_clip(span.text)!r}")
        print(f"  context {text[max(0, lo - 250) : hi + 150]!r}")


def _stale(judged: Judgement, item: Item) -> bool:
    """Whether the item now shows another speaker than the one its verdict judged."""
    return bool(judged.judged_speaker) and judged.judged_speaker != speaker_key(item.quote.speaker or "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--labels", type=Path, default=LABELS)
    parser.add_argument("--articles", type=int, default=300)
    parser.add_argument("--sample", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--min-confidence", type=float, default=None, help="default: sayso's own")
    parser.add_argument("--cache", type=Path, default=None, help="keep extracted articles here (/tmp)")
    parser.add_argument("--refresh", action="store_true", help="extract again even if the cache exists")
    parser.add_argument("--show", type=int, default=0, help="print context of up to N unjudged items")
    parser.add_argument("--bad", action="store_true", help="list the items judged not ok, with notes")
    parser.add_argument(
        "--record-speakers",
        action="store_true",
        help="write the hash of each item's speaker beside every verdict that has none (after judging)",
    )
    args = parser.parse_args(argv)
    if not args.corpus.exists():
        print(f"items_check: {args.corpus} not found; nothing to measure")
        return 0
    from sayso.pipeline.extractor import confident
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    threshold = DEFAULT_MIN_CONFIDENCE if args.min_confidence is None else args.min_confidence
    articles = {a.doc: confident(a, threshold) for a in extracted(args)}
    pool = [it for a in articles.values() for it in shown_items(a)]
    ranked = sorted(pool, key=lambda it: _rank(it.key, args.seed))
    picked = sorted(ranked[: args.sample], key=lambda it: it.key)
    kinds = Counter(it.quote.kind for it in pool)
    print(
        f"items_check: {len(articles)} articles, {len(pool)} shown items at min confidence "
        f"{threshold:g} ({', '.join(f'{k} {v}' for k, v in kinds.most_common())}); sample of {len(picked)}"
    )
    labels = read_labels(args.labels)
    stale = [it for it in picked if it.key in labels and _stale(labels[it.key], it)]
    for it in stale:  # judged when another speaker was shown: judge again
        del labels[it.key]
    if stale:
        print(f"items_check: {len(stale)} verdicts are stale (the item's speaker changed): judge again")
    if args.record_speakers:
        record_speakers(args.labels, FIELDS, {it.key: it.quote.speaker or "" for it in pool})
    report(picked, labels, bad=args.bad)
    show(picked, articles, labels, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
