"""How much each term and each name of an article counts for story grouping (``stories.py``).

Two kinds of counts, both either fixed for a whole batch (``group_stories`` knows every article
before it groups any) or running over the articles added so far (an indexer that sees one
article at a time):

* **global** document frequencies: the IDF of a term, the rarity of a name over the whole pile;
* **local** ones, counted only over the articles dated near an article: a saga (a leak, then a
  hearing, then a resignation) fills a few days with articles that share its words and names,
  each about another development. Globally its words are rare, so IDF alone makes them the
  strongest evidence there is; locally they are everywhere, and they count less. On the 1,479
  AllSides leads grouped at once most false links were such "same saga, next development" pairs
  a day or two apart. A term or name that at most ``full`` articles of those days carry (about
  one story's worth of outlets) keeps its weight; past that it counts ``full / count``.
"""

from __future__ import annotations

import bisect
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence


class DayCounts:
    """Per key (a term or a name), the sorted day numbers (``date.toordinal``) of the dated
    articles that carry it, so the articles of any day range are counted with two bisections."""

    def __init__(self, fixed: Mapping[str, Sequence[int]] | None = None) -> None:
        self.fixed = fixed is not None
        self._days: dict[str, list[int]] = defaultdict(list)
        for key, found in (fixed or {}).items():
            self._days[key] = sorted(found)

    def add(self, keys: Iterable[str], day: int) -> None:
        """Count one more article of ``day`` for each key (running counts only)."""
        if not self.fixed:
            for key in keys:
                bisect.insort(self._days[key], day)

    def count(self, key: str, lo: int, hi: int) -> int:
        """How many articles dated ``lo``..``hi`` (inclusive) carry ``key``."""
        found = self._days.get(key)
        if not found:
            return 0
        return bisect.bisect_right(found, hi) - bisect.bisect_left(found, lo)


def local_discount(count: int, full: float) -> float:
    """1 for a key on at most ``full`` articles of the days in question, ``full / count``
    beyond that (a name or term on twice as many articles as one story has counts half)."""
    if full <= 0 or count <= full:
        return 1.0
    return full / count


def batch_day_counts(items: Iterable[tuple[Iterable[str], int | None]]) -> dict[str, list[int]]:
    """Per key, the days of the dated items carrying it: the fixed counts of a whole batch."""
    days: dict[str, list[int]] = defaultdict(list)
    for keys, day in items:
        if day is not None:
            for key in keys:
                days[key].append(day)
    return days


def smoothed_idf(n: int, df: int) -> float:
    """Smoothed IDF, never below 1 (a term on every article still counts a little)."""
    return math.log((n + 1) / (df + 1)) + 1.0


class RunningCounts:
    """Document frequencies of terms and names: fixed ones of a batch, or running ones."""

    def __init__(
        self,
        df: Mapping[str, int] | None = None,
        n_docs: int | None = None,
        name_df: Mapping[str, int] | None = None,
    ) -> None:
        self.fixed = df is not None
        self._fixed_df = df or {}
        self._fixed_name_df = name_df if df is not None else None
        self._fixed_n = n_docs or 1
        self._df: Counter[str] = Counter()
        self._name_df: Counter[str] = Counter()
        self._n = 0

    def add(self, terms: Iterable[str], names: Iterable[str]) -> None:
        if not self.fixed:
            self._n += 1
            self._df.update(terms)
            self._name_df.update(names)

    def idf(self, term: str) -> float:
        if self.fixed:
            return smoothed_idf(self._fixed_n, self._fixed_df.get(term, 0))
        return smoothed_idf(self._n, self._df.get(term, 0))

    def name_idf(self, name: str) -> float:
        """The plain IDF of a name (0 for a name on every article); with fixed term counts but
        no name counts every name counts as rare."""
        if self.fixed:
            names = self._fixed_name_df
            n, df = self._fixed_n, (names.get(name, 0) if names is not None else 0)
        else:
            n, df = self._n, self._name_df.get(name, 0)
        return math.log((n + 1) / (df + 1))
