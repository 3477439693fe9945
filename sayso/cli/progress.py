"""How many articles a run will read, counted cheaply up front so its progress bar has a total.

A bar without a total cannot say how long is left, which is what someone indexing 5,000
articles wants to know. Counting must cost little next to the run itself: files in folders are
counted by name, JSON Lines by their newline bytes (a gzipped file is decompressed once, at
hundreds of MB/s, against extraction's few articles per second), ``sayso batch`` outputs from
their Parquet footers. WARC archives and standard input cannot be counted without parsing
them: then the total is unknown and the bar shows a count and elapsed time only.
"""

from __future__ import annotations

import gzip
import os
from collections.abc import Callable, Sequence
from pathlib import Path

#: Compressed JSON Lines above this size are not counted up front (the count would be felt).
MAX_COUNTED_GZIP = 1 << 30
_CHUNK = 1 << 20


def count_articles(paths: Sequence[str | Path]) -> int | None:
    """The number of articles in ``paths``, or None when any part cannot be counted cheaply.

    Counts what the readers will yield, not what will succeed: an unreadable file still counts
    as one (it is reported as one failure). The bar treats the total as an estimate and raises it
    when more articles arrive than were counted.
    """
    from sayso.ingest.common import suffix_of
    from sayso.shards import is_batch_dir

    total = 0
    for raw in paths:
        if str(raw) == "-":
            return None
        path = Path(raw)
        if is_batch_dir(path):
            n = _count_batch(path)
        elif path.is_dir():
            n = _count_folder(path, suffix_of)
        else:
            n = _count_file(path, suffix_of(path))
        if n is None:
            return None
        total += n
    return total


def _count_folder(top: Path, suffix_of: Callable[[Path], str | None]) -> int | None:
    total = 0
    for directory, dirs, files in os.walk(top, followlinks=True):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if name.startswith("."):
                continue
            path = Path(directory, name)
            suffix = suffix_of(path)
            if suffix is None:
                continue
            n = _count_file(path, suffix)
            if n is None:
                return None
            total += n
    return total


def _count_file(path: Path, suffix: str | None) -> int | None:
    if suffix in (".warc", ".warc.gz"):
        return None
    if suffix == ".jsonl":
        return _count_lines(path, compressed=False)
    if suffix == ".jsonl.gz":
        try:
            if path.stat().st_size > MAX_COUNTED_GZIP:
                return None
        except OSError:
            return 1
        return _count_lines(path, compressed=True)
    return 1  # one article per file (.txt, .html); an unknown or missing file is one failure


def _count_lines(path: Path, *, compressed: bool) -> int:
    """Lines, read in 1 MB blocks: an estimate of the articles (a blank line counts too)."""
    lines = 0
    last = b"\n"
    try:
        with gzip.open(path, "rb") if compressed else path.open("rb") as fh:
            while block := fh.read(_CHUNK):
                lines += block.count(b"\n")
                last = block[-1:]
    except (OSError, EOFError, gzip.BadGzipFile):
        return max(lines, 1)  # the reader reports the damage; the bar just needs a number
    return lines + (last != b"\n")


def _count_batch(path: Path) -> int | None:
    """Articles of a ``sayso batch`` directory, from the Parquet footers (no rows are read)."""
    try:
        import pyarrow.parquet as pq

        return sum(pq.ParquetFile(f).metadata.num_rows for f in sorted((path / "articles").glob("*.parquet")))
    except Exception:  # a damaged shard is reported by the loader, not by the progress bar
        return None
