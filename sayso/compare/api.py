"""``compare``: the plain function behind ``sayso compare``, the HTTP API, the report and the store.

It takes frozen ``Article``s only, from wherever they come (just extracted, the database, Parquet
shards, JSON), so the same articles give the same comparison by every route.
"""

from __future__ import annotations

from collections.abc import Sequence

from sayso.compare.align import align
from sayso.compare.facts import compare_facts
from sayso.compare.speakers import link_speakers
from sayso.errors import NotEnoughArticlesError
from sayso.model import Article, Comparison


def compare(articles: Sequence[Article]) -> Comparison:
    """Align the quotes of two or more articles about one story and compare their facts."""
    articles = list(articles)
    if len(articles) < 2:
        raise NotEnoughArticlesError(
            f"a comparison needs at least two articles, got {len(articles)}"
            + (f" ({articles[0].doc})" if articles else "")
        )
    links = link_speakers(articles)
    groups = align(articles, links)
    facts = compare_facts(articles)
    return Comparison(articles=tuple(articles), speakers=links.speakers, groups=groups, facts=facts)
