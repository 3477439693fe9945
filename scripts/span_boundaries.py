"""Where our content and source spans end against where PolNeAR's annotators end them, by category.

    .venv/bin/python scripts/span_boundaries.py ../shared/polnear/train --limit 250
    .venv/bin/python scripts/span_boundaries.py ../shared/polnear/train --limit 250 --cache /tmp/parses

For every gold attribution our prediction overlaps but does not equal exactly (the test of
``sayso evaluate``: marks, punctuation and space at the ends do not count), the difference at
each end is put in one category ("extra leading that", "missing tail: relative clause", ...),
and the counts are printed; so are the sources of those matches (exact, or which end differs).
Exact matches and the totals are printed too, so a change to span construction can be read as
before/after per category. Nothing of the corpus is written
anywhere except the optional parse cache (``--cache``, spaCy ``DocBin`` files outside the repo,
which make a rerun after a rules change take seconds instead of minutes).

Only for *train*: dev is for measuring (``sayso evaluate``), never for reading boundaries off.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sayso.evaluate.brat import read_gold  # noqa: E402
from sayso.evaluate.score import PredQuote, _merge, _Text, match_doc  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from gold_parses import parsed_docs, pred_quotes, stages  # noqa: E402

_WORD = re.compile(r"[\w'’-]+")
_COMPLEMENTIZERS = frozenset({"that", "to", "if", "whether", "how", "why", "what", "when", "where"})
_RELATIVES = frozenset({"who", "which", "whom", "whose", "where", "when"})
_CONJ = frozenset({"and", "but", "or", "so", "because", "as", "while", "although", "though"})
_CUE_WORDS = frozenset(
    {"said", "says", "say", "told", "added", "according", "noted", "stated", "wrote", "asked", "argued"}
)


def run_stages(doc: Any) -> list[PredQuote]:
    """sayso's own stages on an already parsed ``Doc``, as ``sayso evaluate`` would score them."""
    return pred_quotes(stages()(doc))


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _side(extra: bool, where: str, between: str) -> str:
    """The category of one end's difference: what the extra (or missing) words are."""
    words = _words(between)
    what = "extra" if extra else "missing"
    if not words:
        return f"{what} {where}: punctuation only"
    if where == "head":
        if len(words) == 1 and words[0] in _COMPLEMENTIZERS:
            return f"{what} head: '{words[0]}'"
        if words[-1] in _COMPLEMENTIZERS and len(words) <= 3:
            return f"{what} head: words + complementizer"
        if any(w in _CUE_WORDS for w in words):
            return f"{what} head: a cue clause"
        return f"{what} head: {'1-3' if len(words) <= 3 else '4+'} words"
    lead = between.lstrip(" ,;:—–-\"'“”‘’").lower()
    first = words[0]
    if first in _RELATIVES and between.lstrip()[:1] in (",", "") and len(words) > 1:
        return f"{what} tail: relative clause"
    if any(w in _CUE_WORDS for w in words[:4]):
        return f"{what} tail: a cue clause ('..., he said')"
    if first in _CONJ:
        return f"{what} tail: '{first} ...' clause"
    if lead.startswith(("in ", "on ", "at ", "for ", "of ", "with ", "by ", "to ", "from ", "after ")):
        return f"{what} tail: prepositional phrase"
    return f"{what} tail: {'1-3' if len(words) <= 3 else '4+'} words"


def classify(text: _Text, pred: list[tuple[int, int]], gold: list[tuple[int, int]]) -> list[str]:
    """The categories of one inexact match: one per end that differs, or the piece layout."""
    pk, gk = text.exact_key(pred), text.exact_key(gold)
    if not pk or not gk:
        return ["empty after trimming"]
    out = []
    ps, pe, gs, ge = pk[0][0], pk[-1][1], gk[0][0], gk[-1][1]
    t = text.text
    if ps < gs:
        out.append(_side(True, "head", t[ps:gs]))
    elif ps > gs:
        out.append(_side(False, "head", t[gs:ps]))
    if pe > ge:
        out.append(_side(True, "tail", t[ge:pe]))
    elif pe < ge:
        out.append(_side(False, "tail", t[pe:ge]))
    if not out:
        out.append(f"same ends, pieces {len(pk)} vs gold {len(gk)}")
    return out


