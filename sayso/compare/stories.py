"""Group a pile of articles into stories (same event), in one batch or one article at a time.

Purely lexical on purpose: running the parser over thousands of articles costs minutes, while
the signals that separate stories are cheap to get from the text itself:

* **content words** of the title (counted twice) and the first ``LEAD_CHARS`` characters, as a
  TF-IDF vector (sublinear term frequency, smoothed IDF, L2-normalised);
* **names**: runs of two or more capitalised words ("Elena Marsh", "Port Alder Gazette"), a
  cheap stand-in for named entities; each shared name adds ``NAME_BONUS`` (capped);
* **quotations**: word 4-grams of quoted passages (from ``Article.quotes`` when extracted, else
  text between quotation marks); sharing one adds ``QUOTE_BONUS``;
* **date**: articles published more than ``WINDOW_DAYS`` apart are never linked (unknown dates
  don't block).

Candidates come from an inverted index over each article's ``TOP_TERMS`` highest-weighted terms,
so an article is only scored against articles that share at least two of them, never all pairs.
A new article joins the story of its best candidate when the score reaches ``threshold``; if it
also matches another story strongly (``MERGE_THRESHOLD``) the two stories are merged, the older
id surviving. A story's id is derived from the article that founded it, so ids are stable when
articles are added in the same order (``group_stories`` sorts by publication date, then doc id).
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
from sayso.model import Article, ArticleInput, Story

LEAD_CHARS = 2500
TOP_TERMS = 24
THRESHOLD = 0.35
#: Pairs where a date is unknown must be this much more similar (no date window protects them).
UNDATED_MARGIN = 0.15
#: Terms on more articles than this are too common to find candidates with (still scored).
MAX_POSTING = 400
MERGE_THRESHOLD = 0.55
NAME_BONUS = 0.04
MAX_NAME_BONUS = 0.16
QUOTE_BONUS = 0.15
WINDOW_DAYS = 4

_WORD = re.compile(r"[a-z][a-z'\-]{2,}")
_NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+(?:[A-Z][a-z]+|[A-Z]\.)){1,3}")
_QUOTED = re.compile(r"[\"“”«»]([^\"“”«»\n]{20,400})[\"“”«»]")
_STOP = frozenset(
    [
        "the",
        "and",
        "for",
        "that",
        "with",
        "this",
        "from",
        "have",
        "has",
        "had",
        "was",
        "were",
        "are",
        "but",
        "not",
        "you",
        "they",
        "their",
        "them",
        "his",
        "her",
        "she",
        "him",
        "its",
        "our",
        "who",
        "what",
        "when",
        "where",
        "which",
        "will",
        "would",
        "could",
        "should",
        "can",
        "may",
        "might",
        "also",
        "been",
        "being",
        "about",
        "into",
        "over",
        "after",
        "before",
        "than",
        "then",
        "there",
        "these",
        "those",
        "said",
        "says",
        "say",
        "told",
        "tell",
        "just",
        "more",
        "most",
        "some",
        "such",
        "only",
        "other",
        "very",
        "much",
        "many",
        "any",
        "all",
        "one",
        "two",
        "new",
        "like",
        "out",
        "off",
        "now",
        "how",
        "why",
        "because",
        "while",
        "during",
        "per",
        "week",
        "weeks",
        "year",
        "years",
        "day",
        "days",
        "time",
        "times",
        "last",
        "first",
        "still",
        "even",
        "yet",
        "back",
        "get",
        "got",
        "make",
        "made",
        "including",
        "including",
        "according",
        "people",
        "according",
        "however",
        "although",
        "since",
        "around",
        "under",
        "between",
    ]
)

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


def _parse_date(value: str | None) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def features(article: Indexable, *, lead_chars: int = LEAD_CHARS) -> StoryFeatures:
    """The grouping features of an article (title + lead of the text)."""
    title = article.title or ""
    lead = article.text[:lead_chars]
    terms: Counter[str] = Counter(w for w in _WORD.findall(title.lower()) if w not in _STOP)
    terms.update(terms)  # the title counts twice
    terms.update(w for w in _WORD.findall(lead.lower()) if w not in _STOP)
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
    )


def story_id(founder_doc: str) -> str:
    """The id of a story founded by ``founder_doc``: short, stable and opaque."""
    return "st-" + hashlib.sha1(founder_doc.encode("utf-8")).hexdigest()[:12]


class StoryIndex:
    """Incremental story grouping: ``add`` one article, get its story id.

    ``df``/``n_docs`` fix the IDF statistics (``group_stories`` computes them over the whole
    batch first); without them the index keeps running counts, so IDF sharpens as articles
    arrive, which is what an indexer that sees one article at a time needs. ``merges`` records
    ``(absorbed_id, surviving_id)`` whenever two existing stories turn out to be one, so a
    caller that stored story ids can update them.
    """

    def __init__(
        self,
        *,
        df: Mapping[str, int] | None = None,
        n_docs: int | None = None,
        threshold: float = THRESHOLD,
        window_days: int = WINDOW_DAYS,
    ) -> None:
        self._fixed_df = df
        self._fixed_n = n_docs
        self._df: Counter[str] = Counter()
        self._n = 0
        self.threshold = threshold
        self.window_days = window_days
        self._feats: list[StoryFeatures] = []
        self._vecs: list[dict[str, float]] = []
        self._postings: dict[str, list[int]] = defaultdict(list)
        self._span: dict[int, tuple[date, date]] = {}  # story root -> (earliest, latest) date
        self._parent: list[int] = []
        self._by_doc: dict[str, int] = {}
        self.merges: list[tuple[str, str]] = []

    def __len__(self) -> int:
        return len(self._feats)

    # --- statistics -------------------------------------------------------------------------
    def _idf(self, term: str) -> float:
        if self._fixed_df is not None:
            n, df = self._fixed_n or 1, self._fixed_df.get(term, 0)
        else:
            n, df = self._n, self._df.get(term, 0)
        return math.log((n + 1) / (df + 1)) + 1.0

    def _vector(self, f: StoryFeatures) -> dict[str, float]:
        vec = {t: (1.0 + math.log(c)) * self._idf(t) for t, c in f.terms.items()}
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
        other = self._vecs[j]
        small, big = (vec, other) if len(vec) <= len(other) else (other, vec)
        cos = sum(v * big.get(t, 0.0) for t, v in small.items())
        bonus = min(MAX_NAME_BONUS, NAME_BONUS * len(f.names & g.names))
        if f.quotes & g.quotes:
            bonus += QUOTE_BONUS
        return cos + bonus if cos > 0.1 else cos

    def _candidates(self, top: Sequence[str]) -> set[int]:
        hits: Counter[int] = Counter()
        for t in top:
            posting = self._postings.get(t, ())
            if len(posting) <= MAX_POSTING:
                hits.update(posting)
        return {j for j, c in hits.items() if c >= 2}

    def _fits_window(self, root: int, when: date | None) -> bool:
        """Whether a story would still span at most ``window_days`` with an article of date ``when``."""
        span = self._span.get(root)
        if when is None or span is None:
            return True
        lo, hi = min(span[0], when), max(span[1], when)
        return (hi - lo).days <= self.window_days

    def _join(self, child: int, root: int) -> None:
        self._parent[child] = root
        spans = [s for s in (self._span.pop(child, None), self._span.get(root)) if s is not None]
        if spans:
            self._span[root] = (min(s[0] for s in spans), max(s[1] for s in spans))

    def add(self, article: Indexable | StoryFeatures) -> str:
        """Add one article and return the id of its story (new or existing)."""
        f = article if isinstance(article, StoryFeatures) else features(article)
        if f.doc in self._by_doc:
            return self.story_of(f.doc)
        if self._fixed_df is None:
            self._n += 1
            self._df.update(f.terms.keys())
        vec = self._vector(f)
        top = sorted(vec, key=vec.__getitem__, reverse=True)[:TOP_TERMS]
        i = len(self._feats)
        self._feats.append(f)
        self._vecs.append(vec)
        self._parent.append(i)
        self._by_doc[f.doc] = i

        if f.published is not None:
            self._span[i] = (f.published, f.published)
        best: dict[int, float] = {}  # story root -> best score of a member
        for j in self._candidates(top):
            s = self._score(f, vec, j)
            undated = f.published is None or self._feats[j].published is None
            if s >= (self.threshold + UNDATED_MARGIN if undated else self.threshold):
                r = self._root(j)
                if self._fits_window(r, f.published):
                    best[r] = max(best.get(r, 0.0), s)
        if best:
            ranked = sorted(best, key=lambda r: (-best[r], r))
            target = ranked[0]
            self._join(i, target)
            for r in ranked[1:]:
                span = self._span.get(r)
                if best[r] >= MERGE_THRESHOLD and (span is None or self._fits_window(target, span[0])):
                    if span is not None and not self._fits_window(target, span[1]):
                        continue
                    keep, gone = min(target, r), max(target, r)
                    self._join(gone, keep)
                    self.merges.append((story_id(self._feats[gone].doc), story_id(self._feats[keep].doc)))
                    target = keep
        for t in top:
            self._postings[t].append(i)
        return self.story_of(f.doc)

    def stories(self) -> list[Story]:
        """Every story, in order of foundation, with its docs in order of addition."""
        members: dict[int, list[int]] = defaultdict(list)
        for i in range(len(self._feats)):
            members[self._root(i)].append(i)
        return [
            Story(
                id=story_id(self._feats[r].doc),
                docs=tuple(self._feats[i].doc for i in ms),
                title=self._feats[r].title,
            )
            for r, ms in sorted(members.items())
        ]


def _order_key(f: StoryFeatures) -> tuple[str, str]:
    return (f.published.isoformat() if f.published else "9999-99-99", f.doc)


def group_stories(
    articles: Iterable[Indexable | StoryFeatures],
    *,
    threshold: float = THRESHOLD,
    window_days: int = WINDOW_DAYS,
    progress: Callable[[int], Any] | None = None,
) -> list[Story]:
    """Group articles into stories; ids are stable for the same set of articles in any order.

    ``progress`` is called with the number of articles done (the CLI draws a progress bar).
    """
    feats = [a if isinstance(a, StoryFeatures) else features(a) for a in articles]
    df: Counter[str] = Counter()
    for f in feats:
        df.update(f.terms.keys())
    index = StoryIndex(df=df, n_docs=len(feats), threshold=threshold, window_days=window_days)
    for n, f in enumerate(sorted(feats, key=_order_key), 1):
        index.add(f)
        if progress is not None:
            progress(n)
    return index.stories()
