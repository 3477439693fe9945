"""Reading articles from disk and stdin: plain text, HTML, JSON Lines and WARC archives.

Everything here is I/O and format handling only; no language processing. ``read_paths`` yields
``ArticleInput`` for each article and ``Failure`` for each input it could not read, in a stable
order, so the same stream can feed ``sayso.extract_many``, the process pool, Dask or the indexer.
"""

from sayso.ingest.metadata import Metadata, fill_metadata, read_paths_with_metadata
from sayso.ingest.readers import SUFFIXES, doc_id, html_article, read_file, read_paths, read_stdin

__all__ = [
    "SUFFIXES",
    "Metadata",
    "doc_id",
    "fill_metadata",
    "html_article",
    "read_file",
    "read_paths",
    "read_paths_with_metadata",
    "read_stdin",
]