def _source_categories(text: _Text, pred: tuple[int, int] | None, gold: tuple[Any, ...]) -> list[str]:
    """How a predicted source compares with the annotated one: missing, wrong, exact, or which end."""
    gold_pieces = _merge((s.start, s.end) for s in gold)
    if not gold_pieces:
        return ["source: none annotated, none predicted" if pred is None else "source: none annotated"]
    if pred is None:
        return ["source: not found"]
    if not any(pred[0] < b and a < pred[1] for a, b in gold_pieces):
        return ["source: wrong (no overlap)"]
    if text.exact_key([pred]) == text.exact_key(gold_pieces):
        return ["source: exact"]
    return [f"source {c}" for c in classify(text, [pred], gold_pieces)]


def _show(text: str, pred: list[tuple[int, int]], gold: list[tuple[int, int]], kind: str) -> None:
    """One match, predicted content in [brackets] and gold in {braces}, with some context."""
    marks = sorted([(a, "[") for a, _ in pred] + [(b, "]") for _, b in pred])
    marks += sorted([(a, "{") for a, _ in gold] + [(b, "}") for _, b in gold])
    lo = max(0, min(pred[0][0], gold[0][0]) - 120)
    hi = min(len(text), max(pred[-1][1], gold[-1][1]) + 40)
    out, at = [], lo
    for pos, mark in sorted(marks):
        out += [text[at:pos], mark]
        at = pos
    out.append(text[at:hi])
    print(f"--- {kind}: " + "".join(out).replace("\n", " / "))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("gold_dir", type=Path)
    parser.add_argument("--limit", type=int, default=None, help="only the first N documents (by name)")
    parser.add_argument("--cache", type=Path, default=None, help="directory for parsed-doc caches")
    parser.add_argument("--min-confidence", type=float, default=0.0)
    parser.add_argument("--show", default=None, help="print the matches of one category (to the terminal)")
    parser.add_argument("--max", type=int, default=20, help="how many --show prints")
    args = parser.parse_args(argv)
    if "dev" in args.gold_dir.parts or "test" in args.gold_dir.parts:
        print("refusing: boundaries are read off train only", file=sys.stderr)
        return 2
    gold = read_gold(args.gold_dir, limit=args.limit)
    cats: collections.Counter[str] = collections.Counter()
    by_kind: collections.Counter[str] = collections.Counter()
    source_cats: collections.Counter[str] = collections.Counter()
    n_gold = n_pred = n_matched = n_exact = shown = 0
    for name, doc in parsed_docs(gold, args.cache):
        g = gold[name]
        preds = [p for p in run_stages(doc) if p.confidence >= args.min_confidence]
        m = match_doc(g, preds)
        n_gold += len(g.attributions)
        n_pred += len(preds)
        n_matched += len(m.matched)
        n_exact += m.exact
        text = _Text(g.text)
        for gi, pi in m.matched.items():
            gp = _merge((s.start, s.end) for s in g.attributions[gi].content)
            pp = _merge(preds[pi].content)
            source_cats.update(_source_categories(text, preds[pi].source, g.attributions[gi].source))
            if text.exact_key(gp) == text.exact_key(pp):
                by_kind[f"exact {preds[pi].kind}"] += 1
                continue
            by_kind[f"inexact {preds[pi].kind}"] += 1
            found = classify(text, pp, gp)
            cats.update(found)
            if args.show in found and shown < args.max:
                shown += 1
                _show(g.text, pp, gp, preds[pi].kind)
    print(f"documents {len(gold)}  gold {n_gold}  predicted {n_pred}", end="  ")
    print(f"overlap-matched {n_matched}  exact {n_exact}")
    for key, n in sorted(by_kind.items()):
        print(f"  {key:<20} {n:6d}")
    print("boundary differences of overlap-matched, inexact contents (one per differing end):")
    for cat, n in cats.most_common():
        print(f"  {n:6d}  {cat}")
    print("sources of overlap-matched contents (exact = same span give or take punctuation):")
    for cat, n in source_cats.most_common():
        print(f"  {n:6d}  {cat}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
