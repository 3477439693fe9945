"""The plain functions the CLI, the HTTP API, the database and Dask workers all call."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from typing import Any

from sayso.errors import SaysoError, TooLargeError
from sayso.model import Article, ArticleInput, Failure
from sayso.settings import DEFAULT_MAX_CHARS


def doc_to_article(doc: Any, inp: ArticleInput) -> Article:
    """Freeze the annotations of a processed ``Doc`` into an ``Article``."""
    return Article(
        doc=inp.doc,
        text=inp.text,
        title=inp.title,
        outlet=inp.outlet,
        published=inp.published,
        url=inp.url,
        quotes=tuple(doc._.quotes or ()),
        speakers=tuple(doc._.speakers or ()),
        warnings=inp.warnings,
    )


def extract(
    text: str,
    *,
    doc: str = "text",
    title: str | None = None,
    outlet: str | None = None,
    published: str | None = None,
    url: str | None = None,
    nlp: Any = None,
    max_chars: int = DEFAULT_MAX_CHARS,
) -> Article:
    """Find every quotation in one article and who said it.

    Raises ``TooLargeError`` for text over ``max_chars`` and ``InputError`` if processing failed.
    """
    inp = ArticleInput(doc=doc, text=text, title=title, outlet=outlet, published=published, url=url)
    (result,) = list(extract_many([inp], nlp=nlp, max_chars=max_chars))
    if isinstance(result, Failure):
        from sayso.errors import InputError

        err = TooLargeError(result.message, where=doc) if result.code == TooLargeError.code else None
        raise err or InputError(result.message, where=doc)
    return result


def _check(inp: ArticleInput, max_chars: int) -> Failure | None:
    if len(inp.text) > max_chars:
        err = TooLargeError(
            f"article has {len(inp.text):,} characters, over the limit of {max_chars:,} (see --max-chars)"
        )
        return Failure(doc=inp.doc, code=err.code, message=err.message, where=inp.doc)
    return None


def extract_many(
    inputs: Iterable[ArticleInput | Failure],
    *,
    nlp: Any = None,
    batch_size: int = 32,
    max_chars: int = DEFAULT_MAX_CHARS,
) -> Iterator[Article | Failure]:
    """Stream articles through ``nlp.pipe``; one result per input, in input order.

    ``Failure`` inputs (files a reader could not read) pass straight through, so a caller can
    report them in order; an article that fails here becomes a ``Failure`` too and the stream
    goes on. Inputs are consumed in chunks of ``batch_size``, so memory stays flat on long
    streams while spaCy still gets whole batches.
    """
    if nlp is None:
        from sayso.nlp import load_nlp

        nlp = load_nlp()

    iterator = iter(inputs)
    while chunk := list(itertools.islice(iterator, batch_size)):
        results: list[Article | Failure | None] = []
        todo: list[tuple[str, int]] = []
        for item in chunk:
            if isinstance(item, Failure):
                results.append(item)
            elif (failure := _check(item, max_chars)) is not None:
                results.append(failure)
            else:
                todo.append((item.text, len(results)))
                results.append(None)
        for doc, slot in nlp.pipe(todo, as_tuples=True, batch_size=batch_size):
            inp = chunk[slot]
            assert isinstance(inp, ArticleInput)
            if doc._.sayso_error:
                message = f"internal error while extracting: {doc._.sayso_error}"
                results[slot] = Failure(inp.doc, "E199", message, inp.doc)
            else:
                results[slot] = doc_to_article(doc, inp)
        for result in results:
            assert result is not None
            yield result


__all__ = ["SaysoError", "doc_to_article", "extract", "extract_many"]
