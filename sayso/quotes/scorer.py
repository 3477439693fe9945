"""Stage 4: a learned judge of each quote the rules found: is it someone's words, with this source?

The rules of stages 2 and 3 propose quotes with a hand-set confidence; on real news a third of
what they propose is not speech ("lashes out at husband Alec", "known for his charming
personality"). Word lists tuned on our own examples would only move the problem, so the
decision is learned from the annotators of PolNeAR *train*: ``scripts/train_scorer.py`` runs the
engine on the training articles, labels each proposed quote by whether an annotator marked an
attribution there with an overlapping content and source, and fits a logistic regression over
the features of ``features.py``. The weights and a calibration table ship as
``sayso/data/quote_scorer.json`` (a few hundred kilobytes, read once per process, no network, no
extra dependency at run time: a dot product and a lookup).

``confidence`` then means what users read it as: the estimated probability that a careful
annotator would mark this item as an attribution with this content and source (checked with a
reliability diagram on dev, ``docs/calibration.svg``).

The caps that keep some kinds of items below the default threshold, whatever the learned
probability, are in ``caps.py``.
"""

from __future__ import annotations

import bisect
import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Any

from spacy.util import registry

from sayso.model import Quote
from sayso.quotes.caps import TOPIC_CAP, UNSPOKEN_CAP, quote_cap
from sayso.quotes.features import FEATURE_VERSION, DocContext, quote_features


@dataclass(frozen=True)
class QuoteScorer:
    """Logistic weights over ``quote_features`` and an increasing calibration table; a topic's
    confidence is at most ``topic_cap``, an unspoken item's at most ``unspoken_cap`` (``None``:
    the learned probability alone)."""

    weights: dict[str, float]
    calib_x: tuple[float, ...]
    calib_y: tuple[float, ...]
    topic_cap: float | None = TOPIC_CAP
    unspoken_cap: float | None = UNSPOKEN_CAP

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> QuoteScorer:
        if data.get("feature_version") != FEATURE_VERSION:
            raise ValueError(
                f"quote scorer weights are for features v{data.get('feature_version')}, "
                f"this sayso computes v{FEATURE_VERSION}: retrain with scripts/train_scorer.py"
            )
        cal = data.get("calibration") or {"x": [], "y": []}
        return cls(dict(data["weights"]), tuple(cal["x"]), tuple(cal["y"]))

    def raw(self, features: dict[str, float]) -> float:
        """The uncalibrated probability of the logistic model."""
        z = sum(self.weights.get(name, 0.0) * value for name, value in features.items())
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))

    def probability(self, features: dict[str, float]) -> float:
        """The calibrated probability: the raw one mapped through the isotonic table from train."""
        p = self.raw(features)
        xs, ys = self.calib_x, self.calib_y
        if not xs:
            return p
        i = bisect.bisect_left(xs, p)
        if i <= 0:
            return ys[0]
        if i >= len(xs):
            return ys[-1]
        x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
        return y0 if x1 == x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)

    def rescore(self, doc: Any, quotes: Iterable[Quote]) -> tuple[Quote, ...]:
        """The quotes with ``confidence`` replaced by the calibrated probability (capped for
        topics and unspoken items)."""
        context = DocContext.of(doc)
        out = []
        for q in quotes:
            features = quote_features(doc, q, context)
            p = self.probability(features)
            cap = quote_cap(doc, q, features, self.topic_cap, self.unspoken_cap, context)
            if cap is not None:
                p = min(p, cap)
            out.append(replace(q, confidence=round(p, 4)))
        return tuple(out)


@lru_cache(maxsize=4)
def load_scorer(name: str = "quote_scorer.json") -> QuoteScorer | None:
    """The shipped scorer, or None when the package has none (the rules' confidence stays)."""
    path = resources.files("sayso").joinpath("data", name)
    if not path.is_file():
        return None
    return QuoteScorer.from_dict(json.loads(path.read_text(encoding="utf-8")))


@registry.misc("sayso.quote_scorer.v1")
def quote_scorer(
    weights: str | None = "quote_scorer.json",
    topic_cap: float | None = TOPIC_CAP,
    unspoken_cap: float | None = UNSPOKEN_CAP,
) -> QuoteScorer | None:
    """The scorer of the component config: the packaged weights by name, or ``None`` (no stage 4,
    the rules' own confidence stays; ``scripts/train_scorer.py`` trains on that). ``topic_cap``
    ``null`` leaves topics at their learned probability, ``unspoken_cap`` ``null`` unspoken items
    (the speech table is the packaged lexicon's, ``sayso.quotes.cues.load_lexicon``)."""
    scorer = load_scorer(weights) if weights else None
    if scorer is None:
        return None
    return replace(scorer, topic_cap=topic_cap, unspoken_cap=unspoken_cap)
