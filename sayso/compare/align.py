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
  match only when fully contained and attributed to the same linked speaker, or quoted word for
  word inside the same narration by both outlets (``units.narration_around``); a strong match
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
quotes are grouped; it joins a group that has a quote and never bridges two of them. Last, two
outlets' reports of one statement that no outlet quotes form a group of their own (eighteenth
session): apart, each was ``single_source``, an alarm ("only this outlet has it") that two
outlets disprove. Its relation stays ``single_source`` (fewer than two outlets quote words) and
each occurrence is ``paraphrase``, as the per-outlet summary counts it.

Relations (defined in docs/compare.md, "Relations") are computed per occurrence against the
group's reference (its fullest direct rendering) and per pair of outlets; a misattribution needs
evidence: two outlets whose source words name two people ``SpeakerLinks.distinct`` tells apart.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from itertools import pairwise
from typing import Any

from sayso.compare.groups import build_group
from sayso.compare.speakers import SpeakerLinks
from sayso.compare.units import Unit, build_units
from sayso.model import Alignment, Article

#: A pair of quotes is one utterance when at least this share of the shorter one's words match
#: in order (more when the two outlets name people the story shows to be different).
MIN_CONTAINMENT = 0.6
MIN_CONTAINMENT_OTHER_SPEAKER = 0.75
#: Two outlets' reported speech (nobody quoting) is one statement with this much of the shorter
#: report matched, or a run of ``REPORT_RUN`` words (``_same_report``).
REPORT_CONTAINMENT = 0.8
REPORT_RUN = 8
#: A run of this many identical words is an utterance match on its own.
STRONG_RUN = 6
#: Quotes of at most this many words are fragments: they need the same linked speaker.
FRAGMENT = 3
#: A strong run covering less than ``MIN_CONTAINMENT`` of the shorter quote must reach an end
#: of one of the two renderings but for this many words (``_windows``).
WINDOW_SLACK = 2


# --- matching ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Match:
    score: float
    region_a: tuple[int, int]  # word range of the first unit that matched
    region_b: tuple[int, int]
    matched: int
    run: int


def match_units(
    a: Sequence[str], b: Sequence[str], same: bool | None, indirect: bool = False, placed: bool = False
) -> _Match | None:
    """Whether two word sequences render one utterance, and where they meet (None if not).

    ``same`` is True when both sides have the same linked speaker, False when the story shows
    them to be different people, None otherwise. ``indirect`` when one side is reported speech:
    then only the same speaker and a run of four shared words (or 60 % of the shorter side with
    five words matched) will do. ``placed`` when both sides are short quotes standing in the same
    narration (``units.narration_around``): a fragment needs that or the same speaker.
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
    region_a, region_b = _one_word_changed(blocks, region_a, region_b)
    matched = sum(
        bl.size for bl in blocks if region_a[0] <= bl.a < region_a[1] and region_b[0] <= bl.b < region_b[1]
    )
    containment = matched / short
    if indirect:
        if same is not True or not (run >= 4 or (containment >= MIN_CONTAINMENT and matched >= 5)):
            return None
    elif short <= FRAGMENT:
        # "Oh my God." or "No!" is no evidence of one utterance by itself: it must be whole
        # inside the other, said by the same linked speaker (or quoted word for word in the same
        # narration by both), and not lost in a long quote.
        evidence = same is True or (placed and same is None and tuple(a) == tuple(b))
        if run < short or not evidence or long_ > 4 * short + 2:
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


def _one_word_changed(
    blocks: Sequence[Any], region_a: tuple[int, int], region_b: tuple[int, int]
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The matched region grown over single shared words just past one changed word at either
    end: "We will fix *the* bridge" / "We will fix *that* bridge" share "bridge" after the
    change, which the core of runs of two or more left out (3 of 5 words matched, no match)."""
    for bl in blocks:
        if 0 < bl.a - region_a[1] <= 1 and 0 < bl.b - region_b[1] <= 1:
            region_a, region_b = (region_a[0], bl.a + bl.size), (region_b[0], bl.b + bl.size)
    for bl in reversed(blocks):
        if 0 < region_a[0] - (bl.a + bl.size) <= 1 and 0 < region_b[0] - (bl.b + bl.size) <= 1:
            region_a, region_b = (bl.a, region_a[1]), (bl.b, region_b[1])
    return region_a, region_b


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


