"""Do pronouns and descriptions find the right speaker? A hand-checked sample on real news.

"he said" is the commonest source in news after a name, and a pronoun given to the wrong
person makes one person several speakers and puts a quote in the wrong mouth. The speakers
check (``bench/speakers_check.py``) samples speakers, most of them named in the source words;
this one samples the quotes whose source words are a pronoun ("he", "its", "they") or a
definite description ("the senator", "the company") and asks whether sayso's speaker is the
one the words refer to.

``bench/pronouns_judged.tsv`` holds, per judged quote, the document id and the offsets of its
source words, the verdict and, when the referent is named in the article, the offsets of one
mention of it (the last before the source words), whether the words are a pronoun or a
description, and the sample; never text. Two samples of ``../shared/corpus/news-5k.jsonl.gz``
(seeded, none of earlier hand checks; ``SAMPLES``): the quotes of 70 articles at every
confidence, on which the twenty-second session found its fixes, and the quotes shown at the
default of 60 more, judged after the fixes and tuned on by nothing. Helpers judged the items
by reading each article. All quotes are extracted at confidence 0, so a change of confidence
does not change the sample.

Verdicts: ``named`` (the referent is named in the article: the quote is right when its
speaker has a mention overlapping the referent's offsets), ``unnamed`` (the referent is never
named: an unnamed official, the writer; right when the speaker is no *named* person, that is
when none of its mentions is a PERSON entity of the article), ``notspeech`` (not a quote, or
the words are not its source: left out). Source words that no longer open a quote are counted
as ``gone``.

Usage: .venv/bin/python bench/pronouns_check.py [--wrong] [--labels bench/pronouns_judged.tsv]
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from sayso.model import Article, ArticleInput

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "news-5k.jsonl.gz"
LABELS = ROOT / "bench" / "pronouns_judged.tsv"
#: The two hand-judged samples (column ``sample``): what the fixes were found on, and a fresh
#: one judged after them, which nothing was tuned on.
SAMPLES = {
    "a": "70 articles, random.Random(2201), every confidence: the fixes were found here",
    "b": "60 articles, random.Random(2202), shown at the default: held out",
}


def read_labels(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def read_articles(path: Path, ids: set[str]) -> list[ArticleInput]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return [ArticleInput(doc=str(o["id"]), text=o["text"]) for o in rows if str(o["id"]) in ids]


def judge(article: Article, row: dict[str, str]) -> str:
    """``right``, ``wrong`` or ``gone`` for one judged row, against today's extraction."""
    start, end = int(row["start"]), int(row["end"])
    quote = next(
        (q for q in article.quotes if q.source and (q.source.start, q.source.end) == (start, end)), None
    )
    if quote is None:
        return "gone"
    speaker = next((s for s in article.speakers if s.id == quote.speaker_id), None)
    mentions = speaker.mentions if speaker is not None else ()
    if row["verdict"] == "named":
        rs, re_ = int(row["ref_start"]), int(row["ref_end"])
        return "right" if any(m.start < re_ and rs < m.end for m in mentions) else "wrong"
    persons = [(e.start, e.end) for e in article.entities if e.label == "PERSON"]
    named = any(m.start < pe and ps < m.end for m in mentions for ps, pe in persons)
    return "wrong" if named else "right"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--labels", type=Path, default=LABELS)
    parser.add_argument("--wrong", action="store_true", help="list the rows sayso gets wrong today")
    args = parser.parse_args(argv)
    if not args.corpus.exists():
        print(f"pronouns_check: {args.corpus} not found; nothing to measure")
        return 0
    from sayso.pipeline import extract_many

    rows = [r for r in read_labels(args.labels) if r["verdict"] in ("named", "unnamed")]
    inputs = read_articles(args.corpus, {r["doc"] for r in rows})
    articles = {a.doc: a for a in extract_many(inputs, batch_size=16) if isinstance(a, Article)}
    tally: Counter[tuple[str, str, str, str]] = Counter()
    for r in rows:
        outcome = judge(articles[r["doc"]], r) if r["doc"] in articles else "gone"
        tally[(r["sample"], r["category"], r["verdict"], outcome)] += 1
        if args.wrong and outcome != "right":
            text = articles[r["doc"]].text if r["doc"] in articles else ""
            words = text[int(r["start"]) : int(r["end"])]
            print(f"  {outcome}\t{r['doc']}\t{r['start']}\t{r['end']}\t{words!r}")
    print(f"pronouns_check: {len(rows)} judged quotes in {len(articles)} articles")
    for sample in sorted({r["sample"] for r in rows}):
        print(f" sample {sample} ({SAMPLES.get(sample, '')}):")
        for cat in ("pronoun", "description"):
            for verdict in ("named", "unnamed"):
                key = (sample, cat, verdict)
                n = sum(v for (sm, c, vd, _), v in tally.items() if (sm, c, vd) == key)
                if not n:
                    continue
                right, gone = tally[(*key, "right")], tally[(*key, "gone")]
                print(
                    f"  {cat:11} referent {verdict:7}: right {right}/{n - gone} = "
                    f"{right / max(1, n - gone):.3f} (gone {gone})"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
