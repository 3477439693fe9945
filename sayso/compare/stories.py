"""Group a pile of articles into stories (same event), in one batch or one article at a time.

Purely lexical on purpose: running the parser over thousands of articles costs minutes, while
the signals that separate stories are cheap to get from the text itself. The hard cases are not
unrelated articles but *related news*: the same politician, the same saga, the same week, another
development. Hand-judged pairs from real coverage (``bench/stories_eval.py``) showed that those
share plenty of vocabulary and well-known names, so every signal below is weighted by how
*distinctive* it is, and an article must fit a story as a whole, not just one of its members:

* **content words** of the title and of the lede (the first ``LEDE_CHARS`` characters, where an
  article states its event), each counted twice, and of the rest of the first ``LEAD_CHARS``
  characters, as a TF-IDF vector (sublinear term frequency, smoothed IDF over the articles being
  grouped, L2-normalised): background paragraphs shared by a whole saga weigh less than the lede.
  *Local* term weighting (a term on more than ``TERM_LOCAL_FULL`` articles within
  ``TERM_LOCAL_DAYS`` of an article weighs less, as names do below) is implemented but off: it
  cannot tell a saga's words from the words of one big event many outlets cover, and measured
  so (on news-5k judged pairs F1 fell from 0.845 to 0.81-0.84 whatever the threshold; on all
  AllSides leads, with complete linkage, from 0.850 to 0.824 at ``TERM_LOCAL_FULL`` 4). In
  ``StoryIndex`` without fixed counts an article is weighted once, when it is added;
* **names**: runs of two or more capitalised words ("Elena Marsh", "Port Alder Gazette"), a
  cheap stand-in for named entities; a shared name adds up to ``NAME_BONUS`` scaled by its
  rarity among the articles (a name on every other article, "Donald Trump", adds almost nothing)
  and by how few articles dated between the pair's two dates carry it: past ``NAME_LOCAL_FULL``
  such articles it is a saga's name (the whistleblower of Monday's leak and of Tuesday's
  hearing), not one event's, and counts ``NAME_LOCAL_FULL / count``. In the 1,479 AllSides leads
  grouped at once (three times the density of a half), most false links were a day apart and
  shared such names; ``group_stories`` counts over the whole batch, ``StoryIndex`` alone over
  the articles added so far;
* **quotations**: word 4-grams of quoted passages (from ``Article.quotes`` when extracted, else
  text between quotation marks); sharing one adds ``QUOTE_BONUS``;
* **date**: a story never spans more than ``window_days``; within that, each day between two
  articles beyond ``FREE_DAYS`` raises the bar by ``DAY_MARGIN`` (in judged pairs, articles two or
  more days apart were mostly another development of the same saga), and an unknown date raises
  it by ``UNDATED_MARGIN``;
* **outlet**: two articles of one outlet on different days (or undated) need ``SAME_OUTLET_MARGIN``
  more: an outlet reports an event once and then writes follow-ups, while articles of different
  outlets are what a story is made of.

* **length**: leads and summaries (title and text under ``SHORT_CHARS``) state one event in a
  few sentences each outlet words its own way, so even same-event pairs share few words: the bar
  falls from ``threshold`` to ``SHORT_THRESHOLD``, interpolated by the shorter text's length up
  to ``FULL_CHARS``. The lede of a lead is its first half (``LEDE_CHARS`` at most).
* **reciprocity**: two dated leads that are among each other's ``RECIPROCAL_K`` best matches so
  far need only ``RECIPROCAL_FLOOR`` (plus the margins): when nothing else in the window is
  closer to either, little overlap is enough. This is relative evidence, so it is worth most
  where the window holds few other events; full articles never get it. Measured on real leads
  in ``bench/stories_allsides.py``.

A pair *links* when its score reaches ``threshold`` plus those margins. An article joins the
story with the best **average** margin over all its members, and only when that average is no
lower than ``-LINKAGE_SLACK``: one strong link to one member is not enough to pull in an article
unlike the rest. Two stories merge only when the average over every cross pair passes the same
bar. This stops the chaining of single-link clustering (A like B, B like C, so A with C), which
made sagas of separate events. Among **leads** (any pair short enough to get a lower bar) the
linkage is *complete*: every pair must link. Their bars are low (``SHORT_THRESHOLD``, or
``RECIPROCAL_FLOOR``), so averaging let a saga's next development in on one good link: in the
1,479 AllSides leads grouped at once, 93 of 232 false pairs came in that way against 25 true
ones. Complete linkage took pairwise F1 from 0.829 to 0.850 there (0.869 to 0.884 on the
held-out half, 0.894 to 0.889 on the tuning half, 0.829 to 0.859 on it folded to the whole set's
density), while on full articles (news-5k judged pairs) it cost F1 0.845 to 0.788, so they keep
the average. A **copy**
(cosine at least ``COPY_COSINE`` with its best match) joins its original's story directly: it
brings no evidence of its own, and between leads the earlier copies would take the best-match
places that reciprocity needs.

Candidates come from an inverted index over each article's ``TOP_TERMS`` highest-weighted terms,
so an article is only scored against articles that share at least two of them, never all pairs.
A story's id is derived from the article that founded it, so ids are stable when articles are
added in the same order (``group_stories`` sorts by publication date, then doc id).
"""

