"""The quote database: one SQLite file (WAL, FTS5) holding articles, quotes, speakers and stories.

``db`` opens and migrates it, ``index`` writes to it, ``queries`` reads it and ``export`` dumps it.
The store only stores and queries: it never reads article files or runs the model (the indexer
is handed an extractor by its caller, see ``sayso.jobs``). Importing this package loads nothing
heavier than ``sqlite3``.
"""

from sayso.store.db import default_db_path, open_db, transaction
from sayso.store.index import IndexStats, index_inputs, write_batch
from sayso.store.queries import SearchQuery, list_speakers, list_stories, read_article, search, show_article

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
