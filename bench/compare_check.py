"""Hand-checked comparison of quotes that outlets share (issue 11, point 7); prints figures only.

``bench/compare_real.py`` scores the relation ``sayso compare`` gives a shared quote against a
*plain textual labelling*, which is itself a program. This script holds the comparison to
people's verdicts instead. It mines the quotes two outlets of one story share (a run of 6+
identical words inside quotation marks, the miner of ``compare_real.py``) in

* ``../shared/stories-allsides`` (real leads of 2-3 outlets per story),
* ``../shared/examples`` (two real articles of one event),
* the stories the hand-judged *same* pairs of ``bench/stories_judged.tsv`` form in
  ``../shared/corpus/news-5k.jsonl.gz`` (full articles),

takes a fixed sample of them (seeded hash of doc ids and offsets, so a change of extraction does
not move the sample), and reads the verdicts of ``bench/compare_checked.tsv``: per shared quote,
the two quoted passages by doc id and character offsets (no text), and

* ``relation``: what a careful reader calls the two renderings of the utterance: ``verbatim``,
  ``punctuation`` (same words), ``partial`` (one is the other cut at either end or at marked
  ellipses), ``altered`` (words added, dropped or changed without a mark) or ``different`` (two
  different utterances sharing a phrase);
* ``speakers``: ``same`` when both outlets give the words to one person (as they write it),
  ``different`` when they name two people, ``unclear`` when an article does not say;
* ``a`` and ``b``: whether the speaker sayso shows for that outlet's occurrence is right
  (``ok``), another person (``wrong``), or missing (``none``).

It prints, against the verdicts: pairing recall (both sides in one group), relation agreement
(sayso's pair relation, and, for calibration, the plain labelling's), speakers shown right, and
false alarms (a pair the readers give one speaker that sayso flags ``misattributed`` or gives two
different linked speakers). ``--sheet FILE`` writes a judging sheet of the unjudged sampled
quotes (contexts and sayso's output, JSON Lines) for a person to read: keep it outside the
repository, it holds article text. Without ``../shared`` the script says so and exits 0.

Usage: .venv/bin/python bench/compare_check.py [--sample 100] [--sheet /tmp/sheet.jsonl]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare_real import (
    SHARED,
    Shared,
    _overlaps,
    extract,
    pair_relation,
    plain_label,
    read_allsides,
    read_examples,
    shared_quotes,
)
from stories_eval import read_labels as read_story_labels
from stories_small import components

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "bench" / "compare_checked.tsv"
CACHE = "/tmp/sayso-compare-check-all-{}.jsonl.gz"  # one per source: extract() rewrites its cache whole
COLUMNS = (
    "doc_a", "start_a", "end_a", "doc_b", "start_b", "end_b",
    "relation", "speakers", "a", "b", "note", "seen",
)  # fmt: skip
RELATIONS = ("verbatim", "punctuation", "partial", "altered", "different")
SPEAKERS = ("same", "different", "unclear")
SHOWN = ("ok", "wrong", "none")

Key = tuple[str, int, int, str, int, int]


@dataclass(frozen=True)
class Outcome:
    """What sayso made of one shared quote."""

    source: str  # allsides | examples | news-5k
    shared: Shared
    paired: bool
    relation: str | None  # the pair's relation when paired
    plain: str
    speaker_a: str | None  # the cross-article speaker sayso shows for each side
    speaker_b: str | None
    flagged: bool  # the group holding both sides is 'misattributed'

    @property
    def seen(self) -> str:
        """A short hash of the speakers sayso showed when a verdict was given (no text is
        stored): where it now shows others, the verdicts on its speakers (``a``, ``b``) are
        stale; those on the two renderings (``relation``, ``speakers``) never are."""
        shown = f"{self.speaker_a}|{self.speaker_b}"
        return hashlib.sha1(shown.encode("utf-8")).hexdigest()[:8]

    @property
    def key(self) -> Key:
        s = self.shared
        return (s.a.doc, s.a.start, s.a.end, s.b.doc, s.b.start, s.b.end)


def news_stories(corpus: Path, judged: Path) -> dict[str, list[dict[str, Any]]]:
    """The stories that the judged *same* pairs of news-5k form, as rows of the corpus."""
    if not corpus.exists() or not judged.exists():
        return {}
    import gzip

    pairs = [(j.a, j.b) for j in read_story_labels(judged) if j.same]
    groups = components(pairs)
    wanted = {d for g in groups for d in g}
    rows: dict[str, dict[str, Any]] = {}
    with gzip.open(corpus, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row["id"] in wanted:
                rows[row["id"]] = row
    return {f"news-{min(g)}": [rows[d] for d in sorted(g) if d in rows] for g in groups}


def _speaker(cmp: Any, group: Any, doc: str, run: tuple[int, int]) -> str | None:
    names = {s.id: s.name for s in cmp.speakers}
    for o in group.occurrences:
        if o.doc == doc and _overlaps(o.content_spans, run):
            sid = o.speaker or getattr(o, "claimed_speaker", None)
            return names.get(sid) if sid else None
    return None


def outcomes(source: str, arts: list[Any]) -> list[Outcome]:
    """Every shared quote of one story, with what the comparison made of it."""
    from sayso.compare.api import compare
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    cmp = compare(arts, DEFAULT_MIN_CONFIDENCE)
    texts = {a.doc: a.text for a in arts}
    out = []
    for s in shared_quotes(arts):
        plain = plain_label(texts[s.a.doc][s.a.start : s.a.end], texts[s.b.doc][s.b.start : s.b.end])
        both = [
            g
            for g in cmp.groups
            if any(o.doc == s.a.doc and _overlaps(o.content_spans, s.run_a) for o in g.occurrences)
            and any(o.doc == s.b.doc and _overlaps(o.content_spans, s.run_b) for o in g.occurrences)
        ]
        if not both:
            out.append(Outcome(source, s, False, None, plain, None, None, False))
            continue
        g = both[0]
        holding = {
            doc: {o.quote_id for o in g.occurrences if o.doc == doc and _overlaps(o.content_spans, run)}
            for doc, run in ((s.a.doc, s.run_a), (s.b.doc, s.run_b))
        }
        out.append(
            Outcome(
                source,
                s,
                True,
                pair_relation(g, s.a.doc, s.b.doc, holding),
                plain,
                _speaker(cmp, g, s.a.doc, s.run_a),
                _speaker(cmp, g, s.b.doc, s.run_b),
                g.relation == "misattributed",
            )
        )
    return out


def sample(found: Sequence[Outcome], n: int, seed: int) -> list[Outcome]:
    """A fixed pseudo-random sample: the first ``n`` by a seeded hash of the pair's ids and offsets."""

    def rank(o: Outcome) -> str:
        return hashlib.sha1(f"{seed}:{':'.join(map(str, o.key))}".encode()).hexdigest()

    return sorted(found, key=rank)[:n]


