"""Extraction on several local processes, with results in input order.

The parser is CPU-bound and holds the GIL, so threads do not help; processes do. Each worker
loads the model once (pool initializer) and then receives chunks of articles. Only what is needed
crosses the process boundary: the ``ArticleInput`` going out, and the quotes and speakers coming
back (the article text is not sent back; the parent still holds it and puts it back in place).

Reading stays in the parent, so reader ``Failure``s keep their place in the stream and the
parent can stop reading early; at most ``2 * workers`` chunks are in flight, so memory stays flat
however long the input is.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future
from typing import Any

from sayso.model import Article, ArticleInput, Failure
from sayso.settings import DEFAULT_MAX_CHARS

#: Articles per task sent to a worker: big enough that pickling and scheduling are noise next to
#: parsing, small enough that the last chunks spread over all workers.
DEFAULT_CHUNK_SIZE = 16

# The worker process's pipeline, set once by ``_init_worker``.
_NLP: Any = None
_BATCH_SIZE = 32


def extract_parallel(
    inputs: Iterable[ArticleInput | Failure],
    *,
    workers: int = 1,
    model: str | None = None,
    max_chars: int = DEFAULT_MAX_CHARS,
    batch_size: int = 32,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
) -> Iterator[Article | Failure]:
    """Like ``sayso.extract_many`` but on ``workers`` processes; one result per input, in input order.

    ``Failure`` inputs pass straight through; an article that fails in a worker (or a worker that
    dies) becomes a ``Failure`` and the stream goes on. With ``workers <= 1`` everything runs in
    this process, with no pool at all.
    """
    from sayso.nlp.loader import model_name

    # Fail early, in the parent, with the usual E301 message if the model is missing, instead
    # of N workers failing in their initializer with a broken pool.
    name = model_name(model)
    if workers <= 1:
        from sayso.nlp import load_nlp
        from sayso.quotes.api import extract_many

        # ``load_nlp(model)``, not ``load_nlp(name)``: same cache key as every other caller in
        # this process that asked for the default model, so it is loaded only once.
        yield from extract_many(inputs, nlp=load_nlp(model), batch_size=batch_size, max_chars=max_chars)
        return

    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # "spawn": workers start clean (no copy of the parent's threads or open files) and behave
    # the same on every OS; the cost is one import of spaCy per worker, paid once.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_init_worker,
        initargs=(name, batch_size),
    ) as pool:
        window: deque[tuple[list[ArticleInput | Failure], Future[list[Article | Failure]] | None]] = deque()
        iterator = iter(inputs)
        try:
            while True:
                while len(window) < 2 * workers and (chunk := list(itertools.islice(iterator, chunk_size))):
                    needs_work = any(isinstance(item, ArticleInput) for item in chunk)
                    future = pool.submit(_work, chunk, max_chars) if needs_work else None
                    window.append((chunk, future))
                if not window:
                    return
                chunk, future = window.popleft()
                yield from _collect(chunk, future)
        finally:
            # A caller that stops early (closed generator, Ctrl-C) should not wait for chunks
            # nobody will read: drop the ones not started yet.
            for _, pending in window:
                if pending is not None:
                    pending.cancel()


def _collect(
    chunk: list[ArticleInput | Failure], future: Future[list[Article | Failure]] | None
) -> Iterator[Article | Failure]:
    """The results of one chunk in order, with each article's text put back from the parent's copy."""
    if future is None:
        yield from (item for item in chunk if isinstance(item, Failure))
        return
    try:
        results = future.result()
    except Exception as exc:  # a worker died (killed, out of memory) or could not start
        for item in chunk:
            if isinstance(item, Failure):
                yield item
            else:
                message = f"worker process failed: {type(exc).__name__}: {exc}"
                yield Failure(item.doc, "E199", message, item.doc)
        return
    for item, result in zip(chunk, results, strict=True):
        if isinstance(result, Article) and isinstance(item, ArticleInput):
            yield dataclasses.replace(result, text=item.text)
        else:
            yield result


def _init_worker(model: str, batch_size: int) -> None:
    """Load the pipeline once per worker process."""
    global _NLP, _BATCH_SIZE
    from sayso.nlp import load_nlp

    _NLP = load_nlp(model)
    _BATCH_SIZE = batch_size


def _work(chunk: list[ArticleInput | Failure], max_chars: int) -> list[Article | Failure]:
    """Extract one chunk in a worker; articles go back without their text to halve the traffic."""
    from sayso.quotes.api import extract_many

    results = extract_many(chunk, nlp=_NLP, batch_size=_BATCH_SIZE, max_chars=max_chars)
    return [dataclasses.replace(r, text="") if isinstance(r, Article) else r for r in results]


__all__ = ["DEFAULT_CHUNK_SIZE", "extract_parallel"]
