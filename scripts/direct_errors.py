"""Direct quotes that miss their speaker, counted by where the gold source is and what we did.

    .venv/bin/python scripts/direct_errors.py ../shared/polnear/train --cache /tmp/sayso-parses
    .venv/bin/python scripts/direct_errors.py ../shared/polnear/train --cache /tmp/sayso-parses --show 20

For every gold *direct* attribution (content in quotation marks, as ``sayso evaluate`` decides)
whose prediction is missing or has a wrong source (the test of ``sayso evaluate``: the predicted
source span must overlap a gold source span), the failure is put in one category:

* what we did: ``missed`` (no prediction overlaps the quote), ``no source`` (we found the quote
  but gave no source), ``source but gold has none``, ``wrong source`` (a span elsewhere);
* where the gold source stands: same sentence before/after the quote, inside the quote (a
  nested attribution), the sentence before/after, the paragraph before, farther away;
* a few layout hints: a colon right before the quote, a quote that is a paragraph of its own,
  "according to" in the gold cue region.

The counts are printed; ``--show N`` also prints N examples per category to the terminal (for
reading while working on a rule; nothing of the corpus is written anywhere except the optional
parse cache, spaCy ``DocBin`` files outside the repo). The cache makes a rerun after a rules
change take a minute instead of many.

Only for *train*: dev is for measuring (``sayso evaluate``), never for reading errors off.
"""

from __future__ import annotations

import argparse
import bisect
import collections
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sayso.evaluate.brat import GoldAttribution, GoldDoc, read_gold  # noqa: E402
from sayso.evaluate.score import PredQuote, _source_correct, match_doc, score  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from gold_parses import parsed_docs, pred_quotes, stages  # noqa: E402

#: The overall figures printed with the counts, to see what a change costs elsewhere.
_SHOWN = ("content_overlap_f1", "content_exact_f1", "source_p", "source_r", "source_f1", "precision_direct")


def run_stages(doc: Any, scorer: bool) -> list[PredQuote]:
    """sayso's own stages on an already parsed ``Doc``, as ``sayso evaluate`` scores them."""
    doc = stages(scorer)(doc)
    _CUES[:] = [doc.text[q.cue.start : q.cue.end] if q.cue else None for q in doc._.quotes or ()]
    return pred_quotes(doc)


_CUES: list[str | None] = []


def _where(doc: Any, starts: list[int], text: str, g: GoldAttribution) -> str:
    """Where the gold source stands relative to the quote, in sentences and paragraphs."""
    if not g.source:
        return "gold: no source"
    q0, q1 = min(s.start for s in g.content), max(s.end for s in g.content)
    s0 = min(s.start for s in g.source)
    if any(q0 <= s.start < q1 for s in g.source) and not any(
        s.start >= c.end or s.end <= c.start for c in g.content for s in g.source
    ):
        return "source inside the quote"

    def sent(i: int) -> int:
        return bisect.bisect_right(starts, i) - 1

    def para(i: int) -> int:
        return text.count("\n", 0, i)

    sq0, sq1, ss = sent(q0), sent(max(q0, q1 - 1)), sent(s0)
    pq, ps = para(q0), para(s0)
    if s0 < q0:
        if ps < pq:
            return "paragraph before" if ps == pq - 1 else "farther before"
        return "same sentence, before" if ss >= sq0 else "sentence before"
    if ps > para(q1):
        return "paragraph after"
    if ss <= sq1:
        return "same sentence, after"
    return "sentence after" if ss == sq1 + 1 else "farther after"


def _twin(gold: GoldDoc, gi: int, m: Any, preds: list[PredQuote]) -> bool:
    """Whether the quote has a twin: another gold attribution of the same words, matched instead.

    PolNeAR annotates nested attributions ('“...,” X said, according to CNN') as two
    attributions of one content with two sources; one prediction can match only one of them.
    """
    g = gold.attributions[gi]
    mine = {(s.start, s.end) for s in g.content}
    for gj, other in enumerate(gold.attributions):
        if gj == gi or gj not in m.matched:
            continue
        theirs = {(s.start, s.end) for s in other.content}
        a0, a1 = min(a for a, _ in mine), max(b for _, b in mine)
        b0, b1 = min(a for a, _ in theirs), max(b for _, b in theirs)
        inter = max(0, min(a1, b1) - max(a0, b0))
        if inter >= 0.8 * min(a1 - a0, b1 - b0):
            return True
    return False


