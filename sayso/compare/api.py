"""``compare``: the plain function behind ``sayso compare``, the HTTP API and the report."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from sayso.compare.align import align
from sayso.compare.facts import compare_facts
from sayso.compare.speakers import link_speakers
from sayso.errors import NotEnoughArticlesError, TooLargeError
from sayso.model import Article, ArticleInput, Comparison, Failure
from sayso.settings import DEFAULT_MAX_CHARS


def compare(articles: Sequence[Article], *, docs: Sequence[Any] | None = None) -> Comparison:
    """Align the quotes of two or more articles about one story and compare their facts.

    ``docs`` are the spaCy parses of the articles' texts, in the same order, when the caller has
    them (``parse_articles`` returns both from one model pass); they add people, places and
    organisations to the facts. Without them facts come from regular expressions only.
    """
    articles = list(articles)
    if len(articles) < 2:
        raise NotEnoughArticlesError(
            f"a comparison needs at least two articles, got {len(articles)}"
            + (f" ({articles[0].doc})" if articles else "")
        )
    if docs is not None and len(docs) != len(articles):
        raise ValueError("[E900] compare: docs must match articles one to one")
    links = link_speakers(articles)
    groups = align(articles, links)
    facts = compare_facts(articles, docs)
    return Comparison(articles=tuple(articles), speakers=links.speakers, groups=groups, facts=facts)


def parse_articles(
    inputs: Iterable[ArticleInput | Failure],
    *,
    nlp: Any = None,
    batch_size: int = 16,
    max_chars: int = DEFAULT_MAX_CHARS,
) -> Iterator[tuple[Article, Any] | Failure]:
    """Extract quotes and keep the parsed ``Doc`` from the same ``nlp.pipe`` pass, in input order.

    ``extract_many`` freezes and drops the ``Doc``; comparing also needs its named entities for
    the facts, and a second model pass would double the cost. Failures pass through.
    """
    from sayso.quotes.api import doc_to_article

    if nlp is None:
        from sayso.nlp import load_nlp

        nlp = load_nlp()
    items: list[ArticleInput | Failure] = []
    for it in inputs:
        if isinstance(it, ArticleInput) and len(it.text) > max_chars:
            err = TooLargeError(f"article has {len(it.text):,} characters, over the limit of {max_chars:,}")
            it = Failure(it.doc, err.code, err.message, it.doc)
        items.append(it)
    good = [(it.text, i) for i, it in enumerate(items) if isinstance(it, ArticleInput)]
    parsed: dict[int, tuple[Article, Any] | Failure] = {}
    for doc, i in nlp.pipe(good, as_tuples=True, batch_size=batch_size):
        inp = items[i]
        assert isinstance(inp, ArticleInput)
        if doc._.sayso_error:
            parsed[i] = Failure(
                inp.doc, "E199", f"internal error while extracting: {doc._.sayso_error}", inp.doc
            )
        else:
            parsed[i] = (doc_to_article(doc, inp), doc)
    for i, it in enumerate(items):
        yield it if isinstance(it, Failure) else parsed[i]
