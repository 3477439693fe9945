"""Learn the cue statistics in ``sayso/data/cue_stats.json`` from an annotated corpus (PolNeAR train).

For every verb and noun of every article, ``sayso.quotes.attribution.candidates`` proposes the
attribution its construction would imply; a proposal counts as a hit when a gold attribution
has its cue on the same word and its content overlapping the proposed content. The file keeps
only counts per lemma and construction (no article text), so it can ship with the package.

It also keeps, per cue lemma, how many of the annotators' attributions it introduces and how many
of those are direct quotes (the ``speech`` table): a verb of speaking or writing introduces
quoted words some of the time ("said", "wrote", "warned"), a verb of intention, attitude or
action never does ("declined to", "sought to", "expects"), however often the annotators mark its
complement as a belief. Stage 4 reads it to keep what is shown to someone's words
(``sayso.quotes.caps.is_unspoken``). ``--speech-only`` recomputes that table alone and keeps
the construction counts of the file as they are.

Usage (parsing 840 articles takes a few minutes; ``--cache`` keeps the parses for re-runs)::

    .venv/bin/python scripts/learn_cues.py ../shared/polnear/train --cache /tmp/train.spacy

Never run it on dev or test: those splits measure what this file learned.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "sayso" / "data" / "cue_stats.json"
#: Keys seen fewer times than this are left out: the smoothed prior says as much about them.
MIN_TOTAL = 2


def parse_all(texts: list[str], cache: Path | None) -> list[Any]:
    """The parsed documents, from the cache when it matches, else with the model (once)."""
    import spacy
    from spacy.tokens import DocBin

    from sayso.nlp.loader import load_nlp

    if cache is not None and cache.exists():
        docs = list(DocBin().from_disk(cache).get_docs(spacy.blank("en").vocab))
        if len(docs) == len(texts) and all(d.text == t for d, t in zip(docs, texts, strict=True)):
            return docs
    nlp = load_nlp(with_quotes=False)  # the parse sayso runs on (the one door)
    docs = list(nlp.pipe(texts, batch_size=16))
    if cache is not None:
        bin_ = DocBin()
        for doc in docs:
            bin_.add(doc)
        bin_.to_disk(cache)
    return docs


def _touches(a: tuple[int, int], spans: Any) -> bool:
    return any(max(a[0], s.start) < min(a[1], s.end) for s in spans)


def read_parsed(gold_dir: Path, cache: Path | None) -> list[tuple[Any, Any]]:
    """``(gold document, parsed Doc)`` per article, in name order (parsed once, or cached)."""
    from sayso.evaluate.brat import read_gold

    gold = read_gold(gold_dir)
    names = sorted(gold)
    docs = parse_all([gold[n].text for n in names], cache)
    return [(gold[n], doc) for n, doc in zip(names, docs, strict=True)]


def learn(parsed: list[tuple[Any, Any]]) -> dict[str, dict[str, list[int]]]:
    from sayso.quotes.attribution import candidates
    from sayso.quotes.cues import CueLexicon
    from sayso.quotes.marks import scan_quotes

    empty = CueLexicon.build({})
    counts: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for gold_doc, doc in parsed:
        attrs = gold_doc.attributions
        for cand in candidates(doc, empty, scan_quotes(doc.text), every_verb=True):
            if not cand.content:
                continue
            hit = any(
                _touches(cand.cue, a.cue) and any(_touches(c, a.content) for c in cand.content) for a in attrs
            )
            entry = counts[cand.stat_pattern][cand.key]
            entry[0] += hit
            entry[1] += 1
    return {
        pattern: {key: v for key, v in sorted(table.items()) if v[1] >= MIN_TOTAL}
        for pattern, table in sorted(counts.items())
    }


def cue_lemma(doc: Any, cue: Any) -> str | None:
    """The lemma of a gold cue's head word ("has said" -> "say"), as ``quote_features`` reads
    the lemma of a proposed cue; None for no word."""
    span = doc.char_span(cue.start, cue.end, alignment_mode="expand")
    if span is None or not len(span):
        return None
    return str(span.root.lemma_.lower())


def learn_speech(parsed: list[tuple[Any, Any]]) -> dict[str, list[int]]:
    """``[direct, total]`` attributions per cue lemma of the annotators' first cue span."""
    table: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for gold_doc, doc in parsed:
        for attr in gold_doc.attributions:
            if not attr.cue:
                continue
            lemma = cue_lemma(doc, attr.cue[0])
            if lemma is None:
                continue
            table[lemma][0] += int(attr.direct)
            table[lemma][1] += 1
    return {k: v for k, v in sorted(table.items()) if v[1] >= MIN_TOTAL}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("gold_dir", type=Path, help="annotated corpus: text/ and attributions/ (PolNeAR train)")
    ap.add_argument("--cache", type=Path, help="DocBin file to keep the parses in between runs")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument(
        "--speech-only", action="store_true", help="recompute the speech table only, keep the patterns"
    )
    args = ap.parse_args(argv)
    parsed = read_parsed(args.gold_dir, args.cache)
    if args.speech_only:
        patterns = json.loads(args.out.read_text(encoding="utf-8"))["patterns"]
    else:
        patterns = learn(parsed)
    data = {
        "about": (
            "Cue statistics learned by scripts/learn_cues.py: [hits, total] per construction and lemma; "
            "speech: [direct, total] annotated attributions per cue lemma."
        ),
        "corpus": args.gold_dir.name,
        "patterns": patterns,
        "speech": learn_speech(parsed),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(data, indent=0, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    n = sum(len(t) for t in patterns.values())
    sys.stderr.write(f"wrote {n} keys in {len(patterns)} constructions to {args.out}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
