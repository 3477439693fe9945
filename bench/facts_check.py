"""Are the facts ``sayso compare`` says conflict really told otherwise? Prints figures only.

A "conflict" in a report about misreporting is an alarm, so it must be true (issue 11). Two
measures, on real text that stays in ../shared:

* **real stories**: the stories of ``bench/compare_check.py`` (AllSides leads, the two articles of
  ../shared/examples, the news-5k stories of the hand-judged same-story pairs), extracted with its
  caches, and every fact ``compare_facts`` calls a conflict, listed by story, kind, key and each
  outlet's doc id and offsets. ``--show`` prints the sentences around them to the terminal, for a
  person to read (never written to the repository).
* **synthetic changes**: sampled news-5k articles, each compared with a copy of itself in which one
  fact was changed (a count, an age or a venue), and with an unchanged copy. The change is known,
  so the right answer is too: the changed fact is a conflict and nothing else is; the unchanged
  copy has no conflict. Counts given as bounds ("at least 8") are not changed, since two lower
  bounds never contradict each other; nor is a number the article writes twice. Facts are read
  from the text alone here (no model, so no named entities), which is what the patterns see.

Usage: .venv/bin/python bench/facts_check.py [--articles 400] [--seed 0] [--show]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare_check import CACHE, news_stories
from compare_real import SHARED, extract, read_allsides, read_examples

from sayso.compare.facts import FactMention, article_facts, compare_facts
from sayso.model import Article

ROOT = Path(__file__).resolve().parent.parent
CHANGES = ("count", "age", "venue")
#: Put in place of a venue: words no real venue of the sample is likely to share.
NEW_VENUE = "Quillmere Exhibition Hall"


def real_conflicts(shared: Path, show: bool) -> None:
    sources = (
        (
            "allsides",
            read_allsides(shared / "stories-allsides") if (shared / "stories-allsides").exists() else {},
        ),
        ("examples", read_examples(shared / "examples") if (shared / "examples").exists() else {}),
        (
            "news-5k",
            news_stories(shared / "corpus" / "news-5k.jsonl.gz", ROOT / "bench" / "stories_judged.tsv"),
        ),
    )
    stories = conflicts = 0
    kinds: Counter[str] = Counter()
    for name, found in sources:
        rows = [r for rs in found.values() for r in rs]
        if not rows:
            continue
        arts = extract(rows, Path(CACHE.format(name)), False)
        for sid, rs in sorted(found.items()):
            docs = [arts[r["id"]] for r in rs if r["id"] in arts]
            if len(docs) < 2:
                continue
            stories += 1
            texts = {a.doc: a.text for a in docs}
            for fact in compare_facts(docs):
                kinds[f"{fact.kind} {fact.status}"] += 1
                if fact.status != "conflict":
                    continue
                conflicts += 1
                print(
                    f"  conflict {sid} {fact.kind} {fact.key}: "
                    + "; ".join(f"{d} {list(s)}" for d, s in fact.spans)
                )
                if show:
                    for d, spans in fact.spans:
                        for s, e in spans:
                            t = texts[d]
                            print(
                                f"      {d}: …{t[max(0, s - 90) : s]}[[{t[s:e]}]]{t[e : e + 60]}…".replace(
                                    "\n", " "
                                )
                            )
    print(f"real stories: {stories} compared, {conflicts} conflicts")
    print("  facts by kind and status: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))


def _changed(text: str, fact: FactMention, rng: random.Random) -> str | None:
    """The text with ``fact`` given another value, or None when it cannot be changed cleanly."""
    piece = text[fact.start : fact.end]
    if fact.kind == "venue":
        return None if text.count(piece) > 1 else text[: fact.start] + NEW_VENUE + text[fact.end :]
    if fact.kind == "count" and fact.bound in ("min", "max"):
        return None
    digits = piece.split()[0] if fact.kind == "count" else piece
    if not digits.replace(",", "").isdigit():
        return None  # a spelled-out number ("nine people")
    value = int(digits.replace(",", ""))
    new = value + rng.randint(2, 5) if fact.kind == "age" else round(value * rng.choice((1.5, 2.0, 3.0))) + 1
    written = f"{new:,}" if "," in digits else str(new)
    if written in text or text.count(digits) > 1:
        return None
    at = fact.start + piece.index(digits)
    return text[:at] + written + text[at + len(digits) :]


def synthetic(corpus: Path, n: int, seed: int, show: bool) -> None:
    rows = []
    with gzip.open(corpus, "rt", encoding="utf-8") as fh:
        for line in fh:
            obj = json.loads(line)
            if 1000 <= len(obj.get("text") or "") <= 20000:
                rows.append(obj)
    rng = random.Random(seed)
    rng.shuffle(rows)
    right: Counter[str] = Counter()
    tried: Counter[str] = Counter()
    for row in rows[:n]:
        original = Article(doc="original", text=row["text"])
        same = Article(doc="copy", text=row["text"])
        tried["unchanged"] += 1
        right["unchanged"] += not any(f.status == "conflict" for f in compare_facts([original, same]))
        found = [f for f in article_facts(original) if f.kind in CHANGES]
        for kind in CHANGES:
            options = [f for f in found if f.kind == kind]
            if not options:
                continue
            fact = rng.choice(options)
            text = _changed(row["text"], fact, rng)
            if text is None:
                continue
            tried[kind] += 1
            conflicts = [
                f for f in compare_facts([original, Article(doc="copy", text=text)]) if f.status == "conflict"
            ]
            # The one conflict is the changed fact: its kind, and the original's mention among its spans.
            ok = (
                len(conflicts) == 1
                and conflicts[0].kind == fact.kind
                and any(s <= fact.start < e for s, e in dict(conflicts[0].spans).get("original", ()))
            )
            right[kind] += ok
            if show and not ok:
                found_keys = [(f.kind, f.key) for f in conflicts]
                print(f"  {row['id']} {kind} {fact.key} at {fact.start}: found {found_keys}")
    total = sum(tried.values())
    print(
        f"synthetic changes ({n} articles): {sum(right.values())}/{total} right "
        f"({sum(right.values()) / max(total, 1):.3f}); "
        + ", ".join(f"{k} {right[k]}/{tried[k]}" for k in ("unchanged", *CHANGES))
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--articles", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", action="store_true", help="print contexts and misses (terminal only)")
    args = parser.parse_args(argv)
    if not args.shared.exists():
        print(f"facts_check: {args.shared} not found; nothing measured")
        return 0
    real_conflicts(args.shared, args.show)
    corpus = args.shared / "corpus" / "news-5k.jsonl.gz"
    if corpus.exists():
        synthetic(corpus, args.articles, args.seed, args.show)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