def classify(name: str, gold: GoldDoc, doc: Any, preds: list[PredQuote]) -> Iterator[tuple[str, str, str]]:
    """``(category, what we did, a short view)`` of every failing direct quote of one document."""
    text = gold.text
    m = match_doc(gold, preds)
    starts = [s.start_char for s in doc.sents]
    for gi, g in enumerate(gold.attributions):
        if not g.direct:
            continue
        where = _where(doc, starts, text, g)
        if gi not in m.matched:
            # "merged": a prediction overlaps it but was matched to another gold attribution
            spans = [(s.start, s.end) for s in g.content]
            near = any(a < d and c < b for p in preds for a, b in p.content for c, d in spans)
            did = "missed (merged)" if near else "missed (not found)"
            pred = None
            cue = None
        else:
            pred = preds[m.matched[gi]]
            cue = _CUES[m.matched[gi]] if m.matched[gi] < len(_CUES) else None
            if _source_correct(pred, g):
                continue
            if pred.source is None:
                did = "no source"
            elif not g.source:
                did = "source but gold has none"
            elif pred.kind != "direct":
                did = f"wrong source ({pred.kind} matched)"
            else:
                did = "wrong source"
        if _twin(gold, gi, m, preds):
            did = f"{did}, twin"
        q0 = min(s.start for s in g.content)
        q1 = max(s.end for s in g.content)
        lo = min([q0] + [s.start for s in g.source]) - 80
        hi = max([q1] + [s.end for s in g.source]) + 80
        view = text[max(0, lo) : hi].replace("\n", " ¶ ")
        gs = " | ".join(text[s.start : s.end] for s in g.source)
        ps = text[pred.source[0] : pred.source[1]] if pred and pred.source else None
        pc = " … ".join(text[a:b][:60] for a, b in pred.content) if pred else None
        yield (
            f"{did} / {where}",
            did,
            f"[{name}] gold source={gs!r} ours={ps!r} ({pred.kind if pred else '-'}, cue {cue!r})\n"
            f"    ours content: {pc!r}\n    {view}",
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gold_dir", type=Path)
    parser.add_argument(
        "--cache", type=Path, default=None, help="directory for parse caches (outside the repo)"
    )
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--show", type=int, default=0, help="examples to print per category")
    parser.add_argument("--only", default="", help="print examples only of categories containing this")
    parser.add_argument("--min-confidence", type=float, default=0.0)
    parser.add_argument(
        "--scorer", action="store_true", help="run stage 4 too (needed with --min-confidence)"
    )
    args = parser.parse_args(argv)
    gold = read_gold(args.gold_dir, limit=args.limit)
    cats: collections.Counter[str] = collections.Counter()
    dids: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    total = ok = 0
    every: dict[str, list[PredQuote]] = {}
    for name, doc in parsed_docs(gold, args.cache):
        preds = [p for p in run_stages(doc, args.scorer) if p.confidence >= args.min_confidence]
        every[name] = preds
        g = gold[name]
        n_direct = sum(a.direct for a in g.attributions)
        total += n_direct
        bad = list(classify(name, g, doc, preds))
        ok += n_direct - len(bad)
        for cat, did, view in bad:
            cats[cat] += 1
            dids[did] += 1
            if len(examples[cat]) < args.show and args.only in cat:
                examples[cat].append(view)
    print(f"direct quotes with the correct source: {ok}/{total} = {ok / max(total, 1):.3f}")
    metrics = score(gold, every).metrics()
    print("  " + ", ".join(f"{k} {metrics[k]:.3f}" for k in _SHOWN))
    for did, n in dids.most_common():
        print(f"  {n:5d}  {did}")
    print("by category:")
    for cat, n in cats.most_common():
        print(f"  {n:5d}  {cat}")
        for view in examples.get(cat, ()):
            print("        " + view.replace("\n", "\n        "))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
