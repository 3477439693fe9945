"""The Parquet layout of a ``sayso batch`` output directory, written by workers and read by the indexer.

It sits beside the model rather than in ``sayso.store`` or ``sayso.scale`` because both use it
(Dask tasks write shards, ``sayso index DIR`` reads them) and neither should import the other.

One directory per table, one file per input shard, named by the shard's key::

    DIR/articles/<key>.parquet   doc, title, outlet, published, url, text, warnings, content_hash,
                                 entities (label, start, end)
    DIR/quotes/<key>.parquet     doc, quote_id, kind, content, content_spans, cue/source offsets+text, ...
    DIR/speakers/<key>.parquet   doc, speaker_id, name, kind, mentions
    DIR/errors/<key>.parquet     doc, code, message, where  (every document that failed, and why)
    DIR/done/<key>.json          written last: the shard is complete
    DIR/manifest.json            the run's shards and their counts

A shard counts only once its ``done`` marker exists, and the marker is written after the four
tables have been moved into place, so a crash mid-shard leaves nothing a reader would trust.
The layout is plain enough for pandas, DuckDB or Spark (``read_parquet('DIR/quotes/*.parquet')``).
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from sayso.errors import MalformedInputError
from sayso.model import Article, Failure
from sayso.rows import QUOTE_FIELDS, content_hash, entity_rows, quote_dict, quote_row

TABLES: tuple[str, ...] = ("articles", "quotes", "speakers", "errors")


MANIFEST = "manifest.json"
DONE = "done"


def schemas() -> dict[str, Any]:
    import pyarrow as pa

    pairs = pa.list_(pa.list_(pa.int64()))
    # The flat quote row of ``sayso.rows``: strings except these.
    quote_types = {"content_spans": pairs, "confidence": pa.float64()} | dict.fromkeys(
        ("cue_start", "cue_end", "source_start", "source_end"), pa.int64()
    )
    return {
        "articles": pa.schema(
            [
                ("doc", pa.string()),
                ("title", pa.string()),
                ("outlet", pa.string()),
                ("published", pa.string()),
                ("url", pa.string()),
                ("text", pa.string()),
                ("warnings", pa.list_(pa.string())),
                ("content_hash", pa.string()),
                (
                    "entities",
                    pa.list_(pa.struct([("label", pa.string()), ("start", pa.int64()), ("end", pa.int64())])),
                ),
            ]
        ),
        "quotes": pa.schema([(name, quote_types.get(name, pa.string())) for name in QUOTE_FIELDS]),
        "speakers": pa.schema(
            [
                ("doc", pa.string()),
                ("speaker_id", pa.string()),
                ("name", pa.string()),
                ("kind", pa.string()),
                ("mentions", pairs),
            ]
        ),
        "errors": pa.schema(
            [("doc", pa.string()), ("code", pa.string()), ("message", pa.string()), ("where", pa.string())]
        ),
    }


def shard_rows(results: Sequence[Article | Failure]) -> dict[str, list[dict[str, Any]]]:
    """The rows of the four tables for one shard's results."""
    rows: dict[str, list[dict[str, Any]]] = {t: [] for t in TABLES}
    for item in results:
        if isinstance(item, Failure):
            rows["errors"].append(item.to_dict())
            continue
        rows["articles"].append(
            {
                "doc": item.doc,
                "title": item.title,
                "outlet": item.outlet,
                "published": item.published,
                "url": item.url,
                "text": item.text,
                "warnings": list(item.warnings),
                "content_hash": content_hash(item),
                "entities": entity_rows(item),
            }
        )
        rows["quotes"].extend(quote_row(item.doc, q) for q in item.quotes)
        for s in item.speakers:
            rows["speakers"].append(
                {
                    "doc": item.doc,
                    "speaker_id": s.id,
                    "name": s.name,
                    "kind": s.kind,
                    "mentions": [m.to_pair() for m in s.mentions],
                }
            )
    return rows


