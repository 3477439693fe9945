"""``Extractor``: model name, limits and workers in one value, and ``run(inputs)`` over them.

A caller builds one ``Extractor`` from its options (``sayso extract --workers 2``, the server's
settings, a Dask task's arguments) and hands it to whatever needs extraction; the indexer never
chooses how the model runs. ``run`` keeps input order, passes reader ``Failure``s through in
place, and turns every document it cannot process into a ``Failure`` with its code, so one bad
article costs one line of a report, never the batch.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from sayso.errors import ConfigError, EmptyInputError, EngineError, TooLargeError
from sayso.model import Article, ArticleInput, Entity, Failure, Span
from sayso.settings import DEFAULT_MAX_CHARS

#: Articles per task sent to a pool worker: big enough that pickling and scheduling are noise
#: next to parsing, small enough that the last chunks spread over all workers.
DEFAULT_CHUNK_SIZE = 16


@dataclass(frozen=True)
class Extractor:
    """How to run the model: which one, how long an article may be, in batches of how many, on
    how many processes. ``nlp`` injects an already-loaded pipeline (tests, the server's preload);
    without it the model is loaded once per process on first use (``sayso.nlp.load_nlp``)."""

    model: str | None = None
    max_chars: int = DEFAULT_MAX_CHARS
    batch_size: int = 32
    workers: int = 1
    chunk_size: int = DEFAULT_CHUNK_SIZE
    min_confidence: float = 0.0
    nlp: Any = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        """Arguments checked where they are given, as the CLI checks its options: a batch of
        0 returned nothing for every input, -1 a raw ValueError from deep inside."""
        for name in ("max_chars", "batch_size", "workers", "chunk_size"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ConfigError(f"Extractor({name}=...) must be a whole number of 1 or more, not {value!r}")
        c = self.min_confidence
        if not isinstance(c, int | float) or isinstance(c, bool) or not 0.0 <= c <= 1.0:
            raise ConfigError(f"Extractor(min_confidence=...) must be between 0 and 1, not {c!r}")
        if self.model is not None and not isinstance(self.model, str):
            raise ConfigError(f"Extractor(model=...) must be a package name, not {self.model!r}")

    def pipeline(self) -> Any:
        """The spaCy pipeline this extractor runs (loaded and cached on first call)."""
        if self.nlp is not None:
            return self.nlp
        from sayso.nlp import load_nlp

        return load_nlp(self.model)

    def run(self, inputs: Iterable[ArticleInput | Failure]) -> Iterator[Article | Failure]:
        """One ``Article`` or ``Failure`` per input, in input order; streams, memory stays flat.

        With ``workers > 1`` (and no injected pipeline) the work goes to a process pool; the
        output is the same as in this process, in the same order.
        """
        inputs = _checked(inputs)
        if self.workers > 1 and self.nlp is None:
            from sayso.pipeline.pool import run_on_pool

            results: Iterable[Article | Failure] = run_on_pool(self, inputs)
        else:
            results = run_here(self.pipeline(), inputs, batch_size=self.batch_size, max_chars=self.max_chars)
        if self.min_confidence <= 0:
            yield from results
            return
        for result in results:
            yield result if isinstance(result, Failure) else confident(result, self.min_confidence)

    def one(self, inp: ArticleInput) -> Article:
        """One article, or its typed error raised (``TooLargeError``, ``EngineError``, ...)."""
        (result,) = list(self.run([inp]))
        if isinstance(result, Failure):
            raise result.error()
        return result


def _checked(inputs: Iterable[ArticleInput | Failure]) -> Iterator[ArticleInput | Failure]:
    """The inputs, refusing anything else with a message that says what to give instead."""
    if isinstance(inputs, str | bytes) or not isinstance(inputs, Iterable):
        raise ConfigError(f"Extractor.run takes an iterable of ArticleInput, not {type(inputs).__name__}")
    for item in inputs:
        if not isinstance(item, ArticleInput | Failure):
            raise ConfigError(
                f"Extractor.run takes ArticleInput values (sayso.ArticleInput(doc=..., text=...)), "
                f"not {type(item).__name__}"
            )
        yield item


def confident(article: Article, min_confidence: float) -> Article:
    """The article with only its quotes at ``min_confidence`` or above, and only the speakers
    that still speak: a speaker is someone quoted, not merely mentioned."""
    quotes = tuple(q for q in article.quotes if q.confidence >= min_confidence)
    if len(quotes) == len(article.quotes):
        return article
    speaking = {q.speaker_id for q in quotes}
    speakers = tuple(s for s in article.speakers if s.id in speaking)
    return replace(article, quotes=quotes, speakers=speakers)


def too_large(inp: ArticleInput, max_chars: int) -> Failure | None:
    """The size limit, checked in this one place for every way text reaches the model."""
    if len(inp.text) <= max_chars:
        return None
    err = TooLargeError(
        f"article has {len(inp.text):,} characters, over the limit of {max_chars:,} "
        "(see --max-chars, or SAYSO_MAX_CHARS for the server)",
        where=inp.doc,
    )
    return Failure(doc=inp.doc, code=err.code, message=err.message, where=err.where)


def run_here(
    nlp: Any, inputs: Iterable[ArticleInput | Failure], *, batch_size: int, max_chars: int
) -> Iterator[Article | Failure]:
    """The only ``nlp.pipe`` of sayso: inputs in chunks of ``batch_size``, results in order.

    Inputs are consumed in chunks so memory stays flat on long streams while spaCy still gets
    whole batches. The components run with ``on_error="record"`` (see ``sayso.nlp.loader``): a
    document the engine failed on comes back marked, and becomes an E199 ``Failure`` here.
    """
    iterator = iter(inputs)
    while chunk := list(itertools.islice(iterator, batch_size)):
        results: list[Article | Failure | None] = []
        todo: list[tuple[str, int]] = []
        for item in chunk:
            if isinstance(item, Failure):
                results.append(item)
            elif (failure := too_large(item, max_chars)) is not None:
                results.append(failure)
            else:
                todo.append((for_engine(item.text), len(results)))
                results.append(None)
        for doc, slot in nlp.pipe(todo, as_tuples=True, batch_size=batch_size):
            inp = chunk[slot]
            assert isinstance(inp, ArticleInput)
            error = getattr(doc._, "sayso_error", None)
            if error:
                results[slot] = Failure(
                    inp.doc, EngineError.code, f"internal error while extracting: {error}", inp.doc
                )
            else:
                results[slot] = doc_to_article(doc, inp)
        for result in results:
            assert result is not None
            yield result


#: Line ends other than "\n" (the "\r" of "\r\n" aside): a bare "\r" (old Mac files), U+2028,
#: U+2029, NEL, a vertical tab, a form feed.
_OTHER_LINE_ENDS = re.compile("\r(?!\n)|[\u2028\u2029\x85\x0b\x0c]")


def for_engine(text: str) -> str:
    """The text the model reads: other line ends made "\n", one for one.

    The engine reads paragraphs off "\n", so a quote running on over a bare "\r" break became a
    mixed quote with the break inside (QA, nineteenth session). The article keeps its own text
    (offsets can be checked against the bytes on disk); ``doc_to_article`` takes the spans' text
    from it, and the offsets are the same.
    """
    return _OTHER_LINE_ENDS.sub("\n", text) if _OTHER_LINE_ENDS.search(text) else text


def doc_to_article(doc: Any, inp: ArticleInput) -> Article:
    """Freeze what downstream needs of a processed ``Doc``: quotes, speakers and named entities."""
    article = _doc_to_article(doc, inp)
    return article if doc.text == inp.text else _in_own_text(article)


def _in_own_text(article: Article) -> Article:
    """The article with every span's text read off its own text (``for_engine``)."""
    text = article.text

    def own(span: Span) -> Span:
        return Span.of(text, span.start, span.end)

    quotes = tuple(
        replace(
            q,
            content=" ".join(own(s).text for s in q.content_spans) if q.content_spans else q.content,
            content_spans=tuple(own(s) for s in q.content_spans),
            cue=own(q.cue) if q.cue else None,
            source=own(q.source) if q.source else None,
        )
        for q in article.quotes
    )
    speakers = tuple(replace(s, mentions=tuple(own(m) for m in s.mentions)) for s in article.speakers)
    entities = tuple(replace(e, text=text[e.start : e.end]) for e in article.entities)
    return replace(article, quotes=quotes, speakers=speakers, entities=entities)


def _doc_to_article(doc: Any, inp: ArticleInput) -> Article:
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
        entities=tuple(Entity(e.start_char, e.end_char, e.text, e.label_) for e in doc.ents),
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
    min_confidence: float = 0.0,
) -> Article:
    """Find every quotation in one article and who said it (``sayso.extract``).

    Every quote comes with its ``confidence``; ``min_confidence`` keeps only those at or above
    it (``sayso.settings.DEFAULT_MIN_CONFIDENCE``, 0.3, is what the commands show by default).
    Raises ``TooLargeError`` for text over ``max_chars`` and ``EngineError`` if processing failed.
    """
    if not isinstance(text, str):
        hint = ": decode it first" if isinstance(text, bytes | bytearray) else ""
        raise ConfigError(f"extract takes the article's text as str, not {type(text).__name__}{hint}")
    if not isinstance(doc, str) or not doc:
        raise ConfigError(f"extract's doc= must be a non-empty id, not {doc!r}")
    if not text.strip():
        raise EmptyInputError("empty text" if not text else "the text is only whitespace", where=doc)
    inp = ArticleInput(doc=doc, text=text, title=title, outlet=outlet, published=published, url=url)
    return Extractor(max_chars=max_chars, nlp=nlp, min_confidence=min_confidence).one(inp)


def extract_many(
    inputs: Iterable[ArticleInput | Failure],
    *,
    nlp: Any = None,
    batch_size: int = 32,
    max_chars: int = DEFAULT_MAX_CHARS,
    workers: int = 1,
) -> Iterator[Article | Failure]:
    """``sayso.extract_many``: ``Extractor(...).run(inputs)`` for callers who want a function."""
    return Extractor(max_chars=max_chars, batch_size=batch_size, workers=workers, nlp=nlp).run(inputs)
