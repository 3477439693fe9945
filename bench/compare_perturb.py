"""Synthetic perturbations of real articles: does ``compare`` name each change right?

Issue 11's test of the comparison against known answers. Each sampled real article (from
``../shared/corpus/news-5k.jsonl.gz``, never copied into the repository) is extracted once; a
second copy of its text is made in which each direct quote the extraction found gets one change,
chosen by a seeded generator, whose right relation is known by construction:

=================  ===========================================================  =================
change             what the copy does to the quoted words                       expected
=================  ===========================================================  =================
``keep``           nothing                                                      ``verbatim``
``cut``            drops the last words (at least three, keeping five or more)  ``partial``
``ellipsis``       replaces words in the middle by " ... "                      ``partial``
``reword``         replaces one word by another (passages of 6+ words)          ``altered``
``punctuate``      adds a comma after a word, or drops a final stop             ``punctuation``
``remove``         deletes the paragraphs that hold the quote                   ``single_source``
``remove-teased``  the same, for a quote with a teaser in another paragraph     ``partial``
``reassign``       puts another person the article names in the source words    ``misattributed``
=================  ===========================================================  =================

The copy is extracted like any article (the model runs on it: the measure includes what the
extraction does with the changed text), both are compared as two outlets of one story, and each
original quote's group relation is checked against the expected one. A quote whose copy the
extraction does not find at all is counted apart ("lost"), as is a change the extraction
itself turned into another one. ``reword`` is applied to passages of six words or more only:
by the alignment's documented rule (docs/compare.md) a shorter quote joins another only when
most of its words match, and one word in four or five changed is not evidence of one utterance.
``reassign`` is offered only for a source that no other direct quote shares: renaming "Rouhani"
in 'Rouhani said ...' followed by two quotes gives both to the new name, and the other quote,
changed in its own way, would be expected to keep its speaker (twentieth session). A quote
whose words recur inside a fuller quote of the same speaker (a teaser in the lead, the whole line
below) is one utterance with it: the teaser is left as it is, in a paragraph no change touches,
and only the full quote is changed; removed, the utterance is still partly in the copy.
Prints figures; asserts nothing.

Usage: .venv/bin/python bench/compare_perturb.py [--articles 60] [--seed 0] [--show 10]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from sayso.model import Article, ArticleInput, Quote, Relation

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "news-5k.jsonl.gz"

EXPECTED: dict[str, Relation] = {
    "keep": "verbatim",
    "cut": "partial",
    "ellipsis": "partial",
    "reword": "altered",
    "punctuate": "punctuation",
    "remove": "single_source",
    "remove-teased": "partial",
    "reassign": "misattributed",
}
#: Words put in place of a quoted word by ``reword``: any word that is not the one replaced.
FILLERS = ("certainly", "plainly", "frankly", "entirely", "honestly")
_WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019-]*")
_PERSON = re.compile(r"^[A-Z][a-z]+(?: [A-Z]\.)?(?: [A-Z][a-z'\u2019-]+)+$")


@dataclass(frozen=True)
class Edit:
    """Replace ``text[start:end]`` by ``new`` in the copy."""

    start: int
    end: int
    new: str


@dataclass(frozen=True)
class Change:
    quote_id: str
    change: str
    edits: tuple[Edit, ...]


def _teasers(quotes: Sequence[Quote]) -> dict[str, list[Quote]]:
    """Direct quotes whose words recur, in a row, inside a fuller direct or mixed quote of the
    same speaker in the article (a teaser in the lead, the full line below): by quote id of the full
    quote. Teaser and full quote are one utterance, so a change to one leaves it whole in the
    other; the teaser is not changed and the change of its full quote is judged with it."""
    quoting = [q for q in quotes if q.kind != "indirect" and q.content_spans and q.speaker]
    words = {q.id: [w.lower().strip("'\u2019-") for w in _WORD.findall(q.content)] for q in quoting}
    out: dict[str, list[Quote]] = {}
    for t in quoting:
        if t.kind != "direct":
            continue
        tw = words[t.id]
        for f in quoting:
            fw = words[f.id]
            if f is t or f.speaker != t.speaker or not 0 < len(tw) < len(fw):
                continue
            if any(fw[i : i + len(tw)] == tw for i in range(len(fw) - len(tw) + 1)):
                out.setdefault(f.id, []).append(t)
    return out


def _words(text: str, start: int, end: int) -> list[tuple[int, int]]:
    return [(start + m.start(), start + m.end()) for m in _WORD.finditer(text[start:end])]


def _passage(q: Quote) -> tuple[int, int]:
    """The longest quoted passage of a direct quote (inside its marks)."""
    span = max(q.content_spans, key=lambda s: s.end - s.start)
    return span.start, span.end


def _paragraph(text: str, at: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return start, len(text) if end < 0 else end + 1


def plan(article: Article, rng: random.Random) -> list[Change]:
    """One change per direct quote (non-overlapping), chosen at random among those that apply."""
    text = article.text
    # People the article names as speakers, by full name (for ``reassign``).
    people = sorted({s.name for s in article.speakers if s.kind == "person" and _PERSON.match(s.name)})
    # A source span two direct quotes share ("Rouhani said ... Two quotes follow") is not
    # reassigned: the edit would give the other quote, changed in its own way, to that person too.
    sources = Counter(
        (q.source.start, q.source.end) for q in article.quotes if q.kind == "direct" and q.source
    )
    teasers = _teasers(article.quotes)
    teaser_ids = {t.id for ts in teasers.values() for t in ts}
    # no change lands in a paragraph holding a teaser: it stays as the full quote's witness
    taken: list[tuple[int, int]] = [
        (_paragraph(text, t.content_spans[0].start)[0], _paragraph(text, t.content_spans[-1].end - 1)[1])
        for ts in teasers.values()
        for t in ts
    ]
    changes: list[Change] = []
    for q in sorted(article.quotes, key=lambda q: q.start):
        if q.kind != "direct" or not q.content_spans or q.id in teaser_ids:
            continue
        s, e = _passage(q)
        # every paragraph the quote touches (a quote may run over several)
        para = (
            _paragraph(text, q.content_spans[0].start)[0],
            _paragraph(text, q.content_spans[-1].end - 1)[1],
        )
        if any(not (para[1] <= a or para[0] >= b) for a, b in taken):
            continue  # one change per paragraph keeps the changes apart
        ws = _words(text, s, e)
        # removed, the utterance is still in the copy through a teaser of it elsewhere: partial
        gone = "remove-teased" if q.id in teasers else "remove"
        options: list[Change] = [Change(q.id, "keep", ())]
        if len(ws) >= 8:
            keep = max(5, len(ws) - rng.randint(3, max(3, len(ws) // 2)))
            # cut after the last kept word; the closing mark stays where it was
            options.append(Change(q.id, "cut", (Edit(ws[keep - 1][1], e, ""),)))
        if len(ws) >= 10:
            a = rng.randint(3, len(ws) - 6)
            b = a + rng.randint(1, 3)
            options.append(Change(q.id, "ellipsis", (Edit(ws[a - 1][1], ws[b][0], " ... "),)))
        if len(ws) >= 6:
            i = rng.randint(1, len(ws) - 2)
            word = text[ws[i][0] : ws[i][1]].lower()
            filler = next(f for f in FILLERS if f != word)
            options.append(Change(q.id, "reword", (Edit(ws[i][0], ws[i][1], filler),)))
            j = rng.randint(0, len(ws) - 3)
            if text[ws[j][1] : ws[j][1] + 1] == " ":
                options.append(Change(q.id, "punctuate", (Edit(ws[j][1], ws[j][1], ","),)))
        options.append(Change(q.id, gone, (Edit(para[0], para[1], ""),)))
        if q.source is not None and q.speaker in people and sources[(q.source.start, q.source.end)] == 1:
            named = q.source.text
            surname = q.speaker.split()[-1]
            others = [p for p in people if p.split()[-1] != surname]
            if others and named in (q.speaker, surname):
                other = rng.choice(others)
                new = other if named == q.speaker else other.split()[-1]
                options.append(Change(q.id, "reassign", (Edit(q.source.start, q.source.end, new),)))
        pick = rng.choice(options)
        changes.append(pick)
        taken.append(para)
    return changes


def apply(text: str, changes: Sequence[Change]) -> str:
    edits = sorted((e for c in changes for e in c.edits), key=lambda e: e.start, reverse=True)
    for e in edits:
        text = text[: e.start] + e.new + text[e.end :]
    return text


def sample(path: Path, n: int, seed: int) -> list[ArticleInput]:
    """``n`` articles of 1,500-12,000 characters with quotation marks, by a seeded draw."""
    rows = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            obj = json.loads(line)
            text = obj.get("text") or ""
            if 1500 <= len(text) <= 12000 and text.count("\u201c") + text.count('"') >= 6:
                rows.append(obj)
    rng = random.Random(seed)
    rng.shuffle(rows)
    return [
        ArticleInput(doc=str(o["id"]), text=o["text"], title=o.get("title"), outlet="original")
        for o in rows[:n]
    ]


def _extract(items: list[ArticleInput], cache: Path | None) -> Iterator[Article]:
    """Extract every quote; with ``cache``, reuse articles of the same text."""
    import hashlib

    from sayso.pipeline import extract_many

    def key(a: ArticleInput) -> str:
        return hashlib.sha1(f"{a.doc}\0{a.outlet}\0{a.text}".encode()).hexdigest()

    stored: dict[str, dict[str, object]] = {}
    if cache is not None and cache.exists():
        with gzip.open(cache, "rt", encoding="utf-8") as fh:
            stored = {k: v for line in fh for k, v in json.loads(line).items()}
    todo = [a for a in items if key(a) not in stored]
    fresh = {key(a): a for a in todo}
    for done in extract_many(todo, batch_size=16):
        if isinstance(done, Article):
            match = next(k for k, a in fresh.items() if a.doc == done.doc)
            stored[match] = done.to_dict()
    if cache is not None and todo:
        with gzip.open(cache, "wt", encoding="utf-8") as fh:
            for k, v in stored.items():
                fh.write(json.dumps({k: v}) + "\n")
    by_doc = {a.doc: a for a in items}
    for a in items:
        data = stored.get(key(a))
        if data is not None:
            yield Article.from_dict(data, text=by_doc[a.doc].text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--articles", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=0, help="print up to N wrong cases (ids, relation)")
    parser.add_argument("--cache", type=Path, default=None, help="reuse extractions kept in this file")
    args = parser.parse_args(argv)
    if not args.corpus.exists():
        print(f"compare_perturb: {args.corpus} not found; nothing to measure")
        return 0
    from sayso.compare.api import compare
    from sayso.pipeline.extractor import confident
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    t0 = time.perf_counter()
    # The changes go to the quotes a user is shown (the default threshold); the comparison gets
    # every quote and the threshold, as ``sayso compare`` does.
    originals = list(_extract(sample(args.corpus, args.articles, args.seed), args.cache))
    rng = random.Random(args.seed)
    plans = {a.doc: plan(confident(a, DEFAULT_MIN_CONFIDENCE), rng) for a in originals}
    copies_in = [
        ArticleInput(doc=a.doc + "~copy", text=apply(a.text, plans[a.doc]), title=a.title, outlet="copy")
        for a in originals
    ]
    copies = {c.doc: c for c in _extract(copies_in, args.cache)}
    model_s = time.perf_counter() - t0

    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    got: Counter[tuple[str, str]] = Counter()
    wrong: list[tuple[str, str, str, str]] = []
    compare_s = 0.0
    for a in originals:
        copy = copies.get(a.doc + "~copy")
        if copy is None:
            continue
        t1 = time.perf_counter()
        comparison = compare([a, copy], DEFAULT_MIN_CONFIDENCE)
        compare_s += time.perf_counter() - t1
        group_of = {o.quote_id: g for g in comparison.groups for o in g.occurrences if o.doc == a.doc}
        for c in plans[a.doc]:
            g = group_of.get(c.quote_id)
            relation = g.relation if g is not None else "missing"
            if relation == "single_source" and c.change not in ("remove", "remove-teased"):
                relation = "lost"
            total[c.change] += 1
            got[(c.change, relation)] += 1
            if relation == EXPECTED[c.change]:
                right[c.change] += 1
            else:
                wrong.append((a.doc, c.quote_id, c.change, relation))
    n, ok = sum(total.values()), sum(right.values())
    lost = sum(v for (ch, rel), v in got.items() if rel == "lost")
    print(
        f"compare_perturb: {len(originals)} real articles (seed {args.seed}), {n} changed quotes; "
        f"model {model_s:.0f} s, compare {compare_s:.2f} s"
    )
    print(
        f"right {ok}/{n} = {ok / max(1, n):.3f}; right where the copy's quote was found: "
        f"{ok}/{n - lost} = {ok / max(1, n - lost):.3f} ({lost} lost by the extraction)"
    )
    for ch in EXPECTED:
        if total[ch]:
            rels = ", ".join(f"{rel} {v}" for (c, rel), v in sorted(got.items()) if c == ch)
            print(f"  {ch:10} {right[ch]:4}/{total[ch]:<4} -> {EXPECTED[ch]:14} got: {rels}")
    for doc, qid, ch, rel in wrong[: args.show]:
        print(f"  wrong: {doc} {qid} {ch} -> {rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