def read_verdicts(path: Path) -> dict[Key, dict[str, str]]:
    if not path.exists():
        return {}
    out: dict[Key, dict[str, str]] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#") or line.startswith("doc_a\t"):
            continue
        cols = dict(zip(COLUMNS, line.split("\t"), strict=False))
        if (
            cols.get("relation") not in RELATIONS
            or cols.get("speakers") not in SPEAKERS
            or cols.get("a") not in SHOWN
            or cols.get("b") not in SHOWN
        ):
            raise SystemExit(f"{path}:{n}: expected {'<TAB>'.join(COLUMNS)} with known verdicts")
        key = (
            cols["doc_a"],
            int(cols["start_a"]),
            int(cols["end_a"]),
            cols["doc_b"],
            int(cols["start_b"]),
            int(cols["end_b"]),
        )
        out[key] = cols
    return out


def sheet_row(o: Outcome, texts: dict[str, str]) -> dict[str, Any]:
    s = o.shared

    def around(doc: str, start: int, end: int) -> str:
        t = texts[doc]
        return t[max(0, start - 400) : start] + "[[" + t[start:end] + "]]" + t[end : end + 300]

    return {
        "key": "\t".join(map(str, o.key)),
        "seen": o.seen,
        "a": {"doc": s.a.doc, "context": around(s.a.doc, s.a.start, s.a.end), "sayso_speaker": o.speaker_a},
        "b": {"doc": s.b.doc, "context": around(s.b.doc, s.b.start, s.b.end), "sayso_speaker": o.speaker_b},
        "sayso": {"paired": o.paired, "relation": o.relation, "misattributed": o.flagged},
    }