def _atomic_bytes(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.part")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def write_shard(
    out: Path, key: str, results: Sequence[Article | Failure], info: dict[str, Any]
) -> dict[str, Any]:
    """Write one shard's four tables, then its done marker (the commit point); returns the marker."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = shard_rows(results)
    tables = schemas()
    for name in TABLES:
        folder = out / name
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f".{key}.{os.getpid()}.part"
        pq.write_table(pa.Table.from_pylist(rows[name], schema=tables[name]), tmp, compression="zstd")
        os.replace(tmp, folder / f"{key}.parquet")
    marker = {
        **info,
        "key": key,
        "articles": len(rows["articles"]),
        "quotes": len(rows["quotes"]),
        "speakers": len(rows["speakers"]),
        "failed": len(rows["errors"]),
    }
    (out / DONE).mkdir(parents=True, exist_ok=True)
    _atomic_bytes(out / DONE / f"{key}.json", json.dumps(marker, indent=1).encode())
    return marker


def done_markers(out: Path) -> dict[str, dict[str, Any]]:
    """``key -> marker`` for every finished shard under ``out``."""
    folder = out / DONE
    if not folder.is_dir():
        return {}
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            found[path.stem] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # a damaged marker means "not done": the shard is simply redone
    return found


def is_batch_dir(path: Path) -> bool:
    """Whether ``path`` is a ``sayso batch`` output directory (rather than a folder of articles)."""
    return path.is_dir() and (path / MANIFEST).is_file() and (path / "articles").is_dir()


def read_shard(out: Path, key: str) -> Iterator[Article]:
    """The articles of one finished shard, rebuilt with their quotes and speakers."""
    import pyarrow.parquet as pq

    quotes: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for q in pq.read_table(out / "quotes" / f"{key}.parquet").to_pylist():
        quotes[q["doc"]].append(q)
    speakers: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for s in pq.read_table(out / "speakers" / f"{key}.parquet").to_pylist():
        speakers[s["doc"]].append(s)
    for a in pq.read_table(out / "articles" / f"{key}.parquet").to_pylist():
        yield Article.from_dict(
            {
                **a,
                "quotes": [quote_dict(q, q["content_spans"]) for q in quotes.get(a["doc"], [])],
                "speakers": [
                    {"id": s["speaker_id"], "name": s["name"], "kind": s["kind"], "mentions": s["mentions"]}
                    for s in speakers.get(a["doc"], [])
                ],
                "warnings": a["warnings"] or [],
                "entities": a.get("entities") or [],  # shards written before entities had none
            }
        )


def read_batch_dir(out: Path) -> Iterator[Article | Failure]:
    """Every article of every finished shard of a batch directory, shard by shard (bounded memory).

    A shard whose tables are missing or damaged is one ``Failure`` (E104) naming it, and the
    other shards are read: a deleted or truncated Parquet file ended ``sayso index OUT/`` with a
    traceback, and nothing was indexed. The documents the batch could not read come back as
    the ``Failure``s it recorded (its ``errors`` table), so indexing its output reports them as
    indexing the inputs would, instead of "0 failed"."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    for key in done_markers(out):
        try:
            shard = list(read_shard(out, key))
            failed = pq.read_table(out / "errors" / f"{key}.parquet").to_pylist()
        except (OSError, pa.ArrowException, KeyError, TypeError, ValueError) as exc:
            message = f"shard {key!r} cannot be read ({exc}); run 'sayso batch' again"
            err = MalformedInputError(message, where=str(out))
            yield Failure(key, err.code, err.message, err.where)
            continue
        yield from shard
        for row in failed:
            yield Failure(str(row["doc"]), str(row["code"]), str(row["message"]), row.get("where"))


def shard_complete(out: Path, key: str) -> bool:
    """Whether every table of a shard is on disk and readable: a done marker alone is not enough,
    nor is a file (a damaged one made ``sayso index`` say "run 'sayso batch' again", and batch
    counted the shard as done, for ever). Reads each file's footer only: a few ms a shard."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    for name in TABLES:
        path = out / name / f"{key}.parquet"
        if not path.is_file():
            return False
        try:
            pq.read_metadata(path)
        except (OSError, pa.ArrowException):
            return False
    return True
