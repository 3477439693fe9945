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
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from sayso.compare.normalize import ELLIPSIS, segments, tokens, typographic, words
from sayso.compare.speakers import SpeakerLinks, local_key
from sayso.model import Alignment, Article, Occurrence, Relation

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
    words: tuple[str, ...]
    speaker: str | None


def _segments(articles: Sequence[Article], links: SpeakerLinks) -> list[_Segment]:
    out: list[_Segment] = []
    for ai, art in enumerate(articles):
        for qi, q in enumerate(art.quotes):
            speaker = links.of(ai, local_key(q.speaker_id, q.speaker))
            for a, b in segments(q.content) or [(0, len(q.content))]:
                ws = tuple(words(q.content[a:b]))
                if ws:
                    out.append(_Segment(ai, qi, ws, speaker))
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


def text_relation(full: str, other: str) -> str:
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


def word_diff(doc_a: str, text_a: str, doc_b: str, text_b: str, relation: str) -> dict[str, Any]:
    """The word-level differences of two renderings (format documented in docs/compare.md)."""
    wa, wb = words(text_a), words(text_b)
    changes: list[dict[str, str]] = []
    only_a: list[str] = []
    only_b: list[str] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, wa, wb, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        changes.append({"op": op, "a": " ".join(wa[i1:i2]), "b": " ".join(wb[j1:j2])})
        only_a.extend(wa[i1:i2])
        only_b.extend(wb[j1:j2])
    return {
        "a": doc_a,
        "b": doc_b,
        "relation": relation,
        "only_a": only_a,
        "only_b": only_b,
        "changes": changes,
    }


def align(articles: Sequence[Article], links: SpeakerLinks) -> tuple[Alignment, ...]:
    """Every quote of every article in exactly one group, groups in reading order."""
    segs = _segments(articles, links)
    uf = _segment_groups(segs)
    keys = [(ai, qi) for ai, art in enumerate(articles) for qi in range(len(art.quotes))]
    pos = {k: n for n, k in enumerate(keys)}
    quf = _UnionFind(len(keys))
    first_of_group: dict[int, int] = {}
    for s_i, s in enumerate(segs):
        root = uf.find(s_i)
        q = pos[(s.article, s.quote)]
        if root in first_of_group:
            quf.union(first_of_group[root], q)
        else:
            first_of_group[root] = q
    members: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for k in keys:
        members[quf.find(pos[k])].append(k)

    groups: list[Alignment] = []
    for n, root in enumerate(sorted(members, key=lambda r: members[r][0]), 1):
        groups.append(_build_group(f"G{n}", sorted(members[root]), articles, links))
    return tuple(groups)


def _build_group(
    gid: str, keys: list[tuple[int, int]], articles: Sequence[Article], links: SpeakerLinks
) -> Alignment:
    keys.sort(key=lambda k: (k[0], articles[k[0]].quotes[k[1]].start))
    occs: list[Occurrence] = []
    speakers: list[str] = []
    per_doc: dict[int, list[str]] = defaultdict(list)
    for ai, qi in keys:
        q = articles[ai].quotes[qi]
        sid = links.of(ai, local_key(q.speaker_id, q.speaker))
        occs.append(Occurrence(articles[ai].doc, q.id, q.content, q.content_spans, sid))
        if sid is not None:
            speakers.append(sid)
        per_doc[ai].append(q.content)
    speaker = max(speakers, key=speakers.count) if speakers else None
    texts = {ai: " ".join(parts) for ai, parts in per_doc.items()}
    if len(texts) == 1:
        return Alignment(gid, speaker, "single_source", tuple(occs), ())

    ref = max(texts, key=lambda ai: (len(words(texts[ai])), -ai))
    diff: list[dict[str, Any]] = []
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
