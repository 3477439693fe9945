"""Exporting the database: one row per quote with its article's metadata.

JSON Lines, a JSON array and CSV stream row by row; Parquet is written in record batches through pyarrow, so a
database of millions of quotes exports in constant memory. A row is the flat quote row of
``sayso.rows`` (the columns ``sayso extract -f csv`` writes) followed by what the database adds:
story, relation, group, how many other outlets carry the quote, and the speaker entity (the
person across articles, ``sayso.store.entities``), so a DuckDB or pandas user groups by
``entity_id`` rather than by the names each article happened to use.
"""

from __future__ import annotations

import csv
import json
import sqlite3
from collections.abc import Generator, Iterator
from contextlib import closing, suppress
from itertools import islice
from pathlib import Path
from typing import IO, Any, Literal

from sayso.errors import EnvironmentProblem, InternalError, UsageError
from sayso.output import staging_path
from sayso.rows import FLAT_FIELDS, QUOTE_FIELDS, STORE_FIELDS
from sayso.settings import DEFAULT_MIN_CONFIDENCE
from sayso.store.queries import iter_quote_rows

ExportFormat = Literal["jsonl", "json", "csv", "parquet"]
#: The speaker entity of each quote (null without a speaker): as ``quote_view`` names them.
ENTITY_FIELDS: tuple[str, ...] = ("entity_id", "entity_name", "entity_kind")
EXPORT_FIELDS: tuple[str, ...] = FLAT_FIELDS + STORE_FIELDS + ENTITY_FIELDS
_PARQUET_BATCH = 10_000

# The entity of each exported quote, in the order of ``iter_quote_rows`` (same joins, filter and
# order), read by a second cursor beside it: streaming, and checked row by row.
_ENTITY_SQL = (
    "SELECT a.doc AS doc, q.quote_id AS quote_id, qe.entity AS entity_id, e.name AS entity_name, "
    "e.kind AS entity_kind FROM quotes q JOIN articles a ON a.id = q.article_id "
    "JOIN article_texts t ON t.article_id = a.id "
    "LEFT JOIN quote_entity qe ON qe.quote_row = q.id LEFT JOIN entities e ON e.id = qe.entity "
    "WHERE q.confidence >= ? ORDER BY a.id, q.id"
)


def export_rows(conn: sqlite3.Connection, min_confidence: float) -> Generator[dict[str, Any], None, None]:
    """The export rows one by one (``EXPORT_FIELDS``, spans decoded), in database order.

    Both cursors read one snapshot (a read transaction), so an indexer committing meanwhile
    cannot put them out of step; a mismatch would be a bug and stops the export.
    """
    from sayso.store.entities import ensure_entities

    ensure_entities(conn)  # a database migrated from before entities gets them on first read
    own = not conn.in_transaction
    if own:
        conn.execute("BEGIN")
    try:
        entities = conn.execute(_ENTITY_SQL, (min_confidence,))
        for row in iter_quote_rows(conn, min_confidence):
            entity = entities.fetchone()
            if entity is None or (entity["doc"], entity["quote_id"]) != (row["doc"], row["quote_id"]):
                raise InternalError("export: the entity rows are out of step with the quote rows")
            row["content_spans"] = json.loads(row["content_spans"])
            row.update({k: entity[k] for k in ENTITY_FIELDS})
            yield {k: row[k] for k in EXPORT_FIELDS}
    finally:
        if own and conn.in_transaction:
            conn.execute("ROLLBACK")  # nothing was written: end the read snapshot


def write_jsonl(rows: Iterator[dict[str, Any]], out: IO[str]) -> int:
    n = 0
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
        n += 1
    return n


def write_json(rows: Iterator[dict[str, Any]], out: IO[str]) -> int:
    """One JSON array, written item by item (``[]`` when there is nothing): constant memory."""
    n = 0
    for row in rows:
        out.write(("[\n" if n == 0 else ",\n") + json.dumps(row, ensure_ascii=False))
        n += 1
    out.write("[]\n" if n == 0 else "\n]\n")
    return n


def write_csv(rows: Iterator[dict[str, Any]], out: IO[str], fields: tuple[str, ...] = EXPORT_FIELDS) -> int:
    """CSV with a header; list values (spans) are written as JSON so the cell parses back."""
    writer = csv.DictWriter(out, fieldnames=list(fields), extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    n = 0
    for row in rows:
        writer.writerow({k: json.dumps(v) if isinstance(v, list) else v for k, v in row.items()})
        n += 1
    return n


def parquet_schema() -> Any:
    import pyarrow as pa

    from sayso.shards import schemas

    quote = schemas()["quotes"]  # the flat quote row's types, as in the shards
    types = {name: quote.field(name).type for name in QUOTE_FIELDS}
    types["other_outlets"] = pa.int32()
    return pa.schema([(name, types.get(name, pa.string())) for name in EXPORT_FIELDS])


def write_parquet(rows: Iterator[dict[str, Any]], path: Path) -> int:
    """Parquet (zstd) written next to ``path`` and moved into place once complete."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = parquet_schema()
    path, tmp = staging_path(path)
    n = 0
    done = False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with pq.ParquetWriter(tmp, schema, compression="zstd") as writer:
            while batch := list(islice(rows, _PARQUET_BATCH)):
                writer.write_table(pa.Table.from_pylist(batch, schema=schema))
                n += len(batch)
        if tmp != path:
            tmp.replace(path)
        done = True
    except OSError as exc:  # a full disk, no permission: one line, like the text formats
        raise EnvironmentProblem(f"cannot write the output: {exc.strerror or exc}", where=str(path)) from None
    finally:
        if not done and tmp != path:  # never leave a half-written file beside the real one
            with suppress(OSError):
                tmp.unlink(missing_ok=True)
    return n


def export(
    conn: sqlite3.Connection,
    fmt: ExportFormat,
    out: IO[str] | None = None,
    path: Path | None = None,
    *,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
) -> int:
    """Write every quote at ``min_confidence`` or above in ``fmt`` to the text stream ``out``
    (jsonl, json, csv) or to ``path`` (parquet)."""
    rows = export_rows(conn, min_confidence)
    # Closed here, while the connection is open: a reader that went away ("| head") left the
    # generator to the garbage collector, whose rollback then met a closed database.
    with closing(rows):
        if fmt == "parquet":
            if path is None:
                raise UsageError("--format parquet writes a binary file: give it with -o FILE")
            return write_parquet(rows, path)
        if out is None:
            raise UsageError(f"--format {fmt} needs an output stream")
        if fmt == "jsonl":
            return write_jsonl(rows, out)
        if fmt == "json":
            return write_json(rows, out)
        if fmt == "csv":
            return write_csv(rows, out)
        raise UsageError(f"unknown export format {fmt!r}; use jsonl, json, csv or parquet")
