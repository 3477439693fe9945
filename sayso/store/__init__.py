"""The quote database: one SQLite file (WAL, FTS5) holding articles, quotes, speakers and stories.

``db`` opens and migrates it, ``index`` writes to it, ``queries`` reads it, ``export`` dumps it and
``parquet`` is the layout ``sayso batch`` writes and ``sayso index DIR`` loads. Importing this
package loads nothing heavier than ``sqlite3``.
"""

from sayso.store.db import default_db_path, open_db, transaction
from sayso.store.index import IndexStats, index_inputs, index_paths, write_batch
from sayso.store.queries import SearchQuery, list_speakers, list_stories, read_article, search, show_article

__all__ = [
    "IndexStats",
    "SearchQuery",
    "default_db_path",
    "index_inputs",
    "index_paths",
    "list_speakers",
    "list_stories",
    "open_db",
    "read_article",
    "search",
    "show_article",
    "transaction",
    "write_batch",
]
