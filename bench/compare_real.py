"""Measure ``sayso compare`` on real multi-outlet coverage; prints figures, asserts nothing.

Data (never copied into the repository): ``../shared/stories-allsides/`` (real article leads,
505 stories of 2-3 outlets; ``articles.jsonl.gz`` and the gold grouping ``stories.tsv``) and
``../shared/examples/`` (two real articles of one event). Without ``../shared`` the script says
so and exits 0.

What it measures, per split (stories are split by a hash of their id into ``dev``, which was
looked at while tuning, and ``held-out``, which was not):

* **shared quotes**: a run of 6+ identical words (lowercased, punctuation ignored) inside
  quotation marks in two articles of one story from different outlets. Mined from the text with
  ``sayso.quotes.marks.scan_quotes``, independently of the extraction.
* **pairing recall**: the share of shared quotes whose two sides are in one comparison group
  (over all of them, and over those whose two sides the extraction found at all).
* **misattributed rate**: the share of groups joining 2+ outlets flagged ``misattributed``;
  with ``--labels`` the flagged groups are checked against hand labels (doc ids and character
  offsets only, see ``bench/compare_real_labels.tsv``) to give the *false* misattributed rate.
* **relation agreement**: for each paired shared quote, the comparison's relation for that pair
  of outlets against a plain textual labelling of the two quoted passages (verbatim: same after
  typography; punctuation: same words; partial: the shorter's words, cut at its ellipses, occur
  in order and contiguously in the longer; altered: anything else).
* the time of ``compare`` per story (the model pass is not included: ``bench/compare.py``).

Extraction is cached (``--cache``) because the model pass over 1,479 leads takes minutes and
does not change when only the comparison does; ``--fresh`` re-extracts.

Usage: .venv/bin/python bench/compare_real.py [--shared DIR] [--cache FILE] [--fresh]
       [--labels bench/compare_real_labels.tsv] [--show-misattributed N] [--split dev|held-out|all]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CACHE = Path("/tmp/sayso-compare-real-cache-all.jsonl.gz")
MIN_RUN = 6
DEBUG = False  # --debug: print each disagreement to the terminal (never stored)
LABELLED = False  # --labels given
_WORD = re.compile(r"\w+(?:['\u2019\-.,]\w+)*", re.UNICODE)


def split_of(story: str) -> str:
    """``dev`` or ``held-out``, fixed by the story id so it never depends on the run."""
    return "dev" if hashlib.sha1(story.encode()).digest()[0] % 2 == 0 else "held-out"


# --- data ------------------------------------------------------------------------------------
def read_allsides(folder: Path) -> dict[str, list[dict[str, Any]]]:
    stories: dict[str, list[dict[str, Any]]] = defaultdict(list)
    story_of: dict[str, str] = {}
    for line in (folder / "stories.tsv").read_text("utf-8").splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) >= 2:
            story_of[cols[0]] = cols[1]
    with gzip.open(folder / "articles.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            stories[story_of.get(row["id"], row["id"].rsplit("-", 1)[0])].append(row)
    return dict(stories)


def read_examples(folder: Path) -> dict[str, list[dict[str, Any]]]:
    rows = [
        {"id": p.stem, "outlet": p.stem.split("-")[1], "title": None, "text": p.read_text("utf-8")}
        for p in sorted(folder.glob("*.txt"))
    ]
    return {"examples": rows} if len(rows) >= 2 else {}


def extract(rows: list[dict[str, Any]], cache: Path, fresh: bool) -> dict[str, Any]:
    """doc id -> Article, from the cache when it has them all."""
    from sayso.model import Article, ArticleInput
    from sayso.pipeline import Extractor

    have: dict[str, Article] = {}
    if cache.exists() and not fresh:
        with gzip.open(cache, "rt", encoding="utf-8") as fh:
            for line in fh:
                art = Article.from_dict(json.loads(line))
                have[art.doc] = art
    todo = [r for r in rows if r["id"] not in have]
    if todo:
        t0 = time.perf_counter()
        inputs = [
            ArticleInput(
                doc=r["id"], text=r["text"], title=r.get("title"), outlet=r.get("outlet"),
                published=r.get("published"),
            )
            for r in todo
        ]  # fmt: skip
        # Every quote: ``compare`` shows those at the default threshold and the ones under it
        # another outlet corroborates, as ``sayso compare`` does.
        for res in Extractor(batch_size=32, min_confidence=0.0).run(inputs):
            if isinstance(res, Article):
                have[res.doc] = res
        print(f"extracted {len(todo)} articles in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
        with gzip.open(cache, "wt", encoding="utf-8") as fh:
            for art in have.values():
                fh.write(json.dumps(art.to_dict(with_text=True), ensure_ascii=False) + "\n")
    return have


# --- mining shared quotes ----------------------------------------------------------------------
@dataclass(frozen=True)
class Passage:
    doc: str
    start: int
    end: int
    words: tuple[str, ...]
    offsets: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Shared:
    a: Passage
    b: Passage
    run_a: tuple[int, int]  # character offsets of the shared run in a's text
    run_b: tuple[int, int]


def passages(doc: str, text: str) -> list[Passage]:
    from sayso.quotes.marks import scan_quotes

    out = []
    for mq in scan_quotes(text):
        if mq.depth:
            continue
        for start, end in mq.spans:
            found = list(_WORD.finditer(text, start, end))
            if found:
                ws = tuple(m.group().lower().replace("\u2019", "'") for m in found)
                out.append(Passage(doc, start, end, ws, tuple((m.start(), m.end()) for m in found)))
    return out


def shared_quotes(arts: Sequence[Any]) -> list[Shared]:
    found: list[Shared] = []
    ps = {a.doc: passages(a.doc, a.text) for a in arts}
    for x, a in enumerate(arts):
        for b in arts[x + 1 :]:
            if a.outlet == b.outlet:
                continue
            for pa in ps[a.doc]:
                for pb in ps[b.doc]:
                    m = SequenceMatcher(None, pa.words, pb.words, autojunk=False).find_longest_match(
                        0, len(pa.words), 0, len(pb.words)
                    )
                    if m.size >= MIN_RUN:
                        run_a = (pa.offsets[m.a][0], pa.offsets[m.a + m.size - 1][1])
                        run_b = (pb.offsets[m.b][0], pb.offsets[m.b + m.size - 1][1])
                        found.append(Shared(pa, pb, run_a, run_b))
    return found


def plain_label(text_a: str, text_b: str) -> str:
    """The textual relation of two quoted passages, with no alignment machinery at all."""
    from sayso.compare.normalize import tokens, typographic, words

    if typographic(text_a) == typographic(text_b):
        return "verbatim"
    wa, wb = words(text_a), words(text_b)
    if wa == wb:
        return "punctuation"
    for short_text, long_words in ((text_a, wb), (text_b, wa)):
        toks = tokens(short_text)
        pieces: list[list[str]] = [[]]
        for t in toks:
            if t == "\u2026":
                pieces.append([])
            else:
                pieces[-1].append(t)
        pieces = [p for p in pieces if p]
        if not pieces or sum(map(len, pieces)) >= len(long_words):
            continue
        pos, ok = 0, True
        for p in pieces:
            at = _find(long_words, p, pos)
            if at < 0:
                ok = False
                break
            pos = at + len(p)
        if ok:
            return "partial"
    return "altered"


def _find(seq: Sequence[str], sub: Sequence[str], start: int) -> int:
    n = len(sub)
    for i in range(start, len(seq) - n + 1):
        if list(seq[i : i + n]) == list(sub):
            return i
    return -1


# --- scoring ---------------------------------------------------------------------------------
def _overlaps(spans: Iterable[Any], run: tuple[int, int]) -> bool:
    return any(sp.start < run[1] and run[0] < sp.end for sp in spans)


@dataclass
class Tally:
    shared: int = 0
    extracted: int = 0
    paired: int = 0
    agree: int = 0
    judged: int = 0
    groups_multi: int = 0
    misattributed: int = 0
    false_mis: int = 0
    labelled_mis: int = 0
    seconds: float = 0.0
    stories: int = 0

    def add(self, other: Tally) -> None:
        for k in vars(self):
            setattr(self, k, getattr(self, k) + getattr(other, k))


def pair_relation(group: Any, doc_a: str, doc_b: str, quotes: dict[str, set[str]] | None = None) -> str:
    """What the comparison says of this pair: its diff entry (the wording when the model has
    it; the entry of the two quotes holding the shared run when an outlet has two renderings),
    else the group's relation (the format before per-pair diffs)."""
    entries = [d for d in group.diff if {d.a, d.b} == {doc_a, doc_b}]
    if quotes is not None:
        exact = [
            d
            for d in entries
            if getattr(d, "quote_a", None) in quotes.get(d.a, set())
            and getattr(d, "quote_b", None) in quotes.get(d.b, set())
        ]
        entries = exact or entries
    for d in entries:
        return str(getattr(d, "wording", None) or d.relation)
    if group.relation in ("verbatim", "punctuation", "partial", "altered"):
        return str(group.relation)
    return "verbatim" if group.relation == "misattributed" else str(group.relation)


