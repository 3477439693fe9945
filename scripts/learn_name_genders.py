"""Learn which first names are a man's or a woman's, from how articles refer to their people.

    .venv/bin/python scripts/learn_name_genders.py       # the shipped table (about 4 minutes)
    .venv/bin/python scripts/learn_name_genders.py --news-limit 4000 --out /tmp/names.json

A pronoun only reaches the right person when that person's gender is known, and most names in
the news come with no title ("Al Franken", "Leeann Tweeden"): with two people of unknown gender
in reach, "she" went to the man. sayso's own coreference already learns a person's gender
inside one article from titles, gendered nouns and pronouns whose referent is clear
(``coref.build``). Over thousands of articles those verdicts add up per first name: this script
runs that coreference (with no first-name votes, so nothing learns from itself) on PolNeAR
*train*, on the AllSides leads and on news-5k *without* the 300 articles the hand checks sample
(``bench/speakers_check.sample_articles``), and keeps the first names seen at least
``MIN_PEOPLE`` times with one gender at least ``MIN_SHARE`` of the time. Counts only, no text:
``sayso/data/name_genders.json`` (first name -> [men, women]), read by ``coref.lexicon``.
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

from gold_parses import parsed_docs  # noqa: E402

from sayso.evaluate.brat import read_gold  # noqa: E402

SHARED = ROOT.parent / "shared"
OUT = ROOT / "sayso" / "data" / "name_genders.json"
#: People (one per article) a first name must be seen with, and the share of the commoner gender:
#: the in-article verdicts are themselves wrong about one time in seven or eight ("Hillary" 85%
#: women, "Bill" 83% men), so 0.8 keeps a clear majority and drops names borne by both. Two
#: people agreeing are wrong together about one time in sixty; with three, "Ari" (two men in the
#: articles) stayed unknown and "he" after "argued Ari Fleischer, a former press secretary to
#: President George W. Bush" went to Bush (sixteenth session: 408 -> 578 names).
MIN_PEOPLE = 2
MIN_SHARE = 0.8


def _news_texts(path: Path, limit: int | None) -> Iterator[str]:
    from speakers_check import sample_articles

    checked = {a.doc for a in sample_articles(path, 300, 0)}  # the hand checks' articles stay out
    n = 0
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if str(row.get("id")) in checked or not row.get("text"):
                continue
            if limit is not None and n >= limit:
                return
            n += 1
            yield row["text"]


def _allsides_texts(path: Path) -> Iterator[str]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row.get("text"):
                yield row["text"]


def genders_in(doc: Any, rules: Any) -> Iterator[tuple[str, str]]:
    """``(first name, "m" | "f")`` for each person of ``doc`` whose gender the article shows."""
    from sayso.quotes.coref import Coref
    from sayso.quotes.marks import scan_quotes

    zones = sorted((a, b) for m in scan_quotes(doc.text) for a, b in m.spans)
    for e in Coref(doc, zones, rules=rules).persons:
        if len(e.parts) < 2 or e.gender is None:
            continue
        first = e.parts[0]
        if len(first) > 1 and first.isalpha() and first[0].isupper() and not first.isupper():
            yield first.lower(), e.gender


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--polnear", type=Path, default=SHARED / "polnear" / "train")
    ap.add_argument("--allsides", type=Path, default=SHARED / "stories-allsides" / "articles.jsonl.gz")
    ap.add_argument("--news", type=Path, default=SHARED / "corpus" / "news-5k.jsonl.gz")
    ap.add_argument(
        "--news-limit", type=int, default=2500, help="the first N news articles (the shipped table: 2500)"
    )
    ap.add_argument("--cache", type=Path, default=Path("/tmp/sayso-parses"), help="PolNeAR parse cache")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--all-counts", type=Path, default=None, help="also write every name's counts here")
    args = ap.parse_args(argv)
    if not args.polnear.is_dir():
        print(f"no training data at {args.polnear}; nothing learned")
        return 2

    from sayso.nlp.loader import load_nlp
    from sayso.quotes.rules import DEFAULT_RULES

    rules = replace(DEFAULT_RULES, first_name_vote_weight=0)  # learn from the articles alone
    started = time.perf_counter()
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    docs = 0
    for _, doc in parsed_docs(read_gold(args.polnear), args.cache):
        for name, g in genders_in(doc, rules):
            counts[name][g] += 1
        docs += 1
    nlp = load_nlp(with_quotes=False)
    texts: list[Iterator[str]] = []
    if args.allsides.is_file():
        texts.append(_allsides_texts(args.allsides))
    if args.news.is_file():
        texts.append(_news_texts(args.news, args.news_limit))
    for source in texts:
        for doc in nlp.pipe(source, batch_size=16, n_process=2):
            for name, g in genders_in(doc, rules):
                counts[name][g] += 1
            docs += 1
    if args.all_counts:
        rows = {name: [c["m"], c["f"]] for name, c in sorted(counts.items())}
        args.all_counts.write_text(json.dumps(rows) + "\n", encoding="utf-8")
    kept = {
        name: [c["m"], c["f"]]
        for name, c in sorted(counts.items())
        if c["m"] + c["f"] >= MIN_PEOPLE and max(c["m"], c["f"]) >= MIN_SHARE * (c["m"] + c["f"])
    }
    data = {
        "about": "First name -> [men, women]: people whose gender their article shows, one per article "
        "(scripts/learn_name_genders.py).",
        "source": f"{docs} articles: PolNeAR train, AllSides leads, news-5k without the hand-checked 300",
        "names": kept,
    }
    args.out.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    mixed = sum(1 for c in counts.values() if c["m"] + c["f"] >= MIN_PEOPLE) - len(kept)
    print(f"{docs} articles in {time.perf_counter() - started:.0f} s; {len(counts)} first names seen")
    print(f"kept {len(kept)} (at least {MIN_PEOPLE} people, {MIN_SHARE:.0%} one gender); {mixed} mixed")
    print(f"-> {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
