"""Group the quotes of several articles into utterances and name how each outlet renders them.

Matching works on *segments* (the sentences of a quote, see ``normalize.segments``), because
outlets split, join and truncate quotations but rarely reword inside a sentence beyond a few
words. Candidate segment pairs come from an inverted index on words (no all-pairs scan); each
pair is scored with ``difflib.SequenceMatcher`` on normalised word lists. Pairs are then merged
greedily, best first, under one rule: a segment group holds at most one segment per article. That
rule is what keeps two different utterances of one outlet apart ("I'm sorry" said twice is two
groups; a third outlet's single "I'm sorry" joins whichever scores best). Quotes whose segments
share a group form one utterance group, which is how a quote split in one outlet and joined in
another ends up together.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher

from sayso.compare.normalize import ELLIPSIS, segments, tokens, typographic, words
from sayso.compare.speakers import SpeakerLinks, local_key
from sayso.model import Alignment, Article, Occurrence, Relation, Span, WordChange, WordDiff

#: Severity order: a group's relation is the most severe relation between any outlet and the
#: fullest rendering (misattributed and single_source are decided before this order applies).
_SEVERITY: dict[str, int] = {"verbatim": 0, "punctuation": 1, "partial": 2, "altered": 3}

#: A segment pair counts as one utterance when at least this share of the shorter side's words
#: match in order (lower for same-speaker pairs than for pairs that would be a misattribution).
MIN_CONTAINMENT = 0.6
MIN_CONTAINMENT_OTHER_SPEAKER = 0.75


@dataclass(frozen=True, slots=True)
class _Segment:
    article: int
    quote: int
    order: int  # position among the segments of its quote
    start: int  # offsets into the article text
    end: int
    words: tuple[str, ...]
    speaker: str | None


def _segments(articles: Sequence[Article], links: SpeakerLinks) -> list[_Segment]:
    """The sentences of every quote, cut inside each content span so offsets stay exact."""
    out: list[_Segment] = []
    for ai, art in enumerate(articles):
        for qi, q in enumerate(art.quotes):
            speaker = links.of(ai, local_key(q.speaker_id, q.speaker))
            pieces = [(sp.start + x, sp.start + y) for sp in q.content_spans for x, y in segments(sp.text)]
            if not q.content_spans:  # a quote without offsets still takes part, by its content
                pieces = [(-1, -1)]
            n = 0
            for start, end in pieces:
                text = q.content if start < 0 else art.text[start:end]
                ws = tuple(words(text))
                if ws:
                    out.append(_Segment(ai, qi, n, start, end, ws, speaker))
                    n += 1
    return out


def pair_score(a: Sequence[str], b: Sequence[str], same_speaker: bool | None) -> float | None:
    """How well two word lists match as one utterance (higher is better), or None if they don't.

    ``same_speaker`` is True/False when both sides have a linked speaker, None when one is
    unknown. Short fragments (three words or fewer) match only when fully contained and not
    attributed to different people: a shared "thank you" is no evidence of one utterance.
    """
    short, long_ = sorted((len(a), len(b)))
    if short == 0:
        return None
    sm = SequenceMatcher(None, a, b, autojunk=False)
    blocks = sm.get_matching_blocks()
    matched = sum(bl.size for bl in blocks)
    biggest = max(bl.size for bl in blocks)
    containment = matched / short
    if short <= 3:
        if matched < short or same_speaker is False:
            return None
        if same_speaker is None and long_ > 2 * short + 2:
            return None
    else:
        floor = MIN_CONTAINMENT_OTHER_SPEAKER if same_speaker is False else MIN_CONTAINMENT
        if containment < floor or matched < 3 or biggest < min(3, short):
            return None
    return matched / long_ + containment + (0.1 if same_speaker else 0.0)


class _UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)
        return min(ra, rb)


def _segment_groups(segs: list[_Segment]) -> _UnionFind:
    index: dict[str, list[int]] = defaultdict(list)
    for i, s in enumerate(segs):
        for w in set(s.words):
            index[w].append(i)
    shared: dict[tuple[int, int], int] = defaultdict(int)
    for posting in index.values():
        for x, i in enumerate(posting):
            for j in posting[x + 1 :]:
                if segs[i].article != segs[j].article:
                    shared[(i, j)] += 1
    scored: list[tuple[float, int, int]] = []
    for (i, j), n in shared.items():
        if n < min(2, len(segs[i].words), len(segs[j].words)):
            continue
        si, sj = segs[i], segs[j]
        same = None if si.speaker is None or sj.speaker is None else si.speaker == sj.speaker
        score = pair_score(si.words, sj.words, same)
        if score is not None:
            scored.append((-score, i, j))
    scored.sort()

    uf = _UnionFind(len(segs))
    articles_of: dict[int, set[int]] = {i: {s.article} for i, s in enumerate(segs)}
    for _, i, j in scored:
        ri, rj = uf.find(i), uf.find(j)
        if ri == rj or articles_of[ri] & articles_of[rj]:
            continue  # one segment per article per group: never merge two utterances of one outlet
        root = uf.union(ri, rj)
        articles_of[root] = articles_of.pop(ri if root == rj else rj) | articles_of[root]
    return uf


def text_relation(full: str, other: str) -> Relation:
    """verbatim / punctuation / partial / altered between a fuller and another rendering."""
    if typographic(full) == typographic(other):
        return "verbatim"
    wf, wo = words(full), words(other)
    if wf == wo:
        return "punctuation"
    toks = tokens(other)
    # Positions (in ``wo``) right after which the other outlet marked an omission.
    marks: set[int] = set()
    n = 0
    for t in toks:
        if t == ELLIPSIS:
            marks.add(n)
        else:
            n += 1
    if len(wo) < len(wf):
        ops = SequenceMatcher(None, wo, wf, autojunk=False).get_opcodes()
        if all(op in ("equal", "insert") for op, *_ in ops) and all(
            i1 in (0, len(wo)) or i1 in marks for op, i1, _i2, _j1, _j2 in ops if op == "insert"
        ):
            return "partial"
    return "altered"


def word_diff(doc_a: str, text_a: str, doc_b: str, text_b: str, relation: Relation) -> WordDiff:
    """The word-level differences of two renderings (format documented in docs/compare.md)."""
    wa, wb = words(text_a), words(text_b)
    changes: list[WordChange] = []
    only_a: list[str] = []
    only_b: list[str] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, wa, wb, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        changes.append(WordChange(op, " ".join(wa[i1:i2]), " ".join(wb[j1:j2])))
        only_a.extend(wa[i1:i2])
        only_b.extend(wb[j1:j2])
    return WordDiff(doc_a, doc_b, relation, tuple(only_a), tuple(only_b), tuple(changes))


def align(articles: Sequence[Article], links: SpeakerLinks) -> tuple[Alignment, ...]:
    """Every quote sentence of every article in exactly one group, groups in reading order.

    Segment groups that hold the same quotes (consecutive sentences of one quote, quoted the same
    way everywhere) become one utterance; a sentence only one outlet has, inside a quote whose
    other sentences are shared, joins the nearest shared group (the other outlets cut it short).
    A quote that one outlet joined from two utterances is thereby split back into the two.
    """
    segs = _segments(articles, links)
    uf = _segment_groups(segs)
    by_root: dict[int, list[int]] = defaultdict(list)
    for i in range(len(segs)):
        by_root[uf.find(i)].append(i)
    # Merge groups holding exactly the same quotes.
    by_quotes: dict[frozenset[tuple[int, int]], list[int]] = defaultdict(list)
    for members in by_root.values():
        key = frozenset((segs[i].article, segs[i].quote) for i in members)
        by_quotes[key].extend(members)
    groups = list(by_quotes.values())
    # Attach lone sentences to the nearest shared group of the same quote.
    group_of = {i: g for g, members in enumerate(groups) for i in members}
    shared = {g for g, members in enumerate(groups) if len({segs[i].article for i in members}) > 1}
    for g, members in enumerate(groups):
        if g in shared or len(members) != 1:
            continue
        (i,) = members
        siblings = [
            j
            for j, t in enumerate(segs)
            if (t.article, t.quote) == (segs[i].article, segs[i].quote) and j != i
        ]
        near = sorted((abs(segs[j].order - segs[i].order), j) for j in siblings if group_of[j] in shared)
        if near:
            target = group_of[near[0][1]]
            groups[target].append(i)
            group_of[i] = target
            members.clear()
    groups = [sorted(m, key=lambda i: (segs[i].article, segs[i].quote, segs[i].order)) for m in groups if m]
    groups.sort(
        key=lambda m: (
            segs[m[0]].article,
            articles[segs[m[0]].article].quotes[segs[m[0]].quote].start,
            segs[m[0]].order,
        )
    )
    return tuple(_build_group(f"G{n}", [segs[i] for i in m], articles) for n, m in enumerate(groups, 1))


def _occurrence(article: Article, quote_index: int, parts: list[_Segment]) -> Occurrence:
    """One outlet's rendering: the quote, cut down to the sentences that belong to this group."""
    q = article.quotes[quote_index]
    if parts[0].start < 0:
        return Occurrence(article.doc, q.id, q.content, q.content_spans, None)
    spans: list[Span] = []
    for p in parts:
        container = next((sp for sp in q.content_spans if sp.start <= p.start and p.end <= sp.end), None)
        if spans and container is not None and container.start <= spans[-1].start:
            spans[-1] = Span.of(article.text, spans[-1].start, p.end)  # same content span: extend
        else:
            spans.append(Span.of(article.text, p.start, p.end))
    if tuple(spans) == q.content_spans:
        return Occurrence(article.doc, q.id, q.content, q.content_spans, None)
    return Occurrence(article.doc, q.id, " ".join(sp.text for sp in spans), tuple(spans), None)


