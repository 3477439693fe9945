"""Group the quotes of several articles into utterances and name how each outlet renders them.

What is compared is what an outlet *quoted*: for direct and mixed quotes the words inside its
quotation marks (found in ``article.text`` within the quote's ``content_spans``; the narration of
a mixed quote, "that Trump", is never part of it), for indirect speech the reported content,
which can only ever be a ``paraphrase``.

Matching works on whole quotes (*units*), aligned locally as word sequences with
``difflib.SequenceMatcher`` (autojunk off), so a quote one outlet truncated, ellipsised or ran
on still meets the other outlets' rendering, and a few added, removed or changed words do not
break a match. Two rules keep it honest:

* **a short fragment needs evidence beyond its words**: three words or fewer ("Oh my God.")
  match only when fully contained and attributed to the same linked speaker; a strong match
  otherwise needs 60 % of the shorter quote's words in order with a run of three, or a run of
  six identical words that reaches an end of one of the two quotes (a phrase shared by the
  middles of two different remarks is no utterance, ``_windows``);
* **never two utterances of one outlet in a group**: pairs are merged greedily, best first, and
  a group holds at most one unit per article ("I'm sorry" said twice stays two groups). The one
  exception is an outlet's teaser (a few words in the lead) beside its own full quote, which is
  the same utterance quoted twice (``_merge_teasers``).

When an outlet ran two utterances together as one quote that another outlet quotes separately,
the other outlet's two quotes match two disjoint stretches of it; the joined quote is then cut
between them (at a sentence end when there is one) and each part joins its own group. A quote
that is merely longer ("Oh my God. When I'm talking, you're not talking," against "When I'm
talking you're not talking.") is not cut: it is the reference and the shorter one is
``partial``.

Indirect speech joins a group only when attributed to the same linked speaker, after all direct
quotes are grouped; it joins a group that has a quote, never bridges two of them, and never forms a
group with other indirect speech alone (nothing quoted, nothing to compare).

Relations (defined in docs/compare.md, "Relations") are computed per occurrence against the
group's reference (its fullest direct rendering) and per pair of outlets; a misattribution needs
evidence: two outlets whose source words name two people ``SpeakerLinks.distinct`` tells apart.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from itertools import pairwise

from sayso.compare.normalize import ELLIPSIS, inside, quoted_spans, word_spans, words
from sayso.compare.relations import GAP, relation_of, word_diff
from sayso.compare.speakers import SpeakerLinks, _is_name, local_key, name_tokens, names_compatible
from sayso.model import (
    Alignment,
    Article,
    Occurrence,
    Quote,
    QuoteKind,
    Relation,
    Span,
    WordDiff,
)

#: Severity of the wording relations: a group's relation is the most severe of its direct
#: renderings against the reference (``misattributed`` and ``single_source`` are decided first,
#: ``paraphrase`` only when at most one outlet quoted directly).
_SEVERITY: dict[str, int] = {"verbatim": 0, "punctuation": 1, "partial": 2, "altered": 3}

#: A pair of quotes is one utterance when at least this share of the shorter one's words match
#: in order (more when the two outlets name people the story shows to be different).
MIN_CONTAINMENT = 0.6
MIN_CONTAINMENT_OTHER_SPEAKER = 0.75
#: A run of this many identical words is an utterance match on its own.
STRONG_RUN = 6
#: Quotes of at most this many words are fragments: they need the same linked speaker.
FRAGMENT = 3
#: A strong run covering less than ``MIN_CONTAINMENT`` of the shorter quote must reach an end
#: of one of the two renderings but for this many words (``_windows``).
WINDOW_SLACK = 2

_SENTENCE_END = re.compile(r"[.!?]")


@dataclass(slots=True)
class _Unit:
    """One quote's rendering (or a part of it, after a cut) as words with their offsets."""

    article: int
    quote: int
    kind: str  # "direct" (direct, or mixed with quoted words) or "indirect"
    words: tuple[str, ...]
    offsets: tuple[tuple[int, int], ...]  # per word, into the article text; (-1, -1) without spans
    breaks: frozenset[int]  # word positions preceded by an ellipsis
    pieces: tuple[tuple[int, int], ...]  # the quoted character ranges the words come from
    speaker: str | None
    lo: int = 0  # first word of the quote's full rendering this unit covers (cuts)
    sentence_ends: frozenset[int] = field(default_factory=frozenset)
    whole: bool = True  # False for the parts of a quote cut in two
    gaps: frozenset[int] = field(default_factory=frozenset)  # word positions starting a new quoted piece


