"""``compare``: the plain function behind ``sayso compare``, the HTTP API, the report and the store.

It takes frozen ``Article``s only, from wherever they come (just extracted, the database, Parquet
shards, JSON), so the same articles give the same comparison by every route.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sayso.compare.align import align
from sayso.compare.facts import compare_facts
from sayso.compare.speakers import link_speakers
from sayso.compare.stories import check_distinct_docs
from sayso.errors import ConfigError, NotEnoughArticlesError
from sayso.model import Article, Comparison


def compare(articles: Sequence[Article]) -> Comparison:
    """Align the quotes of two or more articles about one story and compare their facts.

    Each article needs a doc id of its own: outlets, groups and diffs are keyed by it, and two
    articles of one id were compared as one outlet, every quote ``single_source`` (``sayso.extract``
    calls every article "text" unless given ``doc=``)."""
    if isinstance(articles, str | bytes) or not isinstance(articles, Iterable):
        raise ConfigError(f"compare takes a sequence of Article, not {type(articles).__name__}")
    articles = list(articles)
    wrong = next((a for a in articles if not isinstance(a, Article)), None)
    if wrong is not None:
        raise ConfigError(
            f"compare takes Article values (from sayso.extract or the database), not {type(wrong).__name__}"
        )
    check_distinct_docs(
        (a.doc for a in articles), "each article of a comparison needs its own (sayso.extract(..., doc=...))"
    )
    if len(articles) < 2:
        raise NotEnoughArticlesError(
            f"a comparison needs at least two articles, got {len(articles)}"
            + (f" ({articles[0].doc})" if articles else "")
        )
    links = link_speakers(articles)
    groups = align(articles, links)
    facts = compare_facts(articles)
    return Comparison(articles=tuple(articles), speakers=links.speakers, groups=groups, facts=facts)
