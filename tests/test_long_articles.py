"""sayso's own stages stay linear in the length of one article (counting work, not time)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_long_article", ROOT / "bench" / "long_article.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.model
@pytest.mark.slow
def test_work_doubles_when_the_article_doubles() -> None:
    """Regression: stage 4 read ``doc.text`` and ``span.ents`` per quote, and spaCy rebuilds
    both from every token, so the work grew with the square of the length (x4 per doubling)."""
    bench = _bench()
    nlp, component = bench.plain_and_sayso()
    small, large = (bench.count_calls(component, nlp(bench.article(n))) for n in (15_000, 30_000))
    assert large / small < 2.3, (small, large)