def _rendering(
    article: Article, quote: Quote, quoted: list[tuple[int, int]]
) -> tuple[str, list[tuple[int, int]]]:
    """The kind a quote is compared as, and the character ranges of what it quoted."""
    spans = [(sp.start, sp.end) for sp in quote.content_spans]
    if quote.kind == "indirect":
        return "indirect", spans
    marked = [p for s, e in spans for p in inside(quoted, s, e)]
    if marked:
        return "direct", marked
    # No quotation marks inside: a "direct" quote the engine found by layout (a colon, a dash)
    # is still its own words; a "mixed" quote with nothing quoted is a report of speech.
    return ("direct", spans) if quote.kind == "direct" else ("indirect", spans)


def _units(articles: Sequence[Article], links: SpeakerLinks) -> list[_Unit]:
    out: list[_Unit] = []
    for ai, art in enumerate(articles):
        needs_marks = any(q.kind != "indirect" for q in art.quotes)
        quoted = quoted_spans(art.text) if needs_marks else []
        for qi, q in enumerate(art.quotes):
            speaker = links.of(ai, local_key(q.speaker_id, q.speaker))
            if not q.content_spans:  # a quote without offsets still takes part, by its content
                ws = tuple(words(q.content))
                if ws:
                    kind = "indirect" if q.kind == "indirect" else "direct"
                    offs = tuple((-1, -1) for _ in ws)
                    out.append(_Unit(ai, qi, kind, ws, offs, frozenset(), (), speaker))
                continue
            kind, pieces = _rendering(art, q, quoted)
            toks: list[str] = []
            offs_l: list[tuple[int, int]] = []
            breaks: set[int] = set()
            ends: set[int] = set()
            gaps: set[int] = set()
            for n, (s, e) in enumerate(pieces):
                if n and toks:
                    gaps.add(len(toks))
                for w, ws_, we in word_spans(art.text, s, e):
                    if w == ELLIPSIS:
                        breaks.add(len(toks))
                        continue
                    if toks and _SENTENCE_END.search(art.text, offs_l[-1][1], ws_):
                        ends.add(len(toks))
                    toks.append(w)
                    offs_l.append((ws_, we))
            if toks:
                out.append(
                    _Unit(
                        ai, qi, kind, tuple(toks), tuple(offs_l), frozenset(breaks), tuple(pieces),
                        speaker, 0, frozenset(ends | breaks | gaps), True, frozenset(gaps),
                    )
                )  # fmt: skip
    return out


# --- matching ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Match:
    score: float
    region_a: tuple[int, int]  # word range of the first unit that matched
    region_b: tuple[int, int]
    matched: int
    run: int


