"""sayso's own stages stay linear in the length of one article (counting work, not time)."""

from __future__ import annotations

from pathlib import Path

import pytest
from repo_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.model
@pytest.mark.slow
def test_work_doubles_when_the_article_doubles() -> None:
    """Regression: stage 4 read ``doc.text`` and ``span.ents`` per quote, and spaCy rebuilds
    both from every token, so the work grew with the square of the length (x4 per doubling)."""
    bench = load_script("bench/long_article.py")
    nlp, component = bench.plain_and_sayso()
    small, large = (bench.count_calls(component, nlp(bench.article(n))) for n in (15_000, 30_000))
    assert large / small < 2.3, (small, large)
