"""The process pool's bookkeeping (``sayso.pipeline.pool``), without starting processes or the model.

The end-to-end run with ``--workers 2`` is in ``test_cli_extract.py`` (model, slow); here the
parts that decide order, failures and what crosses the process boundary are checked directly.
"""

from __future__ import annotations

from concurrent.futures import Future

from sayso.model import Article, ArticleInput, Failure
from sayso.pipeline.pool import _collect

CHUNK: list[ArticleInput | Failure] = [
    ArticleInput(doc="a", text="First article."),
    Failure(doc="bad", code="E101", message="binary file, not text", where="x/bad.txt"),
    ArticleInput(doc="b", text="Second article."),
]


def test_results_get_their_text_back_in_input_order() -> None:
    future: Future[list[Article | Failure]] = Future()
    # What a worker sends back: articles without their text, reader failures as they were.
    future.set_result([Article(doc="a", text=""), CHUNK[1], Article(doc="b", text="")])  # type: ignore[list-item]
    results = list(_collect(CHUNK, future))
    assert [r.doc for r in results] == ["a", "bad", "b"]
    assert [getattr(r, "text", None) for r in results] == ["First article.", None, "Second article."]
    assert results[1] is CHUNK[1]


def test_a_dead_worker_fails_its_chunk_only_and_keeps_reader_failures() -> None:
    future: Future[list[Article | Failure]] = Future()
    future.set_exception(RuntimeError("A process in the process pool was terminated abruptly"))
    results = list(_collect(CHUNK, future))
    assert [(r.doc, r.code) for r in results if isinstance(r, Failure)] == [
        ("a", "E199"),
        ("bad", "E101"),
        ("b", "E199"),
    ]
    assert "terminated abruptly" in results[0].message  # type: ignore[union-attr]


def test_a_chunk_of_only_failures_needs_no_worker() -> None:
    only = [f for f in CHUNK if isinstance(f, Failure)]
    assert list(_collect(list(only), None)) == only


def test_a_worker_leaves_when_its_parent_is_gone() -> None:
    """Seventeenth session: after a ``kill -9`` of the parent the workers stayed, blocked on a
    pipe nobody read. The watchdog ends a worker once its parent's pid is no longer its parent."""
    from sayso.pipeline.pool import exit_when_orphaned

    parents = iter([41, 41, 41, 1])  # reparented to init on the fourth look
    exits: list[int] = []
    exit_when_orphaned(41, interval=0.0, getppid=lambda: next(parents), exit=exits.append)
    assert exits == [1]