def score_story(
    arts: list[Any], labels: dict[tuple[str, int, int], bool], show: list[Any], confusion: dict[str, int]
) -> Tally:
    from sayso.compare.api import compare
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    t = Tally(stories=1)
    t0 = time.perf_counter()
    cmp = compare(arts, DEFAULT_MIN_CONFIDENCE)
    t.seconds = time.perf_counter() - t0
    texts = {a.doc: a.text for a in arts}
    quotes_of = {a.doc: a.quotes for a in cmp.articles}  # the quotes a user is shown
    for g in cmp.groups:
        docs = {o.doc for o in g.occurrences}
        if len(docs) < 2:
            continue
        t.groups_multi += 1
        if g.relation == "misattributed":
            t.misattributed += 1
            verdicts = [
                labels[(o.doc, sp.start, sp.end)]
                for o in g.occurrences
                for sp in o.content_spans
                if (o.doc, sp.start, sp.end) in labels
            ]
            if verdicts:
                t.labelled_mis += 1
                t.false_mis += not all(verdicts)
            show.append((g, texts))
    for s in shared_quotes(arts):
        t.shared += 1
        ext_a = any(_overlaps(q.content_spans, s.run_a) for q in quotes_of[s.a.doc])
        ext_b = any(_overlaps(q.content_spans, s.run_b) for q in quotes_of[s.b.doc])
        t.extracted += ext_a and ext_b
        both = [
            g
            for g in cmp.groups
            if any(o.doc == s.a.doc and _overlaps(o.content_spans, s.run_a) for o in g.occurrences)
            and any(o.doc == s.b.doc and _overlaps(o.content_spans, s.run_b) for o in g.occurrences)
        ]
        if not both:
            if DEBUG:
                print(f"# unpaired {s.a.doc} {s.a.start}-{s.a.end} {s.b.doc} {s.b.start}-{s.b.end}")
                for doc, run in ((s.a.doc, s.run_a), (s.b.doc, s.run_b)):
                    for g in cmp.groups:
                        for o in g.occurrences:
                            if o.doc == doc and _overlaps(o.content_spans, run):
                                print(
                                    "   ", g.id, g.relation, o.doc, o.kind, o.speaker, repr(o.content[:150])
                                )
            continue
        t.paired += 1
        holding = {
            doc: {o.quote_id for o in both[0].occurrences if o.doc == doc and _overlaps(o.content_spans, run)}
            for doc, run in ((s.a.doc, s.run_a), (s.b.doc, s.run_b))
        }
        said = pair_relation(both[0], s.a.doc, s.b.doc, holding)
        plain = plain_label(texts[s.a.doc][s.a.start : s.a.end], texts[s.b.doc][s.b.start : s.b.end])
        t.judged += 1
        t.agree += said == plain
        confusion[f"{plain}->{said}"] += 1
        if said != plain and DEBUG:
            print(f"# {plain}->{said} {s.a.doc} {s.a.start}-{s.a.end} {s.b.doc} {s.b.start}-{s.b.end}")
            print("   A:", texts[s.a.doc][s.a.start : s.a.end][:300])
            print("   B:", texts[s.b.doc][s.b.start : s.b.end][:300])
            for o in both[0].occurrences:
                print("   occ", o.doc, o.kind, o.relation, repr(o.content[:200]))
    return t