def _build_group(gid: str, parts: list[_Segment], articles: Sequence[Article]) -> Alignment:
    occs: list[Occurrence] = []
    speakers: list[str] = []
    per_doc: dict[int, list[str]] = defaultdict(list)
    by_quote: dict[tuple[int, int], list[_Segment]] = defaultdict(list)
    for p in parts:
        by_quote[(p.article, p.quote)].append(p)
    for (ai, qi), ps in sorted(
        by_quote.items(), key=lambda kv: (kv[0][0], articles[kv[0][0]].quotes[kv[0][1]].start)
    ):
        occ = _occurrence(articles[ai], qi, ps)
        sid = ps[0].speaker
        occs.append(replace(occ, speaker=sid))
        if sid is not None:
            speakers.append(sid)
        per_doc[ai].append(occ.content)
    speaker = max(speakers, key=speakers.count) if speakers else None
    texts = {ai: " ".join(parts) for ai, parts in per_doc.items()}
    if len(texts) == 1:
        return Alignment(gid, speaker, "single_source", tuple(occs), ())

    ref = max(texts, key=lambda ai: (len(words(texts[ai])), -ai))
    diff: list[WordDiff] = []
    worst = "verbatim"
    for ai, text in texts.items():
        if ai == ref:
            continue
        rel = text_relation(texts[ref], text)
        worst = max(worst, rel, key=_SEVERITY.__getitem__)
        if rel != "verbatim":
            diff.append(word_diff(articles[ref].doc, texts[ref], articles[ai].doc, text, rel))
    relation: Relation = worst  # type: ignore[assignment]
    if len(set(speakers)) > 1:
        relation = "misattributed"
        if not diff:  # same words, different speakers: still say which outlets disagree
            diff = [
                word_diff(articles[ref].doc, texts[ref], articles[ai].doc, texts[ai], "verbatim")
                for ai in texts
                if ai != ref
            ]
    return Alignment(gid, speaker, relation, tuple(occs), tuple(diff))