def match_units(
    a: Sequence[str], b: Sequence[str], same: bool | None, indirect: bool = False
) -> _Match | None:
    """Whether two word sequences render one utterance, and where they meet (None if not).

    ``same`` is True when both sides have the same linked speaker, False when the story shows
    them to be different people, None otherwise. ``indirect`` when one side is reported speech:
    then only the same speaker and a run of four shared words (or 60 % of the shorter side with
    five words matched) will do.
    """
    short, long_ = sorted((len(a), len(b)))
    if short == 0:
        return None
    sm = SequenceMatcher(None, a, b, autojunk=False)
    blocks = [bl for bl in sm.get_matching_blocks() if bl.size]
    if not blocks:
        return None
    run = max(bl.size for bl in blocks)
    core = [bl for bl in blocks if bl.size >= min(2, run)]
    region_a = (core[0].a, core[-1].a + core[-1].size)
    region_b = (core[0].b, core[-1].b + core[-1].size)
    matched = sum(
        bl.size for bl in blocks if region_a[0] <= bl.a < region_a[1] and region_b[0] <= bl.b < region_b[1]
    )
    containment = matched / short
    if indirect:
        if same is not True or not (run >= 4 or (containment >= MIN_CONTAINMENT and matched >= 5)):
            return None
    elif short <= FRAGMENT:
        # "Oh my God." or "No!" is no evidence of one utterance by itself: it must be whole
        # inside the other, said by the same linked speaker, and not lost in a long quote.
        if run < short or same is not True or long_ > 4 * short + 2:
            return None
    elif (
        run >= STRONG_RUN
        and same is not False
        and (containment >= MIN_CONTAINMENT or _windows(a, b, region_a, region_b))
    ):
        pass
    else:
        floor = MIN_CONTAINMENT_OTHER_SPEAKER if same is False else MIN_CONTAINMENT
        if containment < floor or matched < min(4, short) or run < 3:
            return None
    score = matched + matched / long_ + (0.5 if same else 0.0)
    return _Match(score, region_a, region_b, matched, run)


def _windows(
    a: Sequence[str], b: Sequence[str], region_a: tuple[int, int], region_b: tuple[int, int]
) -> bool:
    """Whether a shared run reaches an end of one rendering at each side: at its start at least
    one of the two has at most ``WINDOW_SLACK`` words before it, or at its end after it. Two
    overlapping windows of one remark (one quotes its start and middle, the other its middle and
    end) and a reworded tail pass; a phrase in the middle of two different remarks ("dropped out
    of the labor force" inside two different sentences, seen on real coverage) does not."""
    before = min(region_a[0], region_b[0])
    after = min(len(a) - region_a[1], len(b) - region_b[1])
    return before <= WINDOW_SLACK or after <= WINDOW_SLACK


def _same(links: SpeakerLinks, a: _Unit, b: _Unit) -> bool | None:
    if a.speaker is not None and a.speaker == b.speaker:
        return True
    return False if links.distinct(a.speaker, b.speaker) else None


def _candidates(units: list[_Unit], links: SpeakerLinks) -> list[tuple[_Match, int, int]]:
    """Scored pairs of units of different articles, from an inverted index (no all-pairs scan)."""
    index: dict[str, list[int]] = defaultdict(list)
    for i, u in enumerate(units):
        for w in set(u.words):
            index[w].append(i)
    shared: dict[tuple[int, int], int] = defaultdict(int)
    for posting in index.values():
        for x, i in enumerate(posting):
            for j in posting[x + 1 :]:
                if units[i].article != units[j].article:
                    shared[(i, j)] += 1
    out: list[tuple[_Match, int, int]] = []
    for (i, j), n in shared.items():
        ui, uj = units[i], units[j]
        if n < min(2, len(ui.words), len(uj.words)):
            continue
        indirect = ui.kind == "indirect" or uj.kind == "indirect"
        m = match_units(ui.words, uj.words, _same(links, ui, uj), indirect)
        if m is not None:
            out.append((m, i, j))
    out.sort(key=lambda t: (-t[0].score, t[1], t[2]))
    return out


def _cut_points(u: _Unit, regions: list[tuple[float, tuple[int, int]]]) -> set[int]:
    """Where to cut ``u`` so that the disjoint stretches matched by different quotes of one other
    article fall in different parts: between them, at a sentence end or omission if any."""
    picked: list[tuple[int, int]] = []
    for _, (s, e) in sorted(regions, key=lambda r: -r[0]):
        if all(e <= ps or s >= pe for ps, pe in picked):
            picked.append((s, e))
    picked.sort()
    cuts: set[int] = set()
    for (_, e1), (s2, _) in pairwise(picked):
        options = [p for p in u.sentence_ends if e1 <= p <= s2]
        cuts.add(min(options, key=lambda p: abs(p - e1)) if options else e1)
    return {c for c in cuts if 0 < c < len(u.words)}


