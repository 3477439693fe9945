"""What the commands do, as plain functions that compose readers, the one door and the store.

``sayso.store`` only stores and queries; ``sayso.pipeline`` only runs the model; ``sayso.ingest``
only reads. Joining them is the business of this module, so that the CLI and the HTTP layer stay
thin and no lower layer has to import a higher one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from sayso.ingest import read_paths_with_metadata
from sayso.model import Failure
from sayso.pipeline import Extractor
from sayso.shards import is_batch_dir, read_batch_dir
from sayso.store.index import DEFAULT_BATCH, IndexStats, index_inputs
from sayso.store.stories import StoryAssigner


def index_paths(
    conn: sqlite3.Connection,
    paths: Sequence[Path],
    *,
    extractor: Extractor,
    batch_size: int = DEFAULT_BATCH,
    on_failure: Callable[[Failure], None] | None = None,
    on_progress: Callable[[IndexStats], None] | None = None,
    on_warning: Callable[[str, str], None] | None = None,
    outlets: Sequence[str] = (),
    titles: Sequence[str] = (),
    dates: Sequence[str] = (),
    title_from_first_line: bool = False,
) -> IndexStats:
    """``sayso index``: files and folders are read and go through ``extractor``; ``sayso batch``
    output directories are loaded from Parquet as already-extracted articles.

    ``outlets``, ``titles`` and ``dates`` fill metadata the files lack, once for all or once per
    file or folder of articles (``sayso.ingest.metadata``; batch directories carry their own)."""
    stats = IndexStats()
    assigner = StoryAssigner(conn)
    common: dict[str, Any] = {
        "batch_size": batch_size,
        "on_failure": on_failure,
        "on_progress": on_progress,
        "on_warning": on_warning,
        "stories": assigner,
        "stats": stats,
    }
    plain = [p for p in paths if not is_batch_dir(p)]
    for path in paths:
        if is_batch_dir(path):
            index_inputs(conn, read_batch_dir(path), **common)
    if plain:
        inputs = read_paths_with_metadata(
            [str(p) for p in plain],
            outlets=outlets,
            titles=titles,
            dates=dates,
            title_from_first_line=title_from_first_line,
            max_chars=extractor.max_chars,
        )
        index_inputs(conn, inputs, extractor=extractor.run, **common)
    assigner.remember()
    return stats
