"""Learn which head nouns name someone who can speak, from PolNeAR *train*'s sources.

    .venv/bin/python scripts/learn_speakers.py ../shared/polnear/train --cache /tmp/parses

A source such as "the lid of a pressure cooker" or "her frustration" names nobody; "the
spokesman", "the committee" or "the report" do. No well-kept package ships WordNet's noun
classes offline, so the classes are read off the annotations instead: for every common noun
heading a *gold* source span the noun counts once as an agent; for every common noun heading a
source sayso proposed where no annotator marked any source, once as a non-agent. The counts
ship as ``sayso/data/speaker_nouns.json`` (lemma -> [agent, non-agent]), read by
``sayso.quotes.coref.agents``; nouns never seen fall back to the noun's morphology there.

Only for *train*: dev is for measuring.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from span_boundaries import parsed_docs, run_stages  # noqa: E402

from sayso.evaluate.brat import read_gold  # noqa: E402

OUT = ROOT / "sayso" / "data" / "speaker_nouns.json"


def _head_noun(doc: Any, start: int, end: int) -> str | None:
    """The lemma of the common noun heading ``doc``'s characters ``start..end``, if it is one."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or not len(span):
        return None
    root = span.root
    if root.pos_ != "NOUN" or root.ent_type_:
        return None
    return str(root.lemma_.lower())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("gold_dir", type=Path)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--cache", type=Path, default=None)
    parser.add_argument("--min-count", type=int, default=2, help="keep nouns seen at least this often")
    parser.add_argument("-o", "--output", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if "dev" in args.gold_dir.parts or "test" in args.gold_dir.parts:
        print("refusing: speaker nouns are learned on train only", file=sys.stderr)
        return 2
    gold = read_gold(args.gold_dir, limit=args.limit)
    agent: collections.Counter[str] = collections.Counter()
    other: collections.Counter[str] = collections.Counter()
    for name, doc in parsed_docs(gold, args.cache):
        g = gold[name]
        gold_sources = [(s.start, s.end) for a in g.attributions for s in a.source]
        for a, b in gold_sources:
            lemma = _head_noun(doc, a, b)
            if lemma:
                agent[lemma] += 1
        for pred in run_stages(doc):
            if pred.source is None:
                continue
            a, b = pred.source
            if any(x < b and a < y for x, y in gold_sources):
                continue
            lemma = _head_noun(doc, a, b)
            if lemma:
                other[lemma] += 1
    table = {
        lemma: [agent[lemma], other[lemma]]
        for lemma in sorted(set(agent) | set(other))
        if agent[lemma] + other[lemma] >= args.min_count
    }
    payload = {
        "source": f"{args.gold_dir.name} ({len(gold)} documents)",
        "columns": ["gold source head", "proposed source head no annotator marked"],
        "nouns": table,
    }
    args.output.write_text(json.dumps(payload, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(table)} nouns -> {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
