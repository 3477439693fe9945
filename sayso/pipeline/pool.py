"""The process pool behind ``Extractor(workers=N).run``: the same results, in input order.

The parser is CPU-bound and holds the GIL, so threads do not help; processes do. Each worker
loads the model once (pool initializer) and then receives chunks of articles, which it runs
through the same ``run_here`` as a single process does. Only what is needed crosses the process
boundary: the ``ArticleInput`` going out, and the quotes, speakers and entities coming back (the
article text is not sent back; the parent still holds it and puts it back in place).

Reading stays in the parent, so reader ``Failure``s keep their place in the stream and the
parent can stop reading early; at most ``2 * workers`` chunks are in flight, so memory stays flat
however long the input is. A worker that dies (killed, out of memory) costs the articles of its
chunk, each reported as an E199 ``Failure``, and the stream goes on.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from sayso.errors import EngineError
from sayso.model import Article, ArticleInput, Failure
from sayso.pipeline.extractor import run_here

if TYPE_CHECKING:
    from sayso.pipeline.extractor import Extractor

# The worker process's pipeline, set once by ``_init_worker``.
_NLP: Any = None
_BATCH_SIZE = 32


def run_on_pool(
    extractor: Extractor, inputs: Iterable[ArticleInput | Failure]
) -> Iterator[Article | Failure]:
    """``extractor.run`` on ``extractor.workers`` processes."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from sayso.nlp.loader import model_name

    # Fail early, in the parent, with the usual E301 message if the model is missing, instead
    # of N workers failing in their initializer with a broken pool.
    name = model_name(extractor.model)
    workers = extractor.workers
    # "spawn": workers start clean (no copy of the parent's threads or open files) and behave
    # the same on every OS; the cost is one import of spaCy per worker, paid once.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_init_worker,
        initargs=(name, extractor.batch_size),
    ) as pool:
        window: deque[tuple[list[ArticleInput | Failure], Future[list[Article | Failure]] | None]] = deque()
        iterator = iter(inputs)
        try:
            while True:
                while len(window) < 2 * workers and (
                    chunk := list(itertools.islice(iterator, extractor.chunk_size))
                ):
                    needs_work = any(isinstance(item, ArticleInput) for item in chunk)
                    future = pool.submit(_work, chunk, extractor.max_chars) if needs_work else None
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
                yield Failure(item.doc, EngineError.code, message, item.doc)
        return
    for item, result in zip(chunk, results, strict=True):
        if isinstance(result, Article) and isinstance(item, ArticleInput):
            yield dataclasses.replace(result, text=item.text)
        else:
            yield result


def _init_worker(model: str, batch_size: int) -> None:
    """Load the pipeline once per worker process, and leave with the parent."""
    global _NLP, _BATCH_SIZE
    import os
    import threading

    from sayso.nlp import load_nlp

    threading.Thread(target=exit_when_orphaned, args=(os.getppid(),), daemon=True).start()
    _NLP = load_nlp(model)
    _BATCH_SIZE = batch_size


def exit_when_orphaned(
    parent: int,
    interval: float = 1.0,
    getppid: Callable[[], int] | None = None,
    exit: Callable[[int], Any] | None = None,
) -> None:
    """End this worker once its parent is gone (a ``kill -9`` of ``sayso index --workers 2``):
    the pool's own shutdown never runs then, and the workers stayed, blocked writing results
    to a pipe nobody reads, holding the caller's stdout open so a script waiting on the command
    hung. A thread of the worker checks the parent's pid every ``interval`` seconds; the blocked
    write holds no lock it needs."""
    import os
    import time

    getppid = getppid or os.getppid
    while getppid() == parent:
        time.sleep(interval)
    (exit or os._exit)(1)


def _work(chunk: list[ArticleInput | Failure], max_chars: int) -> list[Article | Failure]:
    """Extract one chunk in a worker; articles go back without their text to halve the traffic."""
    results = run_here(_NLP, chunk, batch_size=_BATCH_SIZE, max_chars=max_chars)
    return [dataclasses.replace(r, text="") if isinstance(r, Article) else r for r in results]


__all__ = ["run_on_pool"]