def _cut(units: list[_Unit], pairs: list[tuple[_Match, int, int]]) -> list[_Unit] | None:
    """Split joined quotes (see the module docstring); None when nothing needs cutting."""
    regions: dict[tuple[int, int], list[tuple[float, tuple[int, int]]]] = defaultdict(list)
    for m, i, j in pairs:
        if units[i].kind != "direct" or units[j].kind != "direct":
            continue
        for me, other, region in ((i, j, m.region_a), (j, i, m.region_b)):
            key = (me, units[other].article)
            regions[key].append((m.score, region))
    cuts: dict[int, set[int]] = defaultdict(set)
    for (me, _), found in regions.items():
        if len(found) > 1 and units[me].offsets[0][0] >= 0:
            cuts[me] |= _cut_points(units[me], found)
    # Quoted pieces of one quote (narration between them) that no other quote matches across
    # are separate utterances: "it is unlikely" [narration] "This strike was taken ..." .
    matchers: dict[int, list[tuple[int, tuple[int, int]]]] = defaultdict(list)
    for m, i, j in pairs:
        if units[i].kind == units[j].kind == "direct":
            matchers[i].append((j, m.region_a))
            matchers[j].append((i, m.region_b))
    for me, matched in matchers.items():
        u = units[me]
        if not u.gaps:
            continue
        starts = [0, *sorted(u.gaps), len(u.words)]
        sets = [{other for other, (s, e) in matched if s < hi and lo < e} for lo, hi in pairwise(starts)]
        for k in range(1, len(sets)):
            if (sets[k - 1] or sets[k]) and not sets[k - 1] & sets[k]:
                cuts[me].add(starts[k])
    if not any(cuts.values()):
        return None
    out: list[_Unit] = []
    for i, u in enumerate(units):
        points = sorted(cuts.get(i, ()))
        if not points:
            out.append(u)
            continue
        for lo, hi in zip([0, *points], [*points, len(u.words)], strict=True):
            out.append(
                _Unit(
                    u.article, u.quote, u.kind, u.words[lo:hi], u.offsets[lo:hi],
                    frozenset(b - lo for b in u.breaks if lo < b < hi), u.pieces, u.speaker, u.lo + lo,
                    frozenset(b - lo for b in u.sentence_ends if lo < b < hi), False,
                    frozenset(b - lo for b in u.gaps if lo < b < hi),
                )
            )  # fmt: skip
    return out


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


def _merge(units: list[_Unit], pairs: list[tuple[_Match, int, int]]) -> _UnionFind:
    """Greedy, best pair first: direct quotes, then reported speech joining them."""
    uf = _UnionFind(len(units))
    articles_of: dict[int, set[int]] = {i: {u.article} for i, u in enumerate(units)}
    direct_in: dict[int, bool] = {i: u.kind == "direct" for i, u in enumerate(units)}
    phases = (
        [p for p in pairs if units[p[1]].kind == units[p[2]].kind == "direct"],
        [p for p in pairs if "indirect" in (units[p[1]].kind, units[p[2]].kind)],
    )
    for phase, chosen in enumerate(phases):
        for _, i, j in chosen:
            ri, rj = uf.find(i), uf.find(j)
            if ri == rj or articles_of[ri] & articles_of[rj]:
                continue  # one unit per article per group: never two utterances of one outlet
            if phase and direct_in[ri] == direct_in[rj]:
                continue  # reported speech joins a group of quotes; it never bridges two of them
            root = uf.union(ri, rj)
            gone = rj if root == ri else ri
            articles_of[root] |= articles_of.pop(gone)
            direct_in[root] = direct_in[root] or direct_in.pop(gone)
    return uf


