"""The quote database: one SQLite file (WAL, FTS5) holding articles, quotes, speakers and stories.

``db`` opens and migrates it, ``index`` writes to it, ``queries`` reads it and ``export`` dumps it.
The store only stores and queries: it never reads article files or runs the model (the indexer
is handed an extractor by its caller, see ``sayso.jobs``). Importing this package loads nothing
heavier than ``sqlite3``: the names below are imported from their modules on first use (PEP 562),
so ``sayso search``, which needs ``db`` and ``queries``, never loads the indexer and the
speaker resolution behind it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sayso.store.db import default_db_path, open_db, transaction
    from sayso.store.index import IndexStats, index_inputs, write_batch
    from sayso.store.queries import (
        SearchQuery,
        list_speakers,
        list_stories,
        read_article,
        search,
        show_article,
    )

__all__ = [
    "IndexStats",
    "SearchQuery",
    "default_db_path",
    "index_inputs",
    "list_speakers",
    "list_stories",
    "open_db",
    "read_article",
    "search",
    "show_article",
    "transaction",
    "write_batch",
]


def __getattr__(name: str) -> Any:
    if name in ("default_db_path", "open_db", "transaction"):
        from sayso.store import db

        return getattr(db, name)
    if name in ("IndexStats", "index_inputs", "write_batch"):
        from sayso.store import index

        return getattr(index, name)
    if name in ("SearchQuery", "list_speakers", "list_stories", "read_article", "search", "show_article"):
        from sayso.store import queries

        return getattr(queries, name)
    raise AttributeError(f"module 'sayso.store' has no attribute {name!r}")