from __future__ import annotations

import hashlib
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sayso.compare.speakers import name_tokens
from sayso.compare.story_weights import (
    Background,
    DayCounts,
    RunningCounts,
    batch_day_counts,
    local_discount,
    shipped_background,
)
from sayso.errors import UsageError
from sayso.model import Article, ArticleInput, Story
from sayso.quotes.glyphs import DOUBLE_MARKS

LEAD_CHARS = 2500
#: The opening of the text, where news states its event; its words count twice, like the title's.
LEDE_CHARS = 600
TOP_TERMS = 24
THRESHOLD = 0.35
#: Pairs where a date is unknown must be this much more similar (no date window protects them).
UNDATED_MARGIN = 0.15
#: Each day between two dated articles beyond ``FREE_DAYS`` raises the bar by this much.
DAY_MARGIN = 0.10
#: Articles this many days apart need no extra similarity (time zones, print editions, a late
#: evening event reported the next morning).
FREE_DAYS = 1
#: An article joins a story only if its average margin over the members is at least -this.
LINKAGE_SLACK = 0.0
#: One outlet's articles on different days (or undated) need this much more similarity.
SAME_OUTLET_MARGIN = 0.10
#: Average linkage looks at most this many members of a story (evenly spread), so a wire story
#: republished by hundreds of outlets costs a bounded number of comparisons per new article.
MAX_LINKAGE_MEMBERS = 64
#: Terms on more articles than this are too common to find candidates with (still scored).
MAX_POSTING = 400
#: What one fully distinctive shared name adds; ``MAX_NAME_BONUS`` caps the sum.
NAME_BONUS = 0.06
MAX_NAME_BONUS = 0.16
#: A name's IDF at which it counts fully (about 1 article in 150); commoner names count less.
NAME_IDF_FULL = 5.0
#: A name that this many articles dated between a pair's two dates carry counts fully; more
#: such articles scale its weight down (``NAME_LOCAL_FULL / count``), see ``_name_weight``.
NAME_LOCAL_FULL = 3
#: Local term weighting (off by default, measured in the module docstring): when > 0, a term
#: that more than this many articles dated within ``TERM_LOCAL_DAYS`` days of an article carry
#: weighs ``TERM_LOCAL_FULL / count`` in that article's vector (``story_weights``).
TERM_LOCAL_FULL = 0.0
TERM_LOCAL_DAYS = 1
QUOTE_BONUS = 0.15
#: Below this cosine the bonuses do not apply: names and quotes confirm text similarity, they
#: do not replace it.
MIN_COSINE = 0.1
WINDOW_DAYS = 4
#: Texts (title and lead) this short or shorter are leads: same-event pairs share few words, so
#: their cosine is low, and the bar falls to ``SHORT_THRESHOLD``; from ``FULL_CHARS`` on it is
#: ``threshold``, in between it is interpolated by the shorter text's length.
SHORT_CHARS = 800
FULL_CHARS = 1500
#: (0.25 before the background counts of ``story_weights``, which raise the scores of leads of
#: one event; 0.27 is the best on AllSides' tuning half, as given and folded to twice its density.)
SHORT_THRESHOLD = 0.27
#: Two articles that are among each other's ``RECIPROCAL_K`` best matches in the window are
#: *reciprocal*: between leads such a pair needs only ``RECIPROCAL_FLOOR`` (relative evidence:
#: nothing else around is closer to either); between full articles it gains nothing.
RECIPROCAL_K = 2
RECIPROCAL_FLOOR = 0.05
#: An article this similar (cosine) to its best match is a copy of it (a wire story
#: republished, a lead syndicated): it joins that article's story, see ``_original``.
COPY_COSINE = 0.9