# --- groups ------------------------------------------------------------------------------------
def align(articles: Sequence[Article], links: SpeakerLinks) -> tuple[Alignment, ...]:
    """Every quote with words in exactly one group (a joined quote's parts in one each), in
    reading order of the first article that has each group."""
    units = _units(articles, links)
    pairs = _candidates(units, links)
    cut = _cut(units, pairs)
    if cut is not None:
        units = cut
        pairs = _candidates(units, links)
    uf = _merge(units, pairs)
    by_root: dict[int, list[int]] = defaultdict(list)
    for i in range(len(units)):
        by_root[uf.find(i)].append(i)
    _merge_teasers(units, by_root)
    groups = [
        sorted(m, key=lambda i: (units[i].article, units[i].quote, units[i].lo)) for m in by_root.values()
    ]
    groups.sort(
        key=lambda m: (
            units[m[0]].article,
            articles[units[m[0]].article].quotes[units[m[0]].quote].start,
            units[m[0]].lo,
        )
    )
    return tuple(
        _build_group(f"G{n}", [units[i] for i in m], articles, links) for n, m in enumerate(groups, 1)
    )


_TRAILING = frozenset(".,!?;:\u2026'\"\u2019\u201d)]")


def _sub_run(short: Sequence[str], long_: Sequence[str]) -> bool:
    n = len(short)
    return 0 < n < len(long_) and any(
        tuple(long_[i : i + n]) == tuple(short) for i in range(len(long_) - n + 1)
    )


def _merge_teasers(units: list[_Unit], by_root: dict[int, list[int]]) -> None:
    """The teaser in the lead and the full quote below are one utterance quoted twice.

    Outlets often quote a few words of a statement in the lead and the whole of it further down.
    A group of 2+ outlets merges into exactly one other group of 2+ outlets when every outlet of
    it that is also in the other group quotes there, word for word, a fuller quote containing its
    words (each such outlet then has two occurrences, the teaser and the full quote), and at
    least one outlet does. A line said twice in full ("I'm sorry") is no sub-part of anything and
    stays two utterances.
    """
    group_of = {i: r for r, m in by_root.items() for i in m}
    for root, members in sorted(by_root.items()):
        if root not in by_root or len({units[i].article for i in members}) < 2:
            continue
        fits: dict[int, set[int]] = {}
        for i in members:
            u = units[i]
            fits[i] = {
                group_of[j]
                for j, v in enumerate(units)
                if v.article == u.article
                and group_of[j] != root
                and v.kind == "direct" == u.kind
                and _sub_run(u.words, v.words)
            }
        candidates = set().union(*fits.values())
        homes = [
            h
            for h in candidates
            if len({units[i].article for i in by_root[h]}) > 1
            and all(
                h in fits[i] or all(units[j].article != units[i].article for j in by_root[h]) for i in members
            )
        ]
        if len(homes) == 1:
            (home,) = homes
            by_root[home].extend(members)
            for i in members:
                group_of[i] = home
            del by_root[root]


def _spans(article: Article, u: _Unit) -> tuple[Span, ...]:
    """The quoted character ranges of a unit, clipped to the words it covers (with the
    punctuation right after its last word) when it is a part of a cut quote."""
    if u.whole:
        return tuple(Span.of(article.text, s, e) for s, e in u.pieces)
    start, end = u.offsets[0][0], u.offsets[-1][1]
    limit = max(e for _, e in u.pieces)
    while end < limit and article.text[end] in _TRAILING:
        end += 1
    out = []
    for s, e in u.pieces:
        a, b = max(s, start), min(e, end)
        if a < b:
            out.append(Span.of(article.text, a, b))
    return tuple(out)


def _text(article: Article, u: _Unit) -> tuple[str, tuple[Span, ...]]:
    if u.offsets[0][0] < 0:
        q = article.quotes[u.quote]
        return q.content, q.content_spans
    spans = _spans(article, u)
    return " ".join(sp.text for sp in spans), spans


def _tokens(u: _Unit) -> list[str]:
    """The unit's words with ``ELLIPSIS`` at its omissions and ``GAP`` between quoted pieces."""
    out: list[str] = []
    for n, w in enumerate(u.words):
        if n in u.gaps:
            out.append(GAP)
        elif n in u.breaks:
            out.append(ELLIPSIS)
        out.append(w)
    return out


