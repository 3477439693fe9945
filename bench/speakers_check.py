"""Are the speakers sayso shows real speakers? A hand-checked sample on real news (issue 10).

Draws 300 articles of ``../shared/corpus/news-5k.jsonl.gz`` (seeded), extracts them at the
default confidence, and samples 100 of the speakers they show (a speaker is shown when at least
one of its quotes passes the threshold). The sample is taken by a seeded hash of document id and
offsets, so a small change of extraction changes only a few picks. Each sampled speaker is
identified by document id and the character offsets of the source words of its first shown
quote (or of its first mention), never by text, so ``bench/speakers_judged.tsv`` holds ids,
offsets and verdicts only.

Verdicts: ``ok`` (a person, group, organisation or document that speaks in the article: the
quote is its words), ``wrong`` (a real speaker, but not the one who says this quote), ``junk``
(not a speaker at all: an object, a body part, an emotion, a caption, a section label, a
phrase). The figure is the share of ``ok`` among judged sampled speakers; the issue's target is
95 of 100.

The extraction changes as sayso improves, so a new run may sample speakers nobody judged yet:
they are counted as ``unjudged`` and listed with ``--show``. Each verdict also keeps a short hash
of the speaker it judged (``--record-speakers`` writes it once the sample is judged): a verdict
whose source words now resolve to someone else is stale and counted as unjudged, to be judged
again (context printed to the terminal,
for a person to judge; it is never written to the repository). Judge them, add the lines to the
TSV, run again.

Usage: .venv/bin/python bench/speakers_check.py [--show N] [--labels bench/speakers_judged.tsv]
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import json
import random
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

from sayso.model import Article, ArticleInput

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "news-5k.jsonl.gz"
LABELS = ROOT / "bench" / "speakers_judged.tsv"
VERDICTS = ("ok", "wrong", "junk")
COLUMNS = ("doc", "start", "end", "verdict", "note", "speaker")


def sample_articles(path: Path, n: int, seed: int) -> list[ArticleInput]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    rng = random.Random(seed)
    picked = rng.sample(rows, n)
    return [
        ArticleInput(doc=str(o["id"]), text=o["text"], title=o.get("title"), outlet=o.get("outlet"))
        for o in picked
        if o.get("text")
    ]


def speaker_key(name: str) -> str:
    """A short hash of the speaker a verdict judged: the TSV keeps no text, yet a verdict whose
    source words now resolve to someone else is known to be stale."""
    return hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]


def shown_speakers(article: Article) -> list[tuple[str, int, int, str]]:
    """(doc, start, end, kind) per speaker with a shown quote: its first quote's source words,
    else its first mention."""
    out = []
    by_id = {s.id: s for s in article.speakers}
    seen: set[str] = set()
    for q in sorted(article.quotes, key=lambda q: q.start):
        sid = q.speaker_id
        if sid is None or sid in seen or sid not in by_id:
            continue
        seen.add(sid)
        sp = by_id[sid]
        span = q.source or (sp.mentions[0] if sp.mentions else None)
        if span is not None:
            out.append((article.doc, span.start, span.end, sp.kind))
    return out


def _rank(speaker: tuple[str, int, int, str], seed: int) -> str:
    """A fixed pseudo-random order of speakers: the sample is the first ``--sample`` of them, so
    a change of extraction that adds or drops a few speakers changes only a few picks."""
    doc, start, end, _ = speaker
    return hashlib.sha1(f"{seed}:{doc}:{start}:{end}".encode()).hexdigest()


def read_column(path: Path, column: str) -> dict[tuple[str, int, int], str]:
    """One column of the verdicts file by (doc, start, end): ``verdict``, ``note`` (the judge's
    short reason) or ``speaker`` (the hash of the speaker judged; empty on old rows)."""
    if not path.exists():
        return {}
    with path.open(encoding="utf-8", newline="") as fh:
        return {
            (r["doc"], int(r["start"]), int(r["end"])): r.get(column) or ""
            for r in csv.DictReader(fh, delimiter="\t")
        }


def read_labels(path: Path) -> dict[tuple[str, int, int], str]:
    return read_column(path, "verdict")


def speaker_names(articles: dict[str, Article]) -> dict[tuple[str, int, int], str]:
    """The speaker each shown source span resolves to now."""
    out: dict[tuple[str, int, int], str] = {}
    for a in articles.values():
        names = {sp.id: sp.name for sp in a.speakers}
        for q in a.quotes:
            if q.source and q.speaker_id in names:
                out.setdefault((a.doc, q.source.start, q.source.end), names[q.speaker_id])
        for sp in a.speakers:
            if sp.mentions:
                out.setdefault((a.doc, sp.mentions[0].start, sp.mentions[0].end), sp.name)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--labels", type=Path, default=LABELS)
    parser.add_argument("--articles", type=int, default=300)
    parser.add_argument("--sample", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=0, help="print context of up to N unjudged speakers")
    parser.add_argument(
        "--bad", action="store_true", help="list the sampled speakers judged wrong or junk, with notes"
    )
    parser.add_argument(
        "--record-speakers",
        action="store_true",
        help="write the hash of today's speaker beside every verdict that has none (after judging)",
    )
    args = parser.parse_args(argv)
    if not args.corpus.exists():
        print(f"speakers_check: {args.corpus} not found; nothing to measure")
        return 0
    from sayso.pipeline import extract_many
    from sayso.pipeline.extractor import confident
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    inputs = sample_articles(args.corpus, args.articles, args.seed)
    articles = {
        a.doc: confident(a, DEFAULT_MIN_CONFIDENCE)
        for a in extract_many(inputs, batch_size=16)
        if isinstance(a, Article)
    }
    pool = [s for a in articles.values() for s in shown_speakers(a)]
    picked = sorted(sorted(pool, key=lambda sp: _rank(sp, args.seed))[: args.sample])
    labels = read_labels(args.labels)
    judged_as = read_column(args.labels, "speaker")
    now = speaker_names(articles)
    stale = {
        key for key in labels if judged_as.get(key) and key in now and judged_as[key] != speaker_key(now[key])
    }
    for key in stale:  # judged when the words resolved to someone else: judge again
        del labels[key]
    verdicts = Counter(labels.get((d, s, e), "unjudged") for d, s, e, _ in picked)
    kinds = Counter(k for *_, k in pool)
    judged = sum(verdicts[v] for v in VERDICTS)
    print(
        f"speakers_check: {len(articles)} articles, {len(pool)} shown speakers "
        f"({', '.join(f'{k} {v}' for k, v in kinds.most_common())}); sample of {len(picked)}"
    )
    print(
        f"judged {judged}: ok {verdicts['ok']} ({verdicts['ok'] / max(1, judged):.3f}), "
        f"wrong {verdicts['wrong']}, junk {verdicts['junk']}; unjudged {verdicts['unjudged']}"
        f" ({sum(1 for d, s, e, _ in picked if (d, s, e) in stale)} of them stale)"
    )
    if args.record_speakers:
        record_speakers(args.labels, COLUMNS, now)
    if args.bad:
        notes = read_column(args.labels, "note")
        for doc, s, e, _ in picked:
            if labels.get((doc, s, e), "ok") != "ok":
                print(f"  {labels[(doc, s, e)]}\t{doc}\t{s}\t{e}\t{notes.get((doc, s, e), '')}")
    shown = 0
    for doc, s, e, kind in picked:
        if (doc, s, e) in labels or shown >= args.show:
            continue
        shown += 1
        text = articles[doc].text
        quotes = [q for q in articles[doc].quotes if q.source and (q.source.start, q.source.end) == (s, e)]
        said = quotes[0].content[:160] if quotes else "(mention only)"
        sid = quotes[0].speaker_id if quotes else None
        name = next((sp.name for sp in articles[doc].speakers if sid is not None and sp.id == sid), "")
        print(f"\n{doc}\t{s}\t{e}\t[{kind}] {text[s:e]!r} -> {name!r}")
        print(f"  context: {text[max(0, s - 200) : e + 120]!r}")
        print(f"  quote: {said!r}")
    return 0


def record_speakers(path: Path, columns: Sequence[str], now: Mapping[tuple[str, int, int], str]) -> None:
    """Write the hash of today's speaker (``now``, by doc and offsets) into the ``speaker``
    column of every verdict that has none; ``columns`` are the file's, in order. Shared with
    ``items_check.py``."""
    with path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    for r in rows:
        key = (r["doc"], int(r["start"]), int(r["end"]))
        if not r.get("speaker") and key in now:
            r["speaker"] = speaker_key(now[key])
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, columns, delimiter="\t", lineterminator="\n")
        w.writeheader()
        w.writerows({k: r.get(k) or "" for k in columns} for r in rows)


if __name__ == "__main__":
    sys.exit(main())
