"""``compare``: the plain function behind ``sayso compare``, the HTTP API, the report and the store.

It takes frozen ``Article``s only, from wherever they come (just extracted, the database, Parquet
shards, JSON), so the same articles give the same comparison by every route.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from sayso.compare.align import align
from sayso.compare.facts import compare_facts
from sayso.compare.normalize import words
from sayso.compare.speakers import link_speakers
from sayso.compare.stories import check_distinct_docs
from sayso.errors import ConfigError, NotEnoughArticlesError
from sayso.model import Article, Comparison


def compare(articles: Sequence[Article], min_confidence: float = 0.0) -> Comparison:
    """Align the quotes of two or more articles about one story and compare their facts.

    Each article needs a doc id of its own: outlets, groups and diffs are keyed by it, and two
    articles of one id were compared as one outlet, every quote ``single_source`` (``sayso.extract``
    calls every article "text" unless given ``doc=``).

    With ``min_confidence``, only quotes at that confidence take part, and those under it whose
    quoted words another outlet's quote at it shares (``_corroborated``)."""
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
    if min_confidence > 0:
        articles = _corroborated(articles, min_confidence)
    links = link_speakers(articles)
    groups = align(articles, links)
    facts = compare_facts(articles)
    return Comparison(articles=tuple(articles), speakers=links.speakers, groups=groups, facts=facts)


#: Quotes under the threshold this long that two outlets both print are shown (``_corroborated``).
CORROBORATING_WORDS = 6


def _corroborated(articles: list[Article], threshold: float) -> list[Article]:
    """The articles with their quotes at ``threshold``, and with those under it that another
    outlet's quote at it corroborates: the same words in quotation marks, grouped with it.

    The engine is unsure of a quote whose attribution a lead cut off ("..."), and the default
    threshold hid it; the other outlet's copy of the same words was then a false "single
    source" (QA helper, twentieth session: 4 of 25 real stories, among them the one real change
    of wording in one). A quotation another outlet prints too is a quotation; one nobody else
    confirms stays hidden, as do a few words two outlets print unsure of both (a scare quote).
    Reported speech is never promoted so."""
    sure = {(a.doc, q.id) for a in articles for q in a.quotes if q.confidence >= threshold}
    if len(sure) == sum(len(a.quotes) for a in articles):
        return articles
    keep = set(sure)
    for g in align(articles, link_speakers(articles)):
        quoted = [o for o in g.occurrences if o.kind != "indirect"]
        backed = {o.doc for o in quoted if (o.doc, o.quote_id) in sure}
        # Two outlets printing the same sentence in quotation marks confirm each other, sure of
        # it or not (a lead's unattributed "This now triggers the next phase ..." in both); a
        # few words ("Aye", a scare quote) do not.
        long_ = {o.doc for o in quoted if len(words(o.content)) >= CORROBORATING_WORDS}
        for o in quoted:
            if backed - {o.doc} or (o.doc in long_ and len(long_) >= 2):
                keep.add((o.doc, o.quote_id))
    out = []
    for a in articles:
        quotes = tuple(q for q in a.quotes if (a.doc, q.id) in keep)
        speaking = {q.speaker_id for q in quotes}
        out.append(replace(a, quotes=quotes, speakers=tuple(s for s in a.speakers if s.id in speaking)))
    return out