_WORD = re.compile(r"[a-z][a-z'\-]{2,}")
_NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+(?:[A-Z][a-z]+|[A-Z]\.)){1,3}")
_QUOTED = re.compile(rf"[{DOUBLE_MARKS}]([^{DOUBLE_MARKS}\n]{{20,400}})[{DOUBLE_MARKS}]")
#: Function words and newsroom filler ("said", "week") that every article has.
_STOP_WORDS = """
    about according after all also although and any are around back because been before being
    between but can could day days during even first for from get got had has have her him his
    how however including into its just last like made make many may might more most much new
    not now off one only other our out over people per said say says she should since some
    still such tell than that the their them then there these they this those time times told
    two under very was week weeks were what when where which while who why will with would
    year years yet you
"""
_STOP = frozenset(_STOP_WORDS.split())

Indexable = Article | ArticleInput


@dataclass(frozen=True, slots=True)
class StoryFeatures:
    """What story grouping needs of one article; cheap to compute, no model."""

    doc: str
    terms: Mapping[str, int]
    names: frozenset[str]
    quotes: frozenset[str]
    published: date | None
    title: str | None = None
    outlet: str | None = None
    #: Characters of title and lead the features were taken from; short texts (leads,
    #: summaries) get a lower bar, see ``SHORT_CHARS``.
    length: int = LEAD_CHARS


def _parse_date(value: str | None) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def _content_words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in _STOP]