def read_labels(path: Path | None) -> dict[tuple[str, int, int], bool]:
    """``doc start end verdict`` lines: verdict ``true`` when the misattribution is real."""
    out: dict[tuple[str, int, int], bool] = {}
    if path is None or not path.exists():
        return out
    for line in path.read_text("utf-8").splitlines():
        cols = line.split("\t")
        if len(cols) >= 4 and not line.startswith("#") and cols[1].isdigit() and cols[3] in ("true", "false"):
            out[(cols[0], int(cols[1]), int(cols[2]))] = cols[3] == "true"
    return out


def report(name: str, t: Tally) -> None:
    def ratio(a: int, b: int) -> str:
        return f"{a / b:.3f} ({a}/{b})" if b else "n/a"

    print(f"[{name}] {t.stories} stories")
    print(f"  shared quotes (6+ words in marks, 2 outlets)   {t.shared}")
    print(f"  pairing recall, all shared quotes              {ratio(t.paired, t.shared)}")
    print(f"  pairing recall, both sides extracted           {ratio(t.paired, t.extracted)}")
    print(f"  groups of 2+ outlets flagged misattributed     {ratio(t.misattributed, t.groups_multi)}")
    if t.labelled_mis or LABELLED:
        print(f"  flagged groups hand-labelled false             {ratio(t.false_mis, t.labelled_mis)}")
        print(f"  false misattributed, of groups of 2+ outlets   {ratio(t.false_mis, t.groups_multi)}")
        print(f"  flagged groups without a label                 {t.misattributed - t.labelled_mis}")
    print(f"  relation agreement with plain labelling        {ratio(t.agree, t.judged)}")
    per = t.seconds / t.stories * 1000 if t.stories else 0.0
    print(f"  compare time                                   {t.seconds:.2f} s total, {per:.1f} ms/story")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--cache", type=Path, default=CACHE)
    parser.add_argument("--fresh", action="store_true", help="re-extract instead of using the cache")
    parser.add_argument("--labels", type=Path, default=None)
    parser.add_argument("--split", choices=["dev", "held-out", "all"], default="all")
    parser.add_argument("--show-misattributed", type=int, default=0, metavar="N")
    parser.add_argument("--confusion", action="store_true", help="print plain->said relation counts")
    parser.add_argument("--debug", action="store_true", help="print each relation disagreement")
    parser.add_argument(
        "--dump-flagged", action="store_true", help="print doc/offset label lines for the flagged groups"
    )
    args = parser.parse_args()
    global DEBUG
    DEBUG = args.debug

    allsides, examples = args.shared / "stories-allsides", args.shared / "examples"
    if not allsides.exists() and not examples.exists():
        print(f"compare_real: {args.shared} not found (stories-allsides/, examples/); nothing measured")
        return 0
    stories = read_allsides(allsides) if allsides.exists() else {}
    stories.update(read_examples(examples) if examples.exists() else {})
    rows = [r for rs in stories.values() for r in rs]
    arts = extract(rows, args.cache, args.fresh)
    labels = read_labels(args.labels)
    global LABELLED
    LABELLED = bool(labels)

    tallies: dict[str, Tally] = defaultdict(Tally)
    show: list[Any] = []
    confusion: dict[str, int] = defaultdict(int)
    for sid, rs in sorted(stories.items()):
        split = "examples" if sid == "examples" else split_of(sid)
        if args.split != "all" and split not in (args.split, "examples"):
            continue
        docs = [arts[r["id"]] for r in rs if r["id"] in arts]
        if len(docs) < 2:
            continue
        tallies[split].add(score_story(docs, labels, show, confusion))
    total = Tally()
    for name in ("dev", "held-out", "examples"):
        if name in tallies:
            report(name, tallies[name])
            if name != "examples":
                total.add(tallies[name])
    report("allsides, both splits", total)
    if args.confusion:
        for k, v in sorted(confusion.items(), key=lambda kv: -kv[1]):
            print(f"  {k:28} {v}")
    if args.dump_flagged:
        for g, _texts in show:
            for o in g.occurrences:
                for sp in o.content_spans:
                    print(f"{o.doc}\t{sp.start}\t{sp.end}\t?\t{g.id}")
    for g, _texts in show[: args.show_misattributed]:
        print(f"--- {g.id} misattributed")
        for o in g.occurrences:
            spans = " ".join(f"{sp.start}-{sp.end}" for sp in o.content_spans)
            ev = next((e for e in getattr(g, "evidence", ()) if e.doc == o.doc), None)
            src = f" source={ev.source!r}" if ev is not None else ""
            print(f"  {o.doc} {spans} speaker={o.speaker}{src}: {o.content[:90]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