def _named(article: Article, quote: Quote, speaker: str | None, links: SpeakerLinks) -> bool:
    """Do the quote's source words name its speaker (not a pronoun, role, group or document)?"""
    src = quote.source
    if src is None or speaker is None or not _is_name(src.text):
        return False
    toks = name_tokens(src.text)
    return any(names_compatible(toks, n) for n in links.names.get(speaker, ()))


def _build_group(gid: str, units: list[_Unit], articles: Sequence[Article], links: SpeakerLinks) -> Alignment:
    texts: list[tuple[str, tuple[Span, ...]]] = [_text(articles[u.article], u) for u in units]
    quotes = [articles[u.article].quotes[u.quote] for u in units]
    docs = [articles[u.article].doc for u in units]
    kinds: list[QuoteKind] = [
        q.kind if u.kind == "direct" or q.kind == "indirect" else "indirect"
        for u, q in zip(units, quotes, strict=True)
    ]
    single = len(set(docs)) == 1
    direct = [k for k, u in enumerate(units) if u.kind == "direct"]
    pool = direct or list(range(len(units)))
    ref = max(pool, key=lambda k: (len(units[k].words), -k))

    # Speakers: the group's speaker is the person most occurrences give (the reference's on a
    # tie); a document or a group is the speaker only when no occurrence names a person.
    given = [u.speaker for u in units if u.speaker is not None]
    counts = {s: given.count(s) for s in given}
    speaker = (
        max(counts, key=lambda s: (s in links.persons, counts[s], s == units[ref].speaker))
        if counts
        else None
    )
    named = [_named(articles[u.article], q, u.speaker, links) for u, q in zip(units, quotes, strict=True)]
    contradicted = {
        (k, m)
        for k in range(len(units))
        for m in range(k + 1, len(units))
        if docs[k] != docs[m] and named[k] and named[m] and links.distinct(units[k].speaker, units[m].speaker)
    }
    evidenced = {k for pair in contradicted for k in pair}
    speakers: list[str | None] = []
    claimed: list[str | None] = []
    for k, u in enumerate(units):
        s = u.speaker
        if s is None or s == speaker or speaker is None or k in evidenced:
            speakers.append(s)
            claimed.append(None)
        elif links.compatible(s, speaker) and not links.distinct(s, speaker):
            speakers.append(speaker)  # a compatible name ("Trump" / "Donald Trump"): linked here
            claimed.append(s)
        elif s not in links.persons or speaker not in links.persons:
            speakers.append(s)  # a group or a document beside a person: no contradiction
            claimed.append(None)
        else:
            speakers.append(None)  # contradicts the group without evidence: unknown
            claimed.append(s)

    quoted_docs = {docs[k] for k in direct}
    inside = {id(u): _inside_passage(articles[u.article].text, u) for u in units}
    rels: list[Relation] = []
    for k, u in enumerate(units):
        if u.kind == "indirect" and not single:
            rels.append("paraphrase")
        elif len(quoted_docs) < 2:
            rels.append("single_source")
        elif k == ref:
            rels.append("verbatim")
        elif (min(k, ref), max(k, ref)) in contradicted:
            rels.append("misattributed")  # the reference's outlet names someone else
        else:
            rels.append(_wording(texts[ref][0], texts[k][0], units[ref], u, inside))
    occs = tuple(
        Occurrence(
            doc=docs[k], quote_id=quotes[k].id, content=texts[k][0], content_spans=texts[k][1],
            speaker=speakers[k], kind=kinds[k], relation=rels[k], reference=(k == ref and not single),
            source=quotes[k].source, claimed_speaker=claimed[k],
        )
        for k in range(len(units))
    )  # fmt: skip
    if single:
        return Alignment(gid, speaker, "single_source", occs, ())

    # Each other outlet by its fullest rendering: an outlet's teaser beside its own full quote
    # is not a cut of the utterance (nor is the reference outlet's own teaser).
    fullest: dict[str, int] = {}
    for k in direct:
        if docs[k] != docs[ref] and (docs[k] not in fullest or _fuller(units, k, fullest[docs[k]])):
            fullest[docs[k]] = k
    wording = [
        _wording(texts[ref][0], texts[k][0], units[ref], units[k], inside)
        if rels[k] == "misattributed"
        else rels[k]
        for k in fullest.values()
    ]
    relation: Relation = max(wording, key=_SEVERITY.__getitem__) if wording else "single_source"
    confidence: float | None = None
    evidence: tuple[Occurrence, ...] = ()
    if contradicted:
        relation = "misattributed"
        evidence = tuple(occs[k] for k in sorted(evidenced))
        confidence = _confidence(units, quotes, contradicted, rels)
    diff: list[WordDiff] = []
    if relation != "verbatim" or any(r == "paraphrase" for r in rels):
        for k in range(len(units)):
            for m in range(k + 1, len(units)):
                if docs[k] == docs[m]:
                    continue  # an outlet's teaser and its full quote are not two outlets
                a, b = (k, m) if _fuller(units, k, m) else (m, k)
                if units[a].kind == "indirect" or units[b].kind == "indirect":
                    pair_wording: Relation = "paraphrase"
                else:
                    pair_wording = _wording(texts[a][0], texts[b][0], units[a], units[b], inside)
                pair: Relation = "misattributed" if (min(k, m), max(k, m)) in contradicted else pair_wording
                d = word_diff(docs[a], units[a].words, docs[b], units[b].words, pair, pair_wording)
                diff.append(replace(d, quote_a=quotes[a].id, quote_b=quotes[b].id))
    return Alignment(gid, speaker, relation, occs, tuple(diff), evidence, confidence)