def report(picked: Sequence[Outcome], verdicts: dict[Key, dict[str, str]]) -> None:
    judged = [(o, verdicts[o.key]) for o in picked if o.key in verdicts]
    print(f"compare_check: sample of {len(picked)} shared quotes, judged {len(judged)}")
    by_source = Counter(o.source for o, _ in judged)
    print("  by source: " + ", ".join(f"{k} {v}" for k, v in sorted(by_source.items())))
    same_utterance = [(o, v) for o, v in judged if v["relation"] != "different"]
    paired = [(o, v) for o, v in same_utterance if o.paired]
    print(f"  one utterance by the readers: {len(same_utterance)}; put in one group: {len(paired)}")
    joined_wrongly = sum(o.paired for o, v in judged if v["relation"] == "different")
    print(f"  two utterances by the readers, put in one group: {joined_wrongly}")
    if paired:
        agree = sum(o.relation == v["relation"] for o, v in paired)
        plain = sum(o.plain == v["relation"] for o, v in paired)
        print(
            f"  relation agreement with the readers: sayso {agree}/{len(paired)} = {agree / len(paired):.3f}"
        )
        print(
            f"  (the plain labelling of compare_real.py: {plain}/{len(paired)} = {plain / len(paired):.3f})"
        )
        confusion = Counter(
            f"{v['relation']}->{o.relation}" for o, v in paired if o.relation != v["relation"]
        )
        for k, n in confusion.most_common():
            print(f"     readers->sayso {k}: {n}")
    shown = Counter(v[side] for _, v in paired for side in ("a", "b") if v[side])
    total = sum(shown.values())
    if total:
        print(
            f"  speakers shown for paired sides: ok {shown['ok']}/{total} = {shown['ok'] / total:.3f}, "
            f"wrong {shown['wrong']}, none {shown['none']}"
        )
    one = [(o, v) for o, v in paired if v["speakers"] == "same"]
    split = sum(o.flagged or bool(o.speaker_a and o.speaker_b and o.speaker_a != o.speaker_b) for o, _ in one)
    flagged = sum(o.flagged for o, _ in one)
    print(
        f"  pairs the readers give one speaker: {len(one)}; flagged misattributed {flagged}, "
        f"shown with two different speakers {split}"
    )
    two = [(o, v) for o, v in paired if v["speakers"] == "different"]
    print(
        f"  pairs the outlets give two different people: {len(two)}; flagged {sum(o.flagged for o, _ in two)}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--labels", type=Path, default=LABELS)
    parser.add_argument("--sample", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--sheet", type=Path, default=None, help="write unjudged items here (outside the repo)"
    )
    parser.add_argument("--fresh", action="store_true", help="re-extract instead of using the caches")
    parser.add_argument(
        "--disagreements",
        action="store_true",
        help="print each judged item sayso got otherwise (terminal only)",
    )
    args = parser.parse_args(argv)
    allsides, examples = args.shared / "stories-allsides", args.shared / "examples"
    corpus = args.shared / "corpus" / "news-5k.jsonl.gz"
    if not (allsides.exists() or examples.exists() or corpus.exists()):
        print(f"compare_check: {args.shared} not found; nothing measured")
        return 0
    found: list[Outcome] = []
    texts: dict[str, str] = {}
    sources = (
        ("allsides", read_allsides(allsides) if allsides.exists() else {}),
        ("examples", read_examples(examples) if examples.exists() else {}),
        ("news-5k", news_stories(corpus, ROOT / "bench" / "stories_judged.tsv")),
    )
    for name, stories in sources:
        rows = [r for rs in stories.values() for r in rs]
        if not rows:
            continue
        arts = extract(rows, Path(CACHE.format(name)), args.fresh)
        for _sid, rs in sorted(stories.items()):
            docs = [arts[r["id"]] for r in rs if r["id"] in arts]
            if len(docs) >= 2:
                texts.update({a.doc: a.text for a in docs})
                found.extend(outcomes(name, docs))
    picked = sample(found, args.sample, args.seed)
    print(
        f"compare_check: {len(found)} shared quotes mined "
        + "("
        + ", ".join(f"{k} {v}" for k, v in sorted(Counter(o.source for o in found).items()))
        + ")"
    )
    verdicts = read_verdicts(args.labels)
    stale = {
        o.key for o in picked if o.key in verdicts and verdicts[o.key].get("seen") not in ("", None, o.seen)
    }
    for key in stale:  # judged when sayso showed other speakers: judge those again
        verdicts[key] = {**verdicts[key], "a": "", "b": ""}
    if stale:
        print(f"compare_check: {len(stale)} items show other speakers than when judged: judge a and b again")
    report(picked, verdicts)
    if args.disagreements:
        for o in picked:
            v = verdicts.get(o.key)
            if v is None or not o.paired:
                continue
            same = v["speakers"] != "same" or not (
                o.flagged or (o.speaker_a and o.speaker_b and o.speaker_a != o.speaker_b)
            )
            if o.relation == v["relation"] and same and v["a"] == v["b"] == "ok":
                continue
            s = o.shared
            print(
                f"\n# {s.a.doc} {s.a.start}-{s.a.end} / {s.b.doc} {s.b.start}-{s.b.end}: "
                f"readers {v['relation']} {v['speakers']} a={v['a']} b={v['b']} ({v['note']}); "
                f"sayso {o.relation} {o.speaker_a!r} / {o.speaker_b!r}{' MISATTRIBUTED' if o.flagged else ''}"
            )
            print("   A:", texts[s.a.doc][s.a.start : s.a.end][:300].replace("\n", " "))
            print("   B:", texts[s.b.doc][s.b.start : s.b.end][:300].replace("\n", " "))
    if args.sheet:
        todo = [sheet_row(o, texts) for o in picked if o.key not in verdicts or not verdicts[o.key]["a"]]
        args.sheet.write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in todo), encoding="utf-8"
        )
        print(f"  {len(todo)} unjudged items written to {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