def _same(links: SpeakerLinks, a: Unit, b: Unit) -> bool | None:
    if a.speaker is not None and a.speaker == b.speaker:
        return True
    return False if links.distinct(a.speaker, b.speaker) else None


def _candidates(units: list[Unit], links: SpeakerLinks) -> list[tuple[_Match, int, int]]:
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
        placed = bool(ui.around) and ui.around == uj.around
        m = match_units(ui.words, uj.words, _same(links, ui, uj), indirect, placed)
        if m is not None:
            out.append((m, i, j))
    out.sort(key=lambda t: (-t[0].score, t[1], t[2]))
    return out


def _cut_points(u: Unit, regions: list[tuple[float, tuple[int, int]]]) -> set[int]:
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


def _cut(units: list[Unit], pairs: list[tuple[_Match, int, int]]) -> list[Unit] | None:
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
    out: list[Unit] = []
    for i, u in enumerate(units):
        points = sorted(cuts.get(i, ()))
        if not points:
            out.append(u)
            continue
        for lo, hi in zip([0, *points], [*points, len(u.words)], strict=True):
            out.append(
                Unit(
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


def _same_report(units: list[Unit], pair: tuple[_Match, int, int]) -> bool:
    """Whether two outlets' reported speech is one statement: nearly all of the shorter report
    in the longer (``REPORT_CONTAINMENT``, five words at least), or a long run of the same words.
    Stricter than reported speech joining a quote: two reports of one speaker in one story share
    phrases by the topic alone ("he violated the rules of the Senate" / "he's not going to be
    cowed by the rules of the Senate"; two storm bulletins "At 11 p.m. ET ... maximum sustained
    winds of")."""
    m, i, j = pair
    short = min(len(units[i].words), len(units[j].words))
    return m.run >= REPORT_RUN or (m.matched >= 5 and m.matched >= REPORT_CONTAINMENT * short)


def _merge(units: list[Unit], pairs: list[tuple[_Match, int, int]]) -> _UnionFind:
    """Greedy, best pair first: direct quotes, then reported speech joining them."""
    uf = _UnionFind(len(units))
    articles_of: dict[int, set[int]] = {i: {u.article} for i, u in enumerate(units)}
    direct_in: dict[int, bool] = {i: u.kind == "direct" for i, u in enumerate(units)}
    phases = (
        [p for p in pairs if units[p[1]].kind == units[p[2]].kind == "direct"],
        [p for p in pairs if "indirect" in (units[p[1]].kind, units[p[2]].kind)],
        [p for p in pairs if units[p[1]].kind == units[p[2]].kind == "indirect" and _same_report(units, p)],
    )
    twins = _twins(units)
    for phase, chosen in enumerate(phases):
        for _, i, j in chosen:
            i = _nearest_free_twin(uf, articles_of, twins, i, j)
            j = _nearest_free_twin(uf, articles_of, twins, j, i)
            ri, rj = uf.find(i), uf.find(j)
            if ri == rj or articles_of[ri] & articles_of[rj]:
                continue  # one unit per article per group: never two utterances of one outlet
            if phase == 1 and direct_in[ri] == direct_in[rj]:
                continue  # reported speech joins a group of quotes; it never bridges two of them
            if phase == 2 and (direct_in[ri] or direct_in[rj]):
                continue  # reports of one statement nobody quotes: only among themselves
            root = uf.union(ri, rj)
            gone = rj if root == ri else ri
            articles_of[root] |= articles_of.pop(gone)
            direct_in[root] = direct_in[root] or direct_in.pop(gone)
    return uf


def _twins(units: list[Unit]) -> tuple[dict[int, list[int]], dict[int, float]]:
    """Units an outlet has twice, word for word and by one speaker (an article that repeats a
    quote, as updated wire copy does), and each unit's relative place among its article's."""
    by_key: dict[tuple[int, tuple[str, ...], str | None], list[int]] = defaultdict(list)
    per_article: dict[int, list[int]] = defaultdict(list)
    for i, u in enumerate(units):
        by_key[(u.article, u.words, u.speaker)].append(i)
        per_article[u.article].append(i)
    place = {i: n / max(1, len(m) - 1) for m in per_article.values() for n, i in enumerate(m)}
    return {i: m for m in by_key.values() if len(m) > 1 for i in m}, place


def _nearest_free_twin(
    uf: _UnionFind,
    articles_of: dict[int, set[int]],
    twins: tuple[dict[int, list[int]], dict[int, float]],
    i: int,
    other: int,
) -> int:
    """Which of ``i``'s twins meets ``other``: one still free to, nearest in reading order.

    The same score pairs ``other`` with either twin, so the greedy merge took the first one by
    index: an article repeating a quote that the other outlet rendered in two ways (once cut,
    once reworded) had the renderings crossed, its first one against the other's last
    (compare_perturb, twentieth session)."""
    members, place = twins[0].get(i), twins[1]
    if members is None:
        return i
    taken = articles_of[uf.find(other)]
    free = [t for t in members if not articles_of[uf.find(t)] & taken]
    return min(free, key=lambda t: (abs(place[t] - place[other]), t), default=i)


# --- groups ------------------------------------------------------------------------------------
def align(articles: Sequence[Article], links: SpeakerLinks) -> tuple[Alignment, ...]:
    """Every quote with words in exactly one group (a joined quote's parts in one each), in
    reading order of the first article that has each group."""
    units = build_units(articles, links)
    pairs = _candidates(units, links)
    cut = _cut(units, pairs)
    if cut is not None:
        units = cut
        pairs = _candidates(units, links)
    uf = _merge(units, pairs)
    by_root: dict[int, list[int]] = defaultdict(list)
    for i in range(len(units)):
        by_root[uf.find(i)].append(i)
    _merge_teasers(units, by_root, links)
    _fold_nested_reports(units, by_root)
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
        build_group(f"G{n}", [units[i] for i in m], articles, links) for n, m in enumerate(groups, 1)
    )


def _sub_run(short: Sequence[str], long_: Sequence[str]) -> bool:
    n = len(short)
    return 0 < n < len(long_) and any(
        tuple(long_[i : i + n]) == tuple(short) for i in range(len(long_) - n + 1)
    )


#: Words a teaser only one outlet has needs to join its own fuller quote's group (``_merge_teasers``).
TEASER_MIN_WORDS = 4


def _merge_teasers(units: list[Unit], by_root: dict[int, list[int]], links: SpeakerLinks) -> None:
    """The teaser in the lead and the full quote below are one utterance quoted twice.

    Outlets often quote a few words of a statement in the lead and the whole of it further down.
    A group of 2+ outlets merges into exactly one other group of 2+ outlets when every outlet of
    it that is also in the other group quotes there, word for word, a fuller quote containing its
    words (each such outlet then has two occurrences, the teaser and the full quote), and at
    least one outlet does. A teaser only one outlet has merges the same way into a group of 2+
    outlets where that outlet's own fuller quote of the same speaker holds its words, if it has
    ``TEASER_MIN_WORDS`` words or more: another outlet quotes them too, so they are no "single
    source" (nineteenth session, QA helper); a phrase of two words ("birth certificate") or one
    given to someone else is no teaser. A teaser of 2+ outlets needs no ``TEASER_MIN_WORDS``, but
    one shorter than that needs the same speaker, and none may have a speaker the story tells
    apart from the full quote's: one outlet's "gun" (the officer's word) joined a lawyer's
    statement that used the word, and "Go vote for someone else." (Biden) a tweet retelling it
    (compare_perturb, twentieth session). A line said twice in full ("I'm sorry") is no sub-part
    of anything and stays two utterances.
    """
    group_of = {i: r for r, m in by_root.items() for i in m}
    for root, members in sorted(by_root.items()):
        if root not in by_root:
            continue
        alone = len({units[i].article for i in members}) < 2
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
                and (_teaser_of(u, v) if alone else _may_tease(u, v, links))
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
            _move(by_root, group_of, root, homes[0])
    _merge_full_quotes_left_alone(units, by_root, group_of)


def _teaser_of(teaser: Unit, full: Unit) -> bool:
    """Whether a quote an outlet has once may be its teaser of ``full`` (whose words hold it): of
    ``TEASER_MIN_WORDS`` or more, and of the same speaker."""
    return len(teaser.words) >= TEASER_MIN_WORDS and teaser.speaker == full.speaker


def _may_tease(teaser: Unit, full: Unit, links: SpeakerLinks) -> bool:
    """Whether a teaser that other outlets share may be one of ``full``: see ``_merge_teasers``."""
    if len(teaser.words) < TEASER_MIN_WORDS and teaser.speaker != full.speaker:
        return False
    return not links.distinct(teaser.speaker, full.speaker)


def _move(by_root: dict[int, list[int]], group_of: dict[int, int], root: int, home: int) -> None:
    """The members of group ``root`` join group ``home``."""
    members = by_root.pop(root)
    by_root[home].extend(members)
    for i in members:
        group_of[i] = home


def _merge_full_quotes_left_alone(
    units: list[Unit], by_root: dict[int, list[int]], group_of: dict[int, int]
) -> None:
    """The other way round: an outlet's teaser joined another outlet's quote, and its own full
    quote, holding the teaser's words, was left alone as "single source" (QA, nineteenth session:
    CNN's full Obama line beside CNN's teaser grouped with Politico). Such a full quote joins
    the teaser's group, on the same conditions as a lone teaser."""
    for root, members in sorted(by_root.items()):
        if root not in by_root or len({units[i].article for i in members}) > 1:
            continue
        homes = {
            group_of[j]
            for i in members
            for j, u in enumerate(units)
            if u.article == units[i].article
            and group_of[j] != root
            and u.kind == "direct" == units[i].kind
            and _teaser_of(u, units[i])
            and _sub_run(u.words, units[i].words)
            and len({units[x].article for x in by_root[group_of[j]]}) > 1
        }
        if len(homes) == 1:
            _move(by_root, group_of, root, homes.pop())


def _fold_nested_reports(units: list[Unit], by_root: dict[int, list[int]]) -> None:
    """A report inside another quote of its outlet and speaker joins that quote's group.

    The engine gives "said he doesn't foresee lockdowns because he believes enough people are
    vaccinated" a second attribution for "he believes ...", nested in the first; alone it was a
    group of its own, a second "single source" alarm for words already shown (QA helper,
    twentieth session: in 8 of 25 real stories). Only reported speech, alone in its group."""
    group_of = {i: r for r, m in by_root.items() for i in m}
    by_article: dict[int, list[int]] = defaultdict(list)
    for i, u in enumerate(units):
        if u.offsets and u.offsets[0][0] >= 0:
            by_article[u.article].append(i)
    for root, members in sorted(by_root.items()):
        if root not in by_root or len(members) != 1 or units[members[0]].kind != "indirect":
            continue
        u = units[members[0]]
        if not u.offsets or u.offsets[0][0] < 0:
            continue
        lo, hi = u.offsets[0][0], u.offsets[-1][1]
        homes = {
            group_of[j]
            for j in by_article[u.article]
            if group_of[j] != root
            and units[j].speaker == u.speaker
            and units[j].offsets[0][0] <= lo
            and hi <= units[j].offsets[-1][1]
        }
        if len(homes) == 1:
            _move(by_root, group_of, root, homes.pop())