def _wording(fuller: str, other: str, a: _Unit, b: _Unit, inside: dict[int, bool]) -> Relation:
    """The relation of two renderings, where a part of a quote cut inside one quoted passage
    (``_cut``, at a sentence end) is still part of that longer passage: the same words as the
    other outlet's whole passage are ``partial``, not ``verbatim`` ("My decision is final."
    against the same words opening a longer statement, as "Oh my God. When I'm talking ..."
    against "When I'm talking ..." is partial). ``inside`` maps ``id`` of a unit to that."""
    rel = relation_of(fuller, other, _tokens(b))
    if rel in ("verbatim", "punctuation") and inside[id(a)] != inside[id(b)]:
        return "partial"
    return rel


_WORD_CHAR = re.compile(r"\w")


def _inside_passage(text: str, u: _Unit) -> bool:
    """Whether ``u`` is a cut part with words of its own quoted passage before or after it."""
    if u.whole or not u.offsets or u.offsets[0][0] < 0:
        return False
    first, last = u.offsets[0][0], u.offsets[-1][1]
    for lo, hi in u.pieces:
        if lo <= first < hi and _WORD_CHAR.search(text, lo, first):
            return True
        if lo < last <= hi and _WORD_CHAR.search(text, last, hi):
            return True
    return False


def _fuller(units: list[_Unit], k: int, m: int) -> bool:
    """Is unit ``k`` the fuller side of the pair (direct before reported, then more words)?"""
    rk = (units[k].kind == "direct", len(units[k].words), -k)
    rm = (units[m].kind == "direct", len(units[m].words), -m)
    return rk >= rm


def _confidence(
    units: list[_Unit], quotes: list[Quote], pairs: set[tuple[int, int]], rels: list[Relation]
) -> float:
    """How sure a misattribution alarm is: 0.6, plus 0.2 when every source names a full name
    ("Victor Hale", not "Hale"), 0.1 when the words agree (verbatim, punctuation or partial), 0.1
    when the engine was confident of each attribution (0.8 or more). Documented in docs/compare.md."""
    involved = sorted({k for p in pairs for k in p})
    score = 0.6
    if all(quotes[k].source is not None and len(name_tokens(quotes[k].source.text)) >= 2 for k in involved):  # type: ignore[union-attr]
        score += 0.2
    if all(rels[k] in ("verbatim", "punctuation", "partial") for k in involved):
        score += 0.1
    if all(quotes[k].confidence >= 0.8 for k in involved):
        score += 0.1
    return round(min(score, 0.99), 2)
