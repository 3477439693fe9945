"""Measure sayso against hand-annotated attributions (brat standoff, the layout of PolNeAR).

``read_gold`` reads a gold directory, ``score`` compares predictions with it, and ``evaluate``
does both, extracting the gold texts itself when no prediction file is given. The CLI command
``sayso evaluate`` and the eval gate in the tests are thin layers over these functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sayso.evaluate.brat import GoldAttribution, GoldDirError, GoldDoc, is_direct, read_gold
from sayso.evaluate.score import CURVE_THRESHOLDS, PRF, Counts, PredQuote, Scores, read_predictions, score
from sayso.model import Article, ArticleInput, Failure


def extract_gold(
    gold: dict[str, GoldDoc], *, nlp: Any = None, batch_size: int = 32
) -> list[Article | Failure]:
    """Run sayso on the gold texts, each named by its document name, in the gold order."""
    from sayso.pipeline import Extractor

    inputs = (ArticleInput(doc=name, text=g.text) for name, g in gold.items())
    return list(Extractor(nlp=nlp, batch_size=batch_size).run(inputs))


def evaluate(
    gold_dir: Path | str,
    *,
    pred: Path | str | None = None,
    limit: int | None = None,
    nlp: Any = None,
    min_confidence: float = 0.0,
    curve: Sequence[float] = (),
) -> Scores:
    """Score a prediction file, or sayso itself when ``pred`` is None, against ``gold_dir``.

    ``limit`` keeps the first N gold documents (sorted by name); predictions for other
    documents are then ignored rather than reported as unknown.
    """
    gold = read_gold(gold_dir, limit=limit)
    if pred is not None:
        predictions = read_predictions(pred)
        if limit is not None:
            predictions = {doc: qs for doc, qs in predictions.items() if doc in gold}
        return score(gold, predictions, min_confidence=min_confidence, curve=curve)
    results = extract_gold(gold, nlp=nlp)
    articles = [r for r in results if isinstance(r, Article)]
    failures = [r for r in results if isinstance(r, Failure)]
    return score(gold, articles, failures=failures, min_confidence=min_confidence, curve=curve)


__all__ = [
    "CURVE_THRESHOLDS",
    "PRF",
    "Counts",
    "GoldAttribution",
    "GoldDirError",
    "GoldDoc",
    "PredQuote",
    "Scores",
    "evaluate",
    "extract_gold",
    "is_direct",
    "read_gold",
    "read_predictions",
    "score",
]