def features(article: Indexable, *, lead_chars: int = LEAD_CHARS) -> StoryFeatures:
    """The grouping features of an article (title, lede and lead of the text)."""
    title = article.title or ""
    lead = article.text[:lead_chars]
    terms: Counter[str] = Counter(_content_words(title))
    terms.update(terms)  # the title counts twice
    terms.update(_content_words(lead))
    terms.update(_content_words(lead[: min(LEDE_CHARS, len(lead) // 2)]))  # and so does the lede
    found = (name_tokens(m.group()) for m in _NAME.finditer(f"{title}\n{lead}"))
    names = frozenset(" ".join(toks) for toks in found if len(toks) >= 2)
    if isinstance(article, Article) and article.quotes:
        quoted = [q.content for q in article.quotes]
    else:
        quoted = [m.group(1) for m in _QUOTED.finditer(article.text[: lead_chars * 2])]
    grams: set[str] = set()
    for q in quoted:
        ws = re.findall(r"\w+", q.lower())
        grams.update(" ".join(ws[i : i + 4]) for i in range(len(ws) - 3))
    return StoryFeatures(
        doc=article.doc,
        terms=dict(terms),
        names=names,
        quotes=frozenset(grams),
        published=_parse_date(article.published),
        title=article.title,
        outlet=article.outlet,
        length=len(title) + len(lead),
    )


def check_distinct_docs(docs: Iterable[str], advice: str) -> None:
    """Refuse a pile where two articles share a doc id: stories and comparisons are keyed by it,
    so one of them would silently stand for both (``sayso.extract`` calls every article "text")."""
    ids = Counter(docs)
    twice = sorted(doc for doc, n in ids.items() if n > 1)
    if twice:
        raise UsageError(f"doc id {twice[0]!r} is given to {ids[twice[0]]} articles: {advice}")


def story_id(founder_doc: str) -> str:
    """The id of a story founded by ``founder_doc``: short, stable and opaque."""
    return "st-" + hashlib.sha1(founder_doc.encode("utf-8")).hexdigest()[:12]


class StoryIndex:
    """Incremental story grouping: ``add`` one article, get its story id.

    ``df``/``n_docs`` (and ``name_df``) fix the IDF statistics (``group_stories`` computes them
    over the whole batch first; with ``df`` but no ``name_df`` every name counts as rare);
    without them the index keeps running counts, so IDF sharpens as articles arrive, which is
    what an indexer that sees one article at a time needs (``term_days`` likewise, for local
    term weighting when ``term_local_full`` > 0). Either way the counts of a ``background``
    pile are added (the shipped one unless given, see ``story_weights``). ``merges``
    records ``(absorbed_id, surviving_id)`` whenever two existing stories turn out to be one, so
    a caller that stored story ids can update them.
    """

    def __init__(
        self,
        *,
        df: Mapping[str, int] | None = None,
        n_docs: int | None = None,
        name_df: Mapping[str, int] | None = None,
        threshold: float = THRESHOLD,
        window_days: int = WINDOW_DAYS,
        name_days: Mapping[str, Sequence[int]] | None = None,
        term_days: Mapping[str, Sequence[int]] | None = None,
        term_local_full: float = TERM_LOCAL_FULL,
        background: Background | None = None,
    ) -> None:
        bg = shipped_background() if background is None else background
        self._counts = RunningCounts(df, n_docs, name_df, bg)
        self.term_local_full = term_local_full
        self.threshold = threshold
        self.window_days = window_days
        self._feats: list[StoryFeatures] = []
        self._vecs: list[dict[str, float]] = []
        self._postings: dict[str, list[int]] = defaultdict(list)
        self._span: dict[int, tuple[date, date]] = {}  # story root -> (earliest, latest) date
        self._parent: list[int] = []
        self._members: dict[int, list[int]] = {}  # story root -> articles, in order of addition
        self._by_doc: dict[str, int] = {}
        #: Per name and per term, the days of the dated articles that carry it: the whole
        #: batch's when given (``group_stories``), else those added so far.
        self._name_days = DayCounts(name_days)
        self._term_days = DayCounts(term_days)
        #: Per article, its ``RECIPROCAL_K`` best scores so far (descending); reciprocal pairs.
        self._best: list[list[float]] = []
        self._reciprocal: set[tuple[int, int]] = set()
        self.merges: list[tuple[str, str]] = []

    def __len__(self) -> int:
        return len(self._feats)

    # --- statistics -------------------------------------------------------------------------
    def _name_weight(self, name: str, days: tuple[date, date] | None = None) -> float:
        """How distinctive a shared name is: 1 for rare names, towards 0 for ubiquitous ones.

        ``days`` (the pair's two dates) adds a local count: a name on more than
        ``NAME_LOCAL_FULL`` articles dated between them names a saga that several events of
        those days share (the whistleblower of Monday's leak and of Tuesday's hearing), not one
        event, however rare it is in the whole pile."""
        weight = min(1.0, self._counts.name_idf(name) / NAME_IDF_FULL)
        if days is not None:
            count = self._name_days.count(name, min(days).toordinal(), max(days).toordinal())
            weight *= local_discount(count, NAME_LOCAL_FULL)
        return weight

    def _vector(self, f: StoryFeatures) -> dict[str, float]:
        """Sublinear TF times IDF, times the local discount of a saga's words (terms on many
        articles of the days around this one, see ``story_weights``), L2-normalised."""
        vec = {t: (1.0 + math.log(c)) * self._counts.idf(t) for t, c in f.terms.items()}
        if f.published is not None and self.term_local_full > 0:
            day, r = f.published.toordinal(), TERM_LOCAL_DAYS
            for t in vec:
                vec[t] *= local_discount(self._term_days.count(t, day - r, day + r), self.term_local_full)
        norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
        return {t: v / norm for t, v in vec.items()}

    # --- union-find over articles -----------------------------------------------------------
    def _root(self, i: int) -> int:
        while self._parent[i] != i:
            self._parent[i] = self._parent[self._parent[i]]
            i = self._parent[i]
        return i

    def story_of(self, doc: str) -> str:
        """The current story id of an added article (it may change when stories merge)."""
        return story_id(self._feats[self._root(self._by_doc[doc])].doc)

    # --- scoring ------------------------------------------------------------------------------
    def score(self, a: int, b: int) -> float:
        """Similarity of two added articles (0 when their dates are too far apart)."""
        return self._score(self._feats[a], self._vecs[a], b)

    def _score(self, f: StoryFeatures, vec: Mapping[str, float], j: int) -> float:
        g = self._feats[j]
        if f.published and g.published and abs((f.published - g.published).days) > self.window_days:
            return 0.0
        cos = _cosine(vec, self._vecs[j])
        if cos <= MIN_COSINE:
            return cos
        days = (f.published, g.published) if f.published and g.published else None
        shared = f.names & g.names
        bonus = min(MAX_NAME_BONUS, NAME_BONUS * sum(self._name_weight(n, days) for n in shared))
        if f.quotes & g.quotes:
            bonus += QUOTE_BONUS
        return cos + bonus

    def _base(self, f: StoryFeatures, g: StoryFeatures, reciprocal: bool) -> float:
        """The bar before the date and outlet margins: lower for leads, lowest for reciprocal
        leads; ``threshold`` itself for full articles."""
        full = _fullness(f, g)
        # Best matches mean something only within a date window: undated, the neighbourhood is
        # the whole pile, and an article's best match is merely its closest topic.
        reciprocal = reciprocal and f.published is not None and g.published is not None
        low = min(self.threshold, RECIPROCAL_FLOOR if reciprocal else SHORT_THRESHOLD)
        return low + (self.threshold - low) * full

    def _bar(self, f: StoryFeatures, g: StoryFeatures, reciprocal: bool = False) -> float:
        """The score a pair needs to link: higher when dates are unknown or days apart, and when
        one outlet wrote both on different days (a follow-up is usually a new development)."""
        base = self._base(f, g, reciprocal)
        same_outlet = f.outlet is not None and f.outlet == g.outlet
        if f.published is None or g.published is None:
            return base + UNDATED_MARGIN + (SAME_OUTLET_MARGIN if same_outlet else 0.0)
        days = abs((f.published - g.published).days)
        bar = base + DAY_MARGIN * max(0, days - FREE_DAYS)
        return bar + (SAME_OUTLET_MARGIN if same_outlet and days > 0 else 0.0)

    def _margin(self, f: StoryFeatures, vec: Mapping[str, float], j: int, i: int | None = None) -> float:
        """By how much a pair clears (positive) or misses (negative) its bar (``i`` is the
        index of ``f`` once added, for its reciprocal pairs; ``None`` while it is being added)."""
        key = (j, len(self._feats)) if i is None else (min(i, j), max(i, j))
        return self._score(f, vec, j) - self._bar(f, self._feats[j], key in self._reciprocal)

    def _candidates(self, top: Sequence[str]) -> set[int]:
        hits: Counter[int] = Counter()
        for t in top:
            posting = self._postings.get(t, ())
            if len(posting) <= MAX_POSTING:
                hits.update(posting)
        return {j for j, c in hits.items() if c >= 2}

    def _fits_window(self, root: int, lo: date | None, hi: date | None = None) -> bool:
        """Whether a story would still span at most ``window_days`` with dates ``lo``..``hi``."""
        span = self._span.get(root)
        if lo is None or span is None:
            return True
        hi = hi or lo
        return (max(span[1], hi) - min(span[0], lo)).days <= self.window_days

    def _cross_margins(self, members: Sequence[int], others: Sequence[int]) -> list[tuple[float, float]]:
        """Margin and fullness (see ``_fullness``) of every pair between two sets of articles."""
        return [
            (self._margin(self._feats[i], self._vecs[i], j, i), _fullness(self._feats[i], self._feats[j]))
            for i in members
            for j in others
        ]

    def _join(self, child: int, root: int) -> None:
        self._parent[child] = root
        self._members[root].extend(self._members.pop(child))
        spans = [s for s in (self._span.pop(child, None), self._span.get(root)) if s is not None]
        if spans:
            self._span[root] = (min(s[0] for s in spans), max(s[1] for s in spans))

    def add(self, article: Indexable | StoryFeatures) -> str:
        """Add one article and return the id of its story (new or existing)."""
        f = article if isinstance(article, StoryFeatures) else features(article)
        if f.doc in self._by_doc:
            return self.story_of(f.doc)
        self._counts.add(f.terms.keys(), f.names)
        if f.published is not None:
            self._name_days.add(f.names, f.published.toordinal())
            if self.term_local_full > 0:
                self._term_days.add(f.terms.keys(), f.published.toordinal())
        vec = self._vector(f)
        top = sorted(vec, key=vec.__getitem__, reverse=True)[:TOP_TERMS]
        i = len(self._feats)

        scores = {j: self._score(f, vec, j) for j in self._candidates(top)}
        best = sorted(scores.values(), reverse=True)[:RECIPROCAL_K]
        self._note_reciprocal(i, scores, best)
        # A copy goes where its original went; else the stories with at least one member this
        # article links to, then average linkage.
        original = self._original(f, vec, scores)
        fits: dict[int, float] = {} if original is None else {self._root(original): math.inf}
        linked = set() if fits else {self._root(j) for j in scores if self._margin(f, vec, j) >= 0}
        for r in linked:
            if self._fits_window(r, f.published):
                sample = _spread(self._members[r])
                margins = [(self._margin(f, vec, j), _fullness(f, self._feats[j])) for j in sample]
                if _coherent(margins):
                    fits[r] = sum(m for m, _ in margins) / len(margins)

        self._feats.append(f)
        self._vecs.append(vec)
        self._best.append(best)
        self._parent.append(i)
        self._members[i] = [i]
        self._by_doc[f.doc] = i
        if f.published is not None:
            self._span[i] = (f.published, f.published)
        if fits:
            ranked = sorted(fits, key=lambda r: (-fits[r], r))
            target = ranked[0]
            self._join(i, target)
            for r in ranked[1:]:
                self._maybe_merge(target, r)
                target = self._root(target)
        for t in top:
            self._postings[t].append(i)
        return self.story_of(f.doc)

    def _original(
        self, f: StoryFeatures, vec: Mapping[str, float], scores: Mapping[int, float]
    ) -> int | None:
        """The best candidate if ``f`` is a copy of it (cosine at least ``COPY_COSINE``) and its
        story's window allows: a copy brings no evidence of its own, so it joins its original's
        story whatever the bars of the other pairs (between leads, the best matches a pair
        needs to be reciprocal are taken by the earlier copies themselves)."""
        if not scores:
            return None
        j = max(scores, key=lambda k: (scores[k], -k))
        if _cosine(vec, self._vecs[j]) < COPY_COSINE or not self._fits_window(self._root(j), f.published):
            return None
        return j

    def _note_reciprocal(self, i: int, scores: Mapping[int, float], best: Sequence[float]) -> None:
        """Record which candidates ``j`` and the new article ``i`` are among each other's best
        ``RECIPROCAL_K`` matches so far, and update the candidates' best scores."""
        if not best:
            return
        kth = best[-1]
        for j, s in scores.items():
            if s <= 0.0:
                continue
            theirs = self._best[j]
            if s >= kth and (len(theirs) < RECIPROCAL_K or s > theirs[-1]):
                self._reciprocal.add((j, i))
            if len(theirs) < RECIPROCAL_K or s > theirs[-1]:
                theirs.append(s)
                theirs.sort(reverse=True)
                del theirs[RECIPROCAL_K:]

    def _maybe_merge(self, a: int, b: int) -> None:
        """Merge stories ``a`` and ``b`` if they are one as a whole (average linkage, window)."""
        span = self._span.get(b)
        if span is not None and not self._fits_window(a, span[0], span[1]):
            return
        if not _coherent(self._cross_margins(_spread(self._members[a]), _spread(self._members[b]))):
            return
        keep, gone = min(a, b), max(a, b)
        self._join(gone, keep)
        self.merges.append((story_id(self._feats[gone].doc), story_id(self._feats[keep].doc)))

    def stories(self) -> list[Story]:
        """Every story, in order of foundation, with its docs in order of addition."""
        return [
            Story(
                id=story_id(self._feats[r].doc),
                docs=tuple(self._feats[i].doc for i in sorted(ms)),
                title=self._feats[r].title,
            )
            for r, ms in sorted(self._members.items())
        ]


def _cosine(vec: Mapping[str, float], other: Mapping[str, float]) -> float:
    small, big = (vec, other) if len(vec) <= len(other) else (other, vec)
    return sum(v * big.get(t, 0.0) for t, v in small.items())


def _fullness(f: StoryFeatures, g: StoryFeatures) -> float:
    """0 for a pair of leads (the shorter text at most ``SHORT_CHARS``), 1 for full articles
    (from ``FULL_CHARS``), interpolated in between."""
    return min(1.0, max(0.0, (min(f.length, g.length) - SHORT_CHARS) / (FULL_CHARS - SHORT_CHARS)))


def _coherent(margins: Sequence[tuple[float, float]]) -> bool:
    """Whether the pairs (margin, fullness) between an article or story and a story make one
    story as a whole: their average margin is at least ``-LINKAGE_SLACK``, and every pair that
    is not two full articles links on its own (complete linkage among leads, see the module
    docstring: their bars are low, so one weak link must not carry the rest)."""
    if sum(m for m, _ in margins) / len(margins) < -LINKAGE_SLACK:
        return False
    return all(m >= 0.0 for m, full in margins if full < 1.0)


def _spread(members: Sequence[int], limit: int = MAX_LINKAGE_MEMBERS) -> Sequence[int]:
    """At most ``limit`` members, evenly spread over the story's history (deterministic)."""
    if len(members) <= limit:
        return members
    return [members[k * len(members) // limit] for k in range(limit)]


def _day(f: StoryFeatures) -> int | None:
    return f.published.toordinal() if f.published is not None else None


def _order_key(f: StoryFeatures) -> tuple[str, str]:
    return (f.published.isoformat() if f.published else "9999-99-99", f.doc)


def group_stories(
    articles: Iterable[Indexable | StoryFeatures],
    *,
    threshold: float = THRESHOLD,
    window_days: int = WINDOW_DAYS,
    progress: Callable[[int], Any] | None = None,
    term_local_full: float = TERM_LOCAL_FULL,
    background: Background | None = None,
) -> list[Story]:
    """Group articles into stories; ids are stable for the same set of articles in any order.

    ``progress`` is called with the number of articles done (the CLI draws a progress bar);
    ``term_local_full`` > 0 turns on local term weighting (see ``TERM_LOCAL_FULL``);
    ``background`` replaces the shipped background counts (``story_weights.NO_BACKGROUND``:
    the batch's own counts only).
    """
    feats = [a if isinstance(a, StoryFeatures) else features(a) for a in articles]
    check_distinct_docs((f.doc for f in feats), "each needs its own")  # else all but one dropped
    df: Counter[str] = Counter()
    name_df: Counter[str] = Counter()
    for f in feats:
        df.update(f.terms.keys())
        name_df.update(f.names)
    dated = [f for f in feats if f.published is not None]
    index = StoryIndex(
        df=df,
        n_docs=len(feats),
        name_df=name_df,
        threshold=threshold,
        window_days=window_days,
        name_days=batch_day_counts((f.names, _day(f)) for f in dated),
        term_days=batch_day_counts((f.terms.keys(), _day(f)) for f in dated) if term_local_full > 0 else None,
        term_local_full=term_local_full,
        background=background,
    )
    for n, f in enumerate(sorted(feats, key=_order_key), 1):
        index.add(f)
        if progress is not None:
            progress(n)
    return index.stories()
